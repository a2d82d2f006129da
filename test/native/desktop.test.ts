// The SDL desktop host, run with SDL's dummy video and audio drivers: it
// plays the real bundle, keeps its save file under XDG_DATA_HOME across runs,
// honours QUIT, and shows the error screen (exit status 2) when the script fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_CAPS } from '../support/caps';
import { buildNative, ROOT, tempDir, BUILD_TIMEOUT_MS } from './headless';

const DESKTOP = path.join(ROOT, 'build/native/ratscrew');

function runDesktop(args: string[], xdg: string) {
  return spawnSync(DESKTOP, args, {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy', XDG_DATA_HOME: xdg },
  });
}

function bundle(source: string): string {
  const file = path.join(tempDir('desk'), 'bundle.js');
  writeFileSync(file, source);
  return file;
}

/** Logs what it loaded, saves a counter, and quits at frame 5. */
const SAVER = `
var c = new Int32Array(2048 * 8), n = 0;
var loaded = host.load();
host.log('caps=' + JSON.stringify(host.caps) + ' loaded=' + loaded + ' problem=' + host.problem());
host.save(JSON.stringify({ runs: loaded === null ? 1 : JSON.parse(loaded).runs + 1 }));
globalThis.ratscrew = { commands: c, frame: function () {
  host.log('frame ' + n);
  c[0] = n === 5 ? 6 : 1; c[1] = 0xff000000 | 0; n++;
  return 1;
} };
`;

describe('SDL desktop host (dummy drivers)', () => {
  beforeAll(() => buildNative('sdl', 'sdl-keys-test'), BUILD_TIMEOUT_MS);

  it('counts a key tapped within one frame as one press (native/tests/sdl_keys_test.c)', () => {
    const r = spawnSync(path.join(ROOT, 'build/native/sdl-keys-test'), { encoding: 'utf8', timeout: 30_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('all passed');
    expect(r.status).toBe(0);
  });

  it('runs the game bundle for 120 frames', () => {
    const r = runDesktop(['--frames', '120', '--seed', '5'], tempDir('xdg'));
    expect(r.stderr).not.toMatch(/failed/);
    expect(r.status).toBe(0);
  });

  it('keeps the save file across runs and stops after QUIT', () => {
    const xdg = tempDir('xdg');
    const file = bundle(SAVER);
    const first = runDesktop(['--bundle', file, '--frames', '100'], xdg);
    expect(first.status).toBe(0);
    // the desktop's keys and controllers, as the TS tests' DESKTOP_CAPS has them, and its network (libwebsockets)
    expect(first.stderr).toContain(`caps=${JSON.stringify({ ...DESKTOP_CAPS, network: true })} loaded=null problem=null`);
    expect(first.stderr).toContain('frame 5');
    expect(first.stderr).not.toContain('frame 6'); // QUIT at frame 5
    const saveFile = path.join(xdg, 'ratscrew/save.json');
    expect(existsSync(saveFile)).toBe(true);
    expect(readFileSync(saveFile, 'utf8')).toMatch(/^\{"runs":1\}\n#ratscrew-save len=10 fnv1a=[0-9a-f]{8}\n$/);
    const second = runDesktop(['--bundle', file, '--frames', '100'], xdg);
    expect(second.stderr).toContain('loaded={"runs":1}');
  });

  it('hands a damaged save file\'s text to the script, without its trailer, says so, and keeps the damaged file', () => {
    const xdg = tempDir('xdg');
    const file = bundle(SAVER);
    runDesktop(['--bundle', file, '--frames', '10'], xdg);
    const saveFile = path.join(xdg, 'ratscrew/save.json');
    const damaged = readFileSync(saveFile, 'utf8').replace('1', '7'); // text no longer matches its trailer
    writeFileSync(saveFile, damaged);
    const r = runDesktop(['--bundle', file, '--frames', '10'], xdg);
    // The script's own reader decides what it can keep; host.problem() tells it to say so.
    expect(r.stderr).toContain('loaded={"runs":7} problem=damaged');
    // The damaged bytes survive the next save (issue 12, D3).
    expect(readFileSync(`${saveFile}.damaged-1`, 'utf8')).toBe(damaged);
    expect(readFileSync(saveFile, 'utf8')).toMatch(/^\{"runs":8\}\n#ratscrew-save /);
  });

  it('shows the error screen and exits with status 2 when the script throws', () => {
    // Counted in frames: the desktop's clock is the wall clock.
    const thrower = `var c = new Int32Array(2048 * 8), n = 0;
globalThis.ratscrew = { commands: c, frame: function () {
  if (++n === 10) throw new TypeError('broken in frame'); c[0] = 1; return 1; } };`;
    const r = runDesktop(['--bundle', bundle(thrower), '--frames', '60'], tempDir('xdg'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('TypeError: broken in frame');
  });
});
