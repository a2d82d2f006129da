// The PSP build in PPSSPP, checked against the headless host (make test-psp):
// the replay EBOOT (native/psp/replay.c) replays whole games frame by frame
// on the PSP's 32-bit QuickJS, soft-float doubles and newlib, and must print
// the same command-list hash as ratscrew-headless for every frame. Its shot
// frames, drawn by the GE, must match the headless host's PNGs pixel for
// pixel within a stated tolerance. Then bundles that throw, overflow the
// stack and never return run through the game's own path: each must show
// the error screen the headless host draws, START must move on, and the
// last must leave through sceKernelExitGame. Before the replay, the PSP
// layer's own checks: the frame buffers are cleared before the display goes
// on (VRAM is filled first, as a real PSP may have it), and a save goes
// through the Memory Stick path with the folder the Saved Data Utility
// lists. Last, HOME while a frame never returns must still end the game.
//
// Sleep: test/scripts/sleep.json holds a SIG_SUSPEND frame; there the replay
// calls the power callback's function itself (suspend, two frames, the
// clock on by 5 s, resume): the frames must still equal the headless host's,
// and the frame after waking must start no CPU player's action.
//
// Two runs of the same EBOOT. On the native emulator: the PSP-2000/3000
// (64 MB) with the software renderer, and the PSP-1000 (32 MB) with OpenGL
// (Mesa's llvmpipe under an Xvfb of the driver's own), each with all of the
// above; the program itself asks the emulator for each picture (RS
// screenshot), which the emulator saves as its renderer shows it. In
// Chromium (no PPSSPP_HEADLESS): the PSP-2000/3000 with all of the above and
// the PSP-1000 with the replays, the sleep, the heap and the pixel check,
// both on PPSSPP's software GPU, the only one that core has (docs/native.md,
// "The PSP checks"); screenshots are taken by frame number while the
// gallery shows each picture for SHOT_MS.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOOP_FOREVER, RECURSE_FOREVER, THROW_IN_FRAME } from '../native/bundles';
import { buildNative, HEADLESS, readHashes, readScript, ROOT, runHeadless } from '../native/headless';
import { SIG_SUSPEND, SOUND } from '../../src/contract';
import { compare, limits, readPng } from './pixels';
import { readPsf } from './psf';
import { PARITY_SCRIPTS } from '../support/parity';
import { DRIVER, listing, makePsp, missing, OUTPUT, runEboot, type EmulatorRun, type Setup, type Step } from './ppsspp';

// Both full games, the Russian interface, two people on one PSP each
// winning slaps (test/game/two-players-script.test.ts records it), the
// sleep, and issue 20's moments: the quit question, a slap won and a wrong
// slap at the bottom seat, the pause closed through the 3-2-1, the
// out-of-the-game prompt, End game's question (test/game/moments-script.test.ts).
// The celebration is in full-game-russian.json and two-players.json.
const SCRIPTS = ['full-game-classic.json', 'full-game-russian.json', 'russian-ui.json', 'two-players.json', 'sleep.json', 'moments.json'];
const SLEEP = SCRIPTS.indexOf('sleep.json');

it('replays the parity set, which every engine replays (test/support/parity.ts)', () => {
  expect(SCRIPTS).toEqual(expect.arrayContaining([...PARITY_SCRIPTS]));
});

/** REPLAY_WAKE_AFTER and REPLAY_SLEEP_MS of native/psp/replay.c. */
const WAKE_AFTER = 2;
const SLEEP_MS = 5000;
const FAILURES: [string, string][] = [
  ['throw-in-frame.js', THROW_IN_FRAME],
  ['recurse-forever.js', RECURSE_FOREVER],
  ['loop-forever.js', LOOP_FOREVER],
];
/** On the PSP's clock: when the shot gallery starts (after the replay, which
 * takes about 13 s at 222 MHz), how long each shot stays up, and each
 * failure bundle's slot (the never-returning one needs the 2 s deadline).
 * In Chromium a screenshot is taken by frame number inside each shot's
 * time; the native emulator saves each picture when the program asks, so
 * six frames are enough there. */
