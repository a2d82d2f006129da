// Piles that look slappable at a glance but are not: where a distracted
// player slaps wrongly. A 9 on an 8 is "almost a pair", 5-7-4 "almost a
// sandwich". Only rules switched on in the game's options prime the eye, and
// the caller asks only when the engine's slapPattern found nothing, so these
// checks never decide whether a slap is valid; they only pick the piles on
// which a CPU may make its occasional wrong slap.
import { ACE, JACK, KING, QUEEN, SLAP_RULES, UNDER_TOP, fromTop, isJoker, rankOf, suitOf, tensValue } from '../rules';
import type { Card, GameOptions, GameState, SlapRule } from '../rules';

/**
 * Checked in the engine's order; the first lookalike found names the slap a
 * CPU thinks it sees. A joker is unmistakable, so it has no lookalike.
 */
const LOOKALIKE_ORDER: readonly SlapRule[] = SLAP_RULES.filter((rule) => rule !== 'joker');

function isRanked(card: Card): boolean {
  return card >= 0 && !isJoker(card);
}

/** Ranks one apart (8 and 9): the eye reads "same" before it reads "which". */
function adjacentRanks(a: Card, b: Card): boolean {
  if (!isRanked(a) || !isRanked(b)) return false;
  const d = rankOf(a) - rankOf(b);
  return d === 1 || d === -1;
}

/** Adds up to 9 or 11: a sum one off ten. */
function nearlyTen(a: Card, b: Card): boolean {
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
function nearlyCouple(a: Card, b: Card): boolean {
  if (!isRanked(a) || !isRanked(b)) return false;
  const x = rankOf(a);
  const y = rankOf(b);
  return (isRoyal(x) && isJackOrAce(y)) || (isJackOrAce(x) && isRoyal(y));
}

/** The top `length` cards have distinct ranks spanning length (one gap): 5-6-8, in any order. */
function nearlyRun(pile: readonly Card[], length: number): boolean {
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

/** The top three cards share a suit (a flush needs four). */
function nearlyFlush(pile: readonly Card[]): boolean {
  if (pile.length < 3) return false;
  const suit = isRanked(fromTop(pile, 0)) ? suitOf(fromTop(pile, 0)) : -1;
  if (suit < 0) return false;
  return suitOf(fromTop(pile, 1)) === suit && suitOf(fromTop(pile, 2)) === suit;
}

/** The near miss of each rule that matches the top card with one under it (src/rules/slaps.ts UNDER_TOP). */
const NEAR_MISS = {
  pair: adjacentRanks,
  sandwich: adjacentRanks,
  hoagie: adjacentRanks,
  tens: nearlyTen,
  sandwichTens: nearlyTen,
  marriage: nearlyCouple,
  divorce: nearlyCouple,
} as const;

function looksLike(rule: SlapRule, pile: readonly Card[], options: GameOptions): boolean {
  switch (rule) {
    case 'topBottom':
      // With two cards the first card is the one under the top: that is the pair lookalike.
      return pile.length >= 3 && adjacentRanks(fromTop(pile, 0), pile[0]);
    case 'run':
      return nearlyRun(pile, options.runLength);
    case 'flush':
      return nearlyFlush(pile);
    case 'joker':
      return false; // a joker is unmistakable
    default:
      return NEAR_MISS[rule](fromTop(pile, 0), fromTop(pile, UNDER_TOP[rule]));
  }
}

/**
 * The enabled slap rule this pile looks like at a glance, or null. Meant for
 * piles the engine judged not slappable; on a slappable pile it may also
 * answer, which means nothing.
 */
export function lookalikePattern(state: GameState): SlapRule | null {
  const options = state.options;
  if (state.pile.length < 2) return null;
  for (const rule of LOOKALIKE_ORDER) {
    if (options.slapRules[rule] && looksLike(rule, state.pile, options)) return rule;
  }
  return null;
}
