// Invariants of the rules engine's state, checked after every fuzzed action,
// and a spec oracle for which refusal an action must get (docs/rules.md,
// "Refusals"). Every check throws a FuzzFailure whose `kind` names the
// broken invariant, so the shrinker can keep a reproduction on the same bug.
import type { Action, ApplyResult, GameEvent, GameState, RuleErrorCode } from '../../src/rules';

export class FuzzFailure extends Error {
  constructor(
    /** Short stable name of the broken invariant (the shrinker keeps it). */
    readonly kind: string,
    detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'FuzzFailure';
  }
}

function fail(kind: string, detail: string): never {
  throw new FuzzFailure(kind, detail);
}

export const ERROR_CODES: readonly RuleErrorCode[] = [
  'gameOver',
  'unknownAction',
  'unknownSeat',
  'notYourTurn',
  'noCards',
  'collectPending',
  'nothingToCollect',
  'noChoicePending',
  'badTarget',
  'choicePending',
  'slapNotAllowed',
  'barred',
  'banned',
];

const EVENT_TYPES = new Set([
  'played',
  'challenge',
  'collectDue',
  'claimed',
  'wrongSlap',
  'slapMissed',
  'penaltyLay',
  'chooseTaker',
  'out',
  'slappedIn',
  'turn',
  'gameOver',
  'challengeStopped',
]);

const isSeatOf = (players: number, v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < players;

/**
 * Walks a value that must be plain JSON data: finite numbers (not -0),
 * strings, booleans, null, arrays and plain objects, no undefined, no cycles.
 * Freezes what it checked, and skips what is already frozen (checked before):
 * the engine shares unchanged arrays between states, so each step walks only
 * what it built new. A frozen state also turns any later write into it into a
 * TypeError at the writing line (ES modules are strict), so mutation of an
 * input state is caught where it happens, for every action, not on a sample.
 */
export function checkPlainAndFreeze(value: unknown, path: string, depth = 0): void {
  if (depth > 8) fail('notPlainData', `${path} nests too deep (a cycle?)`);
  switch (typeof value) {
    case 'number':
      if (!Number.isFinite(value)) fail('notPlainData', `${path} is ${value}`);
      if (Object.is(value, -0)) fail('notPlainData', `${path} is -0 (JSON turns it into 0)`);
      return;
    case 'string':
    case 'boolean':
      return;
    case 'object':
      if (value === null || Object.isFrozen(value)) return;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          if (!(i in value)) fail('notPlainData', `${path}[${i}] is a hole`);
          checkPlainAndFreeze(value[i], path, depth + 1);
        }
      } else {
        const proto = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) fail('notPlainData', `${path} is not a plain object`);
        for (const key of Object.keys(value)) checkPlainAndFreeze((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
      }
      Object.freeze(value);
      return;
    default:
      fail('notPlainData', `${path} is ${typeof value}`);
  }
}

/** What a game keeps for the whole run, to compare each state with. */
export interface GameFacts {
  players: number;
  deckSize: number;
  seed: number;
  optionsJson: string;
  classic: boolean;
  /** The state's own keys at the deal, sorted and joined: later states have the same. */
  keys: string;
}

export function factsOf(start: GameState): GameFacts {
  let deckSize = start.pile.length + start.burned.length;
  for (const s of start.stacks) deckSize += s.length;
  return {
    players: start.options.players,
    deckSize,
    seed: start.seed,
    optionsJson: JSON.stringify(start.options),
    classic: start.options.ruleSet === 'classic',
    keys: Object.keys(start).sort().join(),
  };
}

const seen = new Uint8Array(64);

/** Every card exactly once across stacks, pile and burned cards. */
function checkCards(state: GameState, facts: GameFacts): void {
  seen.fill(0);
  let count = 0;
  const mark = (cards: readonly number[], where: string): void => {
    for (let i = 0; i < cards.length; i++) {
      const card = cards[i]!;
      if (!(Number.isInteger(card) && card >= 0 && card < facts.deckSize)) fail('foreignCard', `${where} holds ${card}`);
      if (seen[card]) fail('duplicateCard', `card ${card} appears twice (again in ${where})`);
      seen[card] = 1;
      count++;
    }
  };
  if (!Array.isArray(state.stacks) || state.stacks.length !== facts.players)
    fail('stacks', `${state.stacks?.length} stacks for ${facts.players} players`);
  for (let s = 0; s < state.stacks.length; s++) mark(state.stacks[s]!, `stack ${s}`);
  mark(state.pile, 'pile');
  mark(state.burned, 'burned');
  if (count !== facts.deckSize) fail('lostCard', `${count} cards in the game, expected ${facts.deckSize}`);
}

