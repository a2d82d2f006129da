// No pixel from the flying card (issue 32, item 6): a played card flies face
// down and nobody may learn its face before it lands (docs/ai.md, "One
// clock"). Two games identical but for the face of the card in flight must
// draw the same frames, and ask for the same sounds, until it lands: with
// nothing else happening, with a slap made during the flight, and after a
// person wins a pile with a slap and plays at once; at 2 to 6 players, in
// the classic and the Russian game. The app's own table, its display and the
// view's drawing run here in Node, as src/app/app.ts runs them (a frame that
// takes a pile shows the picture before it, src/app/app.ts drawApp).
import { beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_CODE } from '../../src/assets/font';
import { newCues, type Cues } from '../../src/app/cues';
import { stringsFor } from '../../src/app/i18n';
import { shownTime, startTable, stepTable, type AppTable } from '../../src/app/table';
import { BTN_CROSS, BTN_SQUARE, COMMAND_INTS, MAX_COMMANDS } from '../../src/contract';
import { defaultOptions, makeCard, newGame } from '../../src/rules';
import type { Card, GameState, RuleSet } from '../../src/rules/types';
import { LAND_MS } from '../../src/table/table';
import { beginFrame, bindCommands, commandCount } from '../../src/view/drawlist';
import { newLayer } from '../../src/view/layer';
import { newTableView, type TableView } from '../../src/view/table-view';
import { setFallbackCode } from '../../src/view/text';

const T0 = 50_000;
const frameAt = (i: number): number => T0 + Math.floor((i * 1000) / 60);
const buf = new Int32Array(MAX_COMMANDS * COMMAND_INTS);

/** Where each test game's cards start: the same deal, the card `top` first in seat 0's stack and `other` last in the last seat's. */
function deal(ruleSet: RuleSet, players: number, top: Card, other: Card, pile: Card[]): GameState {
  const g = newGame(defaultOptions(ruleSet, players), 7, 0);
  const away = new Set([top, other, ...pile]);
  const stacks = g.stacks.map((s) => s.filter((c) => !away.has(c)));
  stacks[0] = [top, ...stacks[0]!];
  stacks[players - 1] = [...stacks[players - 1]!, other];
  return { ...g, stacks, pile, turn: 0, lastPlayer: pile.length > 0 ? 1 : null };
}

interface Run {
  app: AppTable;
  cues: Cues;
  view: TableView;
  /** Each frame's draw list and its sounds, as the host would get them. */
  frames: string[];
}

function run(game: GameState, presses: Record<number, number>, frames: number): Run {
  const strings = stringsFor('en');
  const cues = newCues();
  const app = startTable(strings, cues, { options: game.options, seed: 7, dealer: 0, difficulty: 'master', withHuman: true, aiSeed: 3, dealt: game }, frameAt(0));
  const view = newTableView(newLayer());
  const r: Run = { app, cues, view, frames: [] };
  let last = '';
  for (let i = 1; i <= frames; i++) {
    cues.count = 0;
    const now = frameAt(i);
    stepTable(app, now, presses[i] ?? 0);
    const sounds = cues.names.slice(0, cues.count).join(',');
    if (app.pictureWaits) {
      // The frame that took a pile shows the picture before it (src/app/app.ts drawApp).
      app.pictureWaits = false;
      r.frames.push(last + ' | ' + sounds);
      continue;
    }
    beginFrame();
    view.draw(app.show.display, strings, shownTime(app, now), '');
    last = Array.from(buf.subarray(0, commandCount() * COMMAND_INTS)).join(',');
    r.frames.push(last + ' | ' + sounds);
  }
  return r;
}

/** The frames from the one in which the card is played to the last before it lands (index i is frame i + 1). */
function inFlight(playFrame: number): number[] {
  const lands = frameAt(playFrame) + LAND_MS;
  const out: number[] = [];
  for (let i = playFrame; frameAt(i) < lands; i++) out.push(i);
  return out;
}

/** The first frame at which the two runs differ, or -1. */
function firstDifference(a: Run, b: Run, frames: number[]): number {
  for (const f of frames) if (a.frames[f - 1] !== b.frames[f - 1]) return f;
  return -1;
}

const FIVE = makeCard(5, 0);
const KING = makeCard(13, 3);

describe('no pixel from the flying card', () => {
  beforeEach(() => {
    setFallbackCode(FALLBACK_CODE);
    bindCommands(buf);
  });

  for (let players = 2; players <= 6; players++) {
    it(`classic, ${players} players: a five and a king in flight look the same until they land`, () => {
      const play = 3;
      const a = run(deal('classic', players, FIVE, KING, []), { [play]: BTN_SQUARE }, 30);
      const b = run(deal('classic', players, KING, FIVE, []), { [play]: BTN_SQUARE }, 30);
      const flight = inFlight(play);
      expect(firstDifference(a, b, flight)).toBe(-1);
      // Landed, the king starts a challenge: the table shows it.
      expect(firstDifference(a, b, [flight[flight.length - 1]! + 1])).not.toBe(-1);
    });

    it(`classic, ${players} players: a slap during the flight shows nothing of the card`, () => {
      const play = 3;
      const presses = { [play]: BTN_SQUARE, [play + 4]: BTN_CROSS };
      const a = run(deal('classic', players, FIVE, KING, []), presses, 30);
      const b = run(deal('classic', players, KING, FIVE, []), presses, 30);
      expect(firstDifference(a, b, inFlight(play))).toBe(-1);
    });

    it(`classic, ${players} players: a slap during the flight, when one card would make a pair and the other not`, () => {
      const play = 3;
      const presses = { [play]: BTN_SQUARE, [play + 3]: BTN_CROSS };
      const five = [makeCard(5, 2)];
      const a = run(deal('classic', players, FIVE, KING, five), presses, 30);
      const b = run(deal('classic', players, KING, FIVE, five), presses, 30);
      expect(firstDifference(a, b, inFlight(play))).toBe(-1);
    });

    it(`classic, ${players} players: a pile won by a slap, then a card played at once`, () => {
      // The pair lies there from the first frame: a slap 116 ms in is past the false-start floor (src/rules/slaps.ts).
      const slap = 7;
      const pair = [makeCard(9, 1), makeCard(7, 2), makeCard(7, 1)];
      for (const play of [slap, slap + 1, slap + 2]) {
        const presses = play === slap ? { [slap]: BTN_CROSS | BTN_SQUARE } : { [slap]: BTN_CROSS, [play]: BTN_SQUARE };
        const a = run(deal('classic', players, FIVE, KING, pair), presses, 30);
        const b = run(deal('classic', players, KING, FIVE, pair), presses, 30);
        expect(a.app.table.game.pile).toEqual([FIVE]);
        expect(firstDifference(a, b, inFlight(play)), `played ${play - slap} frames after the slap`).toBe(-1);
      }
    });

    it(`Russian, ${players} players: a lower and a higher card in flight look the same until they land`, () => {
      const play = 3;
      const seven = [makeCard(7, 2)];
      const a = run(deal('russian', players, FIVE, KING, seven), { [play]: BTN_SQUARE }, 30);
      const b = run(deal('russian', players, KING, FIVE, seven), { [play]: BTN_SQUARE }, 30);
      expect(firstDifference(a, b, inFlight(play))).toBe(-1);
    });
  }
});
