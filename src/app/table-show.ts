// What the table shows of the game's events: the message line in the
// chosen language, the card flight, pile sweep, slap hand and shake, the
// sound cues, and the people's help line, written into the table's display
// (src/view/table-display.ts), which the view only reads. The times its
// lines leave are kept here, beside it, and never in it: the game's own
// timing lives in src/table/table.ts, statistics in game-stats.ts.
//
// A played card flies face down, and nobody may learn its face before it
// lands (docs/ai.md, "One clock"): not from the line it causes ("Challenge!
// Max has 3 chances" says it is a king), the pips, the turn arrow, the help
// line and the legend, the comparison, its player's count, a pile it wins
// (Russian), nor a sound. So while a card flies, what every action shows
// waits for its landing (showAction), and the display keeps the game as it
// was before the play; the one thing shown at once is a slap's hand and
// thump, the press itself, whose outcome (the burst or the red cross, and
// all that follows) shows as the card lands.
import { CARD_BACK } from '../assets/atlas';
import { canSlap } from '../rules';
import type { Action, GameEvent, GameState, RuleErrorCode, Seat } from '../rules/types';
import { LAND_MS, NEVER, seatToAct } from '../table/table';
import type { Controller } from '../table/seats';
import { CAN_CHOOSE, CAN_PLAY, CAN_SLAP, type Celebration, type TableDisplay } from '../view/table-display';
import { cue, type Cues } from './cues';
import type { Strings } from './i18n/strings';
import { padNames, padOf as seatPad } from './pads';

/** A message line stays this long at most (a prompt to choose a taker stays until answered). */
export const MESSAGE_MS = 3000;
/** A line not about a pile (a wrong slap, a late one) stays at least this long, even when a card lands meanwhile. */
const MESSAGE_MIN_MS = 1000;

/**
 * A table's showing: the display the view draws, what it is written with
 * (the language, the sound queue, who sits where), and when its lines leave.
 * src/app/table.ts makes one per game (newTableShow) and hands it every
 * action the table applies.
 */
export interface TableShow {
  readonly display: TableDisplay;
  /** The texts of the language the game started in. */
  readonly strings: Strings;
  /** Where its sounds are queued (the app's, src/app/cues.ts). */
  readonly cues: Cues;
  readonly seats: readonly Controller[];
  /** The one person the messages call "you"; -1 in the demo and when two people play (messages name them). */
  readonly you: Seat;
  /** Two people share the PSP (issue 16). */
  readonly duel: boolean;
  /** When the message line was set, and when it leaves (a line about a pile leaves when the next card lands). */
  messageAt: number;
  messageLeaves: number;
  /** The line is about a pile (who took it, who won it). */
  messageAboutPile: boolean;
  /** When the slap-times line was last written. */
  slapTimesAt: number;
  /** When the card in flight lands, NEVER when none flies. */
  landsAt: number;
  /** What waits for that landing to show, in the order it happened (each is given the landing's time). */
  readonly waiting: ((at: number) => void)[];
  /** The seat that took the last pile, until the next card is played: their own slap on the empty pile is no news. */
  taker: Seat;
}

/** A person naming who takes the pile (Russian jokers), as the help line and the highlight show it. */
export interface Naming {
  readonly seat: Seat;
  pick: Seat;
}

export function newTableShow(display: TableDisplay, strings: Strings, cues: Cues, seats: readonly Controller[], you: Seat, duel: boolean, now: number): TableShow {
  return { display, strings, cues, seats, you, duel, messageAt: now, messageLeaves: now, messageAboutPile: false, slapTimesAt: 0, landsAt: NEVER, waiting: [], taker: -1 };
}

function nameOf(show: TableShow, seat: Seat): string {
  return show.display.names[seat]!;
}

function isPerson(show: TableShow, seat: Seat): boolean {
  return show.seats[seat]!.kind === 'human';
}

/**
 * Sets the message line, about `seat` (-1: nobody in particular); a line
 * about a pile leaves when the next card lands. A slap's hand and burst from
 * before it leave as it appears: they would cover it.
 */
