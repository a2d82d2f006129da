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
// Two runs of the same EBOOT: the PSP-2000/3000 model (64 MB) with all of
// the above, and the PSP-1000 (32 MB) with the replays, the sleep, the heap
// and the pixel check. PPSSPP's renderer: the first run sets the core option
// for software rendering, the second asks for the hardware renderer
// (ppsspp_software_rendering=disabled, ppsspp_backend=opengl); each run
// reports the renderer the core took (docs/native.md, "The PSP checks").
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOOP_FOREVER, RECURSE_FOREVER, THROW_IN_FRAME } from '../native/bundles';
import { buildNative, HEADLESS, readHashes, readScript, ROOT, runHeadless } from '../native/headless';
import { SIG_SUSPEND, SOUND } from '../../src/contract';
import { compare, MAX_DIFFERING, readPng } from './pixels';
import { readPsf } from './psf';
import { frameAt, makePsp, missing, OUTPUT, runEboot, type EmulatorRun, type Step } from './ppsspp';

// Both full games, the Russian interface, two people on one PSP each
// winning slaps (test/game/two-players-script.test.ts records it), the
// sleep, and issue 20's moments: the quit question, a slap won and a wrong
// slap at the bottom seat, the pause closed through the 3-2-1, the
// out-of-the-game prompt, End game's question (test/game/moments-script.test.ts).
// The celebration is in full-game-russian.json and two-players.json.
const SCRIPTS = ['full-game-classic.json', 'full-game-russian.json', 'russian-ui.json', 'two-players.json', 'sleep.json', 'moments.json'];
const SLEEP = SCRIPTS.indexOf('sleep.json');
/** REPLAY_WAKE_AFTER and REPLAY_SLEEP_MS of native/psp/replay.c. */
const WAKE_AFTER = 2;
const SLEEP_MS = 5000;
const FAILURES: [string, string][] = [
  ['throw-in-frame.js', THROW_IN_FRAME],
  ['recurse-forever.js', RECURSE_FOREVER],
  ['loop-forever.js', LOOP_FOREVER],
];
/** On the PSP's clock: when the shot gallery starts (after the replay, which
 * took about 9 s at 222 MHz before moments.json's 2,108 frames), how long each shot stays up, and each
 * failure bundle's slot (the never-returning one needs the 2 s deadline). */
const GALLERY_AT_MS = 14000;
const SHOT_MS = 1500;
const FAILURE_MS = 3500;
const MHZ = 222;

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
  options: Record<string, string>;
  /** The failure bundles, HOME, VRAM and the save run too (the first model only). */
  full: boolean;
}

