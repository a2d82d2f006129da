// True messages and no blocked outputs (issue 33, item 4; docs/reliability.md
// section 9): what the C hosts print is what happened — a NUL inside a
// message does not cut it, a deadline is a deadline even after the script
// caught an out-of-memory, an argument or input script names its real
// problem, the saved text reaches the script whole — and the headless host
// refuses an output that is not a regular file rather than block on it for
// ever, as it refuses such inputs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNative, BUILD_TIMEOUT_MS, ROOT, runHeadless, tempDir } from '../native/headless';

const DESKTOP = path.join(ROOT, 'build/native/ratscrew');
const dir = tempDir('messages');

function file(name: string, text: string | Buffer): string {
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return f;
}

const C = 'var c = new Int32Array(2048 * 8);\n';
/** A bundle whose frame is `body` (commands in c). */
const framing = (body: string, prelude = '') => `${C}${prelude}\nglobalThis.ratscrew = { commands: c, frame: function (now) { ${body} } };\n`;
/** A bundle that logs what host.load() gave it, as JSON (so a NUL shows), then quits. */
const LOADER = framing('c[0] = 6; return 1;', "host.log('loaded=' + JSON.stringify(host.load()));");

function sdl(args: string[]) {
  return spawnSync(DESKTOP, args, {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy', XDG_DATA_HOME: tempDir('xdg') },
  });
}

/** What follows the host's "failed at frame N:" / "failed to load:" line: the error text itself. */
const errorText = (stderr: string): string => stderr.split(/failed(?: at frame \d+| to load)?:\n/)[1] ?? '';

beforeAll(() => buildNative('headless', 'sdl'), BUILD_TIMEOUT_MS);