/**
 * The cheap per-step state check. `prev` is the state before the action that
 * produced `state` (null for the deal); `events` what apply returned.
 */
export function checkState(state: GameState, facts: GameFacts, prev: GameState | null, events: readonly GameEvent[] | null): void {
  const P = facts.players;
  checkCards(state, facts);
  const keys = Object.keys(state);
  if (keys.sort().join() !== facts.keys)
    fail('stateKeys', `state has keys ${keys.join()}, the deal had ${facts.keys}`);
  if (state.seed !== facts.seed) fail('seedChanged', `seed ${state.seed}, dealt with ${facts.seed}`);
  if (prev && state.options !== prev.options && JSON.stringify(state.options) !== facts.optionsJson)
    fail('optionsChanged', JSON.stringify(state.options));
  if (!isSeatOf(P, state.turn)) fail('badTurn', `turn ${state.turn}`);
  if (!isSeatOf(P, state.dealer)) fail('badDealer', `dealer ${state.dealer}`);
  if (!Array.isArray(state.barred) || state.barred.length !== P) fail('barred', `barred ${JSON.stringify(state.barred)}`);
  // A slap ban lasts at most banCards cards, and only under the ban rule of the classic game.
  const banLimit = facts.classic && state.options.wrongSlap === 'ban' ? state.options.banCards : 0;
  if (!Array.isArray(state.slapBan) || state.slapBan.length !== P || state.slapBan.some((n) => !(Number.isInteger(n) && n >= 0 && n <= banLimit)))
    fail('slapBan', `slapBan ${JSON.stringify(state.slapBan)} with limit ${banLimit}`);
  if (!Number.isInteger(state.cardsPlayed) || state.cardsPlayed < 0 || state.cardsPlayed > state.options.cardLimit)
    fail('cardsPlayed', `${state.cardsPlayed} with limit ${state.options.cardLimit}`);
  if (state.pile.length === 0 ? state.lastPlayer !== null : !isSeatOf(P, state.lastPlayer))
    fail('lastPlayer', `lastPlayer ${state.lastPlayer} with ${state.pile.length} cards on the pile`);
  if (state.burned.length > 0 && !facts.classic) fail('burnedInRussian', `${state.burned.length} burned`);
  if (!Array.isArray(state.seen) || state.seen.length === 0) fail('seen', 'no positions recorded');
  const outs = new Set<number>();
  for (const seat of state.outOrder) {
    if (!isSeatOf(P, seat) || outs.has(seat)) fail('outOrder', JSON.stringify(state.outOrder));
    outs.add(seat);
  }

  if (facts.classic) {
    if (state.lay !== null || state.pendingChoice !== null) fail('russianFieldInClassic', 'lay or pendingChoice set');
    if (state.pendingCollect) {
      const pc = state.pendingCollect;
      if (!isSeatOf(P, pc.seat) || (pc.reason !== 'challenge' && pc.reason !== 'lastCard'))
        fail('pendingCollect', JSON.stringify(pc));
      if (!state.over && state.turn !== pc.seat) fail('pendingCollect', `due to ${pc.seat} but seat ${state.turn} on turn`);
      if (state.pile.length === 0) fail('pendingCollect', 'a collect is due on an empty pile');
      if (state.challenge) fail('pendingCollect', 'a collect is due during a challenge');
    }
    if (state.challenge) {
      const c = state.challenge;
      if (!isSeatOf(P, c.by) || !isSeatOf(P, c.answerer) || !(c.chancesLeft >= 1 && c.chancesLeft <= 4))
        fail('challenge', JSON.stringify(c));
      if (!state.over && c.answerer !== state.turn) fail('challenge', `answerer ${c.answerer} but seat ${state.turn} on turn`);
    }
    if (!state.over) for (const seat of outs) if (state.stacks[seat]!.length > 0) fail('outOrder', `seat ${seat} is out but holds cards`);
  } else {
    if (state.challenge !== null || state.pendingCollect !== null) fail('classicFieldInRussian', 'challenge or pendingCollect set');
    if (state.barred.some((b) => b)) fail('barred', 'a Russian seat is barred');
    if (state.pendingChoice !== null) {
      if (state.options.russianJokers !== 'chooser' || !isSeatOf(P, state.pendingChoice)) fail('pendingChoice', String(state.pendingChoice));
      if (!state.over && state.turn !== state.pendingChoice) fail('pendingChoice', `chooser ${state.pendingChoice}, turn ${state.turn}`);
    }
    if (state.lay) {
      const l = state.lay;
      if (!isSeatOf(P, l.seat) || !(l.left >= 1 && l.left <= l.total && l.total >= 2 && l.total <= 4)) fail('lay', JSON.stringify(l));
      if (!state.over && l.seat !== state.turn) fail('lay', `layer ${l.seat}, turn ${state.turn}`);
    }
  }

  // The play always rests with someone who can act.
  if (!state.over && state.pendingCollect === null && state.pendingChoice === null && state.stacks[state.turn]!.length === 0)
    fail('turnWithoutCards', `seat ${state.turn} is on turn with no cards`);

  if (state.over) {
    const o = state.over;
    if (!isSeatOf(P, o.winner) || o.ranking.length !== P || o.ranking[0] !== o.winner) fail('gameOver', JSON.stringify(o));
    const ranks = new Set(o.ranking);
    for (let s = 0; s < P; s++) if (!ranks.has(s)) fail('gameOver', `ranking ${JSON.stringify(o.ranking)} misses seat ${s}`);
    if (o.byLimit !== (o.endedBy !== 'rules')) fail('gameOver', JSON.stringify(o));
    if (o.endedBy === 'cardLimit' && state.cardsPlayed !== state.options.cardLimit)
      fail('gameOver', `ended by the card limit after ${state.cardsPlayed} of ${state.options.cardLimit}`);
    if (o.endedBy === 'rules' && facts.classic && state.stacks[o.winner]!.length !== facts.deckSize)
      fail('gameOver', `classic winner holds ${state.stacks[o.winner]!.length} of ${facts.deckSize}`);
    if (o.endedBy === 'rules' && !facts.classic && state.stacks[o.winner]!.length !== 0)
      fail('gameOver', `Russian winner still holds ${state.stacks[o.winner]!.length}`);
  }

  if (prev) {
    if (prev.over) fail('actedAfterGameOver', 'an action was accepted after the game ended');
    if (state.cardsPlayed < prev.cardsPlayed) fail('cardsPlayed', `went down from ${prev.cardsPlayed} to ${state.cardsPlayed}`);
    if (state.seen.length < prev.seen.length) fail('seen', 'positions were forgotten');
    for (const seat of prev.barred.keys()) if (prev.barred[seat] && !state.barred[seat]) fail('barred', `seat ${seat} was unbarred`);
  }
  if (events) {
    let played = 0;
    let overEvents = 0;
    for (const e of events) {
      if (!e || !EVENT_TYPES.has(e.type)) fail('badEvent', JSON.stringify(e));
      if (e.type === 'played') played++;
      if (e.type === 'gameOver') overEvents++;
    }
    if (prev && played !== state.cardsPlayed - prev.cardsPlayed)
      fail('playedEvents', `${played} played events, cardsPlayed went ${prev.cardsPlayed} -> ${state.cardsPlayed}`);
    if (overEvents !== (state.over && !(prev && prev.over) ? 1 : 0)) fail('gameOverEvent', `${overEvents} gameOver events`);
    // A ban counts down one per card played, and starts only with a wrong slap that says so.
    if (prev) {
      for (let seat = 0; seat < P; seat++) {
        const bannedNow = events.some((e) => e.type === 'wrongSlap' && e.seat === seat && e.banned);
        const expected = bannedNow ? state.options.banCards : Math.max(0, prev.slapBan[seat]! - played);
        if (state.slapBan[seat] !== expected) fail('slapBan', `seat ${seat}: ban ${prev.slapBan[seat]} -> ${state.slapBan[seat]} after ${played} cards played`);
      }
    }
  }
}