const GALLERY_AT_MS = 14000;
const SHOT_MS = DRIVER === 'native' ? 100 : 1500;
const FAILURE_MS = 3500;
/** REPLAY_FAILURE_SHOT_MS of native/psp/replay.c: the error screen's picture, into its slot. */
const FAILURE_SHOT_MS = 2600;
const MHZ = 222;
/** The VM's own memory limit (VM_DEFAULT_MEMORY_LIMIT, native/core/vm.h). */
const VM_LIMIT = (() => {
  const m = /#define VM_DEFAULT_MEMORY_LIMIT \((\d+)u \* 1024u \* 1024u\)/.exec(readFileSync(path.join(ROOT, 'native/core/vm.h'), 'utf8'));
  if (!m) throw new Error('native/core/vm.h: no VM_DEFAULT_MEMORY_LIMIT (MiB) to read');
  return Number(m[1]) * 1024 * 1024;
})();
/** The end of the user partition every PSP gives a program that asks for
 * no extra memory, the PSP-1000's only one: 24 MB from 0x08800000. */
const PSP1000_USER_END = 0x0a000000;

const why = missing();
if (why) console.warn(`test/psp: skipped: ${why}`);

interface Expected {
  script: string;
  index: number;
  hashes: string[];
  shots: { frame: number; png: string }[];
}

const FAILURE_DIR = path.join(ROOT, 'build/psp-failures');
const EBOOT = path.join(ROOT, 'build/psp-replay/EBOOT.PBP');
let expected: Expected[] = [];
let shotList: { script: number; frame: number; png: string }[] = [];
let built = false;

/** A PPSSPP set-up the replay EBOOT runs under. */
interface Model {
  name: string;
  title: string;
  setup: Setup;
  /** The renderer the emulator must report it drew with. */
  renderer: string;
  /** The failure bundles, HOME, VRAM and the save run too. */
  full: boolean;
}

const MODELS: Model[] = DRIVER === 'native'
  ? [
      { name: 'replay', title: 'PSP-2000/3000, software renderer', setup: { model: 'psp_2000_3000', renderer: 'software' }, renderer: 'Software', full: true },
      { name: 'replay-psp1000-opengl', title: 'PSP-1000, OpenGL', setup: { model: 'psp_1000', renderer: 'opengl' }, renderer: 'OpenGL', full: true },
    ]
  : [
      { name: 'replay', title: 'PSP-2000/3000, software rendering', setup: { model: 'psp_2000_3000', renderer: 'software' }, renderer: 'Software', full: true },
      // This core build cannot make a hardware context: the OpenGL request runs
      // PPSSPP's software GPU (tools/psp-emulator/README.md).
      { name: 'replay-psp1000', title: 'PSP-1000, the hardware renderer asked for', setup: { model: 'psp_1000', renderer: 'opengl' }, renderer: 'Software', full: false },
    ];

function failureSlot(k: number): number {
  return GALLERY_AT_MS + shotList.length * SHOT_MS + k * FAILURE_MS;
}

/** The headless host's run of each script: hashes and the shot PNGs. */
function headlessRuns(): Expected[] {
  return SCRIPTS.map((script, index) => {
    const file = path.join(ROOT, 'test/scripts', script);
    const r = runHeadless(['--inputs', file], { timeoutMs: 300_000 });
    if (r.status !== 0) throw new Error(`ratscrew-headless failed on ${script}: ${r.stderr}`);
    const hashes = readHashes(r.out);
    const shots = (readScript(file).shots ?? []).filter((f) => f < hashes.length).sort((a, b) => a - b)
      .map((frame) => ({ frame, png: path.join(r.out, `frame-${String(frame).padStart(5, '0')}.png`) }));
    return { script, index, hashes, shots };
  });
}

/** The splash the hosts show before the script loads, as the headless host draws it. */
function headlessSplash(): string {
  const r = runHeadless(['--frames', '1', '--splash']);
  if (r.status !== 0) throw new Error(`ratscrew-headless --splash failed: ${r.stderr}`);
  return path.join(r.out, 'splash.png');
}

/** The headless host's error screen for a failure bundle, named as on the PSP. */
function headlessErrorScreen(name: string): string {
  const out = path.join(FAILURE_DIR, name.replace(/\.js$/, ''));
  mkdirSync(out, { recursive: true });
  const r = spawnSync(HEADLESS, ['--bundle', name, '--frames', '600', '--out', out], { cwd: FAILURE_DIR, encoding: 'utf8' });
  if (r.status !== 2) throw new Error(`${name}: the headless host did not stop with a script error: ${r.stderr}`);
  return path.join(out, 'error.png');
}

