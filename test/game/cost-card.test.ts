// A wrong slap's cost, shown at the slapper's seat in a red frame and then
// flying face down to the payee's stack (or under the pile), never lies on
// the slapper's name plate: whoever slapped stays readable while it shows
// (the screenshots' review: the paid card covered "You" as it rose). Every
// seat of every table size, one card or two, paid to every other seat or
// burned, over the whole animation; the frames are the view's own draw
// commands (src/view/table-view.ts drawBurn).
import { beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_CODE } from '../../src/assets/font';
import { COMMAND_INTS, OP_RECT, OP_SPRITE } from '../../src/contract';
import * as C from '../../src/view/colours';
import { PLATE_H, PLATE_W, plateX, plateY } from '../../src/view/seats';
import { BURN_FLY_MS, BURN_SHOW_MS } from '../../src/view/table-view';
import { setFallbackCode } from '../../src/view/text';
import { T, bindScratch, slapFrame, slapTable } from './slap-scenes';
import { commandBox, overlaps, type Box } from '../support/boxes';

beforeEach(() => {
  setFallbackCode(FALLBACK_CODE);
  bindScratch();
});

/**
 * The slapper's plate as it may show while it pays: blinking red 2 px
 * around it and shaking up to 4 px sideways (table-view.ts drawFlash).
 */
function plateArea(players: number, seat: number): Box {
  return { x: plateX(players, seat) - (PLATE_W >> 1) - 6, y: plateY(players, seat) - (PLATE_H >> 1) - 2, w: PLATE_W + 12, h: PLATE_H + 4 };
}

/** The frame's last `n` commands: with no hand over the table and no message line drawn again over it, the cost is drawn last. */
function last(cmds: Int32Array, n: number): { op: number; box: Box; tint: number }[] {
  const out = [];
  const count = cmds.length / COMMAND_INTS;
  for (let i = count - n; i < count; i++) {
    const o = i * COMMAND_INTS;
    out.push({ op: cmds[o]!, box: commandBox(cmds, i), tint: cmds[o + 7]! });
  }
  return out;
}

/** "ms: box" for each frame in which a cost card or its frame lies on the slapper's plate. */
function onPlate(players: number, seat: number, count: number, to: number): string[] {
  const t = slapTable(players, seat, 'wrong', 1, 'en', count);
  // The hand over the pile and the message line over a card crossing it are drawn after the cost: off, so the cost is the frame's tail.
  t.slapHand.active = false;
  t.message = '';
  t.burn.to = to;
  const plate = plateArea(players, seat);
  const problems: string[] = [];
  slapFrame(t, T - 17);
  for (let now = T; now < T + BURN_SHOW_MS + BURN_FLY_MS; now += 8) {
    const showing = now - T < BURN_SHOW_MS;
    const drawn = last(slapFrame(t, now), showing ? 2 * count : count);
    // What the tail must be: a red frame and a card face per card while shown, a card back per card in flight.
    drawn.forEach((d, i) => {
      const frame = showing && i % 2 === 0;
      expect(d.op, `${now - T} ms, command ${i}`).toBe(frame ? OP_RECT : OP_SPRITE);
      if (frame) expect(d.tint).toBe(C.RED);
    });
    for (const d of drawn) if (overlaps(d.box, plate)) problems.push(`${now - T} ms: ${JSON.stringify(d.box)} on ${JSON.stringify(plate)}`);
  }
  return problems;
}

const CASES: [number, number, number][] = [];
for (let players = 2; players <= 6; players++) for (let seat = 0; seat < players; seat++) for (const count of [1, 2]) CASES.push([players, seat, count]);

describe("a wrong slap's cost never lies on the slapper's plate", () => {
  it.each(CASES)('%i players, seat %i pays %i card(s): to each other seat, or burned under the pile', (players, seat, count) => {
    for (let to = -1; to < players; to++) {
      if (to === seat) continue;
      expect(onPlate(players, seat, count, to), to < 0 ? 'burned' : `paid to seat ${to}`).toEqual([]);
    }
  });
});
