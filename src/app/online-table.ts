// The online twin of the app's table (src/app/table.ts): one game of an
// online room, as this player sees it. The server runs the game (server/
// net-table.ts); its messages come in through the room (src/app/room.ts)
// to the script's online table (src/net/client.ts), and this turns what
// it showed into the table's display (src/view/table-display.ts) through
// the same table-show.ts as a game at one device: a card leaves a seat
// face down when its `fly` comes and turns as it lands once its face has
// come with the server's step (the same frame on which src/net/client.ts
// starts the player's clock on it); each step's events show as they come.
// The player sits at the bottom: every seat is turned by the player's own
// (src/net/seats.ts). It feels local: the player's own slap shows its hand
// and thump on the frame of the press, what it did when the server has
// judged it; after each race its times ("You 312 ms · Kim 298 ms").
import type { Action, GameEvent, GameState, Seat } from '../rules/types';
import { canSlap } from '../rules';
import { LAND_MS, NEVER } from '../table/table';
import type { Controller } from '../table/seats';
import { landsAt, onlineFrame, onlineTable, type OnlineTable, type Shown } from '../net/client';
import { SEAT_PERSON, type Deal, type Figures } from '../net/protocol';
import { serverSeat, viewEvent, viewGame, viewSeat } from '../net/seats';
import { newTableDisplay } from '../view/table-display';
import { screenOrder } from '../view/seats';
import { countEvent, newStats, statsResults, takeSeatFigures, type GameStats } from './game-stats';
import type { Strings } from './i18n/strings';
import { PADS, PAD_SOLO } from './pads';
import type { Cues } from './cues';
import type { SeatResult } from './screen';
import { addRaceSlap, expireLines, flyFaceDown, landFlight, newTableShow, showAction, showGame, showPress, showsAt, type Naming, type TableShow } from './table-show';

/** The one person at this device plays with the one-player buttons (src/app/pads.ts). */
const PAD = PADS[PAD_SOLO]!;

export interface OnlineAppTable {
  /** The game as the server's messages show it, in the server's seats: its presses and answers go out from here. */
  net: OnlineTable;
  /** What it shows, in this player's seats (they sit at the bottom, seat 0). */
  readonly show: TableShow;
  /** The game as the server last showed it, in this player's seats. */
  game: GameState;
  /** This game's figures, in the shown seats; this player's slaps are theirs alone. */
  readonly stats: GameStats;
  readonly players: number;
  /** Who sits where (names and whether a person), in the shown seats. */
  readonly people: readonly boolean[];
  /**
   * The last slap race's times line: open from a slap that took a pile (or
   * a false start on it) until the next card; the pile raced for (its seq);
   * the claim's time from its landing, and the pile the claim left; each
   * slap's seat, time, whether a false start.
   */
  readonly race: { open: boolean; pile: number; claimMs: number; claimSeq: number; seats: Seat[]; ms: number[]; early: boolean[] };
  /** This player names who takes the pile (Russian jokers), or null. */
  naming: Naming | null;
  /** When the card in the air left its seat (host ms), NEVER when none. */
  flyAt: number;
  /** When the game's end showed (host ms), NEVER before; a person's win, when its celebration began. */
  overAt: number;
  celebratedAt: number;
}

/** A game of the room begins (the server's deal), at frame time `now`. */
export function startOnlineTable(strings: Strings, cues: Cues, deal: Deal, now: number): OnlineAppTable {
  const net = onlineTable(deal, now);
  const players = net.options.players;
  const you = net.you;
  const people: boolean[] = [];
  // The table speaks to this player alone, as at one device: the others (people too) are its other seats.
  const seats: Controller[] = [];
  for (let d = 0; d < players; d++) {
    people.push(net.kinds[serverSeat(d, you, players)] === SEAT_PERSON);
    seats.push(d === 0 ? { kind: 'human', pad: PAD_SOLO } : { kind: 'cpu', difficulty: 'medium' });
  }
  const display = newTableDisplay();
  const t: OnlineAppTable = {
    net,
    show: newTableShow(display, strings, cues, seats, 0, false, now),
    game: viewGame(net.game, you),
    stats: newStats(players),
    players,
    people,
    race: { open: false, pile: -1, claimMs: 0, claimSeq: -1, seats: [], ms: [], early: [] },
    naming: null,
    flyAt: NEVER,
    overAt: NEVER,
    celebratedAt: NEVER,
  };
  display.human = 0;
  display.names = seatNames(strings, net.names, net.kinds, you);
  showGame(t.show, t.game, null);
  // A rematch dealt to a player back after a drop comes as it stands (figures so far), or as it ended.
  takeFigures(t, deal[6]);
  if (t.game.over !== null) t.overAt = now;
  return t;
}

