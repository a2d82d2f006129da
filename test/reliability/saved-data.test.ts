// Saved data that comes back damaged: the game starts with defaults for what
// is unreadable, keeps what is readable, says so once (the notice and one log
// line), never throws, and a later save replaces the damage with good text.
// The oracle is tools/fuzz/saved-data.ts (written from the contract, not from
// src/app/settings.ts). The bundle runs in a BundleVM; invalid UTF-8 bytes
// (which a JS string cannot carry) go through the native headless host.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readSave } from '../../src/app/settings';
import { Rand } from '../../tools/fuzz/random';
import { damagedSave, deepSave, expectedLoad, nastySaves, sampleSave } from '../../tools/fuzz/saved-data';
import { endGameFromPause } from '../game/helpers';
import { BTN, Driver } from '../support/driver';
import { BUNDLE_PATH, BundleVM, frameTime, hashCommands } from '../support/quickjs-host';
import { buildNative, readHashes, runHeadless, tempDir } from '../native/headless';
import { savedText } from './save-folder';

const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) >>> 0 : 20261129;

/** The notice band the title draws at the top (test/game/settings.test.ts uses the same). */
function noticeBand(cmds: Int32Array): boolean {
  for (let o = 0; o < cmds.length; o += 8) if (cmds[o] === 3 && cmds[o + 1] === 0 && cmds[o + 2] === 0 && cmds[o + 3] === 480 && cmds[o + 4] === 15) return true;
  return false;
}

describe('reading saved text (settings module, many variants)', () => {
  it('every prefix of a good save loads without throwing: defaults and the notice, the whole text loads clean', () => {
    const good = sampleSave();
    for (let n = 0; n <= good.length; n++) {
      const text = good.slice(0, n);
      const got = readSave(text);
      const want = expectedLoad(text);
      expect({ n, ...got }).toEqual({ n, ...want });
      expect(got.damaged).toBe(n < good.length);
    }
  });

  it('the online fields (issue 35): a name or a CPU count it cannot read is the default, with the notice; the rest is kept', () => {
    const save = (settings: Record<string, unknown>) => JSON.stringify({ version: 1, settings: { language: 'ru', ...settings } });
    for (const name of ['x'.repeat(13), 42, null, [], 'Kim\u0000', 'Kim\u0007', 'Kim\n', '\tKim', ' Kim', 'Kim ', 'Kim \ud83c\udccf', '\ud800']) {
      const got = readSave(save({ name, onlineCpus: 3 }));
      expect({ ...got.settings, tried: name, damaged: got.damaged }).toMatchObject({ name: '', onlineCpus: 3, language: 'ru', tried: name, damaged: true });
    }
    for (const onlineCpus of [5, -1, 1.5, '2', null, true, 1e308]) {
      const got = readSave(save({ name: 'Kim', onlineCpus }));
      expect({ ...got.settings, tried: onlineCpus, damaged: got.damaged }).toMatchObject({ name: 'Kim', onlineCpus: 1, language: 'ru', tried: onlineCpus, damaged: true });
    }
    for (const name of ['', 'Ж'.repeat(12), 'Анна-Мария', "D'Arcy J.K_9"]) expect(readSave(save({ name, onlineCpus: 0 }))).toMatchObject({ settings: { name, onlineCpus: 0 }, damaged: false });
    // Missing (a save from before the online screens): the defaults, quietly.
    expect(readSave(save({}))).toMatchObject({ settings: { name: '', onlineCpus: 1 }, damaged: false });
  });

  it(`5,000 seeded damaged saves keep exactly the readable fields (seed ${SEED})`, () => {
    const rnd = new Rand(SEED);
    const good = sampleSave();
    let damaged = 0;
    let parsed = 0;
    for (let i = 0; i < 5000; i++) {
      const text = damagedSave(rnd, good);
      let got;
      try {
        got = readSave(text);
      } catch (e) {
        throw new Error(`readSave threw on variant ${i}: ${JSON.stringify(text)}: ${e}`);
      }
      const want = expectedLoad(text);
      if (JSON.stringify(got) !== JSON.stringify(want)) expect({ i, text, ...got }).toEqual({ i, text, ...want });
      if (got.damaged) damaged++;
      try {
        JSON.parse(text);
        parsed++;
      } catch {
        /* text-level damage */
      }
    }
    // Both kinds of damage were made: valid JSON with bad fields, and broken JSON.
    expect(parsed).toBeGreaterThan(1000);
    expect(5000 - parsed).toBeGreaterThan(1000);
    expect(damaged).toBeGreaterThan(3000);
  });
});

