// Classic slap patterns, judged on the face-up pile only (burned cards lie
// face down under it and never count). Jokers have no rank or suit here:
// they only ever match the Joker rule.
import { ACE, KING, QUEEN, isJoker, rankOf, suitOf } from './cards';
import { SLAP_RULES } from './options';
import type { Card, GameOptions, GameState, Seat, SlapRule } from './types';

/** The card `depth` places under the top (0 = top), or -1 when the pile is not that deep. */
export function fromTop(pile: readonly Card[], depth: number): Card {
  return depth < pile.length ? pile[pile.length - 1 - depth] : -1;
}

function sameRank(a: Card, b: Card): boolean {
  return a >= 0 && b >= 0 && !isJoker(a) && !isJoker(b) && rankOf(a) === rankOf(b);
}

/** Tens value: number cards 2..10 count their rank, the ace 1; faces and jokers never count. */
export function tensValue(card: Card): number {
  if (card < 0 || isJoker(card)) return 0;
  const rank = rankOf(card);
  if (rank === ACE) return 1;
  return rank <= 10 ? rank : 0;
}

function addToTen(a: Card, b: Card): boolean {
  const x = tensValue(a);
  const y = tensValue(b);
  return x > 0 && y > 0 && x + y === 10;
}

function queenAndKing(a: Card, b: Card): boolean {
  if (a < 0 || b < 0 || isJoker(a) || isJoker(b)) return false;
  const x = rankOf(a);
  const y = rankOf(b);
  return (x === QUEEN && y === KING) || (x === KING && y === QUEEN);
}

/**
 * Are these ranks (bottom to top) consecutive, all rising or all falling?
 * Without wrap the ace is high or low but a run may not pass K→A→2; with
 * wrap ranks go round (Q-K-A-2).
 */
export function isRun(ranks: readonly number[], wrap: boolean): boolean {
  if (wrap) {
    // Ranks 2..14 on a circle of 13: the ace (14) sits between K (13) and 2.
    const step = (i: number): number => (((ranks[i + 1] - ranks[i]) % 13) + 13) % 13;
    const first = step(0);
    if (first !== 1 && first !== 12) return false;
    for (let i = 1; i < ranks.length - 1; i++) if (step(i) !== first) return false;
    return true;
  }
  return consecutive(ranks, false) || consecutive(ranks, true);
}

function consecutive(ranks: readonly number[], aceLow: boolean): boolean {
  const value = (rank: number): number => (aceLow && rank === ACE ? 1 : rank);
  const first = value(ranks[1]) - value(ranks[0]);
  if (first !== 1 && first !== -1) return false;
  for (let i = 1; i < ranks.length - 1; i++) if (value(ranks[i + 1]) - value(ranks[i]) !== first) return false;
  return true;
}

function topRun(pile: readonly Card[], options: GameOptions): boolean {
  const length = options.runLength;
  if (pile.length < length) return false;
  const ranks: number[] = [];
  for (let i = pile.length - length; i < pile.length; i++) {
    if (isJoker(pile[i])) return false;
    ranks.push(rankOf(pile[i]));
  }
  return isRun(ranks, options.runWrap);
}

function topFlush(pile: readonly Card[]): boolean {
  if (pile.length < 4) return false;
  const suit = suitOf(pile[pile.length - 1]);
  if (suit < 0) return false;
  for (let i = pile.length - 4; i < pile.length; i++) if (suitOf(pile[i]) !== suit) return false;
  return true;
}

/**
 * The rules that match the top card with one card under it, and how many
 * places under the top that card lies (docs/rules.md: a pair is the card just
 * under, a sandwich one card between, a hoagie two).
 */
export const UNDER_TOP = { pair: 1, sandwich: 2, hoagie: 3, tens: 1, sandwichTens: 2, marriage: 1, divorce: 2 } as const;

/** Does the pile (face-up cards, pile[0] first) show this pattern? The option switch is not consulted. */
export function matchesRule(rule: SlapRule, pile: readonly Card[], options: GameOptions): boolean {
  const top = fromTop(pile, 0);
  if (top < 0) return false;
  switch (rule) {
    case 'pair':
    case 'sandwich':
    case 'hoagie':
      return sameRank(top, fromTop(pile, UNDER_TOP[rule]));
    case 'topBottom':
      return pile.length >= 2 && sameRank(top, pile[0]);
    case 'tens':
    case 'sandwichTens':
      return addToTen(top, fromTop(pile, UNDER_TOP[rule]));
    case 'marriage':
    case 'divorce':
      return queenAndKing(top, fromTop(pile, UNDER_TOP[rule]));
    case 'run':
      return topRun(pile, options);
    case 'flush':
      return topFlush(pile);
    case 'joker':
      return options.jokers && isJoker(top);
  }
}

/** The first enabled slap rule (in SLAP_RULES order) the pile shows now, or null: a slap now would be wrong. */
export function slapPattern(state: GameState): SlapRule | null {
  if (state.options.ruleSet !== 'classic') return null;
  for (const rule of SLAP_RULES) {
    if (state.options.slapRules[rule] && matchesRule(rule, state.pile, state.options)) return rule;
  }
  return null;
}

export interface TimedSlap {
  seat: Seat;
  at: number;
}

/**
 * Slaps in the order they take effect: earliest first; an exact tie goes to
 * the seat nearest clockwise after the one who played the top card. With an
 * empty pile (nobody played the top card) ties go clockwise starting from
 * the seat whose turn it is. Returns a new array; the input is not sorted.
 */
export function orderSlaps<T extends TimedSlap>(state: GameState, slaps: readonly T[]): T[] {
  const players = state.options.players;
  const from = state.lastPlayer !== null ? state.lastPlayer : (state.turn + players - 1) % players;
  const distance = (seat: Seat): number => (seat - from - 1 + 2 * players) % players;
  return slaps.slice().sort((x, y) => x.at - y.at || distance(x.seat) - distance(y.seat));
}
