// Option defaults, as docs/rules.md names them.
import type { GameOptions, RuleSet, SlapRule } from './types';

/** Every slap rule, in the order slapPattern() checks (and reports) them. */
export const SLAP_RULES: readonly SlapRule[] = [
  'pair',
  'sandwich',
  'topBottom',
  'tens',
  'sandwichTens',
  'marriage',
  'divorce',
  'hoagie',
  'run',
  'flush',
  'joker',
];

export const DEFAULT_CARD_LIMIT = 5000;

export function defaultOptions(ruleSet: RuleSet = 'classic', players = 4): GameOptions {
  return {
    ruleSet,
    players,
    jokers: false,
    slapRules: {
      pair: true,
      sandwich: true,
      topBottom: false,
      tens: false,
      sandwichTens: false,
      marriage: false,
      divorce: false,
      hoagie: false,
      run: false,
      flush: false,
      joker: false,
    },
    runLength: 3,
    runWrap: false,
    wrongSlap: 'burn',
    wrongSlapPenalty: 1,
    banCards: 3,
    tensStop: false,
    slapIn: true,
    cardLimit: DEFAULT_CARD_LIMIT,
    russianJokers: 'off',
  };
}
