// Option defaults, as docs/rules.md names them.
import { SLAP_RULE_TABLE } from './slap-rules';
import type { GameOptions, RuleSet, SlapRule } from './types';

/** Every slap rule, in the order slapPattern() checks (and reports) them: the table's. */
export const SLAP_RULES: readonly SlapRule[] = Object.keys(SLAP_RULE_TABLE) as SlapRule[];

/** Whether the rule can be on with these options (the joker slap needs jokers in the deck). */
export function slapRuleAvailable(rule: SlapRule, options: { jokers: boolean }): boolean {
  return !('needsJokers' in SLAP_RULE_TABLE[rule]) || options.jokers;
}

function defaultSlapRules(): Record<SlapRule, boolean> {
  const on = {} as Record<SlapRule, boolean>;
  for (const rule of SLAP_RULES) on[rule] = SLAP_RULE_TABLE[rule].on;
  return on;
}

export const DEFAULT_CARD_LIMIT = 5000;

export function defaultOptions(ruleSet: RuleSet = 'classic', players = 4): GameOptions {
  return {
    ruleSet,
    players,
    jokers: false,
    slapRules: defaultSlapRules(),
    runLength: 3,
    runWrap: false,
    wrongSlap: 'pay',
    wrongSlapPenalty: 1,
    banCards: 3,
    tensStop: false,
    slapIn: true,
    cardLimit: DEFAULT_CARD_LIMIT,
    russianJokers: 'off',
  };
}
