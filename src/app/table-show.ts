// What the table shows of the game's events: the message line in the
// chosen language, the card flight, pile sweep, slap hand and shake, the
// sound cues, and the human's help line. Only display: timing lives in
// table.ts, statistics in game-stats.ts.
import type { GameEvent, GameState, Seat } from '../rules/types';
import type { Strings } from './i18n/strings';
import { CUE_BUZZ, CUE_FLIP, CUE_LOSE, CUE_SLAP, CUE_SWEEP, CUE_WIN, cue, type Screen, type TableScreen } from './screen';

let screen: Screen;
let view: TableScreen;
let strings: Strings;
/** The human's seat, -1 in the demo. */
let human: Seat = 0;

/** Shows the next game's events on this screen, for this human seat. */
export function showOn(s: Screen, humanSeat: Seat): void {
  screen = s;
  view = s.table;
  strings = s.strings;
  human = humanSeat;
}

function say(text: string, t: number): void {
  view.message = text;
  view.messageAt = t;
}

export function nameOf(seat: Seat): string {
  return view.names[seat]!;
}

/**
 * One engine event -> what the table shows: the message line, animations
 * and sound cues. `before` and `game` are the states around the action.
 * Returns whether a message was set in this batch (an 'out' does not
 * replace a more important line).
 */
export function showEvent(e: GameEvent, before: GameState, game: GameState, t: number, said: boolean): boolean {
  const s = strings;
  switch (e.type) {
    case 'played':
      startFlight(e.seat, e.card, t);
      cue(screen, CUE_FLIP, e.seat);
      view.comparison =
        e.comparison === 'higher' ? s.higher : e.comparison === 'equal' ? s.equal : e.comparison === 'lower' ? s.lower : '';
      view.comparisonKind = e.comparison === 'higher' ? 1 : e.comparison === 'lower' ? -1 : 0;
      if (game.lay !== null && game.lay.seat === e.seat && game.lay.left > 0 && game.lay.left < game.lay.total) {
        say(s.layCount(game.lay.total, game.lay.left), t);
        return true;
      }
      return said;
    case 'penaltyLay':
      say(s.layCount(e.cards, e.cards), t);
      return true;
    case 'challenge':
      say(s.challenge(nameOf(e.answerer), e.answerer === human, e.chances), t);
      return true;
    case 'collectDue':
      return said;
    case 'claimed':
      startSweep(before, e.seat, t);
      cue(screen, CUE_SWEEP, e.seat);
      say(claimText(e.seat, e.reason, e.pattern, e.cards, before), t);
      if (e.reason === 'slap') slapAt(e.seat, t, true);
      return true;
    case 'wrongSlap':
      slapAt(e.seat, t, false);
      view.shake.active = true;
      view.shake.seat = e.seat;
      view.shake.start = t;
      cue(screen, CUE_BUZZ, e.seat);
      say(e.barred ? s.barred(nameOf(e.seat), e.seat === human) : s.wrongSlap(nameOf(e.seat), e.seat === human, e.burned), t);
      return true;
    case 'slapMissed':
      if (e.seat === human) {
        slapAt(e.seat, t, false);
        say(s.tooLate, t);
        return true;
      }
      return said;
    case 'chooseTaker':
      say(s.chooseTaker, t);
      if (e.seat === human) {
        view.choosing = true;
        view.pick = (human + 1) % game.options.players;
      }
      return true;
    case 'out':
      if (!said) say(s.out(nameOf(e.seat), e.seat === human), t);
      return said;
    case 'slappedIn':
      return said;
    case 'turn':
      return said;
    case 'gameOver':
      view.choosing = false;
      say(s.wins(nameOf(e.result.winner), e.result.winner === human), t);
      cue(screen, human < 0 || e.result.winner === human ? CUE_WIN : CUE_LOSE);
      return true;
  }
  return said;
}

function claimText(seat: Seat, reason: string, pattern: string | undefined, cards: number, before: GameState): string {
  const s = strings;
  const you = seat === human;
  const name = nameOf(seat);
  switch (reason) {
    case 'slap':
      return s.slapClaim(s.slapRuleNames[pattern as keyof typeof s.slapRuleNames] ?? '', name, you, cards);
    case 'challenge':
      return s.challengeClaim(name, you, cards);
    case 'lastCard':
      return s.lastCardClaim(name, you, cards);
    case 'lower':
      return s.lowerClaim(name, you, cards);
    case 'jokerLower':
      return s.jokerClaim(name, you, cards);
    case 'jokerChoice':
      return s.choiceClaim(nameOf(before.pendingChoice ?? seat), before.pendingChoice === human, name, you, cards);
  }
  return '';
}

function startFlight(seat: Seat, card: number, t: number): void {
  const f = view.flight;
  f.active = true;
  f.seat = seat;
  f.card = card;
  f.start = t;
}

function startSweep(before: GameState, seat: Seat, t: number): void {
  const sw = view.sweep;
  const pile = before.pile;
  const n = pile.length < sw.cards.length ? pile.length : sw.cards.length;
  for (let i = 0; i < n; i++) sw.cards[i] = pile[pile.length - n + i]!;
  sw.count = n;
  sw.active = n > 0;
  sw.seat = seat;
  sw.start = t;
  // The card still flying belongs to the swept pile now.
  view.flight.active = false;
}

function slapAt(seat: Seat, t: number, good: boolean): void {
  view.slapHand.active = true;
  view.slapHand.good = good;
  view.slapHand.seat = seat;
  view.slapHand.start = t;
  cue(screen, CUE_SLAP, seat);
}

/** The help line for the human: whose turn, what to press. */
export function updateHint(game: GameState): void {
  const s = strings;
  if (human < 0 || game.over !== null) view.hint = '';
  else if (view.choosing) view.hint = s.chooseHint;
  else if (game.pendingCollect !== null) view.hint = game.pendingCollect.seat === human ? s.takePile : '';
  else if (game.pendingChoice !== null) view.hint = '';
  else if (game.turn === human) view.hint = s.yourTurn;
  else view.hint = s.waitFor(nameOf(game.turn));
}
