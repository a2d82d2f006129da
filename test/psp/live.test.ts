// The release EBOOT (make psp) played with live buttons in PPSSPP: the real
// controller path (sceCtrlPeekBufferPositive, button edges, the 222 MHz
// clock and the frame loop of native/psp/psp_game.c), not the replay's
// scripted masks. On the native emulator the buttons go in through its
// WebSocket debugger at exact times of the emulated clock; in Chromium by
// emulated frame. What the game did after each press is read from its log:
// the script's "scene" lines and the host's "sound" lines (ids of
// src/assets/sounds.ts), placed by the driver's own "press" lines. The
// Chromium driver writes a press line only after the emulator has run the
// frame that saw it, so a press's effect may come just before its own line:
// the k-th press is given the log from the press before it to the press after.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SOUND } from '../../src/assets/sounds';
import { ROOT } from '../native/headless';
import { compare, readPng } from './pixels';
import { makePsp, missing, printedText, runEboot, type EmulatorRun, type Step } from './ppsspp';

const why = missing();
// On the game's clock after boot: the title is up once the bundle has
// loaded (about 0.3 s at 222 MHz; docs/performance.md).
const STEPS: Step[] = [
  { at_ms: 1500, screenshot: 'title' },
  { at_ms: 1600, press: 'cross', comment: 'Play' },
  { at_ms: 3000, screenshot: 'table' },
  { at_ms: 3100, press: 'square', comment: 'play a card' },
  { at_ms: 4300, press: 'cross', comment: 'slap' },
  { at_ms: 5500, press: 'start', comment: 'the pause menu' },
  { at_ms: 5700, screenshot: 'pause' },
  { at_ms: 5800, press: 'up', comment: 'to End game' },
  { at_ms: 6000, press: 'cross', comment: 'End game: asked once' },
  { at_ms: 6200, screenshot: 'end-question' },
  { at_ms: 6300, press: 'cross', comment: 'yes: the results' },
  { at_ms: 6800, press: 'circle', comment: 'to the title' },
  { at_ms: 7200, press: 'start', comment: 'the quit question' },
  { at_ms: 7400, screenshot: 'quit-question' },
  { at_ms: 7500, press: 'start', comment: 'quit' },
  { at_ms: 8800, screenshot: 'after-quit' },
];

let run: EmulatorRun;
let lines: string[] = [];
/** The index in lines of each press line. */
let presses: number[] = [];

describe.skipIf(why !== null)('the release EBOOT with live buttons in PPSSPP', () => {
  beforeAll(() => {
    makePsp('psp');
    run = runEboot(path.join(ROOT, 'build/psp/EBOOT.PBP'), 'live', STEPS, 20);
    lines = run.log.split('\n');
    presses = lines.flatMap((l, i) => (/\[harness\] press /.test(l) ? [i] : []));
  }, 1_800_000);

  const picture = (name: string): string => {
    const file = run.picture(name);
    if (!file) throw new Error(`no screenshot ${name} in ${run.out}`);
    return file;
  };
  const around = (k: number) => lines.slice(k > 0 ? presses[k - 1]! : 0, k + 1 < presses.length ? presses[k + 1]! : lines.length);
  const printed = (k: number) => around(k).flatMap((l) => {
    const text = printedText(l);
    return text === null ? [] : [text.trim()];
  });
  const sounds = (k: number) => printed(k).filter((l) => l.startsWith('psp: sound ')).map((l) => Number(l.slice(11)));

  it('the harness pressed every button', () => {
    expect(run.status, run.stdout.slice(-2000)).toBe(0);
    expect(presses.length).toBe(STEPS.filter((s) => s.press).length);
  });

  it('Cross on the title starts a game', () => {
    expect(printed(0)).toContain('[script] scene table');
    const c = compare(readPng(picture('title')), readPng(picture('table')), path.join(run.out, 'diff-title-table.png'));
    expect(c.differing).toBeGreaterThan(5000);
  });

  it('Square plays a card and Cross slaps', () => {
    expect(sounds(1)).toContain(SOUND.flip);
    // A slap on a slappable pile sounds "slap"; on any other, "buzz".
    expect(sounds(2).some((id) => id === SOUND.slap || id === SOUND.buzz), `sounds after Cross: ${sounds(2).join(',')}`).toBe(true);
  });

  it('Start pauses; End game asks once, then the results; Circle the title, where Start asks and Start again quits', () => {
    const shot = (name: string) => readPng(picture(name));
    // The question over the pause menu; the quit question over the title.
    expect(compare(shot('end-question'), shot('pause'), path.join(run.out, 'diff-end-pause.png')).differing).toBeGreaterThan(500);
    expect(compare(shot('quit-question'), shot('title'), path.join(run.out, 'diff-question-title.png')).differing).toBeGreaterThan(5000);
    expect(printed(6)).toContain('[script] scene results');
    expect(printed(7)).toContain('[script] scene title');
    const title = lines.findIndex((l) => l.endsWith('[script] scene title'));
    expect(title, 'back on the title after the results').toBeGreaterThan(presses[6]!);
    const quit = lines.findIndex((l) => l.endsWith('psp: the game asked to quit'));
    // The title's first Start only asked: the game quit on the second.
    expect(quit, 'the game quit on the first Start of the title').toBeGreaterThan(presses[8]!);
    expect(lines.slice(quit).join('\n')).toMatch(/sceKernelExitGame/);
    expect(run.log).not.toContain('psp: HOME:');
  });

  it('shows the splash within a quarter second of main, before the title', () => {
    const at = (what: string) => {
      const line = run.printed.find((l) => l.startsWith(`psp: ${what} shown `));
      expect(line, `no "${what}" line`).toBeDefined();
      return Number(/ (\d+) us after main$/.exec(line!)![1]);
    };
    const splash = at('splash');
    const first = at('first frame');
    expect(splash).toBeLessThan(250_000);
    expect(first).toBeGreaterThan(splash);
    console.log(`release EBOOT at 222 MHz: splash ${(splash / 1000).toFixed(0)} ms, title ${(first / 1000).toFixed(0)} ms after main`);
  });
});
