// The rules engine's public face: everything above rules/ imports from here.
export type * from './types';
export { ACE, JACK, KING, QUEEN, JOKER_RANK, cardLabel, challengeChances, isFace, isJoker, makeCard, penaltyCards, rankOf, suitOf } from './cards';
export { below, nextRandom, shuffle } from './rng';
export { DEFAULT_CARD_LIMIT, SLAP_RULES, defaultOptions, slapRuleAvailable } from './options';
export { SLAP_RULE_TABLE, type Perception, type SlapRuleDef } from './slap-rules';
export { dealStacks, newGame, nextDealer, tableBeforePlay } from './deal';
export { activeSeats, canSlap, cardCount, nextWithCards, totalCards } from './state';
export { FALSE_START_MS, fromTop, isFalseStart, isRun, matchesRule, orderSlaps, slapPattern, tensValue } from './slaps';
export type { TimedSlap } from './slaps';
export { compareCards } from './russian';
export { rankingWhenStopped, stateHash } from './guard';
export { apply, checkAction } from './apply';
export { DEFAULT_POLICY, Dice, playout, randomActions } from './playout';
export type { PlayoutPolicy, PlayoutResult } from './playout';