const MODELS: Model[] = [
  {
    name: 'replay',
    title: 'PSP-2000/3000, software rendering',
    options: { ppsspp_psp_model: 'psp_2000_3000', ppsspp_software_rendering: 'enabled' },
    full: true,
  },
  {
    name: 'replay-psp1000',
    title: 'PSP-1000, the hardware renderer asked for',
    options: { ppsspp_psp_model: 'psp_1000', ppsspp_software_rendering: 'disabled', ppsspp_backend: 'opengl' },
    full: false,
  },
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

function steps(full: boolean): Step[] {
  const list: Step[] = shotList.map((s, k) => ({
    at_frame: frameAt(GALLERY_AT_MS + k * SHOT_MS + SHOT_MS / 2),
    screenshot: `shot-${k}`,
  }));
  if (!full) return list;
  FAILURES.forEach(([name], k) => {
    list.push({ at_frame: frameAt(failureSlot(k) + 2600), screenshot: `failure-${k}`, comment: name });
    list.push({ at_frame: frameAt(failureSlot(k) + 2900), press: 'start', comment: `leave ${name}'s error screen` });
  });
  // Keeps the run going past HOME and its one-second bound.
  list.push({ at_frame: frameAt(failureSlot(FAILURES.length) + 2500), screenshot: 'after-home' });
  return list;
}

/** The renderer the core took, from its log ("Using Software backend"). */
export function backend(log: string): string {
  return /Using (\w+) backend/.exec(log)?.[1] ?? 'unknown';
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
    // The first model runs to HOME's end; the second stops after the gallery.
    const seconds = model.full ? 30 : (GALLERY_AT_MS + shotList.length * SHOT_MS) / 1000 + 1;
    run = runEboot(EBOOT, model.name, steps(model.full), seconds, model.options);
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
    const report: string[] = [`renderer: ${backend(run.log)} (core options ${JSON.stringify(model.options)})`];
    // This core build cannot make a hardware context: both settings run
    // PPSSPP's software GPU. Should that change, the thresholds below were
    // never measured for the hardware renderer: measure them first.
    expect(backend(run.log), 'a new renderer: measure CHANNEL_TOLERANCE and MAX_DIFFERING for it (test/psp/pixels.ts)').toBe('Software');
    shotList.forEach((shot, k) => {
      const got = path.join(run.out, `shot-${k}.png`);
      expect(existsSync(got), `no screenshot ${got}`).toBe(true);
      const name = shot.script < 0 ? 'splash' : `${path.basename(SCRIPTS[shot.script]!, '.json')}-${shot.frame}`;
      copyFileSync(shot.png, path.join(out, `${name}-headless.png`));
      copyFileSync(got, path.join(out, `${name}-psp.png`));
      const c = compare(readPng(got), readPng(shot.png), path.join(out, `${name}-diff.png`));
      report.push(`${name}: ${c.differing} differing pixels, largest channel difference ${c.maxChannel}`);
      if (c.differing > MAX_DIFFERING) {
        // Say which shot the emulator showed, in case the gallery's timing moved.
        const best = shotList.map((o, j) => [j, compare(readPng(got), readPng(o.png), path.join(run.out, 'tmp-diff.png')).differing] as const)
          .sort((a, b) => a[1] - b[1])[0]!;
        report.push(`  (closest headless shot: #${best[0]} with ${best[1]} differing pixels)`);
      }
    });
    writeFileSync(path.join(out, 'pixels.txt'), report.join('\n') + '\n');
    for (const line of report) expect(line, report.join('\n')).not.toMatch(/closest/);
  });

  it('leaves the C library a heap that fits the model, and says how much is free', () => {
    const line = run.printed.find((l) => l.startsWith('RS heap '));
    expect(line).toMatch(/^RS heap largest=\d+ after=\d+ kernel_free=\d+$/);
    const largest = Number(/largest=(\d+)/.exec(line!)![1]);
    writeFileSync(path.join(out, 'heap.txt'), `${model.title}: ${line}\n`);
    // The VM's own limit (8 MiB, VM_DEFAULT_MEMORY_LIMIT) must still fit
    // whole after the start, on the smallest PSP too (docs/performance.md).
    expect(largest).toBeGreaterThan(8 * 1024 * 1024);
  });

  it.runIf(model.full).each(FAILURES.map(([name], k) => [name, k] as const))('%s: shows the error screen and START moves on', (name, k) => {
    const start = run.printed.findIndex((l) => l.startsWith(`RS failure ${k} ${name} `));
    expect(start, `${name} never ran`).toBeGreaterThanOrEqual(0);
    const got = path.join(run.out, `failure-${k}.png`);
    const want = headlessErrorScreen(name);
    const base = name.replace(/\.js$/, '');
    copyFileSync(got, path.join(out, `error-${base}-psp.png`));
    copyFileSync(want, path.join(out, `error-${base}-headless.png`));
    // Row 31 holds "... N more lines" for a long backtrace, whose length
    // depends on each machine's C stack per JavaScript call: left out.
    const c = compare(readPng(got), readPng(want), path.join(out, `error-${base}-diff.png`), [[0, 248], [256, 272]]);
    expect(c.differing, `error screen of ${name}: ${c.differing} differing pixels`).toBeLessThanOrEqual(MAX_DIFFERING);
    const next = k + 1 < FAILURES.length ? `RS failure ${k + 1} ` : 'RS home ';
    expect(run.printed.slice(start + 1).some((l) => l.startsWith(next)), `START did not leave ${name}'s error screen`).toBe(true);
  });

  it.runIf(model.full)('clears both frame buffers before the display goes on', () => {
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