/**
 * The refusal the spec (docs/rules.md "Refusals") says `action` must get in
 * `state`, or null when it must be accepted. Written from the document, not
 * from apply.ts, so the two check each other.
 */
export function expectedRefusal(state: GameState, action: unknown): RuleErrorCode | null {
  if (typeof action !== 'object' || action === null) return 'unknownAction';
  const a = action as Record<string, unknown>;
  const type = a.type;
  if (type !== 'play' && type !== 'slap' && type !== 'collect' && type !== 'choose') return 'unknownAction';
  if (a.at !== undefined && !(typeof a.at === 'number' && Number.isFinite(a.at))) return 'unknownAction';
  if (state.over) return 'gameOver';
  const P = state.options.players;
  if (!isSeatOf(P, a.seat)) return 'unknownSeat';
  const seat = a.seat;
  const classic = state.options.ruleSet === 'classic';
  switch (type) {
    case 'play':
      if (state.pendingChoice !== null) return 'choicePending';
      if (state.pendingCollect) return 'collectPending';
      if (seat !== state.turn) return 'notYourTurn';
      if (state.stacks[seat]!.length === 0) return 'noCards';
      return null;
    case 'slap':
      if (a.at === undefined) return 'unknownAction';
      if (!classic) return 'slapNotAllowed';
      if (state.barred[seat]) return 'barred';
      if (state.stacks[seat]!.length === 0 && !state.options.slapIn) return 'slapNotAllowed';
      if (state.slapBan[seat]! > 0) return 'banned';
      return null;
    case 'collect':
      if (!state.pendingCollect) return 'nothingToCollect';
      if (seat !== state.pendingCollect.seat) return 'notYourTurn';
      return null;
    default:
      if (state.pendingChoice === null) return 'noChoicePending';
      if (seat !== state.pendingChoice) return 'notYourTurn';
      if (!isSeatOf(P, a.target)) return 'badTarget';
      return null;
  }
}

