// Menu auto-repeat (src/app/input.ts), counted in frames of the headless
// clock (frame i at floor(i * 1000 / 60) ms): a held direction moves once,
// again at 400 ms, then every 80 ms; plays and slaps never repeat.
import { afterEach, describe, expect, it } from 'vitest';
import { headlessFrameMs } from '../../src/contract';
import { BTN, Driver } from '../support/driver';
import { openOptions } from './helpers';

let d: Driver;
afterEach(() => d?.dispose());

/** Holds `button` for `frames` frames; returns the frame offsets (from the press) at which the cursor moved. */
function holdAndWatch(button: number, frames: number, cursor: () => number): number[] {
  const moves: number[] = [];
  let last = cursor();
  for (let i = 0; i < frames; i++) {
    d.step(button);
    const now = cursor();
    if (now !== last) moves.push(i);
    last = now;
  }
  d.step(0);
  return moves;
}

/** The frames (from a press at frame `start`) at which a press at 0 ms, 400 ms, 480 ms, 560 ms... fall. */
function expectedMoves(start: number, frames: number): number[] {
  const t0 = headlessFrameMs(start);
  const out = [0];
  let due = 400;
  for (let i = 1; i < frames; i++) {
    if (headlessFrameMs(start + i) - t0 >= due) {
      out.push(i);
      due += 80;
    }
  }
  return out;
}

describe('menu auto-repeat', () => {
  it('holding Down in the options moves once, then after ~400 ms every ~80 ms', async () => {
    d = await Driver.create({ seed: 1 });
    d.step(0);
    openOptions(d);
    const start = d.frameIndex;
    const rows = d.debug().optionRows.length;
    const moves = holdAndWatch(BTN.DOWN, 60, () => d.debug().optionCursor);
    expect(moves).toEqual(expectedMoves(start, 60).filter((_, i) => i < rows));
    expect(moves[1]).toBe(24); // 400 ms at 60 frames a second
    expect(moves[2]! - moves[1]!).toBeGreaterThanOrEqual(4);
    expect(moves[2]! - moves[1]!).toBeLessThanOrEqual(5);
    expect(moves.length).toBeGreaterThanOrEqual(9); // 1 s held runs through most of the list
  });

  it('a short hold moves one row only', async () => {
    d = await Driver.create({ seed: 1 });
    d.step(0);
    openOptions(d);
    expect(holdAndWatch(BTN.DOWN, 23, () => d.debug().optionCursor)).toEqual([0]);
  });

  it('a quick press the host saw late (its next frame 500 ms on, the key still down) moves one row only', async () => {
    d = await Driver.create({ seed: 1 });
    d.step(0);
    openOptions(d);
    const before = d.debug().optionCursor;
    d.step(BTN.DOWN);
    d.frameIndex += 30; // a stall: no frame for half a second
    d.step(BTN.DOWN);
    expect(d.debug().optionCursor).toBe(before + 1);
    // Held on through frames that come, it is a hold: it repeats once 400 ms of them (the stall's counted as 50) have passed.
    const moves = holdAndWatch(BTN.DOWN, 30, () => d.debug().optionCursor);
    expect(moves[0]).toBeGreaterThanOrEqual(20);
    expect(moves[0]).toBeLessThanOrEqual(22);
  });

  it('Left/Right repeat on an option value; Cross does not', async () => {
    d = await Driver.create({ seed: 1 });
    d.step(0);
    openOptions(d);
    d.press(BTN.DOWN); // Players
    const players = (): number => Number(d.debug().settings.players);
    const start = d.frameIndex;
    expect(holdAndWatch(BTN.RIGHT, 30, players)).toEqual(expectedMoves(start, 30)); // 0, 400 and 480 ms
    expect(holdAndWatch(BTN.CROSS, 60, players).length).toBe(1);
  });

  it('a held Square plays one card and a held Cross slaps once', async () => {
    d = await Driver.create({ seed: 1 });
    d.step(0);
    d.press(BTN.CROSS); // Play
    d.until((s) => s.table.game.turn === 0 && s.table.game.pendingCollect === null, 20000);
    // Each drop of seat 0's stack is one of its cards played (Square never slaps).
    let plays = 0;
    let stack = d.debug().table.game.stacks[0].length;
    for (let i = 0; i < 120; i++) {
      d.step(BTN.SQUARE);
      const n = d.debug().table.game.stacks[0].length;
      if (n < stack) plays++;
      stack = n;
    }
    expect(plays).toBe(1);
    d.step(0);
    // Held Cross: one slap, so at most one wrong slap's burn.
    let burns = 0;
    let burned = d.debug().table.game.burned.length;
    for (let i = 0; i < 120; i++) {
      d.step(BTN.CROSS);
      const b = d.debug().table.game.burned.length;
      if (b > burned) burns++;
      burned = b;
    }
    expect(burns).toBeLessThanOrEqual(1);
  });
});
