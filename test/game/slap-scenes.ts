// A table at the moment a seat wins a slap or slaps wrongly, its display
// filled in as the app fills it (src/app/table-show.ts), and its frames drawn by the view
// itself: for test/game/slap-moment.test.ts and the screenshots of the
// moment (test/game/screens.ts).
import { stringsFor } from '../../src/app/i18n';
import { newTableDisplay, type TableDisplay } from '../../src/view/table-display';
import { COMMAND_INTS, MAX_COMMANDS } from '../../src/contract';
import { defaultOptions, makeCard, newGame } from '../../src/rules';
import type { GameState } from '../../src/rules/types';
import { beginFrame, bindCommands, commandCount } from '../../src/view/drawlist';
import { newLayer } from '../../src/view/layer';
import { newTableView, type TableView } from '../../src/view/table-view';

/** When the slap happens (host ms). */
export const T = 10_000;

const buf = new Int32Array(MAX_COMMANDS * COMMAND_INTS);

/** Points the draw list at this module's buffer (the view writes there). */
export function bindScratch(): void {
  bindCommands(buf);
}

export type Kind = 'won' | 'wrong';

/** The table as the app shows it the moment `seat` wins a slap (or slaps wrongly, burning `burned` cards). */
export function slapTable(players: number, seat: number, kind: Kind, people: 1 | 2, language: 'en' | 'ru', burned: number): TableDisplay {
  const s = stringsFor(language);
  const t = newTableDisplay();
  const start = newGame(defaultOptions('classic', players), 11, 0);
  const pile = [makeCard(9, 0), makeCard(4, 1), makeCard(13, 2), makeCard(4, 3)];
  const game: GameState = kind === 'won'
    ? { ...start, pile: [] }
    : { ...start, pile, burned: start.stacks[seat]!.slice(0, burned) };
  t.game = game;
  t.names = [];
  for (let i = 0; i < players; i++) t.names.push(i === 0 ? (people === 2 ? s.leftPlayer : s.you) : people === 2 && i === players - 1 ? s.rightPlayer : s.cpuNames[i - 1]!);
  t.human = 0;
  t.marks = people === 2 ? t.names.map((_: string, i: number) => (i === 0 ? '← L' : i === players - 1 ? '□ R' : '')) : [];
  t.can = 3;
  t.hint = s.yourTurn;
  t.toAct = (seat + 1) % players;
  const isYou = people === 1 && seat === 0;
  t.message = kind === 'won' ? s.slapClaim(s.slapRuleNames.sandwich, t.names[seat]!, isYou, 11) : s.wrongSlap(t.names[seat]!, isYou, burned);
  t.messageSeat = seat;
  t.slapHand.active = true;
  t.slapHand.seat = seat;
  t.slapHand.start = T;
  t.slapHand.good = kind === 'won';
  if (kind === 'won') {
    const sw = t.sweep;
    sw.active = true;
    sw.seat = seat;
    sw.start = T;
    pile.forEach((c, i) => (sw.cards[i] = c));
    sw.count = pile.length;
  } else {
    t.shake.active = true;
    t.shake.seat = seat;
    t.shake.start = T;
    if (burned > 0) {
      const b = t.burn;
      b.active = true;
      b.seat = seat;
      b.start = T;
      b.count = burned;
      for (let i = 0; i < burned; i++) b.cards[i] = game.burned[i]!;
    }
  }
  return t;
}

/** Each table's view (src/view/view.ts: a View per app), kept across its frames as the app keeps it. */
const views = new WeakMap<TableDisplay, TableView>();

export function slapFrame(t: TableDisplay, now: number, language: 'en' | 'ru' = 'en'): Int32Array {
  let view = views.get(t);
  if (view === undefined) views.set(t, (view = newTableView(newLayer())));
  beginFrame();
  view.draw(t, stringsFor(language), now, '');
  return buf.slice(0, commandCount() * COMMAND_INTS);
}

