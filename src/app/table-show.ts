// What the table shows of the game's events: the message line in the
// chosen language, the card flight, pile sweep, slap hand and shake, the
// sound cues, and the people's help line. Only display: timing lives in
// src/table/table.ts, statistics in game-stats.ts.
import type { Action, GameEvent, GameState, RuleErrorCode, Seat } from '../rules/types';
import { cue } from './cues';
import type { TableScreen } from './screen';
import { padOf as seatPad } from './pads';
import type { AppTable } from './table';

function nameOf(shown: TableScreen, seat: Seat): string {
  return shown.names[seat]!;
}

function say(shown: TableScreen, text: string, t: number): void {
  shown.message = text;
  shown.messageAt = t;
}

/**
 * One engine event -> what the table shows: the message line, animations
 * and sound cues. `before` and `game` are the states around the action.
 * Returns whether a message was set in this batch (an 'out' does not
 * replace a more important line).
 */
export function showEvent(app: AppTable, e: GameEvent, before: GameState, game: GameState, t: number, said: boolean): boolean {
  const { shown, cues, you: human } = app;
  const s = app.strings;
  const players = game.options.players;
  switch (e.type) {
    case 'played':
      startFlight(shown, e.seat, e.card, t);
      cue(cues, 'flip', e.seat, players);
      shown.comparison =
        e.comparison === 'higher' ? s.higher : e.comparison === 'equal' ? s.equal : e.comparison === 'lower' ? s.lower : '';
      shown.comparisonKind = e.comparison === 'higher' ? 1 : e.comparison === 'lower' ? -1 : 0;
      if (game.lay !== null && game.lay.seat === e.seat && game.lay.left > 0 && game.lay.left < game.lay.total) {
        say(shown, s.layCount(game.lay.total, game.lay.left), t);
        return true;
      }
      // An answer that was no face card: the challenge line counts down with
      // the pips (a face card's own 'challenge' event follows and replaces it).
      if (game.challenge !== null && before.challenge !== null && game.challenge.chancesLeft < before.challenge.chancesLeft) {
        const a = game.challenge.answerer;
        say(shown, s.chancesLeft(nameOf(shown, a), a === human, game.challenge.chancesLeft), t);
        return true;
      }
      return said;
    case 'penaltyLay':
      say(shown, s.layCount(e.cards, e.cards), t);
      return true;
    case 'challenge':
      shown.chancesTotal = e.chances;
      say(shown, s.challenge(nameOf(shown, e.answerer), e.answerer === human, e.chances), t);
      return true;
    case 'collectDue':
      // The pile waits a moment for its winner: say now who won it.
      say(
        shown,
        game.pendingCollect !== null && game.pendingCollect.reason === 'lastCard'
          ? s.lastCardWon(nameOf(shown, e.seat), e.seat === human)
          : s.challengeWon(nameOf(shown, e.seat), e.seat === human),
        t,
      );
      return true;
    case 'claimed':
      startSweep(shown, before, e.seat, t);
      cue(cues, 'sweep', e.seat, players);
      say(shown, claimText(app, e.seat, e.reason, e.pattern, e.cards, before), t);
      if (e.reason === 'slap') slapAt(app, e.seat, t, true);
      return true;
    case 'wrongSlap':
      slapAt(app, e.seat, t, false);
      shown.shake.active = true;
      shown.shake.seat = e.seat;
      shown.shake.start = t;
      cue(cues, 'buzz', e.seat, players);
      say(
        shown,
        e.barred
          ? s.barred(nameOf(shown, e.seat), e.seat === human)
          : e.banned
            ? s.slapBanned(nameOf(shown, e.seat), e.seat === human, e.banned)
            : s.wrongSlap(nameOf(shown, e.seat), e.seat === human, e.burned),
        t,
      );
      return true;
    case 'challengeStopped':
      shown.chancesTotal = 0;
      say(shown, s.tenStops(nameOf(shown, e.seat), e.seat === human), t);
      return true;
    case 'slapMissed':
      if (app.table.seats[e.seat]!.kind === 'human') {
        slapAt(app, e.seat, t, false);
        say(shown, e.seat === human ? s.tooLate : s.tooLateFor(nameOf(shown, e.seat)), t);
        return true;
      }
      return said;
    case 'chooseTaker':
      say(shown, s.chooseTaker, t);
      if (app.table.seats[e.seat]!.kind === 'human') {
        app.naming = { seat: e.seat, pick: (e.seat + 1) % players };
        showNaming(app);
      }
      return true;
    case 'out':
      if (!said) say(shown, s.out(nameOf(shown, e.seat), e.seat === human), t);
      return said;
    case 'slappedIn':
      say(shown, s.slappedIn(nameOf(shown, e.seat), e.seat === human), t);
      return true;
    case 'turn':
      return said;
    case 'gameOver':
      app.naming = null;
      showNaming(app);
      say(shown, s.wins(nameOf(shown, e.result.winner), e.result.winner === human), t);
      cue(cues, human < 0 || e.result.winner === human ? 'win' : 'lose');
      return true;
  }
  return said;
}