function say(show: TableShow, text: string, t: number, seat: Seat = -1, aboutPile = false): void {
  const hand = show.display.slapHand;
  if (hand.active && t > hand.markAt) hand.active = false;
  show.display.message = text;
  show.display.messageSeat = seat;
  show.messageAt = t;
  show.messageLeaves = t + MESSAGE_MS;
  show.messageAboutPile = aboutPile;
}

/** A card landed at `lands`: the line about the last pile is old news then. */
function cardLanded(show: TableShow, lands: number): void {
  if (show.display.message === '') return;
  const leaves = show.messageAboutPile ? lands : Math.max(lands, show.messageAt + MESSAGE_MIN_MS);
  if (leaves < show.messageLeaves) show.messageLeaves = leaves;
}

/**
 * The lines' time at `now`: the message leaves when its time is up (not
 * while `keep`: a person names a taker, or the game is over), the slap
 * times after MESSAGE_MS.
 */
export function expireLines(show: TableShow, now: number, keep: boolean): void {
  const d = show.display;
  if (d.message !== '' && !keep && now >= show.messageLeaves) d.message = '';
  if (d.slapTimes !== '' && now - show.slapTimesAt >= MESSAGE_MS) d.slapTimes = '';
}

/** The play resumes after a pause: no line from before it stays (but a person's prompt to name a taker, `keep`). */
export function clearLines(show: TableShow, keep: boolean): void {
  if (!keep) show.display.message = '';
  show.display.slapTimes = '';
}

/** The table was paused for `shift` ms: the lines' clocks, and a card caught in flight, move on with it. */
export function shiftShow(show: TableShow, shift: number): void {
  show.messageAt += shift;
  show.messageLeaves += shift;
  show.slapTimesAt += shift;
  if (show.landsAt !== NEVER) show.landsAt += shift;
  if (show.display.flight.active) show.display.flight.start += shift;
}

/**
 * What an action the table applied at t shows: at once, or, while a card
 * flies, at its landing (the file's header says why). A card played starts
 * its flight at once (a card still flying lands first: its successor
 * covers it), and what the play caused waits for the landing too. `before`
 * and `game` are the states around the action.
 */
export function showAction(
  show: TableShow,
  action: Action,
  events: readonly GameEvent[],
  before: GameState,
  game: GameState,
  t: number,
  naming: Naming | null,
  online: OnlineShowing = LOCAL,
): void {
  if (show.landsAt <= t || (action.type === 'play' && show.landsAt !== NEVER)) landNow(show, before, naming);
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.type !== 'played') continue;
    startFlight(show.display, e.seat, e.card, t);
    if (!online.flown) cue(show.cues, 'flip', e.seat, game.options.players);
    show.landsAt = t + LAND_MS;
  }
  if (show.landsAt === NEVER) {
    showEvents(show, events, before, game, t);
    return;
  }
  // A slap during the flight: the hand comes down at once, its outcome waits.
  if (action.type === 'slap' && !online.pressShown) pressHand(show, action.seat, t);
  show.waiting.push((at) => showEvents(show, events, before, game, at));
}

/**
 * What an online table (src/app/online-table.ts) has already shown of an
 * action before the server's step for it came: its card flying face down
 * (with its sound, flyFaceDown), and the player's own slap's hand and
 * thump, on the frame of the press (showPress).
 */
export interface OnlineShowing {
  readonly flown: boolean;
  readonly pressShown: boolean;
}

const LOCAL: OnlineShowing = { flown: false, pressShown: false };

/**
 * Online: a card leaves `seat`'s stack at t, face down, before the server
 * has sent its face (no client may know a card before it lands); it comes
 * with the card's play (showAction, `online.flown`), which turns it as it
 * lands. Till then the card stays face down, on the pile once its flight
 * has ended (src/view/table-view.ts drawFlight).
 */
export function flyFaceDown(show: TableShow, seat: Seat, t: number): void {
  startFlight(show.display, seat, CARD_BACK, t);
  show.display.flight.faceDown = true;
  cue(show.cues, 'flip', seat, show.seats.length);
}

