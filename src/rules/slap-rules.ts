// The classic slap rules, one record each: what the pile must show, whether
// a new game has it on, the pile How to play pictures it with, how a player
// sees it (its perception class, which sets the CPUs' and the human model's
// extra reaction time: src/ai/reaction.ts, src/sim/human.ts) and its near
// miss (src/ai/lookalike.ts). Everything else derives from this table: the
// SlapRule type, the order slapPattern checks them in, the default options,
// the options menu's rows, How to play's pictures and the save reader.
// Adding a rule is one record here plus its name and help line in each
// language (src/app/i18n/; docs/architecture.md, "How to add a slap rule").
import { isJoker, makeCard } from './cards';
import { addToTen, adjacentRanks, fromTop, nearlyCouple, nearlyFlush, nearlyRun, nearlyTen, queenAndKing, sameRank, topFlush, topRun } from './patterns';
import type { Card, GameOptions } from './types';

/**
 * What the eye does before the hand may move, cheapest first: the top card
 * alone, the top two cards' ranks, two named ranks, a match past the top
 * card, a match further down, a check along several cards, a sum, a sum past
 * the top card. docs/ai.md gives each class's cost for the CPUs and people.
 */
export type Perception = 'oneCard' | 'topTwo' | 'namedTwo' | 'pastTop' | 'deep' | 'along' | 'sum' | 'sumPastTop';

export interface SlapRuleDef {
  /** Does the face-up pile (pile[0] first, the top last) show it? The option switch is not consulted. */
  readonly match: (pile: readonly Card[], options: GameOptions) => boolean;
  /** On in a new game (docs/rules.md). */
  readonly on: boolean;
  /** The deck must hold jokers for it to mean anything (its option row hides, a game turns it off). */
  readonly needsJokers?: true;
  /** A pile that shows it, bottom first: How to play's picture (test/game/howto.test.ts checks it matches). */
  readonly example: (options: GameOptions) => Card[];
  readonly perception: Perception;
  /** A pile one step off it, where a distracted player slaps wrongly; null: unmistakable. Only asked of piles that match no rule. */
  readonly nearMiss: ((pile: readonly Card[], options: GameOptions) => boolean) | null;
}

const CLUBS = 0;
const DIAMONDS = 1;
const HEARTS = 2;
const SPADES = 3;
const JOKER: Card = 52;
const c = makeCard;

/** The top card and the one `depth` places under it, compared by `same`. */
function topAnd(depth: number, same: (a: Card, b: Card) => boolean) {
  return (pile: readonly Card[]): boolean => same(fromTop(pile, 0), fromTop(pile, depth));
}

/** In the order slapPattern checks (and reports) them. */
export const SLAP_RULE_TABLE = {
  pair: {
    match: topAnd(1, sameRank),
    on: true,
    example: () => [c(9, SPADES), c(4, DIAMONDS), c(7, CLUBS), c(7, HEARTS)],
    perception: 'topTwo',
    nearMiss: topAnd(1, adjacentRanks),
  },
  sandwich: {
    match: topAnd(2, sameRank),
    on: true,
    example: () => [c(3, SPADES), c(8, DIAMONDS), c(13, CLUBS), c(8, SPADES)],
    perception: 'pastTop',
    nearMiss: topAnd(2, adjacentRanks),
  },
  topBottom: {
    match: (pile) => pile.length >= 2 && sameRank(fromTop(pile, 0), pile[0]),
    on: false,
    example: () => [c(6, HEARTS), c(2, CLUBS), c(10, DIAMONDS), c(6, SPADES)],
    perception: 'deep',
    // With two cards the first card is the one under the top: that is the pair's near miss.
    nearMiss: (pile) => pile.length >= 3 && adjacentRanks(fromTop(pile, 0), pile[0]),
  },
  tens: {
    match: topAnd(1, addToTen),
    on: false,
    example: () => [c(12, CLUBS), c(4, DIAMONDS), c(6, HEARTS)],
    perception: 'sum',
    nearMiss: topAnd(1, nearlyTen),
  },
  sandwichTens: {
    match: topAnd(2, addToTen),
    on: false,
    example: () => [c(5, SPADES), c(2, DIAMONDS), c(11, CLUBS), c(8, HEARTS)],
    perception: 'sumPastTop',
    nearMiss: topAnd(2, nearlyTen),
  },
  marriage: {
    match: topAnd(1, queenAndKing),
    on: false,
    example: () => [c(4, CLUBS), c(12, HEARTS), c(13, HEARTS)],
    perception: 'namedTwo',
    nearMiss: topAnd(1, nearlyCouple),
  },
  divorce: {
    match: topAnd(2, queenAndKing),
    on: false,
    example: () => [c(12, SPADES), c(5, DIAMONDS), c(13, SPADES)],
    perception: 'pastTop',
    nearMiss: topAnd(2, nearlyCouple),
  },
  hoagie: {
    match: topAnd(3, sameRank),
    on: false,
    example: () => [c(9, DIAMONDS), c(3, CLUBS), c(6, SPADES), c(9, SPADES)],
    perception: 'deep',
    nearMiss: topAnd(3, adjacentRanks),
  },
  run: {
    match: (pile, o) => topRun(pile, o.runLength, o.runWrap),
    on: false,
    example: (o) =>
      o.runLength === 4 ? [c(3, CLUBS), c(4, DIAMONDS), c(5, SPADES), c(6, HEARTS)] : [c(13, CLUBS), c(4, DIAMONDS), c(5, SPADES), c(6, HEARTS)],
    perception: 'along',
    nearMiss: (pile, o) => nearlyRun(pile, o.runLength),
  },
  flush: {
    match: (pile) => topFlush(pile, 4),
    on: false,
    example: () => [c(2, HEARTS), c(9, HEARTS), c(5, HEARTS), c(7, HEARTS)],
    perception: 'along',
    nearMiss: (pile) => nearlyFlush(pile, 4),
  },
  joker: {
    match: (pile, o) => o.jokers && pile.length > 0 && isJoker(fromTop(pile, 0)),
    on: false,
    needsJokers: true,
    example: () => [c(8, CLUBS), c(3, DIAMONDS), JOKER],
    perception: 'oneCard',
    nearMiss: null,
  },
} as const satisfies Record<string, SlapRuleDef>;
