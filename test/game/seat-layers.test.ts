// A seat's drawing is cached in two layers (src/view/table-view.ts): the
// seat, and inside it the stack and plate with the name, which a changed
// card count alone leaves as they were. Whatever changes at a seat, the
// table a view draws from its caches is the one a new view draws from
// nothing: a count up or down within a stack's thickness and across it, a
// stack emptied, a player barred with cards left and back, a seat shaking.
import { beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_CODE } from '../../src/assets/font';
import { newCues } from '../../src/app/cues';
import { stringsFor } from '../../src/app/i18n';
import { startTable } from '../../src/app/table';
import { COMMAND_INTS, MAX_COMMANDS } from '../../src/contract';
import { defaultOptions, newGame } from '../../src/rules';
import type { GameState } from '../../src/rules/types';
import { beginFrame, bindCommands, commandCount } from '../../src/view/drawlist';
import { newLayer } from '../../src/view/layer';
import type { TableDisplay } from '../../src/view/table-display';
import { newTableView, type TableView } from '../../src/view/table-view';
import { setFallbackCode } from '../../src/view/text';

const T0 = 50_000;
const buf = new Int32Array(MAX_COMMANDS * COMMAND_INTS);
const strings = stringsFor('en');

function drawn(view: TableView, display: TableDisplay): number[] {
  beginFrame();
  view.draw(display, strings, T0, '');
  return Array.from(buf.subarray(0, commandCount() * COMMAND_INTS));
}

/** The game with `seat`'s stack cut to `count` cards (the rest onto the last seat's) and its bar set. */
function withSeat(game: GameState, seat: number, count: number, barred: boolean): GameState {
  const stacks = game.stacks.map((s) => s.slice());
  const last = stacks.length - 1;
  const all = stacks[seat]!.concat(stacks[last]!);
  stacks[seat] = all.slice(0, count);
  stacks[last] = all.slice(count);
  return { ...game, stacks, barred: game.barred.map((b, i) => (i === seat ? barred : b)) };
}

describe('seat layers', () => {
  beforeEach(() => {
    setFallbackCode(FALLBACK_CODE);
    bindCommands(buf);
  });

  it.each([4, 6])('a view drawing %i seats from its caches draws what a new view draws', (players) => {
    const dealt = newGame(defaultOptions('classic', players), 7, 0);
    const app = startTable(strings, newCues(), { options: dealt.options, seed: 7, dealer: 0, difficulty: 'master', withHuman: true, aiSeed: 3, dealt }, T0);
    const display = app.show.display;
    const view = newTableView(newLayer());
    const seat = 1;
    // [cards, barred, shaking]: within a thickness, across 12 and 4, empty, barred with cards and back
    const steps: [number, boolean, boolean][] = [
      [14, false, false], [13, false, false], [12, false, false], [9, false, false], [5, false, false], [4, false, false],
      [3, false, false], [3, true, false], [3, false, false], [1, false, false], [0, false, false], [2, false, false],
      [2, false, true], [2, true, true], [2, true, false], [15, true, false], [15, false, false],
    ];
    for (const [count, barred, shaking] of steps) {
      display.game = withSeat(display.game!, seat, count, barred);
      display.shake.active = shaking;
      display.shake.seat = seat;
      display.shake.start = T0 - 100;
      // the game of the frame before stays on screen one frame (the message waits): drawn twice
      drawn(view, display);
      const cached = drawn(view, display);
      expect(cached, `${count} cards${barred ? ', barred' : ''}${shaking ? ', shaking' : ''}`).toEqual(drawn(newTableView(newLayer()), display));
    }
  });
});