/** Online: the player's own slap, its hand and thump on the frame of the press; what it did shows when the server has judged it. */
export function showPress(show: TableShow, seat: Seat, t: number): void {
  pressHand(show, seat, t);
}

/** A person's press the rules refused, shown at once or, while a card flies, at its landing (showRefusal). */
export function showRefused(show: TableShow, action: Action, code: RuleErrorCode, before: GameState, t: number): void {
  if (show.landsAt <= t) landNow(show, before, null);
  if (show.landsAt === NEVER) showRefusal(show, action, code, before, t);
  else show.waiting.push((at) => showRefusal(show, action, code, before, at));
}

/** The card in flight has landed by `now`: what waited for it shows, and `game` as it now is. */
export function landFlight(show: TableShow, now: number, game: GameState, naming: Naming | null): void {
  if (now >= show.landsAt) landNow(show, game, naming);
}

/** When what happens at t shows: at once, or when the card in flight lands. */
export function showsAt(show: TableShow, t: number): number {
  return show.landsAt !== NEVER && show.landsAt > t ? show.landsAt : t;
}

function landNow(show: TableShow, game: GameState, naming: Naming | null): void {
  const at = show.landsAt;
  if (at === NEVER) return;
  show.landsAt = NEVER;
  const waiting = show.waiting;
  for (let i = 0; i < waiting.length; i++) waiting[i]!(at);
  waiting.length = 0;
  showGame(show, game, naming);
}

/** An action's events, shown at t: a play's line, a claim's sweep, a slap's outcome. */
function showEvents(show: TableShow, events: readonly GameEvent[], before: GameState, game: GameState, t: number): void {
  let said = false;
  /** The card a play in this batch put on the pile, -1 for none. */
  let played = -1;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    // A pile this play wins (Russian: a lower card) is swept with the card on
    // top. Only a claim reads the pile it sweeps: the state is copied for that
    // alone (a copy per play cost the frame a card lands 26,000 instructions).
    const pile = e.type === 'claimed' && played >= 0 ? { ...before, pile: before.pile.concat(played) } : before;
    said = showEvent(show, e, pile, game, t, said);
    if (e.type === 'played') played = e.card;
  }
}

/**
 * A slap in the last race, `ms` from its pile's landing (before it: a
 * negative time, made while the card was still face down), written into
 * the slap-times line at t: each slapper once (a seat's own second press,
 * the winner's on the pile they took, is no reaction to the pile), the
 * people first ("You 312 ms · Kim: false start"), then the CPU players,
 * each in the order they slapped; `early`: a false start, named as one
 * instead of a time. `people`: by seat, whether a person plays it. A false
 * start in a card's flight shows with the rest of what the slap did, as
 * the card lands.
 */
export function addRaceSlap(show: TableShow, race: { seats: Seat[]; ms: number[]; early: boolean[] }, seat: Seat, ms: number, t: number, people: readonly boolean[], early = false): void {
  if (race.seats.indexOf(seat) >= 0) return;
  const names = show.display.names;
  race.seats.push(seat);
  race.ms.push(ms);
  race.early.push(early);
  const parts: string[] = [];
  for (const person of [true, false]) {
    for (let i = 0; i < race.seats.length; i++) {
      const s = race.seats[i]!;
      if (people[s] === person) parts.push(race.early[i] ? show.strings.falseStartTime(names[s]!) : names[s] + ' ' + show.strings.ms(race.ms[i]!));
    }
  }
  const text = parts.join(' · ');
  if (showsAt(show, t) > t) show.waiting.push((at) => showSlapTimes(show, text, at));
  else showSlapTimes(show, text, t);
}

/** The slap-times line after a race ("You 312 ms · Kim 298 ms"), written at t. */
export function showSlapTimes(show: TableShow, text: string, t: number): void {
  show.display.slapTimes = text;
  show.slapTimesAt = t;
}