function claimText(app: AppTable, seat: Seat, reason: string, pattern: string | undefined, cards: number, before: GameState): string {
  const s = app.strings;
  const { shown, you: human } = app;
  const you = seat === human;
  const name = nameOf(shown, seat);
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
    case 'wrongSlap':
      return s.wrongSlapClaim(name, you, cards);
    case 'jokerChoice':
      return s.choiceClaim(nameOf(shown, before.pendingChoice ?? seat), before.pendingChoice === human, name, you, cards);
  }
  return '';
}

function startFlight(shown: TableScreen, seat: Seat, card: number, t: number): void {
  const f = shown.flight;
  f.active = true;
  f.seat = seat;
  f.card = card;
  f.start = t;
}

function startSweep(shown: TableScreen, before: GameState, seat: Seat, t: number): void {
  const sw = shown.sweep;
  const pile = before.pile;
  const n = pile.length < sw.cards.length ? pile.length : sw.cards.length;
  for (let i = 0; i < n; i++) sw.cards[i] = pile[pile.length - n + i]!;
  sw.count = n;
  sw.active = n > 0;
  sw.seat = seat;
  sw.start = t;
  // The card still flying belongs to the swept pile now.
  shown.flight.active = false;
}

function slapAt(app: AppTable, seat: Seat, t: number, good: boolean): void {
  const shown = app.shown;
  shown.slapHand.active = true;
  shown.slapHand.good = good;
  shown.slapHand.seat = seat;
  shown.slapHand.start = t;
  cue(app.cues, 'slap', seat, app.table.game.options.players);
}

/**
 * A person's press the rules refused: a slap while banned says for how long,
 * a card played out of turn says whose turn it is (alone at the table; with
 * two people the line belongs to whoever is on turn). Other refusals show nothing.
 */
export function showRefusal(app: AppTable, action: Action, code: RuleErrorCode, before: GameState, t: number): void {
  if (app.table.seats[action.seat]?.kind !== 'human') return;
  if (code === 'banned') say(app.shown, app.strings.stillBanned(nameOf(app.shown, action.seat), action.seat === app.you, before.slapBan[action.seat]!), t);
  else if (code === 'notYourTurn' && action.type === 'play' && !app.duel) app.shown.hint = app.strings.notYourTurn;
}

/** Two people: the line names whoever the game waits for, with their button. */
function duelHint(app: AppTable, game: GameState): string {
  const { shown, naming } = app;
  const s = app.strings;
  if (game.over !== null) return '';
  if (naming !== null) {
    const pad = seatPad(app.table.seats, naming.seat);
    return s.padChoose(nameOf(shown, naming.seat), pad.prevKey + pad.nextKey, pad.playKey);
  }
  if (game.pendingChoice !== null) return '';
  const seat = game.pendingCollect !== null ? game.pendingCollect.seat : game.turn;
  if (app.table.seats[seat]!.kind !== 'human') return game.pendingCollect !== null ? '' : s.waitFor(nameOf(shown, seat));
  const key = seatPad(app.table.seats, seat).playKey;
  return game.pendingCollect !== null ? s.padTake(nameOf(shown, seat), key) : s.padTurn(nameOf(shown, seat), key);
}

/** The help line for the person the table speaks to: whose turn, what to press. */
export function updateHint(app: AppTable, game: GameState): void {
  const { shown, you: human } = app;
  const s = app.strings;
  if (app.duel) shown.hint = duelHint(app, game);
  else if (human < 0 || game.over !== null) shown.hint = '';
  else if (app.naming !== null && app.naming.seat === human) shown.hint = s.chooseHint;
  else if (game.pendingCollect !== null) shown.hint = game.pendingCollect.seat === human ? s.takePile : '';
  else if (game.pendingChoice !== null) shown.hint = '';
  else if (game.turn === human) shown.hint = s.yourTurn;
  else shown.hint = s.waitFor(shown.names[game.turn]!);
}

/** Who is naming a taker, and the seat their cursor is on, as the table draws it. */
export function showNaming(app: AppTable): void {
  const naming = app.naming;
  app.shown.chooser = naming !== null ? naming.seat : -1;
  if (naming !== null) app.shown.pick = naming.pick;
}
