// What the table shows of the game's events: the message line in the
// chosen language, the card flight, pile sweep, slap hand and shake, the
// sound cues, and the people's help line. Only display: timing lives in
// src/table/table.ts, statistics in game-stats.ts.
import { canSlap } from '../rules';
import type { Action, GameEvent, GameState, RuleErrorCode, Seat } from '../rules/types';
import { LAND_MS } from '../table/table';
import { cue } from './cues';
import { CAN_CHOOSE, CAN_PLAY, CAN_SLAP, type Celebration, type TableScreen } from './screen';
import { padNames, padOf as seatPad } from './pads';
import type { AppTable } from './table';

/** A message line stays this long at most (a prompt to choose a taker stays until answered). */
export const MESSAGE_MS = 3000;
/** A line not about a pile (a wrong slap, a late one) stays at least this long, even when a card lands meanwhile. */
const MESSAGE_MIN_MS = 1000;

function nameOf(shown: TableScreen, seat: Seat): string {
  return shown.names[seat]!;
}

/** Sets the message line, about `seat` (-1: nobody in particular); a line about a pile leaves when the next card lands. */
function say(shown: TableScreen, text: string, t: number, seat: Seat = -1, aboutPile = false): void {
  shown.message = text;
  shown.messageAt = t;
  shown.messageSeat = seat;
  shown.messageLeaves = t + MESSAGE_MS;
  shown.messageAboutPile = aboutPile;
}

/** A card played at t lands at t + LAND_MS: the line about the last pile is old news then. */
function cardPlayed(shown: TableScreen, t: number): void {
  if (shown.message === '') return;
  const lands = t + LAND_MS;
  const leaves = shown.messageAboutPile ? lands : Math.max(lands, shown.messageAt + MESSAGE_MIN_MS);
  if (leaves < shown.messageLeaves) shown.messageLeaves = leaves;
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
        say(shown, s.layCount(game.lay.total, game.lay.left), t, e.seat);
        return true;
      }
      // An answer that was no face card: the challenge line counts down with
      // the pips (a face card's own 'challenge' event follows and replaces it).
      if (game.challenge !== null && before.challenge !== null && game.challenge.chancesLeft < before.challenge.chancesLeft) {
        const a = game.challenge.answerer;
        say(shown, s.chancesLeft(nameOf(shown, a), a === human, game.challenge.chancesLeft), t, a);
        return true;
      }
      if (!said) cardPlayed(shown, t);
      return said;
    case 'penaltyLay':
      say(shown, s.layCount(e.cards, e.cards), t, e.seat);
      return true;
    case 'challenge':
      shown.chancesTotal = e.chances;
      say(shown, s.challenge(nameOf(shown, e.answerer), e.answerer === human, e.chances), t, e.answerer);
      return true;
    case 'collectDue':
      // The pile waits a moment for its winner: say now who won it.
      say(
        shown,
        game.pendingCollect !== null && game.pendingCollect.reason === 'lastCard'
          ? s.lastCardWon(nameOf(shown, e.seat), e.seat === human)
          : s.challengeWon(nameOf(shown, e.seat), e.seat === human),
        t,
        e.seat,
        true,
      );
      return true;
    case 'claimed':
      startSweep(shown, before, e.seat, t);
      cue(cues, 'sweep', e.seat, players);
      say(shown, e.falseStart === true ? s.falseStartClaim(nameOf(shown, e.seat), e.seat === human, e.cards) : claimText(app, e.seat, e.reason, e.pattern, e.cards, before), t, e.seat, true);
      if (e.reason === 'slap') {
        slapAt(app, e.seat, t, true);
        // A slap a person won rings (the chime, tools/assets/sounds.mjs), over the slap's thump.
        if (app.table.seats[e.seat]!.kind === 'human') cue(cues, 'chime', e.seat, players);
      }
      return true;
    case 'wrongSlap':
      slapAt(app, e.seat, t, false);
      shown.shake.active = true;
      shown.shake.seat = e.seat;
      shown.shake.start = t;
      if (e.burned > 0) startBurn(shown, game.burned, e.seat, -1, e.burned, t);
      else if (e.paid !== undefined) startBurn(shown, game.stacks[e.paid.to]!, e.seat, e.paid.to, e.paid.cards, t);
      cue(cues, 'buzz', e.seat, players);
      say(shown, wrongSlapText(app, e), t, e.seat);
      return true;
    case 'challengeStopped':
      shown.chancesTotal = 0;
      say(shown, s.tenStops(nameOf(shown, e.seat), e.seat === human), t, e.seat);
      return true;
    case 'slapMissed':
      if (app.table.seats[e.seat]!.kind === 'human') {
        slapAt(app, e.seat, t, false);
        say(shown, e.seat === human ? s.tooLate : s.tooLateFor(nameOf(shown, e.seat)), t, e.seat);
        return true;
      }
      return said;
    case 'chooseTaker':
      say(shown, s.chooseTaker, t, e.seat);
      if (app.table.seats[e.seat]!.kind === 'human') {
        app.naming = { seat: e.seat, pick: (e.seat + 1) % players };
        showNaming(app);
      }
      return true;
    case 'out':
      if (!said) say(shown, s.out(nameOf(shown, e.seat), e.seat === human), t, e.seat);
      return said;
    case 'slappedIn':
      say(shown, s.slappedIn(nameOf(shown, e.seat), e.seat === human), t, e.seat);
      return true;
    case 'turn':
      return said;
    case 'gameOver':
      app.naming = null;
      showNaming(app);
      say(shown, s.wins(nameOf(shown, e.result.winner), e.result.winner === human), t, e.result.winner);
      if (app.table.seats[e.result.winner]!.kind === 'human') {
        // A person won: the celebration and its fanfare (src/app/scenes/table.ts waits for it).
        celebrate(shown.celebration, game, e.result.winner, t);
        cue(cues, 'fanfare');
      } else cue(cues, app.humans.length === 0 ? 'win' : 'lose');
      return true;
  }
  return said;
}