/**
 * One engine event -> what the table shows: the message line, animations
 * and sound cues. `before` and `game` are the states around the action.
 * Returns whether a message was set in this batch (an 'out' does not
 * replace a more important line).
 */
export function showEvent(show: TableShow, e: GameEvent, before: GameState, game: GameState, t: number, said: boolean): boolean {
  const { display: shown, cues, you: human } = show;
  const s = show.strings;
  const players = game.options.players;
  switch (e.type) {
    case 'played':
      // As the card lands (its flight began as it was played, showAction): the last race's times are old news too.
      show.taker = -1;
      shown.slapTimes = '';
      shown.comparison =
        e.comparison === 'higher' ? s.higher : e.comparison === 'equal' ? s.equal : e.comparison === 'lower' ? s.lower : '';
      shown.comparisonKind = e.comparison === 'higher' ? 1 : e.comparison === 'lower' ? -1 : 0;
      if (game.lay !== null && game.lay.seat === e.seat && game.lay.left > 0 && game.lay.left < game.lay.total) {
        say(show, s.layCount(game.lay.total, game.lay.left), t, e.seat);
        return true;
      }
      // An answer that was no face card: the challenge line counts down with
      // the pips (a face card's own 'challenge' event follows and replaces it).
      if (game.challenge !== null && before.challenge !== null && game.challenge.chancesLeft < before.challenge.chancesLeft) {
        const a = game.challenge.answerer;
        say(show, s.chancesLeft(nameOf(show, a), a === human, game.challenge.chancesLeft), t, a);
        return true;
      }
      if (!said) cardLanded(show, t);
      return said;
    case 'penaltyLay':
      say(show, s.layCount(e.cards, e.cards), t, e.seat);
      return true;
    case 'challenge':
      shown.chancesTotal = e.chances;
      say(show, s.challenge(nameOf(show, e.answerer), e.answerer === human, e.chances), t, e.answerer);
      return true;
    case 'collectDue':
      // The pile waits a moment for its winner: say now who won it.
      say(
        show,
        game.pendingCollect !== null && game.pendingCollect.reason === 'lastCard'
          ? s.lastCardWon(nameOf(show, e.seat), e.seat === human)
          : s.challengeWon(nameOf(show, e.seat), e.seat === human),
        t,
        e.seat,
        true,
      );
      return true;
    case 'claimed':
      show.taker = e.seat;
      startSweep(shown, before, e.seat, t);
      cue(cues, 'sweep', e.seat, players);
      say(show, e.falseStart === true ? s.falseStartClaim(nameOf(show, e.seat), e.seat === human, e.cards) : claimText(show, e.seat, e.reason, e.pattern, e.cards, before), t, e.seat, true);
      if (e.reason === 'slap') {
        slapAt(show, e.seat, t, true);
        // A slap a person won rings (the chime, tools/assets/sounds.mjs), over the slap's thump.
        if (isPerson(show, e.seat)) cue(cues, 'chime', e.seat, players);
      }
      return true;
    case 'wrongSlap':
      slapAt(show, e.seat, t, false);
      shown.shake.active = true;
      shown.shake.seat = e.seat;
      shown.shake.start = t;
      if (e.burned > 0) startBurn(shown, game.burned, e.seat, -1, e.burned, t);
      else if (e.paid !== undefined) startBurn(shown, game.stacks[e.paid.to]!, e.seat, e.paid.to, e.paid.cards, t);
      cue(cues, 'buzz', e.seat, players);
      say(show, wrongSlapText(show, e), t, e.seat);
      return true;
    case 'challengeStopped':
      shown.chancesTotal = 0;
      say(show, s.tenStops(nameOf(show, e.seat), e.seat === human), t, e.seat);
      return true;
    case 'slapMissed':
      // A person slapping the pile they took themselves is no news ("Too late!" would cover who took it).
      if (isPerson(show, e.seat) && e.seat !== show.taker) {
        slapAt(show, e.seat, t, false);
        say(show, e.seat === human ? s.tooLate : s.tooLateFor(nameOf(show, e.seat)), t, e.seat);
        return true;
      }
      return said;
    case 'chooseTaker':
      say(show, s.chooseTaker, t, e.seat);
      return true;
    case 'out':
      if (!said) say(show, s.out(nameOf(show, e.seat), e.seat === human), t, e.seat);
      return said;
    case 'slappedIn':
      say(show, s.slappedIn(nameOf(show, e.seat), e.seat === human), t, e.seat);
      return true;
    case 'turn':
      return said;
    case 'gameOver':
      say(show, s.wins(nameOf(show, e.result.winner), e.result.winner === human), t, e.result.winner);
      if (isPerson(show, e.result.winner)) {
        // A person won: the celebration and its fanfare (src/app/scenes/table.ts waits for it).
        celebrate(shown.celebration, game, e.result.winner, t);
        cue(cues, 'fanfare');
      } else cue(cues, shown.human < 0 ? 'win' : 'lose');
      return true;
  }
  return said;
}