describe('the game starting from damaged saved text (bundle in QuickJS)', () => {
  let d: Driver | null = null;
  afterEach(() => {
    d?.dispose();
    d = null;
  });

  const cases = nastySaves();

  it.each(cases)('%s', async (_name, text) => {
    const want = expectedLoad(text);
    d = await Driver.create({ seed: 3, saved: text });
    const first = d.step(0);
    const s = d.debug();
    expect(s.settings).toEqual(want.settings);
    expect(s.stats).toEqual(want.stats);
    // Says so once: the notice on screen and one log line, only when something was unreadable.
    expect(s.notice !== '').toBe(want.damaged);
    expect(noticeBand(first)).toBe(want.damaged);
    expect(d.vm.logs.filter((l) => /damaged/.test(l)).length).toBe(want.damaged ? 1 : 0);
    // What it could not read, the host is asked to keep before any save replaces it (issue 25).
    expect(d.vm.keeps).toBe(want.damaged ? 1 : 0);
    d.wait(420); // 7 s: the notice has gone and does not come back
    expect(noticeBand(d.step(0))).toBe(false);
    // The game starts and plays.
    d.press(BTN.CROSS);
    expect(d.debug().scene).toBe('table');
    for (let i = 0; i < 240; i++) d.step(i % 30 === 0 ? BTN.SQUARE : 0);
    // Leaving Options saves good text, which loads back cleanly.
    endGameFromPause(d);
    expect(d.debug().scene).toBe('results');
    d.press(BTN.CIRCLE);
    expect(d.debug().scene).toBe('title');
    d.presses(BTN.DOWN, BTN.CROSS);
    expect(d.debug().scene).toBe('options');
    d.press(BTN.CIRCLE);
    const rewritten = d.vm.saved!;
    const reread = expectedLoad(rewritten);
    expect({ settings: reread.settings, damaged: reread.damaged }).toEqual({ settings: want.settings, damaged: false });
    // The game ended from the pause menu counts as played, not won (src/app/lifetime.ts): in its rule
    // set, or for two people (settings.humans 2) with the two-person games; the other figures stay.
    const counted = want.settings.humans === 2 ? 'twoPlayer' : (want.settings.ruleSet as 'classic' | 'russian');
    for (const key of ['classic', 'russian', 'twoPlayer'] as const) {
      if (key !== counted) expect(reread.stats[key], key).toEqual(want.stats[key]);
    }
    expect(reread.stats[counted].games).toBe(want.stats[counted].games + 1);
    if (counted !== 'twoPlayer') expect(reread.stats[counted].wins).toBe(want.stats[counted].wins);
    expect(d.vm.logs.filter((l) => /damaged/.test(l)).length).toBe(want.damaged ? 1 : 0);
  });

  it('a 5 MB saved text: defaults, the notice, no exception (the native hosts never pass more than 256 KB)', async () => {
    const huge = JSON.stringify({ version: 1, settings: { language: 'ru', difficulty: 'é'.repeat(5 << 20) } });
    const garbage = 'x'.repeat(5 << 20);
    for (const [text, memoryLimit] of [
      [huge, 16 << 20],
      [garbage, 16 << 20],
      [huge, 32 << 20],
    ] as const) {
      const vm = await BundleVM.create({ seed: 3, saved: text, memoryLimit });
      try {
        let cmds = vm.frame(0, 0);
        const s = vm.debug();
        expect(s.notice).not.toBe('');
        expect(s.settings.difficulty).toBe('medium');
        expect(s.settings.language).toBe(text === huge ? 'ru' : 'en');
        for (let i = 1; i < 120; i++) cmds = vm.frame(frameTime(i), i === 60 ? BTN.CROSS : 0);
        expect(vm.debug().scene).toBe('table');
        expect(cmds.length).toBeGreaterThan(8);
      } finally {
        vm.dispose();
      }
    }
  });

  it('host.load throwing or returning a non-string: defaults, the notice, no exception', async () => {
    for (const body of ['throw new Error("card removed")', 'return 42', 'return {}', 'return undefined']) {
      const source = `host.load = function () { ${body}; };\n` + (await import('../support/quickjs-host')).readBundle();
      const vm = await BundleVM.create({ seed: 3, source });
      try {
        vm.frame(0, 0);
        const s = vm.debug();
        expect(s.settings.players).toBe(4);
        // A throwing load is damage; a non-string is treated as nothing saved or as damage, but never throws.
        if (body.startsWith('throw')) expect(s.notice).not.toBe('');
      } finally {
        vm.dispose();
      }
    }
  });
});