/** A wrong slap's line: what it cost, and whether it was a false start (before anyone could see the card). */
function wrongSlapText(app: AppTable, e: Extract<GameEvent, { type: 'wrongSlap' }>): string {
  const s = app.strings;
  const name = nameOf(app.shown, e.seat);
  const you = e.seat === app.you;
  const early = e.falseStart === true;
  if (e.paid !== undefined) return s.wrongSlapPaid(name, you, early, nameOf(app.shown, e.paid.to), e.paid.to === app.you, e.paid.cards);
  if (e.barred) return (early ? s.falseStartLead : '') + s.barred(name, you);
  if (e.banned) return (early ? s.falseStartLead : '') + s.slapBanned(name, you, e.banned);
  return early ? s.falseStart(name, you, e.burned) : s.wrongSlap(name, you, e.burned);
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

/** The winner's cards fly: their stack, topped up from the others' and the pile when it is short (Russian: the winner has none left). */
function celebrate(c: Celebration, game: GameState, winner: Seat, t: number): void {
  const room = c.cards.length;
  let n = 0;
  const take = (cards: readonly number[]): void => {
    for (let i = cards.length - 1; i >= 0 && n < room; i--) c.cards[n++] = cards[i]!;
  };
  take(game.stacks[winner]!);
  take(game.pile);
  for (let seat = 0; seat < game.stacks.length; seat++) if (seat !== winner) take(game.stacks[seat]!);
  c.count = n;
  c.active = true;
  c.seat = winner;
  c.start = t;
}

/** The cards a wrong slap burned or paid (the last `count` of `into`: the burned cards, or the payee's stack), shown at the slapper's seat. */
function startBurn(shown: TableScreen, into: readonly number[], seat: Seat, to: Seat, count: number, t: number): void {
  const b = shown.burn;
  const n = count < b.cards.length ? count : b.cards.length;
  for (let i = 0; i < n; i++) b.cards[i] = into[into.length - n + i]!;
  b.count = n;
  b.active = true;
  b.seat = seat;
  b.to = to;
  b.start = t;
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
  if (code === 'banned') say(app.shown, app.strings.stillBanned(nameOf(app.shown, action.seat), action.seat === app.you, before.slapBan[action.seat]!), t, action.seat);
  else if (code === 'notYourTurn' && action.type === 'play' && !app.duel) app.shown.hint = app.strings.notYourTurn;
}

/** Two people: the line names whoever the game waits for, with their button. */
function duelHint(app: AppTable, game: GameState): string {
  const { shown, naming } = app;
  const s = app.strings;
  if (game.over !== null) return '';
  if (naming !== null) {
    const keys = padNames(seatPad(app.table.seats, naming.seat), s.keys);
    return s.padChoose(nameOf(shown, naming.seat), keys.prev + keys.next, keys.play);
  }
  if (game.pendingChoice !== null) return '';
  const seat = game.pendingCollect !== null ? game.pendingCollect.seat : game.turn;
  if (app.table.seats[seat]!.kind !== 'human') return game.pendingCollect !== null ? '' : s.waitFor(nameOf(shown, seat));
  const key = padNames(seatPad(app.table.seats, seat), s.keys).play;
  return game.pendingCollect !== null ? s.padTake(nameOf(shown, seat), key) : s.padTurn(nameOf(shown, seat), key);
}

/** What the one person at the table can do now (CAN_* bits; 0 in the demo, with two people and once the game is over). */
function canNow(app: AppTable, game: GameState): number {
  const human = app.you;
  if (human < 0 || game.over !== null) return 0;
  if (app.naming !== null && app.naming.seat === human) return CAN_CHOOSE;
  let can = canSlap(game, human) ? CAN_SLAP : 0;
  if (game.pendingCollect !== null ? game.pendingCollect.seat === human : game.pendingChoice === null && game.turn === human) can |= CAN_PLAY;
  return can;
}

/**
 * The help line for the person the table speaks to: whose turn, what to
 * press; and what they can do now, for the legend. A person who can do
 * nothing any more (out of cards and barred, or slapping back in off) is
 * told nothing.
 */
export function updateHint(app: AppTable, game: GameState): void {
  const { shown, you: human } = app;
  const s = app.strings;
  shown.can = canNow(app, game);
  if (app.duel) shown.hint = duelHint(app, game);
  else if (human < 0 || game.over !== null || shown.can === 0) shown.hint = '';
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
