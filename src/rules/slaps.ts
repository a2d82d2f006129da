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

/**
 * A slap sooner than this after the pile's top card landed (ms) is a false
 * start: nobody can have seen the card and reacted to it, so it is a guess,
 * and a wrong slap whatever the pile shows. Athletics draws the line at the
 * same place: a sprinter who reacts to the gun in under 100 ms has false
 * started (World Athletics Technical Rules 16.6), the fastest a person can
 * hear and react; seeing a card is slower still (docs/ai.md, "False
 * starts"). The online server judges players' stamps by it too.
 */
export const FALSE_START_MS = 100;

/** Whether a slap `sinceLanding` ms after the top card landed (negative: in its flight) is a false start. */
export function isFalseStart(sinceLanding: number): boolean {
  return sinceLanding < FALSE_START_MS;
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
