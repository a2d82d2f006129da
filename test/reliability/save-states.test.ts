// Every state of the save folder, and what loading and saving do in each
// (docs/reliability.md, section 8, has the table: each row's id is a test
// here). Run twice: through the desktop hosts' save code
// (native/desktop/desktop_save.c), and, for the states a FAT Memory Stick
// can have, through the PSP's (native/psp/psp_save.c over a FAT model,
// c/fat-model.c: rename never replaces, no FIFOs, no permissions). Each
// runs as a game session would: load, then keepDamaged if the script could
// not read the text, then save. The rule: the player's last good data is
// never destroyed unless an intact copy of it exists where the game reads
// it back; damaged copies are numbered, never overwritten, at most five.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveBytes } from './save-folder';
import { buildDrivers, GOOD, haveTools, NEW, OLDER, Session as BaseSession, type Mode } from './save-session';

/** A session whose fault settings go through the shim built for this file. */
class Session extends BaseSession {
  override run(steps: string[], env: NodeJS.ProcessEnv = {}) {
    return super.run(steps, Object.keys(env).length ? { LD_PRELOAD: shim, ...env } : {});
  }
}

let shim = '';

beforeAll(() => {
  if (haveTools) shim = buildDrivers();
});

const both: Mode[] = ['desktop', 'psp'];
const desktopOnly: Mode[] = ['desktop'];

