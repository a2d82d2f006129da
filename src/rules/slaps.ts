// Judging a slap: which enabled rule the pile shows (the rules themselves,
// one record each, are src/rules/slap-rules.ts), and the order in which
// slaps take effect.
import { SLAP_RULES } from './options';
import { SLAP_RULE_TABLE } from './slap-rules';
import type { Card, GameOptions, GameState, Seat, SlapRule } from './types';

export { fromTop, isRun, tensValue } from './patterns';

/** Does the pile (face-up cards, pile[0] first) show this pattern? The option switch is not consulted. */
export function matchesRule(rule: SlapRule, pile: readonly Card[], options: GameOptions): boolean {
  return pile.length > 0 && SLAP_RULE_TABLE[rule].match(pile, options);
}

/** The first enabled slap rule (in SLAP_RULES order) the pile shows now, or null: a slap now would be wrong. */
export function slapPattern(state: GameState): SlapRule | null {
  if (state.options.ruleSet !== 'classic' || state.pile.length === 0) return null;
  for (const rule of SLAP_RULES) {
    if (state.options.slapRules[rule] && SLAP_RULE_TABLE[rule].match(state.pile, state.options)) return rule;
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
