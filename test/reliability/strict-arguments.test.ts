// Strict arguments, round two (issue 25, item 4): both desktop hosts refuse,
// with exit 64 and one line naming the problem, every command line or input
// script they cannot take exactly as written — before the fix each of these
// ran (octal frames, the last of two values, a misspelt member ignored) or
// blocked for ever on a FIFO. docs/reliability.md §8.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNative, BUILD_TIMEOUT_MS, readHashes, ROOT, runHeadless, tempDir } from '../native/headless';

const DESKTOP = path.join(ROOT, 'build/native/ratscrew');
const dir = tempDir('args');
const fifo = path.join(dir, 'fifo');
const ok = path.join(dir, 'ok.json');
const bundle = path.join(dir, 'b.js');

function file(name: string, text: string): string {
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return f;
}

function sdl(args: string[]) {
  return spawnSync(DESKTOP, args, {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy', XDG_DATA_HOME: tempDir('xdg') },
  });
}

beforeAll(() => {
  buildNative('headless', 'sdl');
  execFileSync('mkfifo', [fifo]);
  writeFileSync(ok, '{"frames": 3}');
  writeFileSync(bundle, 'var c = new Int32Array(2048 * 8); globalThis.ratscrew = { commands: c, frame: function () { c[0] = 1; return 1; } };');
}, BUILD_TIMEOUT_MS);

describe('headless: exit 64, one line naming the problem', () => {
  it.each([
    [['--frames', '0x10'], 'bad --frames'],
    [['--frames', '1e3'], 'bad --frames'],
    [['--frames', '+5'], 'bad --frames'],
    [['--frames', ''], 'bad --frames'],
    [['--shots', '5,'], 'bad --shots'],
    [['--seed', '0x10'], 'bad --seed'],
    [['--memory-limit', '0x100000'], 'bad --memory-limit'],
    [['--shots', '1,,2'], 'bad --shots'],
    [['--shots', '+5'], 'bad --shots'],
    [['--shots', ' 5'], 'bad --shots'],
    [['--frames', '5', '--frames', '6'], 'option given twice: --frames'],
    [['--inputs', ok, '--inputs', ok], 'option given twice: --inputs'],
    [['--no-raster', '--no-raster'], 'option given twice: --no-raster'],
    [['--seed', '1', '--seed', '1'], 'option given twice: --seed'],
    [['--out', '/tmp/x'], 'option given twice: --out'], // the runner adds --out too
    [['--inputs', fifo], `--inputs ${fifo}: is a FIFO, not a regular file`],
    [['--saved', fifo], `--saved ${fifo}: is a FIFO, not a regular file`],
    [['--bundle', fifo], `--bundle ${fifo}: is a FIFO, not a regular file`],
    [['--bundle', dir], `--bundle ${dir}: is a folder, not a regular file`],
    [['--frams', '5'], 'unknown option: --frams'],
  ])('%j', (args, message) => {
    const r = runHeadless(args, { timeoutMs: 30_000 });
    expect(r.signal).toBeNull(); // a FIFO used to block here until the timeout
    expect(r.status).toBe(64);
    expect(r.stderr.split('\n')[0]).toContain(message);
  });

  it.each([
    ['[]', 'not a JSON object'],
    ['[[0, 1]]', 'not a JSON object'],
    ['{"framez": 3}', 'unknown member "framez" (the members are seed, frames, inputs, shots, saved)'],
    ['{"frames": 3, "comment": "x"}', 'unknown member "comment"'],
    ['{"frames": 3, "frames": 4}', 'member "frames" given twice'],
    ['{"frames": 3, "fr\\u0061mes": 4}', 'member "frames" given twice'],
    ['{"inputs": [[0, 1, 2, 3]]}', '"inputs" is not an array of [frame, mask]'],
    ['{"inputs": [[0]]}', '"inputs" is not an array of [frame, mask]'],
    ['{"inputs": [[0, 1, 2]]}', '"inputs" is not an array of [frame, mask]'],
    ['{"inputs": [{"0": 0, "1": 1, "length": 2}]}', '"inputs" is not an array of [frame, mask]'],
  ])('script %s', (text, message) => {
    const r = runHeadless(['--inputs', file('s.json', text)], { timeoutMs: 30_000 });
    expect(r.status).toBe(64);
    expect(r.stderr).toContain(message);
  });

  it('decimal is decimal: --frames 010 runs ten frames, as a script\'s and --shots\' numbers do', () => {
    const r = runHeadless(['--bundle', bundle, '--frames', '010', '--no-raster', '--shots', '09']);
    expect(r.status).toBe(0);
    expect(readHashes(r.out)).toHaveLength(10);
    const s = runHeadless(['--bundle', bundle, '--inputs', file('d.json', '{"frames": 12, "inputs": [[0, 0], [3, 16]], "seed": 7}'), '--no-raster']);
    expect(s.status).toBe(0);
    expect(readHashes(s.out)).toHaveLength(12);
  });
});

describe('SDL: exit 64, one line naming the problem', () => {
  it.each([
    [['--frames', '010', '--frames', '5'], 'option given twice: --frames'],
    [['--bundle', bundle, '--bundle', bundle], 'option given twice: --bundle'],
    [['--seed', '0x10'], 'bad --seed'],
    [['--frames', '1e3'], 'bad --frames'],
    [['--bundle', fifo], `--bundle ${fifo}: is a FIFO, not a regular file`],
    [['--bundle'], 'missing value after: --bundle'],
    [['--frams', '5'], 'unknown option: --frams'],
  ])('%j', (args, message) => {
    const r = sdl(args);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(64);
    expect(r.stderr.split('\n')[0]).toContain(message);
  });

  it('--frames 010 is ten frames, not eight', () => {
    const quitter = file('q.js', 'var c = new Int32Array(2048 * 8); var n = 0; globalThis.ratscrew = { commands: c, frame: function () { n++; host.log("frame " + n); c[0] = 1; return 1; } };');
    const r = sdl(['--bundle', quitter, '--frames', '010']);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('[script] frame 10');
    expect(r.stderr).not.toContain('[script] frame 11');
  });
});