describe('saved text with invalid UTF-8 bytes, through the native headless host', () => {
  beforeAll(() => buildNative('headless'));

  /** Title frames of the bundle in QuickJS for a saved text (the reference). */
  async function referenceHashes(saved: string, frames: number): Promise<string[]> {
    const vm = await BundleVM.create({ seed: 5, saved });
    try {
      return Array.from({ length: frames }, (_, i) => hashCommands(vm.frame(frameTime(i), 0)).toString(16).padStart(8, '0'));
    } finally {
      vm.dispose();
    }
  }

  it.each([
    // Bad bytes inside a field that is unreadable either way: the language (shown on the title) is kept.
    ['inside a string value', Buffer.concat([Buffer.from('{"version":1,"settings":{"language":"ru","difficulty":"h'), Buffer.from([0xff, 0xc3, 0x28, 0xe2, 0x82]), Buffer.from('"}}')]), '{"version":1,"settings":{"language":"ru","difficulty":"h?"}}'],
    // Bad bytes where JSON expects syntax: all defaults and the notice.
    ['outside strings', Buffer.concat([Buffer.from('{"version":1,'), Buffer.from([0xc0, 0x80, 0xf5, 0xff]), Buffer.from('"settings":{"language":"ru"}}')]), 'not json'],
    // An overlong encoding and a UTF-8-encoded surrogate (both invalid UTF-8) in a value.
    ['overlong and surrogate encodings', Buffer.concat([Buffer.from('{"version":1,"settings":{"language":"ru","ruleSet":"'), Buffer.from([0xe0, 0x80, 0xaf, 0xed, 0xa0, 0x80]), Buffer.from('"}}')]), '{"version":1,"settings":{"language":"ru","ruleSet":"?"}}'],
  ])('%s: the host runs it, and draws what QuickJS draws for the same damage', async (_name, bytes, equivalent) => {
    const dir = tempDir('saved');
    const file = path.join(dir, 'saved.txt');
    writeFileSync(file, bytes);
    const run = runHeadless(['--bundle', BUNDLE_PATH, '--saved', file, '--seed', '5', '--frames', '30', '--no-raster'], { timeoutMs: 30_000 });
    expect(run.stderr).not.toMatch(/error|exception/i);
    expect(run.status).toBe(0);
    expect(readHashes(run.out)).toEqual(await referenceHashes(equivalent, 30));
    expect(run.stderr.match(/saved data was damaged/g)?.length).toBe(1);
  });

  it("JSON nested 100,000 deep: QuickJS's stack limit stops the parse, the game starts with the notice", async () => {
    const dir = tempDir('saved');
    const file = path.join(dir, 'deep.json');
    writeFileSync(file, deepSave(100_000));
    const run = runHeadless(['--bundle', BUNDLE_PATH, '--saved', file, '--seed', '5', '--frames', '30', '--no-raster'], { timeoutMs: 30_000 });
    expect(run.status).toBe(0);
    expect(run.stderr.match(/saved data was damaged/g)?.length).toBe(1);
    // The parse as a whole fails, so nothing is readable: the same frames as any unparseable text.
    expect(readHashes(run.out)).toEqual(await referenceHashes('not json', 30));
  });

  it('the desktop save file: written with its trailer, read back by the next run to the same frames', async () => {
    // Session 1: Options, Down x5, Right (a setting changes), Circle (saves).
    const inputs: [number, number][] = [];
    let f = 5;
    const press = (mask: number) => {
      inputs.push([f, mask], [f + 1, 0]);
      f += 4;
    };
    press(BTN.DOWN);
    press(BTN.CROSS);
    for (let i = 0; i < 5; i++) press(BTN.DOWN);
    press(BTN.RIGHT);
    press(BTN.CIRCLE);
    const dir = tempDir('saved');
    const script = path.join(dir, 'script.json');
    writeFileSync(script, JSON.stringify({ seed: 5, frames: f + 10, inputs }));
    const first = runHeadless(['--bundle', BUNDLE_PATH, '--inputs', script, '--no-raster'], { timeoutMs: 30_000 });
    expect(first.status).toBe(0);
    const file = readFileSync(path.join(first.out, 'save.json'), 'utf8');
    const saved = savedText(file);
    expect(saved, 'save.json ends with its trailer').not.toBeNull();
    const text = saved!;
    const loaded = expectedLoad(text);
    expect(loaded.damaged).toBe(false);
    expect(loaded.settings).not.toEqual(expectedLoad(null).settings); // the change was saved
    expect(existsSync(path.join(first.out, 'save.json.new'))).toBe(false); // renamed into place
    // Session 2 reads the file (trailer checked) and draws what QuickJS draws for its text.
    const second = runHeadless(['--bundle', BUNDLE_PATH, '--saved', path.join(first.out, 'save.json'), '--seed', '5', '--frames', '30', '--no-raster'], { timeoutMs: 30_000 });
    expect(second.status).toBe(0);
    expect(second.stderr).not.toMatch(/damaged/);
    expect(readHashes(second.out)).toEqual(await referenceHashes(text, 30));
  });
});