/** A wrong slap's line: what it cost, and whether it was a false start (before anyone could see the card). */
function wrongSlapText(show: TableShow, e: Extract<GameEvent, { type: 'wrongSlap' }>): string {
  const s = show.strings;
  const name = nameOf(show, e.seat);
  const you = e.seat === show.you;
  const early = e.falseStart === true;
  if (e.paid !== undefined) return s.wrongSlapPaid(name, you, early, nameOf(show, e.paid.to), e.paid.to === show.you, e.paid.cards);
  if (e.barred) return (early ? s.falseStartLead : '') + s.barred(name, you);
  if (e.banned) return (early ? s.falseStartLead : '') + s.slapBanned(name, you, e.banned);
  return early ? s.falseStart(name, you, e.burned) : s.wrongSlap(name, you, e.burned);
}

function claimText(show: TableShow, seat: Seat, reason: string, pattern: string | undefined, cards: number, before: GameState): string {
  const s = show.strings;
  const human = show.you;
  const you = seat === human;
  const name = nameOf(show, seat);
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
      return s.choiceClaim(nameOf(show, before.pendingChoice ?? seat), before.pendingChoice === human, name, you, cards);
  }
  return '';
}

function startFlight(shown: TableDisplay, seat: Seat, card: number, t: number): void {
  const f = shown.flight;
  f.active = true;
  f.seat = seat;
  f.card = card;
  f.start = t;
  f.faceDown = false;
}