/** A refusal must carry a known code and a clear message, and nothing else. */
export function checkRefusal(result: ApplyResult, expected: RuleErrorCode, action: unknown): void {
  if (result.ok) fail('acceptedBadAction', `${describeAction(action)} was accepted; expected refusal ${expected}`);
  const err = result.error;
  if (!err || ERROR_CODES.indexOf(err.code) < 0) fail('badErrorCode', `${describeAction(action)} -> ${JSON.stringify(err)}`);
  if (err.code !== expected) fail('wrongErrorCode', `${describeAction(action)} -> ${err.code} ("${err.message}"), expected ${expected}`);
  if (typeof err.message !== 'string' || err.message.length < 10 || /\[object Object\]/.test(err.message))
    fail('unclearMessage', `${describeAction(action)} -> ${JSON.stringify(err.message)}`);
  if ('state' in result) fail('refusalCarriesState', describeAction(action));
}

/** An action as text, also for values JSON cannot show (NaN, undefined, -0). */
export function describeAction(action: unknown): string {
  if (action === undefined) return 'undefined';
  if (typeof action !== 'object' || action === null) return JSON.stringify(action) ?? String(action);
  const parts: string[] = [];
  for (const k in action as Record<string, unknown>) {
    const v = (action as Record<string, unknown>)[k];
    const shown = typeof v === 'number' && !Number.isFinite(v) ? String(v) : Object.is(v, -0) ? '-0' : v === undefined ? 'undefined' : JSON.stringify(v);
    parts.push(`${JSON.stringify(k)}: ${shown}`);
  }
  return `{ ${parts.join(', ')} }`;
}

/** True when the action is exactly a well-formed action of its type (no extra fields). */
export function isCleanAction(action: Action): boolean {
  const keys = Object.keys(action);
  return keys.every((k) => k === 'type' || k === 'seat' || k === 'at' || (k === 'target' && action.type === 'choose'));
}