describe('a message with a NUL in it is shown whole, the NUL written as \\u0000', () => {
  const bundle = () => file('nul.js', framing('throw new Error("a\\0b");'));

  it('headless', () => {
    const r = runHeadless(['--bundle', bundle(), '--frames', '3', '--no-raster']);
    expect(r.status).toBe(2);
    expect(errorText(r.stderr)).toMatch(/^Error: a\\u0000b\n/);
  });

  it('SDL', () => {
    const r = sdl(['--bundle', bundle(), '--frames', '3']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/the script failed:\nError: a\\u0000b\n/);
  });

  it('the error screen shows the same as for the message written with the escape', () => {
    // The same file name: the stack under the message names it.
    const raw = runHeadless(['--bundle', file('nul2.js', framing('throw new Error("a\\0b");')), '--frames', '2', '--no-raster']);
    const escaped = runHeadless(['--bundle', file('nul2.js', framing('throw new Error("a\\\\u0000b");')), '--frames', '2', '--no-raster']);
    expect(readFileSync(path.join(raw.out, 'error.png'))).toEqual(readFileSync(path.join(escaped.out, 'error.png')));
  });

  it('other control characters too (a terminal escape sequence is not sent to the terminal)', () => {
    const r = runHeadless(['--bundle', file('esc.js', framing('throw new Error("red \\u001b[31m bell \\u0007");')), '--frames', '2', '--no-raster']);
    expect(errorText(r.stderr)).toMatch(/^Error: red \\u001b\[31m bell \\u0007\n/);
    expect(r.stderr).not.toContain('\u001b');
  });
});

describe('a deadline is reported as a deadline', () => {
  it('after the script caught an out-of-memory in the same frame', () => {
    const bundle = file('oom-loop.js', framing(
      "try { var keep = []; for (;;) keep.push(new Array(50000).fill(1)); } catch (e) { keep = null; host.log('caught ' + e); } for (;;) {}"));
    const r = runHeadless(['--bundle', bundle, '--frames', '3', '--no-raster', '--memory-limit', '4000000', '--frame-budget-ms', '400']);
    expect(r.stderr).toContain('[script] caught InternalError: out of memory');
    expect(r.status).toBe(2);
    const text = errorText(r.stderr);
    expect(text).toMatch(/^ratscrew\.frame ran longer than 400 ms and was stopped/);
    expect(text).not.toContain('out of memory');
  });

  it('an out-of-memory not caught is still "out of memory"', () => {
    const bundle = file('oom.js', framing('var keep = []; for (;;) keep.push(new Array(50000).fill(1));'));
    const r = runHeadless(['--bundle', bundle, '--frames', '3', '--no-raster', '--memory-limit', '4000000']);
    expect(r.status).toBe(2);
    expect(errorText(r.stderr)).toMatch(/out of memory/);
  });
});

describe('arguments and input scripts name their real problem', () => {
  it('--save-dir \'\' is refused as empty, not "(File exists)"', () => {
    const r = runHeadless(['--save-dir', '', '--frames', '2', '--no-raster']);
    expect(r.status).toBe(64);
    expect(r.stderr.split('\n')[0]).toContain('bad --save-dir: an empty name');
    expect(r.stderr).not.toContain('File exists');
  });

  it.each([
    ['an object nested 100,000 deep', `{"inputs": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`, 'nested too deeply'],
    ['an array nested 1,000,000 deep', `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, 'nested too deeply'],
    ['not JSON at all', '{"frames": 3,', 'not valid JSON'],
    ['a lone string', '"frames"', 'not a JSON object'],
  ])('--inputs with %s', (_name, text, message) => {
    const r = runHeadless(['--inputs', file('deep.json', text)], { timeoutMs: 60_000 });
    expect(r.status).toBe(64);
    expect(r.stderr).toContain(message);
    if (message !== 'not a JSON object') expect(r.stderr).not.toContain('not a JSON object');
  });
});

describe('the saved text reaches the script whole', () => {
  it('a "saved" string with \\u0000 in it', () => {
    const r = runHeadless(['--bundle', file('loader.js', LOADER), '--inputs', file('s.json', '{"frames": 2, "saved": "{\\"a\\":\\"x\\u0000y\\"}"}'), '--no-raster']);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('loaded="{\\"a\\":\\"x\\u0000y\\"}"');
  });

  it('--saved FILE holding a raw NUL byte', () => {
    const saved = file('nul-saved.json', Buffer.from('{"a":"x\u0000y"}', 'utf8'));
    const r = runHeadless(['--bundle', file('loader2.js', LOADER), '--saved', saved, '--frames', '2', '--no-raster']);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('loaded="{\\"a\\":\\"x\\u0000y\\"}"');
  });
});

describe('an output that is not a regular file is refused at once, never blocked on', () => {
  const fifo = (name: string): string => {
    const f = path.join(tempDir('fifo'), name);
    execFileSync('mkfifo', [f]);
    return f;
  };

  it('--stats FIFO', () => {
    const stats = fifo('stats.jsonl');
    const r = runHeadless(['--stats', stats, '--frames', '2', '--no-raster'], { timeoutMs: 30_000 });
    expect(r.signal).toBeNull(); // blocked until the timeout before
    expect(r.status).toBe(64);
    expect(r.stderr.split('\n')[0]).toContain(`--stats ${stats}: is a FIFO, not a regular file`);
  });

  it.each(['hashes.txt', 'frame-00001.png', 'error.png'])('DIR/%s a FIFO', (name) => {
    const out = tempDir('fifo-out');
    execFileSync('mkfifo', [path.join(out, name)]);
    // The frames run on to the shot; only for error.png does one throw.
    const bundle = file(`late-${name}.js`, framing(`if (now > 20 && ${name === 'error.png'}) throw new Error("late"); c[0] = 1; return 1;`));
    const r = spawnSync(path.join(ROOT, 'build/native/ratscrew-headless'), ['--bundle', bundle, '--frames', '3', '--shots', '1', '--no-raster', '--out', out], { encoding: 'utf8', timeout: 30_000 });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(64);
    expect(r.stderr.split('\n')[0]).toContain(`${path.join(out, name)}: is a FIFO, not a regular file`);
  });

  it('DIR/hashes.txt a folder, or a link to a device', () => {
    const out = tempDir('odd-out');
    mkdirSync(path.join(out, 'hashes.txt'));
    const r = spawnSync(path.join(ROOT, 'build/native/ratscrew-headless'), ['--frames', '2', '--no-raster', '--out', out], { encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(64);
    expect(r.stderr).toContain('hashes.txt: is a folder, not a regular file');
    const out2 = tempDir('odd-out');
    execFileSync('ln', ['-s', '/dev/zero', path.join(out2, 'hashes.txt')]);
    const r2 = spawnSync(path.join(ROOT, 'build/native/ratscrew-headless'), ['--frames', '2', '--no-raster', '--out', out2], { encoding: 'utf8', timeout: 30_000 });
    expect(r2.status).toBe(64);
    expect(r2.stderr).toContain('hashes.txt: is a device, not a regular file');
  });
});