function startSweep(shown: TableDisplay, before: GameState, seat: Seat, t: number): void {
  const sw = shown.sweep;
  const pile = before.pile;
  const n = pile.length < sw.cards.length ? pile.length : sw.cards.length;
  for (let i = 0; i < n; i++) sw.cards[i] = pile[pile.length - n + i]!;
  sw.count = n;
  sw.active = n > 0;
  sw.seat = seat;
  sw.start = t;
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
function startBurn(shown: TableDisplay, into: readonly number[], seat: Seat, to: Seat, count: number, t: number): void {
  const b = shown.burn;
  const n = count < b.cards.length ? count : b.cards.length;
  for (let i = 0; i < n; i++) b.cards[i] = into[into.length - n + i]!;
  b.count = n;
  b.active = true;
  b.seat = seat;
  b.to = to;
  b.start = t;
}

/** A slap's hand at the seat, and what it did (good: took the pile), at t; a hand that came down in a flight gets its outcome now. */
function slapAt(show: TableShow, seat: Seat, t: number, good: boolean): void {
  const hand = show.display.slapHand;
  if (hand.active && hand.seat === seat && hand.markAt === NEVER) {
    hand.good = good;
    hand.markAt = t;
    return;
  }
  pressHand(show, seat, t);
  hand.good = good;
  hand.markAt = t;
}

/** A slap's hand coming down at t, what it did not known yet; and its thump. */
function pressHand(show: TableShow, seat: Seat, t: number): void {
  const hand = show.display.slapHand;
  hand.active = true;
  hand.good = false;
  hand.markAt = NEVER;
  hand.seat = seat;
  hand.start = t;
  cue(show.cues, 'slap', seat, show.seats.length);
}

/**
 * A person's press the rules refused: a slap while banned says for how long,
 * a card played out of turn says whose turn it is (alone at the table; with
 * two people the line belongs to whoever is on turn). Other refusals show nothing.
 */
export function showRefusal(show: TableShow, action: Action, code: RuleErrorCode, before: GameState, t: number): void {
  if (show.seats[action.seat]?.kind !== 'human') return;
  if (code === 'banned') say(show, show.strings.stillBanned(nameOf(show, action.seat), action.seat === show.you, before.slapBan[action.seat]!), t, action.seat);
  else if (code === 'notYourTurn' && action.type === 'play' && !show.duel) show.display.hint = show.strings.notYourTurn;
}

/** Two people: the line names whoever the game waits for, with their button. */
function duelHint(show: TableShow, game: GameState, naming: Naming | null): string {
  const s = show.strings;
  if (game.over !== null) return '';
  if (naming !== null) {
    const keys = padNames(seatPad(show.seats, naming.seat), s.keys);
    return s.padChoose(nameOf(show, naming.seat), keys.prev + keys.next, keys.play);
  }
  if (game.pendingChoice !== null) return '';
  const seat = game.pendingCollect !== null ? game.pendingCollect.seat : game.turn;
  if (!isPerson(show, seat)) return game.pendingCollect !== null ? '' : s.waitFor(nameOf(show, seat));
  const key = padNames(seatPad(show.seats, seat), s.keys).play;
  return game.pendingCollect !== null ? s.padTake(nameOf(show, seat), key) : s.padTurn(nameOf(show, seat), key);
}

/** What the one person at the table can do now (CAN_* bits; 0 in the demo, with two people and once the game is over). */
function canNow(show: TableShow, game: GameState, naming: Naming | null): number {
  const human = show.you;
  if (human < 0 || game.over !== null) return 0;
  if (naming !== null && naming.seat === human) return CAN_CHOOSE;
  let can = canSlap(game, human) ? CAN_SLAP : 0;
  if (game.pendingCollect !== null ? game.pendingCollect.seat === human : game.pendingChoice === null && game.turn === human) can |= CAN_PLAY;
  return can;
}

/**
 * What the view reads of the game as it now is: its state, whose action is
 * next, and the help line for the person the table speaks to: whose turn,
 * what to press; and what they can do now, for the legend. A person who can
 * do nothing any more (out of cards and barred, or slapping back in off) is
 * told nothing.
 */
export function showGame(show: TableShow, game: GameState, naming: Naming | null): void {
  // While a card flies, the table shows the game as it was before the play (landFlight shows the rest).
  if (show.landsAt !== NEVER) return;
  show.display.game = game;
  show.display.toAct = seatToAct(game);
  updateHint(show, game, naming);
  showNaming(show, naming);
}

/** The help line and the legend's buttons for `game` (src/app/table.ts showGame; test/game/hints.test.ts). */
export function updateHint(show: TableShow, game: GameState, naming: Naming | null): void {
  const { display: shown, you: human } = show;
  const s = show.strings;
  shown.can = canNow(show, game, naming);
  if (show.duel) shown.hint = duelHint(show, game, naming);
  else if (human < 0 || game.over !== null || shown.can === 0) shown.hint = '';
  else if (naming !== null && naming.seat === human) shown.hint = s.chooseHint;
  else if (game.pendingCollect !== null) shown.hint = game.pendingCollect.seat === human ? s.takePile : '';
  else if (game.pendingChoice !== null) shown.hint = '';
  else if (game.turn === human) shown.hint = s.yourTurn;
  else shown.hint = s.waitFor(shown.names[game.turn]!);
}

/** Who is naming a taker, and the seat their cursor is on, as the table draws it. */
function showNaming(show: TableShow, naming: Naming | null): void {
  show.display.chooser = naming !== null ? naming.seat : -1;
  if (naming !== null) show.display.pick = naming.pick;
}