/** The headless runs and the replay EBOOT, once for both models. */
function build(): void {
  if (built) return;
  buildNative('headless');
  expected = headlessRuns();
  // The replay shows the splash first (native/psp/replay.c), then the scripts' shots.
  shotList = [{ script: -1, frame: -1, png: headlessSplash() }, ...expected.flatMap((e) => e.shots.map((s) => ({ script: e.index, ...s })))];
  mkdirSync(FAILURE_DIR, { recursive: true });
  for (const [name, source] of FAILURES) writeFileSync(path.join(FAILURE_DIR, name), source);
  makePsp('psp-replay', `SCRIPT=${SCRIPTS.map((s) => `test/scripts/${s}`).join(' ')}`,
    `FAILURES=${FAILURES.map(([n]) => path.join(FAILURE_DIR, n)).join(' ')}`, `REPLAY_CLOCKS=${MHZ}`,
    `REPLAY_GALLERY_AT_MS=${GALLERY_AT_MS}`, `REPLAY_SHOT_MS=${SHOT_MS}`, `REPLAY_FAILURE_MS=${FAILURE_MS}`);
  built = true;
}

/** Chromium's screenshots by time (the native emulator saves the pictures
 * the program asks for), and START on each error screen. */
function steps(full: boolean): Step[] {
  const byTime = DRIVER === 'chromium';
  const list: Step[] = byTime ? shotList.map((s, k) => ({ at_ms: GALLERY_AT_MS + k * SHOT_MS + SHOT_MS / 2, screenshot: `shot-${k}` })) : [];
  if (!full) return list;
  FAILURES.forEach(([name], k) => {
    if (byTime) list.push({ at_ms: failureSlot(k) + FAILURE_SHOT_MS, screenshot: `failure-${k}`, comment: name });
    list.push({ at_ms: failureSlot(k) + 2900, press: 'start', comment: `leave ${name}'s error screen` });
  });
  return list;
}

/** Each frame hash the PSP printed for a script. */
function pspHashes(run: EmulatorRun, index: number): Map<number, { hash: string; sounds: number[] }> {
  const psp = new Map<number, { hash: string; sounds: number[] }>();
  for (const line of run.printed) {
    const m = /^RS f (\d+) (\d+) (\d+) ([0-9a-f]{8}) (\d+)(?: s=([\d,]+))?$/.exec(line);
    if (m && Number(m[1]) === MHZ && Number(m[2]) === index) psp.set(Number(m[3]), { hash: m[4]!, sounds: m[6] ? m[6].split(',').map(Number) : [] });
  }
  return psp;
}

