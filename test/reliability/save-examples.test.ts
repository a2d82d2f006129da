// The probe's save-folder examples of issue 25, through the real desktop
// host (build/native/ratscrew, SDL's dummy drivers): each lost the player's
// data before its fix. save-states.test.ts goes through every state of the
// folder in the save code itself; docs/reliability.md section 8.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNative, BUILD_TIMEOUT_MS, ROOT, tempDir } from '../native/headless';
import { buildSaveFaults, saveBytes } from './save-folder';

const DESKTOP = path.join(ROOT, 'build/native/ratscrew');
const haveShim = process.platform === 'linux' && spawnSync('cc', ['--version']).status === 0;
const dir = tempDir('examples');
let shim = '';

/** What the game does with its save: load, keepDamaged when the text does not parse, save. Logs each. */
const SAVER = `var c = new Int32Array(2048 * 8), n = 0;
var loaded = host.load();
var ok = true;
try { JSON.parse(loaded); } catch (e) { ok = loaded === null; }
host.log('loaded=' + JSON.stringify(loaded) + ' problem=' + host.problem());
if (!ok) host.log('kept=' + host.keepDamaged());
host.log('saved=' + host.save('{"runs":2}') + ' problem=' + host.problem());
globalThis.ratscrew = { commands: c, frame: function () { c[0] = n === 3 ? 6 : 1; n++; return 1; } };
`;
const saver = path.join(dir, 'saver.js');

const GOOD = '{"runs":1,"wins":17}';

function folder(): { xdg: string; dir: string } {
  const xdg = tempDir('xdg');
  const d = path.join(xdg, 'ratscrew');
  mkdirSync(d);
  return { xdg, dir: d };
}

function desktop(xdg: string, env: NodeJS.ProcessEnv = {}, bundle: string | null = saver, frames = 30) {
  const r = spawnSync(DESKTOP, [...(bundle ? ['--bundle', bundle] : []), '--frames', String(frames)], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy', XDG_DATA_HOME: xdg, ...env },
  });
  expect(r.signal).toBeNull();
  return r;
}

beforeAll(() => {
  buildNative('sdl');
  writeFileSync(saver, SAVER);
  if (haveShim) shim = buildSaveFaults(dir);
}, BUILD_TIMEOUT_MS);