/** The seats' names as the table shows them: "You" at the bottom, the people's own names, the CPU players' names. */
function seatNames(strings: Strings, names: readonly string[], kinds: readonly number[], you: Seat): string[] {
  const n = names.length;
  const out: string[] = [];
  let cpu = 0;
  for (let d = 0; d < n; d++) {
    const s = serverSeat(d, you, n);
    if (d === 0) out.push(strings.you);
    else if (kinds[s] === SEAT_PERSON) out.push(names[s]!);
    else out.push(strings.cpuNames[cpu++ % strings.cpuNames.length]!);
  }
  return out;
}

/**
 * This player's game again after their connection was taken back (the
 * server's deal in the middle of the game): the game as it stands, shown at
 * once, with every seat's figures as the server counted them (what was
 * done while they were away among them; their own slap times stay). A game
 * that ended while they were away comes back as it ended: its table, then
 * its results.
 */
export function rejoinOnlineTable(t: OnlineAppTable, deal: Deal, now: number): void {
  t.net = onlineTable(deal, now);
  t.game = viewGame(t.net.game, t.net.you);
  t.flyAt = NEVER;
  t.naming = null;
  t.show.landsAt = NEVER;
  t.show.waiting.length = 0;
  t.show.display.flight.active = false;
  t.show.display.flight.faceDown = false;
  showGame(t.show, t.game, null);
  if (t.game.over !== null && t.overAt === NEVER) t.overAt = now;
  takeFigures(t, deal[6]);
}

/** Each seat's figures as the server counted them (what the player missed while away among them), into the shown seats; their own slap times stay theirs. */
function takeFigures(t: OnlineAppTable, figures: Figures): void {
  for (let s = 0; s < t.players; s++) takeSeatFigures(t.stats, viewSeat(s, t.net.you, t.players), figures, s);
}

/**
 * One frame at host time `now`, after the room's messages came in: what
 * the server showed goes into the display, the card in the air lands when
 * its flight has ended and its face has come, and `pressed` (the buttons
 * pressed this frame) becomes this player's presses, stamped on this frame.
 */
export function stepOnlineTable(t: OnlineAppTable, now: number, pressed: number): void {
  const shown = t.net.shown;
  for (let i = 0; i < shown.length; i++) showShown(t, shown[i]!);
  shown.length = 0;
  landFlight(t.show, now, t.game, t.naming);
  expireLines(t.show, now, t.naming !== null || t.game.over !== null);
  const slap = (pressed & PAD.slap) !== 0;
  let move = false;
  let choose: Seat = -1;
  const naming = t.naming;
  if (naming !== null) {
    if (pickerInput(t, naming, pressed)) choose = serverSeat(naming.pick, t.net.you, t.players);
  } else move = (pressed & PAD.play) !== 0;
  // The player's own slap: its hand and thump now, what it did when judged.
  if (slap && canSlap(t.show.display.game!, 0)) showPress(t.show, 0, now);
  onlineFrame(t.net, now, { slap, move, choose });
}

/**
 * This player's connection is down (the host is taking it back): the table
 * asks nothing of them, no help line and no buttons' legend, since a press
 * would reach no one; the game coming back shows them again (rejoinOnlineTable).
 */
export function holdOnlineTable(t: OnlineAppTable): void {
  t.show.display.hint = '';
  t.show.display.can = 0;
}

/** What the server showed, into the display. */
function showShown(t: OnlineAppTable, s: Shown): void {
  const you = t.net.you;
  if (s.kind === 'fly') {
    t.flyAt = s.at;
    flyFaceDown(t.show, viewSeat(s.seat, you, t.players), s.at);
    return;
  }
  const events = s.events.map((e) => viewEvent(e, you, t.players));
  const before = viewGame(s.before, you);
  const after = viewGame(s.after, you);
  t.game = after;
  const action = actionOf(events);
  const mine = action.seat === 0 && action.type === 'slap' && handDown(t);
  // A card's play: it lands as its flight ends, or now if its face came later than that (src/net/client.ts lands it on the same frame).
  const at = action.type === 'play' && t.flyAt !== NEVER ? landsAt(t.flyAt, s.at) - LAND_MS : s.at;
  if (action.type === 'play') t.flyAt = NEVER;
  // A card in the air that has landed by now lands first (showAction would land it too, but after this
  // step's race line was written: its landing clears the last race's line).
  if (action.type !== 'play') landFlight(t.show, at, before, t.naming);
  // The pile the action acted on: one that it changed (took, burned under) was the one before.
  const actedOn = action.type !== 'play' && after.pile.length !== before.pile.length ? s.seq - 1 : s.seq;
  for (let i = 0; i < events.length; i++) noteEvent(t, events[i]!, s.seq, actedOn, s.ms, s.aimed, at);
  showAction(t.show, action, events, before, after, at, t.naming, { flown: action.type === 'play', pressShown: mine });
  // The game as it now is (a pile taken, whose turn): at once, or with the card in flight as it lands.
  showGame(t.show, after, t.naming);
  if (after.over !== null && t.overAt === NEVER) t.overAt = showsAt(t.show, at);
}

/** The player's own slap's hand is down and waits for what it did. */
function handDown(t: OnlineAppTable): boolean {
  const h = t.show.display.slapHand;
  return h.active && h.seat === 0 && h.markAt === NEVER;
}

