// The save folder's last corners (issue 33, docs/reliability.md section 9):
// a damaged save on a full device, gaps in the numbered copies, symbolic
// links planted where the game writes, two hosts in different PID
// namespaces sharing one folder, and the folder removed while the game
// runs. Through each platform's own save code, as save-states.test.ts
// (c/save-states.c; the PSP's over the FAT model); the full devices are real
// (a small tmpfs filled up, in a namespace of the test's own), as are the
// PID namespaces (unshare).
import { execFileSync, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, readlinkSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNative, BUILD_TIMEOUT_MS, HEADLESS, tempDir } from '../native/headless';
import { canMountTmpfs, onFullDevice, saveBytes } from './save-folder';
import { buildDrivers, GOOD, haveTools, NEW, Session, type Mode, type Step, type Wrap } from './save-session';

let shim = '';
beforeAll(() => {
  if (haveTools) shim = buildDrivers();
});

const both: Mode[] = ['desktop', 'psp'];
/** Whether the test may make PID namespaces of its own (unshare -p, as a container would). */
const canUnsharePid = process.platform === 'linux' && spawnSync('unshare', ['-rpf', 'true']).status === 0;

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
const shell = (argv: string[]): string => argv.map(quote).join(' ');

/** A damaged save that still reads: six players and twelve games, its trailer broken by one byte. */
const SIX_PLAYERS = '{"version":1,"settings":{"players":6},"stats":{"classic":{"games":12,"wins":5}}}';
const damagedSix = (): Buffer => {
  const b = saveBytes(SIX_PLAYERS);
  b[b.length - 3] ^= 1; // the hash's last digit
  return b;
};

/** Sessions (each one process, as a start of the game) run on a full device; their steps. */
function sessionsOnFullDevice(s: Session, kind: 'space' | 'inodes', sessions: string[][]): Step[][] {
  const command = sessions.map((steps) => `${shell(s.argv(steps))}; echo '---'`).join('; ');
  const r = onFullDevice(s.root, kind, command);
  if (r.status !== 0) throw new Error(`full device run failed (${r.status}): ${r.stderr}`);
  return r.stdout.split('---\n').filter((x) => x.trim()).map((chunk) => chunk.trim().split('\n').map((l) => JSON.parse(l) as Step));
}

describe.skipIf(!canMountTmpfs)('the probe\'s example, through the real game', () => {
  beforeAll(() => buildNative('headless'), BUILD_TIMEOUT_MS);

  it('D9 six players and twelve games in a damaged save on a full device: the next start still has them, and says so', () => {
    const root = tempDir('probe');
    const dir = path.join(root, 'ratscrew');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'save.json'), damagedSix());
    // Two starts of the game, each loading through the desktop's own save code (--save-dir); their output goes elsewhere.
    const start = (n: number) => shell([HEADLESS, '--save-dir', dir, '--frames', '20', '--no-raster', '--out', tempDir(`probe-out${n}`)]);
    const r = onFullDevice(root, 'space', `${start(1)} 2>&1; echo ---; ${start(2)} 2>&1`);
    const [first, second] = r.stdout.split('---\n');
    expect(first).toContain('saved data was damaged');
    expect(second).toContain('saved data was damaged');
    expect(readFileSync(path.join(dir, 'save.json'))).toEqual(damagedSix());
  });
});