describe.skipIf(!haveTools)('the save folder, state by state', () => {
  describe.each(both)('%s', (mode) => {
    it('S1 nothing saved yet: no text, no problem; the save writes save.json', () => {
      const s = new Session(mode);
      const r = s.session();
      expect(r.load).toMatchObject({ text: null, problem: null });
      expect(r.save).toMatchObject({ ok: 1, problem: null });
      expect(s.loadsNow().text).toBe(NEW);
      expect(s.kept()).toEqual({});
    });

    it('S2 an intact save: its text; the save replaces it', () => {
      const s = new Session(mode);
      s.put('save.json', saveBytes(GOOD));
      const r = s.session();
      expect(r.load).toMatchObject({ text: GOOD, problem: null });
      expect(r.save.ok).toBe(1);
      expect(s.loadsNow().text).toBe(NEW);
      expect(s.kept()).toEqual({});
    });

    it.each([
      ['cut short', saveBytes(GOOD).subarray(0, 20)],
      ['one flipped bit', Buffer.from(saveBytes(GOOD).toString('latin1').replace('"wins"', '"vins"'), 'latin1')],
      ['no trailer (a hand edit)', Buffer.from(GOOD)],
    ])('S3 a damaged save (%s): its text, "damaged", its bytes kept before the save replaces it', (_n, bytes) => {
      const s = new Session(mode);
      s.put('save.json', bytes);
      const r = s.session();
      expect(r.load.problem).toBe('damaged');
      expect(r.load.text).toBe(bytes.toString('latin1').split('\n#ratscrew-save ')[0]);
      expect(s.bytes('save.json.damaged-1')).toEqual(bytes); // kept at load
      expect(r.save.ok).toBe(1);
      expect(s.kept()).toEqual({ 'save.json.damaged-1': bytes.toString('latin1') });
    });

    it.each([
      ['a byte order mark', `\ufeff${GOOD}`],
      ['a raw NUL', GOOD.replace('41', '4\u00001')],
      ['a NaN literal', GOOD.replace('41', 'NaN')],
      ['10,000-deep nesting', `{"version":1,"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`],
      ['not an object', '[1,2,3]'],
      ['a newer version', GOOD.replace('"version":1', '"version":2')],
    ])('S4 an intact file the game cannot read (%s): the script\'s keepDamaged keeps it before the save replaces it', (_n, text) => {
      const s = new Session(mode);
      const bytes = saveBytes(text);
      s.put('save.json', bytes);
      const r = s.session({}, true);
      expect(r.load).toMatchObject({ text, problem: null });
      expect(r.keep).toMatchObject({ ok: 1 });
      expect(r.save.ok).toBe(1);
      expect(s.bytes('save.json.damaged-1')).toEqual(bytes);
      expect(s.loadsNow().text).toBe(NEW);
    });

    it('S5 a file larger than any save: not read, "too-large", moved aside whole', () => {
      const s = new Session(mode);
      const big = Buffer.alloc(300 * 1024, 'x');
      s.put('save.json', big);
      const r = s.session();
      expect(r.load).toMatchObject({ text: null, problem: 'too-large' });
      expect(s.bytes('save.json.damaged-1')).toEqual(big);
      expect(r.save.ok).toBe(1);
      expect(s.loadsNow().text).toBe(NEW);
    });

    it('S6 an unreadable save (another user\'s mode 200; on the PSP an I/O error): "unreadable"; the save moves it aside, never over it', () => {
      const s = new Session(mode);
      s.put('save.json', saveBytes(GOOD));
      const r = s.session(s.unreadable('save.json'));
      expect(r.load).toMatchObject({ text: null, problem: 'unreadable' });
      expect(r.save.ok).toBe(1);
      expect(s.bytes('save.json.damaged-1')).toEqual(saveBytes(GOOD)); // the same file, renamed
      expect(s.loadsNow().text).toBe(NEW);
    });

    it('S7 a folder named save.json: never opened, "unreadable"; the save moves it aside with what it holds', () => {
      const s = new Session(mode);
      mkdirSync(s.file('save.json'));
      writeFileSync(path.join(s.file('save.json'), 'inside'), 'x');
      const r = s.session();
      expect(r.load).toMatchObject({ text: null, problem: 'unreadable' });
      expect(r.save.ok).toBe(1);
      expect(readFileSync(path.join(s.file('save.json.damaged-1'), 'inside'), 'utf8')).toBe('x');
      expect(s.loadsNow().text).toBe(NEW);
    });

    it('N2 only an intact save.json.new (power lost between the removal and the rename on FAT): it is the save', () => {
      const s = new Session(mode);
      s.put('save.json.new', saveBytes(GOOD));
      const r = s.session();
      expect(r.load).toMatchObject({ text: GOOD, problem: null });
      expect(r.save.ok).toBe(1);
      expect(s.loadsNow().text).toBe(NEW);
      expect(s.kept()).toEqual({});
    });

    it('N3 an intact old save.json.new beside a damaged save.json: the .new, said to be damaged; both kept until the new save is in place', () => {
      const s = new Session(mode);
      const damaged = Buffer.from(saveBytes(GOOD).toString('latin1').replace('41', '99'), 'latin1');
      s.put('save.json', damaged);
      s.put('save.json.new', saveBytes(OLDER));
      const [load] = s.run(['load']);
      expect(load).toMatchObject({ text: OLDER, problem: 'damaged' });
      expect(s.bytes('save.json.damaged-1')).toEqual(damaged);
      // The next start, before any save: the same, and no second copy.
      expect(s.run(['load'])[0]).toMatchObject({ text: OLDER, problem: 'damaged' });
      expect(Object.keys(s.kept())).toEqual(['save.json.damaged-1']);
      const [save] = s.run(['save', NEW]);
      expect(save!.ok).toBe(1);
      expect(s.loadsNow().text).toBe(NEW);
      expect(s.bytes('save.json.damaged-1')).toEqual(damaged);
    });

    it('N3 on FAT, a save that fails after the .new took save.json\'s place leaves that older save, not nothing', () => {
      const s = new Session(mode);
      s.put('save.json', Buffer.from('{"damaged'));
      s.put('save.json.new', saveBytes(OLDER));
      const [save] = s.run(['save', NEW], { SAVE_FAIL: 'ENOSPC' });
      expect(save).toMatchObject({ ok: 0, problem: 'full' });
      expect(s.loadsNow().text).toBe(OLDER);
      expect(Object.values(s.kept())).toContain('{"damaged');
    });

    it('N4 an intact save.json.new beside an intact save.json (a save that never completed): save.json', () => {
      const s = new Session(mode);
      s.put('save.json', saveBytes(GOOD));
      s.put('save.json.new', saveBytes(OLDER));
      const r = s.session();
      expect(r.load).toMatchObject({ text: GOOD, problem: null });
      expect(r.save.ok).toBe(1);
      expect(s.loadsNow().text).toBe(NEW);
    });

    it('N5 a save.json.new cut short, nothing else (a first save interrupted): no save', () => {
      const s = new Session(mode);
      s.put('save.json.new', saveBytes(GOOD).subarray(0, 30));
      const r = s.session();
      expect(r.load).toMatchObject({ text: null, problem: null });
      expect(r.save.ok).toBe(1);
      expect(s.loadsNow().text).toBe(NEW);
    });

    it('N6 a save.json.new cut short beside an intact save.json: ignored', () => {
      const s = new Session(mode);
      s.put('save.json', saveBytes(GOOD));
      s.put('save.json.new', saveBytes(NEW).subarray(0, 30));
      const r = s.session();
      expect(r.load).toMatchObject({ text: GOOD, problem: null });
      expect(r.save.ok).toBe(1);
      expect(s.loadsNow().text).toBe(NEW);
    });

    it('N8 an unreadable save.json.new and no save.json (it may be the last save): "unreadable"; never overwritten (FAT: moved aside first)', () => {
      const s = new Session(mode);
      s.put('save.json.new', saveBytes(GOOD));
      const r = s.session(s.unreadable('save.json.new'));
      expect(r.load).toMatchObject({ text: null, problem: 'unreadable' });
      expect(r.save.ok).toBe(1);
      if (mode === 'psp') expect(s.bytes('save.json.damaged-1')).toEqual(saveBytes(GOOD));
      else expect(s.bytes('save.json.new')).toEqual(saveBytes(GOOD));
      expect(s.loadsNow().text).toBe(NEW);
    });

    it('N7 a folder named save.json.new beside a good save: the good save loads, and is replaced only by the new save', () => {
      const s = new Session(mode);
      s.put('save.json', saveBytes(GOOD));
      mkdirSync(s.file('save.json.new'));
      const r = s.session();
      expect(r.load).toMatchObject({ text: GOOD, problem: null });
      expect(r.save).toMatchObject({ ok: 1, problem: null });
      expect(s.loadsNow().text).toBe(NEW);
    });

    it('D2 a second damage gets a second copy; the same damage twice, one copy', () => {
      const s = new Session(mode);
      s.put('save.json', Buffer.from('first damage'));
      s.session();
      s.run(['load']);
      s.put('save.json', Buffer.from('second damage'));
      s.session();
      s.put('save.json', Buffer.from('second damage'));
      s.session();
      expect(s.kept()).toEqual({ 'save.json.damaged-1': 'first damage', 'save.json.damaged-2': 'second damage' });
    });

    it('D3 at most five copies: the oldest goes, the rest keep their order', () => {
      const s = new Session(mode);
      for (let i = 1; i <= 7; i++) {
        s.put('save.json', Buffer.from(`damage ${i}`));
        s.session();
      }
      expect(s.kept()).toEqual({
        'save.json.damaged-1': 'damage 3', 'save.json.damaged-2': 'damage 4', 'save.json.damaged-3': 'damage 5',
        'save.json.damaged-4': 'damage 6', 'save.json.damaged-5': 'damage 7',
      });
      expect(s.loadsNow().text).toBe(NEW);
    });

    it('D4 a copy\'s name taken by a folder (or the old save.json.damaged): the next number; nothing overwritten', () => {
      const s = new Session(mode);
      mkdirSync(s.file('save.json.damaged-1'));
      s.put('save.json.damaged', 'kept by an earlier version');
      s.put('save.json', Buffer.from('damage'));
      const r = s.session();
      expect(r.save.ok).toBe(1);
      expect(s.kept()).toEqual({ 'save.json.damaged': 'kept by an earlier version', 'save.json.damaged-1': 'other', 'save.json.damaged-2': 'damage' });
    });

    it('D5 no room for a copy (a full device): the damaged file stays where the next start finds it; the new save fails, "full"', () => {
      const s = new Session(mode);
      s.put('save.json', Buffer.from('damage'));
      const r = s.session({ SAVE_FAIL: 'ENOSPC' });
      expect(r.load.problem).toBe('damaged');
      expect(r.save).toMatchObject({ ok: 0, problem: 'full' });
      expect(s.names()).toEqual(['save.json']);
      expect(s.loadsNow()).toMatchObject({ text: 'damage', problem: 'damaged' });
    });

    it('D5 an unreadable text (keepDamaged) on a full device: keepDamaged says so, the file stays, the save writes nothing over it', () => {
      const s = new Session(mode);
      const bytes = saveBytes('[1,2,3]');
      s.put('save.json', bytes);
      const r = s.session({ SAVE_FAIL: 'ENOSPC' });
      expect(r.keep).toMatchObject({ ok: 0, problem: 'full' });
      expect(r.save).toMatchObject({ ok: 0, problem: 'full' });
      expect(s.names()).toEqual(['save.json']);
      expect(s.bytes('save.json')).toEqual(bytes);
    });

    it('D5 room for the save but not for a copy: keepDamaged says so; the save then moves the file aside as it puts the new one in place', () => {
      const s = new Session(mode);
      const bytes = saveBytes('[1,2,3]');
      s.put('save.json', bytes);
      const [load] = s.run(['load']);
      expect(load!.text).toBe('[1,2,3]');
      const [keep, save] = s.run(['load', 'keep', 'save', NEW], { SAVE_FAIL: 'ENOSPC', SAVE_FAIL_ONLY: '.damaged' }).slice(1);
      expect(keep).toMatchObject({ ok: 0, problem: 'full' });
      expect(save).toMatchObject({ ok: 1, problem: null });
      expect(s.bytes('save.json.damaged-1')).toEqual(bytes);
      expect(s.loadsNow().text).toBe(NEW);
    });

    it('D6 no copy and no rename (a read-only device): nothing changes, the save fails "read-only", keepDamaged says it could not', () => {
      const s = new Session(mode);
      const bytes = saveBytes('[1,2,3]');
      s.put('save.json', bytes);
      const r = s.session({ SAVE_READONLY: '1' });
      expect(r.keep).toMatchObject({ ok: 0, problem: 'read-only' });
      expect(r.save).toMatchObject({ ok: 0, problem: 'read-only' });
      expect(s.names()).toEqual(['save.json']);
      expect(s.bytes('save.json')).toEqual(bytes);
    });

    it('D6 keepDamaged failed, the device then writable: the next save keeps the file first', () => {
      const s = new Session(mode);
      const bytes = saveBytes('[1,2,3]');
      s.put('save.json', bytes);
      const steps = s.run(['load', 'keep'], { SAVE_READONLY: '1' });
      expect(steps[1]!.ok).toBe(0);
      // (a new process: the pending keep is the session's; a real game keeps running)
      const again = s.run(['load', 'keep', 'save', NEW]);
      expect(again[2]!.ok).toBe(1);
      expect(s.bytes('save.json.damaged-1')).toEqual(bytes);
    });

    it('F1 a full device: the old save stays whole, "full"', () => {
      const s = new Session(mode);
      s.put('save.json', saveBytes(GOOD));
      const r = s.session({ SAVE_FAIL: 'ENOSPC' });
      expect(r.load.text).toBe(GOOD);
      expect(r.save).toMatchObject({ ok: 0, problem: 'full' });
      expect(s.loadsNow().text).toBe(GOOD);
      expect(s.names()).toEqual(['save.json']);
    });

    it('F2 a read-only device: the save loads, saving fails "read-only", nothing changes', () => {
      const s = new Session(mode);
      s.put('save.json', saveBytes(GOOD));
      const r = s.session({ SAVE_READONLY: '1' });
      expect(r.load.text).toBe(GOOD);
      expect(r.save).toMatchObject({ ok: 0, problem: 'read-only' });
      expect(s.names()).toEqual(['save.json']);
    });
  });

  describe.each(desktopOnly)('%s only (no FIFOs or process ids on the PSP)', (mode) => {
    it('S7 a FIFO named save.json: never opened (it would block), "unreadable"; the save moves it aside', () => {
      const s = new Session(mode);
      execFileSync('mkfifo', [s.file('save.json')]);
      const r = s.session();
      expect(r.load).toMatchObject({ text: null, problem: 'unreadable' });
      expect(r.save.ok).toBe(1);
      expect(s.kept()).toEqual({ 'save.json.damaged-1': 'other' });
    });

    it('N7 a FIFO named save.json.new beside a good save: the good save loads', () => {
      const s = new Session(mode);
      s.put('save.json', saveBytes(GOOD));
      execFileSync('mkfifo', [s.file('save.json.new')]);
      const r = s.session();
      expect(r.load).toMatchObject({ text: GOOD, problem: null });
      expect(r.save.ok).toBe(1);
      expect(s.loadsNow().text).toBe(NEW);
    });

    it('P1, P2 temporary files: a dead writer\'s are removed at the next start, a live writer\'s (it holds its lock) are left', async () => {
      const s = new Session(mode);
      // 47 process ids that have ended (each child is waited for).
      const dead = Array.from({ length: 47 }, () => spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout.trim());
      for (const pid of dead) s.put(`save.json.new-${pid}`, saveBytes(GOOD).subarray(0, 40));
      s.put('save.json', saveBytes(GOOD));
      // A writer under way: its file claimed (flock(1) holds the lock a writer takes, posix_claim).
      const live = s.file('save.json.new-7');
      s.put('save.json.new-7', 'a live writer');
      const holder = spawn('flock', ['-x', '-o', live, 'sh', '-c', 'echo locked; exec sleep 30'], { detached: true });
      const exited = new Promise((r) => holder.on('exit', r));
      try {
        await new Promise((r) => holder.stdout.once('data', r));
        expect(s.loadsNow().text).toBe(GOOD);
        expect(s.names()).toEqual(['save.json', 'save.json.new-7']);
      } finally {
        process.kill(-holder.pid!, 'SIGKILL'); // flock(1) and the command it holds the lock for
      }
      // Once its writer is gone, the next start removes it too.
      await exited;
      s.loadsNow();
      expect(s.names()).toEqual(['save.json']);
    });
  });
});