/** The action a step's events came from, as table-show.ts tells a play from a slap. */
function actionOf(events: readonly GameEvent[]): Action {
  for (const e of events) {
    if (e.type === 'played') return { type: 'play', seat: e.seat };
    if (e.type === 'wrongSlap' || e.type === 'slapMissed' || e.type === 'slappedIn' || (e.type === 'claimed' && e.reason === 'slap')) return { type: 'slap', seat: e.seat, at: 0 };
    if (e.type === 'claimed' && e.reason === 'jokerChoice') return { type: 'choose', seat: e.seat, target: e.seat };
    if (e.type === 'claimed') return { type: 'collect', seat: e.seat };
  }
  return { type: 'collect', seat: -1 };
}

/** An event's part in the figures, the race's times, the naming of a taker and the celebration. */
function noteEvent(t: OnlineAppTable, e: GameEvent, seq: number, actedOn: number, ms: number, aimed: number, at: number): void {
  countEvent(t.stats, e, ms, 0, 'seat' in e && e.seat === 0);
  if (e.type === 'chooseTaker' && e.seat === 0) t.naming = { seat: 0, pick: 1 % t.players };
  else if (e.type === 'gameOver') {
    t.naming = null;
    if (e.result.winner === 0) t.celebratedAt = showsAt(t.show, at);
  }
  timeRace(t, e, seq, actedOn, ms, aimed, at);
}

/**
 * The race's times ("You 312 ms · Kim 298 ms", "Kim: false start"): the
 * slap that took the pile or a false start on it, timed from its pile's
 * landing, and each slap that came after it aimed at that pile, whenever
 * the server could tell it (src/net/net-table.ts lostRace), or a CPU's
 * until the next card (a step's time is from the landing of the pile it
 * acted on: after the claim, from the claim).
 */
function timeRace(t: OnlineAppTable, e: GameEvent, seq: number, actedOn: number, ms: number, aimed: number, at: number): void {
  const race = t.race;
  // A person's slap names the pile it was aimed at, with their stamp on it; others are timed from the pile they acted on.
  const pile = aimed >= 0 ? aimed : actedOn;
  if (e.type === 'played') race.open = false;
  else if ((e.type === 'claimed' && e.reason === 'slap') || (e.type === 'wrongSlap' && e.falseStart === true)) {
    if (!race.open || race.pile !== pile) {
      race.open = true;
      race.pile = pile;
      race.claimSeq = -1;
      race.seats.length = race.ms.length = race.early.length = 0;
    }
    addRaceSlap(t.show, race, e.seat, ms, at, t.people, e.type === 'wrongSlap');
    if (e.type === 'claimed') {
      race.claimSeq = seq;
      race.claimMs = ms;
    }
  } else if (e.type === 'slapMissed' && aimed >= 0) {
    // A slap aimed at the raced pile lost the race: in its line, even when it came after the next card (a
    // slower network than the taker's next press: the line comes back with it). One aimed at the pile after
    // the claim (made once they saw it taken) was no reaction to the raced pile.
    if (aimed === race.pile && race.seats.length > 0) addRaceSlap(t.show, race, e.seat, ms, at, t.people);
  } else if (e.type === 'slapMissed' && race.open) addRaceSlap(t.show, race, e.seat, seq === race.claimSeq ? race.claimMs + ms : ms, at, t.people);
}

/** The naming player's buttons move the highlighted taker along the seats as the screen shows them; returns whether they confirmed it. */
function pickerInput(t: OnlineAppTable, naming: Naming, pressed: number): boolean {
  const order = screenOrder(t.players);
  const at = order.indexOf(naming.pick);
  if ((pressed & PAD.prev) !== 0) naming.pick = order[(at + t.players - 1) % t.players]!;
  if ((pressed & PAD.next) !== 0) naming.pick = order[(at + 1) % t.players]!;
  const confirmed = (pressed & PAD.confirm) !== 0;
  if (confirmed) t.naming = null;
  showGame(t.show, t.show.display.game!, t.naming);
  return confirmed;
}

/** The game has ended and the table has been shown long enough (src/app/table.ts RESULTS_AFTER_MS). */
export function onlineFinished(t: OnlineAppTable, now: number, after: number): boolean {
  return t.overAt !== NEVER && now >= t.overAt + after;
}

/** The finished game's results, best first, in the names the table showed. */
export function onlineResults(t: OnlineAppTable): { ranking: SeatResult[]; fastestMs: number; cardsPlayed: number } {
  return statsResults(t.stats, t.game, t.show.display.names);
}

/** The seats whose players are away (dropped), by their names as shown: the others see them played for. */
export function awayNames(t: OnlineAppTable): string {
  const away = t.net.away;
  let names = '';
  for (let d = 1; d < t.players; d++) {
    if (!away[serverSeat(d, t.net.you, t.players)]) continue;
    names += (names === '' ? '' : ', ') + t.show.display.names[d];
  }
  return names;
}
