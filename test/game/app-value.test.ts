// The App and the View are values (issue 22): everything a running game
// holds between frames, button edges included, is the App's, and everything
// the view remembers of what it drew is the View's. So two apps, each with
// its own View, run frame by frame in turn in one module instance draw
// exactly what each draws alone, and a new App with a new View starts afresh
// (its first frame sends the music again). Driven through src/ directly.
import { describe, expect, it } from 'vitest';
import { FALLBACK_CODE } from '../../src/assets/font';
import { appFrame, drawApp, startApp, type App } from '../../src/app/app';
import { BTN_CROSS, BTN_DOWN, BTN_SQUARE, COMMAND_INTS, DEFAULT_CAPABILITIES, MAX_COMMANDS, OP_MUSIC, frameHash, headlessFrameMs, type Host } from '../../src/contract';
import { bindCommands } from '../../src/view/drawlist';
import { setFallbackCode } from '../../src/view/text';
import { newView, type View } from '../../src/view/view';
import { NO_NETWORK } from '../support/no-network';

const commands = new Int32Array(MAX_COMMANDS * COMMAND_INTS);
bindCommands(commands);
setFallbackCode(FALLBACK_CODE);

function host(seed: number): Host {
  return { seed, caps: DEFAULT_CAPABILITIES, load: () => null, save: () => true, log: () => {}, problem: () => null, keepDamaged: () => false, ...NO_NETWORK };
}

/**
 * The buttons of frame i for a player who goes to Options and back, starts
 * a game and plays it with Square (a press every few frames), so the run
 * has menus, a deal, flights, claims and messages.
 */
function buttons(i: number, seed: number): number {
  if (i === 10 || i === 14) return BTN_DOWN;
  if (i === 20 || i === 40) return BTN_CROSS; // Options, then Cross changes its first row
  if (i === 50) return 0x2000; // Circle: back to the title
  if (i === 60 || i === 64) return 0x0010; // Up, Up: Play
  if (i === 70) return BTN_CROSS;
  return i > 80 && i % (5 + (seed % 3)) === 0 ? BTN_SQUARE : 0;
}

interface Run {
  readonly app: App;
  readonly view: View;
  readonly seed: number;
  readonly hashes: string[];
  readonly music: boolean[];
}

function start(seed: number): Run {
  return { app: startApp(host(seed)), view: newView(), seed, hashes: [], music: [] };
}

function step(r: Run, i: number): void {
  appFrame(r.app, headlessFrameMs(i), buttons(i, r.seed));
  const n = drawApp(r.app, r.view, headlessFrameMs(i));
  r.hashes.push(frameHash(commands, n).toString(16).padStart(8, '0'));
  let music = false;
  for (let c = 0; c < n; c++) if (commands[c * COMMAND_INTS] === OP_MUSIC) music = true;
  r.music.push(music);
}

const FRAMES = 1500;

describe('the App and the View are values', () => {
  it('two apps, each with its View, run frame by frame in turn, draw what each draws alone', () => {
    const aloneA = start(1);
    for (let i = 0; i < FRAMES; i++) step(aloneA, i);
    const aloneB = start(2);
    for (let i = 0; i < FRAMES; i++) step(aloneB, i);
    expect(aloneA.app.scene.kind).toBe('table');
    expect(aloneB.app.scene.kind).toBe('table');
    expect(aloneA.hashes).not.toEqual(aloneB.hashes);

    const a = start(1);
    const b = start(2);
    for (let i = 0; i < FRAMES; i++) {
      step(a, i);
      step(b, i);
    }
    expect(a.hashes).toEqual(aloneA.hashes);
    expect(b.hashes).toEqual(aloneB.hashes);
  });

  it('a new App and View start afresh: the first frame sends the music, as the first app did', () => {
    const first = start(3);
    for (let i = 0; i < 30; i++) step(first, i);
    const second = start(3);
    for (let i = 0; i < 30; i++) step(second, i);
    expect(first.music[0]).toBe(true);
    expect(second.music[0]).toBe(true);
    expect(second.hashes).toEqual(first.hashes);
  });
});
