// The slap's moment, readable (issue 20): the message of a won or wrong slap
// is never covered by anything drawn after it (the slapping hand, the pile
// sliding to the winner, the burned cards flying, the turn arrow) nor lies
// on a seat, whichever seat slaps, at every table size, with one person or
// two, in both languages. The frames are the view's own (src/view), drawn
// from a TableDisplay as the app fills it, over the whole animation.
import { beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_CODE, FONT_SMALL } from '../../src/assets/font';
import type { TableDisplay } from '../../src/view/table-display';
import { COMMAND_INTS, OP_RECT, OP_SPRITE } from '../../src/contract';
import { PLATE_H, PLATE_W, STACK_H, STACK_W, plateX, plateY, stackX, stackY } from '../../src/view/seats';
import { BURN_FLY_MS, BURN_SHOW_MS, HAND_MS, SWEEP_MS } from '../../src/view/table-view';
import { ALIGN_LEFT, layout, setFallbackCode } from '../../src/view/text';
import { T, bindScratch, slapFrame as frame, slapTable as tableAt } from './slap-scenes';
import { stringsFor } from '../../src/app/i18n';
import { commandBox as boxOf, overlaps, type Box } from '../support/boxes';

const WHITE = 0xffffffff | 0;

beforeEach(() => {
  setFallbackCode(FALLBACK_CODE);
  bindScratch();
});

/**
 * Where the message's glyphs are in the frame: the last run of sprites that
 * are its glyphs in order (the same glyphs whatever the place and wrapping;
 * only their positions differ). null when the frame does not show it.
 */
function messageGlyphs(cmds: Int32Array, message: string): { end: number; boxes: Box[] } | null {
  const want = layout(FONT_SMALL, message, 0, 0, ALIGN_LEFT, WHITE, 0).cmds;
  const n = want.length / COMMAND_INTS;
  const count = cmds.length / COMMAND_INTS;
  let found = -1;
  for (let i = 0; i + n <= count; i++) {
    let k = 0;
    for (; k < n; k++) {
      const a = (i + k) * COMMAND_INTS;
      const b = k * COMMAND_INTS;
      if (cmds[a] !== want[b] || cmds[a + 3] !== want[b + 3] || cmds[a + 4] !== want[b + 4] || cmds[a + 5] !== want[b + 5] || cmds[a + 6] !== want[b + 6] || cmds[a + 7] !== want[b + 7]) break;
    }
    if (k === n) found = i;
  }
  if (found < 0) return null;
  const boxes: Box[] = [];
  for (let k = 0; k < n; k++) boxes.push(boxOf(cmds, found + k));
  return { end: found + n, boxes };
}

/** Every seat's plate and stack. */
function seatBoxes(players: number): Box[] {
  const boxes: Box[] = [];
  for (let seat = 0; seat < players; seat++) {
    boxes.push({ x: plateX(players, seat) - (PLATE_W >> 1), y: plateY(players, seat) - (PLATE_H >> 1), w: PLATE_W, h: PLATE_H });
    boxes.push({ x: stackX(players, seat), y: stackY(players, seat), w: STACK_W, h: STACK_H });
  }
  return boxes;
}

/** What covers the message over the whole moment: "frame ms: command i" for each sprite or rectangle drawn over a glyph, or a seat under it. */
function covered(t: TableDisplay, players: number): string[] {
  const problems: string[] = [];
  const seats = seatBoxes(players);
  // The frame before: the line is laid out the frame after the game changed (src/view/table-view.ts).
  frame(t, T - 17);
  let seen = 0;
  for (let now = T; now <= T + Math.max(HAND_MS, 180 + SWEEP_MS, BURN_SHOW_MS + BURN_FLY_MS) + 100; now += 16) {
    const cmds = frame(t, now);
    const text = messageGlyphs(cmds, t.message);
    if (text === null) continue;
    seen++;
    const count = cmds.length / COMMAND_INTS;
    for (let i = text.end; i < count; i++) {
      const op = cmds[i * COMMAND_INTS];
      if (op !== OP_SPRITE && op !== OP_RECT) continue;
      const over = boxOf(cmds, i);
      if (text.boxes.some((g) => overlaps(g, over))) problems.push(`${now - T} ms: command ${i} at ${JSON.stringify(over)}`);
    }
    for (const s of seats) if (text.boxes.some((g) => overlaps(g, s))) problems.push(`${now - T} ms: on a seat at ${JSON.stringify(s)}`);
  }
  if (seen === 0) problems.push('the message never showed');
  return problems;
}

const CASES: [number, number, 1 | 2][] = [];
for (let players = 2; players <= 6; players++) for (let seat = 0; seat < players; seat++) for (const people of [1, 2] as const) CASES.push([players, seat, people]);

describe('the message of a slap is never covered', () => {
  it.each(CASES)('%i players, seat %i wins the slap, %i people', (players, seat, people) => {
    for (const language of ['en', 'ru'] as const) expect(covered(tableAt(players, seat, 'won', people, language, 0), players), language).toEqual([]);
  });

  it.each(CASES)('%i players, seat %i slaps wrongly, %i people', (players, seat, people) => {
    for (const language of ['en', 'ru'] as const)
      for (const burned of [0, 1, 2]) expect(covered(tableAt(players, seat, 'wrong', people, language, burned), players), `${language}, ${burned} burned`).toEqual([]);
  });

  // The default wrong slap pays its card across the table to the seat whose card was slapped: from a top
  // seat to the bottom one it crossed the centred line (3-4 frames).
  it.each(CASES)('%i players, seat %i slaps wrongly and pays each other seat, %i people', (players, seat, people) => {
    for (const language of ['en', 'ru'] as const)
      for (const paid of [1, 2])
        for (let to = 0; to < players; to++) {
          if (to === seat) continue;
          const t = tableAt(players, seat, 'wrong', people, language, paid);
          t.burn.to = to;
          expect(covered(t, players), `${language}, ${paid} paid to seat ${to}`).toEqual([]);
        }
  });
});

// Issue 32: the hand came up from the bottom seat over a line about another
// seat (a slap in a card's flight, under the line from before the play:
// "У Даши оста[hand]сь 2 попытки"; a late slap beside who took the pile).
describe('the bottom seat\'s hand never covers a line about another seat', () => {
  const OTHERS: [number, number, 1 | 2][] = [];
  for (let players = 2; players <= 6; players++) for (let about = 1; about < players; about++) for (const people of [1, 2] as const) OTHERS.push([players, about, people]);
  it.each(OTHERS)('%i players, the line about seat %i, %i people', (players, about, people) => {
    for (const language of ['en', 'ru'] as const) {
      const s = stringsFor(language);
      for (const kind of ['won', 'wrong'] as const) {
        const t = tableAt(players, 0, kind, people, language, 0);
        t.message = s.chancesLeft(t.names[about]!, false, 2);
        t.messageSeat = about;
        expect(covered(t, players), `${language}, ${kind}`).toEqual([]);
      }
    }
  });
});