describe.skipIf(why !== null).each(MODELS)(`the PSP build in PPSSPP at ${MHZ} MHz: $title`, (model) => {
  let run: EmulatorRun;
  const out = path.join(OUTPUT, model.name);

  beforeAll(() => {
    build();
    // A full run goes past HOME and its one-second bound (the native
    // emulator ends with the game); the other stops after the gallery.
    const seconds = (model.full ? failureSlot(FAILURES.length) + 2500 : GALLERY_AT_MS + shotList.length * SHOT_MS + 1000) / 1000;
    run = runEboot(EBOOT, model.name, steps(model.full), seconds, model.setup);
    mkdirSync(out, { recursive: true });
  }, 1_800_000);

  it('boots, replays every script to its end and shows the shots on time', () => {
    expect(run.printed.length, `nothing printed; harness said:\n${run.stdout.slice(-2000)}`).toBeGreaterThan(0);
    expect(run.status, run.stdout).toBe(0);
    for (const e of expected) {
      const end = run.printed.find((l) => l.startsWith(`RS end ${MHZ} ${e.index} `));
      expect(end, `${e.script}: no end line`).toBeDefined();
      expect(end).toBe(`RS end ${MHZ} ${e.index} frames=${e.hashes.length}`);
    }
    expect(run.printed.filter((l) => l.startsWith('RS late')), 'the replay ran past the gallery start: raise GALLERY_AT_MS').toEqual([]);
    expect(run.printed.filter((l) => l.startsWith('RS shot dropped')), 'more shots than native/psp/replay.c keeps: raise MAX_SHOTS').toEqual([]);
  });

  it.each(SCRIPTS.map((s, i) => [s, i] as const))('%s: every frame hash equals the headless host', (script, index) => {
    const psp = pspHashes(run, index);
    const want = expected[index]!.hashes;
    const firstDiff = want.findIndex((h, f) => psp.get(f)?.hash !== h);
    expect(firstDiff, firstDiff < 0 ? '' : `first differing frame ${firstDiff}: PSP ${psp.get(firstDiff)?.hash}, headless ${want[firstDiff]}`).toBe(-1);
    expect(psp.size).toBe(want.length);
  });

  it('sleeps where the sleep script says, and starts no CPU action in the frame after waking', () => {
    const script = readScript(path.join(ROOT, 'test/scripts', SCRIPTS[SLEEP]!));
    const at = script.inputs!.find(([, mask]) => (mask & SIG_SUSPEND) !== 0)![0];
    const lines = run.printed.filter((l) => l.startsWith(`RS sleep ${MHZ} ${SLEEP} `));
    expect(lines).toEqual([`RS sleep ${MHZ} ${SLEEP} ${at} suspend`, `RS sleep ${MHZ} ${SLEEP} ${at + WAKE_AFTER} resume slept_ms=${SLEEP_MS}`]);
    const psp = pspHashes(run, SLEEP);
    // The suspend frame opens the pause menu (its click); the frame after
    // waking plays no card, slap, sweep or deal: the table is paused, and
    // its clock has not moved by the sleep.
    expect(psp.get(at)!.sounds).toEqual([SOUND.click]);
    expect(psp.get(at + WAKE_AFTER)!.sounds).toEqual([]);
  });

  it('draws every shot frame as the headless host does (pixel check)', () => {
    const report: string[] = [`${DRIVER} emulator, renderer: ${run.renderer} (${JSON.stringify(model.setup)})`];
    // The thresholds were measured per renderer (test/psp/pixels.ts): a new one is measured first.
    expect(run.renderer, 'not the renderer this run asked for, or one whose thresholds were never measured (test/psp/pixels.ts)').toBe(model.renderer);
    const { channel, differing } = limits(run.renderer);
    shotList.forEach((shot, k) => {
      const got = run.picture(`shot-${k}`);
      expect(got, `no picture shot-${k} in ${listing(run)}`).not.toBeNull();
      const name = shot.script < 0 ? 'splash' : `${path.basename(SCRIPTS[shot.script]!, '.json')}-${shot.frame}`;
      copyFileSync(shot.png, path.join(out, `${name}-headless.png`));
      copyFileSync(got!, path.join(out, `${name}-psp.png`));
      const c = compare(readPng(got!), readPng(shot.png), path.join(out, `${name}-diff.png`), channel);
      report.push(`${name}: ${c.differing} differing pixels, largest channel difference ${c.maxChannel}`);
      if (c.differing > differing) {
        // Say which shot the emulator showed, in case the gallery's timing moved.
        const best = shotList.map((o, j) => [j, compare(readPng(got!), readPng(o.png), path.join(run.out, 'tmp-diff.png'), channel).differing] as const)
          .sort((a, b) => a[1] - b[1])[0]!;
        report.push(`  (closest headless shot: #${best[0]} with ${best[1]} differing pixels; at most ${differing} may differ)`);
      }
    });
    writeFileSync(path.join(out, 'pixels.txt'), report.join('\n') + '\n');
    for (const line of report) expect(line, report.join('\n')).not.toMatch(/closest/);
  });

  it('leaves the C library a heap that fits the model, and says how much is free', () => {
    const line = run.printed.find((l) => l.startsWith('RS heap '));
    expect(line).toMatch(/^RS heap largest=\d+ after=\d+ kernel_free=\d+ top=0x[0-9a-f]{8}$/);
    const largest = Number(/largest=(\d+)/.exec(line!)![1]);
    const top = Number.parseInt(/top=0x([0-9a-f]+)/.exec(line!)![1]!, 16);
    writeFileSync(path.join(out, 'heap.txt'), `${DRIVER} emulator, ${model.title}: ${line}\n`);
    // The game asks for no extra memory (PARAM.SFO MEMSIZE=0), so every
    // model gives it the PSP-1000's 24 MB user partition: a heap beyond it
    // means the EBOOT asked for more, and this run would not show whether
    // the game fits a real PSP-1000 (docs/performance.md).
    expect(top, `the heap ends at 0x${top.toString(16)}, beyond the 24 MB user partition of a PSP-1000`).toBeLessThanOrEqual(PSP1000_USER_END);
    // The VM's own limit must still fit whole after the start, on the
    // smallest PSP too (docs/performance.md).
    expect(largest, `${line}: the game would not fit this PSP's memory`).toBeGreaterThan(VM_LIMIT);
  });

  it.runIf(model.full).each(FAILURES.map(([name], k) => [name, k] as const))('%s: shows the error screen and START moves on', (name, k) => {
    const start = run.printed.findIndex((l) => l.startsWith(`RS failure ${k} ${name} `));
    expect(start, `${name} never ran`).toBeGreaterThanOrEqual(0);
    const got = run.picture(`failure-${k}`);
    expect(got, `no picture failure-${k} in ${listing(run)}`).not.toBeNull();
    const want = headlessErrorScreen(name);
    const base = name.replace(/\.js$/, '');
    copyFileSync(got!, path.join(out, `error-${base}-psp.png`));
    copyFileSync(want, path.join(out, `error-${base}-headless.png`));
    // Row 31 holds "... N more lines" for a long backtrace, whose length
    // depends on each machine's C stack per JavaScript call: left out.
    const { channel, differing } = limits(run.renderer);
    const c = compare(readPng(got!), readPng(want), path.join(out, `error-${base}-diff.png`), channel, [[0, 248], [256, 272]]);
    expect(c.differing, `error screen of ${name}: ${c.differing} differing pixels`).toBeLessThanOrEqual(differing);
    const next = k + 1 < FAILURES.length ? `RS failure ${k + 1} ` : 'RS home ';
    expect(run.printed.slice(start + 1).some((l) => l.startsWith(next)), `START did not leave ${name}'s error screen`).toBe(true);
  });

  it.runIf(model.full)('clears both frame buffers before the display goes on', () => {
    // Counted in what the GE reads back (native/psp/psp_video.c): a hardware
    // renderer never writes its pictures to emulated VRAM otherwise.
    expect(run.printed).toContain('RS vram unlike=0');
  });

  it('shows the splash within a quarter second, before the first script loads', () => {
    const at = run.printed.findIndex((l) => l.startsWith('RS splash '));
    expect(at, 'no splash line').toBeGreaterThanOrEqual(0);
    expect(Number(/us=(\d+)/.exec(run.printed[at]!)![1])).toBeLessThan(250_000);
    expect(at).toBeLessThan(run.printed.findIndex((l) => l.startsWith('RS load ')));
  });

  it.runIf(model.full)('saves to the Memory Stick with the folder the Saved Data Utility lists', () => {
    const line = run.printed.find((l) => l.startsWith('RS savedata '));
    expect(line).toBeDefined();
    const icon = readFileSync(path.join(ROOT, 'assets/build/ICON0.PNG')).length;
    expect(line).toMatch(new RegExp(`^RS savedata path=ms0:/PSP/SAVEDATA/RATS00001SETTINGS/save.json saved=1 roundtrip=1 sfo=\\d+ icon=${icon}$`));
    const hex = run.printed.filter((l) => l.startsWith('RS sfo ')).map((l) => l.split(' ')[3]).join('');
    const sfo = readPsf(Buffer.from(hex, 'hex'));
    expect([...sfo.keys()], 'PSF keys must be sorted').toEqual([...sfo.keys()].sort());
    expect(sfo.get('CATEGORY')).toBe('MS');
    expect(sfo.get('TITLE')).toBe('Egyptian Ratscrew');
    expect(sfo.get('SAVEDATA_DIRECTORY')).toBe('RATS00001SETTINGS');
    expect(String(sfo.get('SAVEDATA_TITLE')).length).toBeGreaterThan(0);
    expect((sfo.get('SAVEDATA_PARAMS') as Buffer).length).toBe(128);
  });

  it.runIf(model.full)('HOME ends the game within its bound even while a frame never returns', () => {
    const home = run.printed.findIndex((l) => l.startsWith('RS home '));
    expect(home, 'the HOME stage never ran').toBeGreaterThanOrEqual(0);
    const after = run.printed.slice(home + 1);
    // The game thread was stuck in the frame: the exit callback's own bound
    // ended the game, not the loop getting back to main().
    expect(after.some((l) => /^psp: HOME: the game did not stop within 1000 ms; ending it$/.test(l))).toBe(true);
    expect(after).not.toContain('RS exit');
    expect(run.log.slice(run.log.indexOf('RS home '))).toMatch(/sceKernelExitGame/);
  });
});