describe('issue 25: the save examples, through the desktop host', () => {
  it.each([
    ['a byte order mark', `\ufeff${GOOD}`],
    ['a raw NUL', GOOD.replace('17', '1\u00007')],
    ['a NaN literal', GOOD.replace('17', 'NaN')],
    ['a field nested 10,000 deep', `{"runs":${'['.repeat(10_000)}${']'.repeat(10_000)}}`],
  ])('a save.json whose trailer matches but whose text does not parse (%s) is kept before the next save', (_n, text) => {
    const { xdg, dir: d } = folder();
    const bytes = saveBytes(text);
    writeFileSync(path.join(d, 'save.json'), bytes);
    const r = desktop(xdg);
    expect(r.stderr).toContain('kept=true');
    expect(r.stderr).toContain('saved=true');
    expect(readFileSync(path.join(d, 'save.json.damaged-1'))).toEqual(bytes);
  });

  it('the real game keeps such a file too (src/app/app.ts calls host.keepDamaged)', () => {
    const { xdg, dir: d } = folder();
    const bytes = saveBytes(`\ufeff{"version":1,"stats":{"classic":{"games":41,"wins":17}}}`);
    writeFileSync(path.join(d, 'save.json'), bytes);
    const r = desktop(xdg, {}, null, 20);
    expect(r.stderr).toContain('saved data was damaged');
    expect(readFileSync(path.join(d, 'save.json.damaged-1'))).toEqual(bytes);
  });

  it.each(['folder', 'FIFO'])('a %s named save.json.new beside a good save: the good save loads and is not overwritten with defaults', (kind) => {
    const { xdg, dir: d } = folder();
    writeFileSync(path.join(d, 'save.json'), saveBytes(GOOD));
    if (kind === 'folder') mkdirSync(path.join(d, 'save.json.new'));
    else execFileSync('mkfifo', [path.join(d, 'save.json.new')]);
    const r = desktop(xdg);
    expect(r.stderr).toContain(`loaded=${JSON.stringify(GOOD)} problem=null`);
  });

  it('an intact old save.json.new beside a damaged save.json: loaded, but the player is told, and the damaged file is kept', () => {
    const { xdg, dir: d } = folder();
    const damaged = Buffer.from(saveBytes(GOOD).toString().replace('17', '71'));
    writeFileSync(path.join(d, 'save.json'), damaged);
    writeFileSync(path.join(d, 'save.json.new'), saveBytes('{"runs":0}'));
    const r = desktop(xdg);
    expect(r.stderr).toContain('loaded="{\\"runs\\":0}" problem=damaged');
    expect(readFileSync(path.join(d, 'save.json.damaged-1'))).toEqual(damaged);
  });

  it.skipIf(!haveShim)('an unreadable save.json (mode 200 of another user) is moved aside, not replaced', () => {
    const { xdg, dir: d } = folder();
    writeFileSync(path.join(d, 'save.json'), saveBytes(GOOD));
    // As root the test cannot be refused by permissions: the shim refuses the read with EACCES.
    const r = desktop(xdg, { LD_PRELOAD: shim, SAVE_UNREADABLE: 'save.json' });
    expect(r.stderr).toContain('loaded=null problem=unreadable');
    expect(r.stderr).toContain('saved=true');
    expect(readFileSync(path.join(d, 'save.json.damaged-1'))).toEqual(saveBytes(GOOD));
  });

  it('a second damage does not overwrite the first copy; a folder in a copy\'s place is skipped', () => {
    const { xdg, dir: d } = folder();
    mkdirSync(path.join(d, 'save.json.damaged-1'));
    writeFileSync(path.join(d, 'save.json'), 'first damage');
    desktop(xdg);
    writeFileSync(path.join(d, 'save.json'), 'second damage');
    desktop(xdg);
    expect(readFileSync(path.join(d, 'save.json.damaged-2'), 'utf8')).toBe('first damage');
    expect(readFileSync(path.join(d, 'save.json.damaged-3'), 'utf8')).toBe('second damage');
  });

  it.skipIf(!haveShim)('a copy that cannot be written (a full disk): the damaged file stays where it is, never replaced', () => {
    const { xdg, dir: d } = folder();
    writeFileSync(path.join(d, 'save.json'), 'damage');
    const r = desktop(xdg, { LD_PRELOAD: shim, SAVE_FAIL: 'ENOSPC' });
    expect(r.stderr).toContain('saved=false problem=full');
    expect(readdirSync(d).filter((n) => n.startsWith('save.json'))).toEqual(['save.json']);
    expect(readFileSync(path.join(d, 'save.json'), 'utf8')).toBe('damage');
  });

  it('47 temporary files of killed writers are removed at the next start; a running writer\'s (it holds its lock) is left', async () => {
    const { xdg, dir: d } = folder();
    const dead = Array.from({ length: 47 }, () => spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout.trim());
    for (const pid of dead) writeFileSync(path.join(d, `save.json.new-${pid}`), Buffer.alloc(110_000, 'x'));
    const running = path.join(d, `save.json.new-${process.pid}`);
    writeFileSync(running, 'running');
    // flock(1) holds the lock a writer takes on its file while it saves (native/desktop/posix.c posix_claim).
    const holder = spawn('flock', ['-x', '-o', running, 'sh', '-c', 'echo locked; exec sleep 30'], { detached: true });
    try {
      await new Promise((r) => holder.stdout.once('data', r));
      desktop(xdg);
      expect(readdirSync(d).filter((n) => n.startsWith('save.json.new-'))).toEqual([`save.json.new-${process.pid}`]);
      expect(existsSync(path.join(d, 'save.json'))).toBe(true);
    } finally {
      process.kill(-holder.pid!, 'SIGKILL');
    }
  });
});
