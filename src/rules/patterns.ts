// What the slap rules look for in a pile, piece by piece: same ranks, sums
// to ten, the royal couple, runs and flushes, and their near misses (a pile
// one step off a pattern, where a distracted player slaps wrongly). Judged
// on the face-up pile only (burned cards lie face down under it and never
// count). Jokers have no rank or suit here: they only ever match the Joker
// rule. The rules themselves, one record each, are in slap-rules.ts.
import { ACE, JACK, KING, QUEEN, isJoker, rankOf, suitOf } from './cards';
import type { Card } from './types';

/** The card `depth` places under the top (0 = top), or -1 when the pile is not that deep. */
export function fromTop(pile: readonly Card[], depth: number): Card {
  return depth < pile.length ? pile[pile.length - 1 - depth] : -1;
}

function isRanked(card: Card): boolean {
  return card >= 0 && !isJoker(card);
}

export function sameRank(a: Card, b: Card): boolean {
  return isRanked(a) && isRanked(b) && rankOf(a) === rankOf(b);
}

/** Tens value: number cards 2..10 count their rank, the ace 1; faces and jokers never count. */
export function tensValue(card: Card): number {
  if (!isRanked(card)) return 0;
  const rank = rankOf(card);
  if (rank === ACE) return 1;
  return rank <= 10 ? rank : 0;
}

export function addToTen(a: Card, b: Card): boolean {
  const x = tensValue(a);
  const y = tensValue(b);
  return x > 0 && y > 0 && x + y === 10;
}

export function queenAndKing(a: Card, b: Card): boolean {
  if (!isRanked(a) || !isRanked(b)) return false;
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

/** The top `length` cards are a run (isRun). */
export function topRun(pile: readonly Card[], length: number, wrap: boolean): boolean {
  if (pile.length < length) return false;
  const ranks: number[] = [];
  for (let i = pile.length - length; i < pile.length; i++) {
    if (isJoker(pile[i])) return false;
    ranks.push(rankOf(pile[i]));
  }
  return isRun(ranks, wrap);
}

/** The top `length` cards share a suit. */
export function topFlush(pile: readonly Card[], length: number): boolean {
  if (pile.length < length) return false;
  const suit = suitOf(pile[pile.length - 1]);
  if (suit < 0) return false;
  for (let i = pile.length - length; i < pile.length; i++) if (suitOf(pile[i]) !== suit) return false;
  return true;
}

// ---- near misses ----

/** Ranks one apart (8 and 9): the eye reads "same" before it reads "which". */
export function adjacentRanks(a: Card, b: Card): boolean {
  if (!isRanked(a) || !isRanked(b)) return false;
  const d = rankOf(a) - rankOf(b);
  return d === 1 || d === -1;
}

/** Adds up to 9 or 11: a sum one off ten. */
export function nearlyTen(a: Card, b: Card): boolean {
  const x = tensValue(a);
  const y = tensValue(b);
  return x > 0 && y > 0 && (x + y === 9 || x + y === 11);
}

function isRoyal(rank: number): boolean {
  return rank === QUEEN || rank === KING;
}

function isJackOrAce(rank: number): boolean {
  return rank === JACK || rank === ACE;
}

/** A queen or king beside a jack or ace: high cards that are not the royal couple. */
export function nearlyCouple(a: Card, b: Card): boolean {
  if (!isRanked(a) || !isRanked(b)) return false;
  const x = rankOf(a);
  const y = rankOf(b);
  return (isRoyal(x) && isJackOrAce(y)) || (isJackOrAce(x) && isRoyal(y));
}

/** The top `length` cards have distinct ranks spanning length (one gap): 5-6-8, in any order. */
export function nearlyRun(pile: readonly Card[], length: number): boolean {
  if (pile.length < length) return false;
  return spansWithOneGap(pile, length, false) || spansWithOneGap(pile, length, true);
}

function spansWithOneGap(pile: readonly Card[], length: number, aceLow: boolean): boolean {
  let low = 99;
  let high = -1;
  let seen = 0; // bit set of ranks, to reject repeats
  for (let depth = 0; depth < length; depth++) {
    const card = fromTop(pile, depth);
    if (!isRanked(card)) return false;
    const rank = aceLow && rankOf(card) === ACE ? 1 : rankOf(card);
    if (seen & (1 << rank)) return false;
    seen |= 1 << rank;
    if (rank < low) low = rank;
    if (rank > high) high = rank;
  }
  return high - low === length;
}

/** The top `length - 1` cards share a suit (a flush needs `length`). */
export function nearlyFlush(pile: readonly Card[], length: number): boolean {
  return pile.length >= length - 1 && topFlush(pile, length - 1);
}