describe.skipIf(!haveTools)('the save folder\'s last corners', () => {
  describe.each(both)('%s', (mode) => {
    it.skipIf(!canMountTmpfs).each(['space', 'inodes'] as const)('D9 a damaged save on a device with no %s left: the bytes stay where the next start finds them, and it is told again', (kind) => {
      const s = new Session(mode);
      const bytes = damagedSix();
      s.put('save.json', bytes);
      const [first, second] = sessionsOnFullDevice(s, kind, [['load', 'save', NEW], ['load']]);
      expect(first![0]).toMatchObject({ text: SIX_PLAYERS, problem: 'damaged' });
      expect(first![1]).toMatchObject({ ok: 0, problem: 'full' });
      // The next start: the same six players, and the notice again — not defaults in silence.
      expect(second![0]).toMatchObject({ text: SIX_PLAYERS, problem: 'damaged' });
      expect(s.bytes('save.json')).toEqual(bytes);
    });

    it.skipIf(!canMountTmpfs)('D9 an intact file the game cannot read, on a full device: keepDamaged says it could not, nothing moves, the save is refused', () => {
      const s = new Session(mode);
      const bytes = saveBytes('[1,2,3]');
      s.put('save.json', bytes);
      const [first, second] = sessionsOnFullDevice(s, 'space', [['load', 'keep', 'save', NEW], ['load']]);
      expect(first![1]).toMatchObject({ ok: 0, problem: 'full' });
      expect(first![2]).toMatchObject({ ok: 0, problem: 'full' });
      expect(second![0]).toMatchObject({ text: '[1,2,3]' });
      expect(s.bytes('save.json')).toEqual(bytes);
    });

    it.each([
      ['only save.json.damaged-5', [5]],
      ['-2 to -5 without -1 (what deleting the oldest leaves)', [2, 3, 4, 5]],
      ['-1, -3 and -5', [1, 3, 5]],
      ['-4 alone', [4]],
    ])('D7 gaps in the numbered copies (%s) with a damaged save.json: the save goes through, every copy kept in order', (_name, numbers) => {
      const s = new Session(mode);
      for (const n of numbers) s.put(`save.json.damaged-${n}`, `copy ${n}`);
      s.put('save.json', 'new damage');
      const r = s.session();
      expect(r.save).toMatchObject({ ok: 1, problem: null });
      expect(s.loadsNow().text).toBe(NEW);
      // Oldest first, closed up from -1, the new damage last.
      const expected = [...numbers.map((n) => `copy ${n}`), 'new damage'];
      expect(Object.values(s.kept())).toEqual(expected);
      expect(Object.keys(s.kept())).toEqual(expected.map((_, i) => `save.json.damaged-${i + 1}`));
    });

    it('D7 five copies with a gap-free run after a full set: the oldest goes, still five', () => {
      const s = new Session(mode);
      for (const n of [2, 3, 4, 5]) s.put(`save.json.damaged-${n}`, `copy ${n}`);
      for (let i = 1; i <= 3; i++) {
        s.put('save.json', `damage ${i}`);
        expect(s.session().save.ok).toBe(1);
      }
      expect(Object.values(s.kept())).toEqual(['copy 4', 'copy 5', 'damage 1', 'damage 2', 'damage 3']);
    });

    it('F4 the folder removed while the game runs: the next save makes it again, the session\'s settings are kept', () => {
      const s = new Session(mode);
      s.put('save.json', saveBytes(GOOD));
      const steps = s.run(['load', 'wipe', 'save', NEW]);
      expect(steps[1]!.ok).toBe(1);
      expect(steps[2]).toMatchObject({ ok: 1, problem: null });
      expect(s.loadsNow().text).toBe(NEW);
    });
  });

  describe('desktop only (the PSP\'s FAT has no links, and one process)', () => {
    it('L1 a link planted at the writer\'s temporary name: nothing is written through it, save.json is a file', () => {
      const s = new Session('desktop');
      const target = path.join(s.root, 'precious.txt');
      writeFileSync(target, 'not the game\'s');
      s.put('save.json', saveBytes(GOOD));
      // Planted after the start (which clears dead writers' files), before the save.
      const steps = s.run(['load', 'plant', target, 'save.json.new-%p', 'save', NEW]);
      expect(steps[1]!.ok).toBe(1);
      expect(steps[2]).toMatchObject({ ok: 1, problem: null });
      expect(readFileSync(target, 'utf8')).toBe('not the game\'s');
      expect(lstatSync(s.file('save.json')).isSymbolicLink()).toBe(false);
      expect(s.loadsNow().text).toBe(NEW);
    });

    it.each([
      ['dangling', false],
      ['to a file outside', true],
    ])('L2 a link named save.json.damaged-1, %s: the copy is not written through it, it stays in the folder', (_name, targetExists) => {
      const s = new Session('desktop');
      const outside = path.join(s.root, 'outside');
      mkdirSync(outside);
      const target = path.join(outside, 'copy');
      if (targetExists) writeFileSync(target, 'somebody else\'s');
      symlinkSync(target, s.file('save.json.damaged-1'));
      s.put('save.json', 'damage');
      const r = s.session();
      expect(r.save.ok).toBe(1);
      expect(readdirSync(outside)).toEqual(targetExists ? ['copy'] : []);
      if (targetExists) expect(readFileSync(target, 'utf8')).toBe('somebody else\'s');
      expect(readlinkSync(s.file('save.json.damaged-1'))).toBe(target);
      expect(s.bytes('save.json.damaged-2')?.toString()).toBe('damage');
    });

    it('L3 save.json itself a link to a save elsewhere: read through it; the save replaces the link, never its target', () => {
      const s = new Session('desktop');
      const target = path.join(s.root, 'synced-save.json');
      writeFileSync(target, saveBytes(GOOD));
      symlinkSync(target, s.file('save.json'));
      const r = s.session();
      expect(r.load).toMatchObject({ text: GOOD, problem: null });
      expect(r.save.ok).toBe(1);
      expect(readFileSync(target)).toEqual(saveBytes(GOOD));
      expect(s.loadsNow().text).toBe(NEW);
    });

    it('L4 a link planted at save.json.damaged-new (where a copy is made first): the link goes, never its target; the copy is made', () => {
      const s = new Session('desktop');
      const target = path.join(s.root, 'precious.txt');
      writeFileSync(target, 'not the game\'s');
      symlinkSync(target, s.file('save.json.damaged-new'));
      s.put('save.json', 'damage');
      expect(s.session().save.ok).toBe(1);
      expect(readFileSync(target, 'utf8')).toBe('not the game\'s');
      expect(s.kept()).toEqual({ 'save.json.damaged-1': 'damage' });
    });

    it('C1 a copy cut short by a crash (save.json.damaged-new left over): not a copy; removed when the next copy is made', () => {
      const s = new Session('desktop');
      s.put('save.json.damaged-new', 'half a cop');
      s.put('save.json', 'damage');
      expect(s.session().save.ok).toBe(1);
      expect(s.kept()).toEqual({ 'save.json.damaged-1': 'damage' });
    });

    it('P4 a link or a FIFO named like a writer\'s temporary file: the start neither follows, opens for long nor removes it', () => {
      const s = new Session('desktop');
      const target = path.join(s.root, 'precious.txt');
      writeFileSync(target, 'not the game\'s');
      symlinkSync(target, s.file('save.json.new-999999'));
      execFileSync('mkfifo', [s.file('save.json.new-999998')]);
      s.put('save.json', saveBytes(GOOD));
      expect(s.loadsNow().text).toBe(GOOD); // a FIFO opened for reading would block here
      expect(s.names()).toEqual(['save.json', 'save.json.new-999998', 'save.json.new-999999']);
      expect(readFileSync(target, 'utf8')).toBe('not the game\'s');
    });

    describe.skipIf(!canUnsharePid)('P3 two hosts in different PID namespaces sharing one folder (containers)', () => {
      /** In a PID namespace of its own, as process 1 (what a container's one program is). */
      const first: Wrap = (argv) => ['unshare', '-rpf', ...argv];
      /** In a PID namespace of its own, as process 4 (forked by a shell after two others). */
      const fourth: Wrap = (argv) => ['unshare', '-rpf', 'sh', '-c', `/bin/true; /bin/true; ${shell(argv)}; exit $?`];

      /** Waits until a writer's temporary file is there (its save is under way). */
      async function temporaryFile(s: Session): Promise<void> {
        for (let i = 0; i < 400 && !s.names().some((n) => n.startsWith('save.json.new-')); i++) await new Promise((r) => setTimeout(r, 25));
      }

      it('a start in one namespace leaves the other\'s live temporary file alone (its process id looks dead from there)', async () => {
        const s = new Session('desktop');
        s.put('save.json', saveBytes(GOOD));
        // A saves slowly (its fsync takes 1.5 s) as process 4 of its namespace; B starts as process 1 of its own.
        const a = s.start(['save', NEW], { LD_PRELOAD: shim, SAVE_SLOW_MS: '1500' }, fourth);
        await temporaryFile(s);
        const b = s.run(['load'], {}, first);
        expect(b[0]!.text).toBe(GOOD);
        const [saved] = await a;
        expect(saved).toMatchObject({ ok: 1, problem: null });
        expect(s.loadsNow().text).toBe(NEW);
      });

      it('two writers that are both process 1 of their namespaces, saving at once: both saves land whole', async () => {
        const s = new Session('desktop');
        s.put('save.json', saveBytes(GOOD));
        const other = '{"version":1,"stats":{"classic":{"games":43,"wins":18}}}';
        const a = s.start(['save', NEW], { LD_PRELOAD: shim, SAVE_SLOW_MS: '1500' }, first);
        await temporaryFile(s);
        const b = s.start(['save', other], { LD_PRELOAD: shim, SAVE_SLOW_MS: '300' }, first);
        const [[sa], [sb]] = await Promise.all([a, b]);
        expect(sa).toMatchObject({ ok: 1, problem: null });
        expect(sb).toMatchObject({ ok: 1, problem: null });
        expect([NEW, other]).toContain(s.loadsNow().text);
        expect(s.names().filter((n) => n.startsWith('save.json.new'))).toEqual([]);
      });
    });
  });
});
