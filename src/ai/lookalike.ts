// Piles that look slappable at a glance but are not: where a distracted
// player slaps wrongly. A 9 on an 8 is "almost a pair", 5-7-4 "almost a
// sandwich": each slap rule's near miss (src/rules/slap-rules.ts). Only rules
// switched on in the game's options prime the eye, and the caller asks only
// when the engine's slapPattern found nothing, so these checks never decide
// whether a slap is valid; they only pick the piles on which a CPU (or the
// human model) may make an occasional wrong slap.
import { SLAP_RULES, SLAP_RULE_TABLE } from '../rules';
import type { GameState, SlapRule } from '../rules';

/**
 * The enabled slap rule this pile looks like at a glance, or null; checked
 * in the engine's order, the first near miss found names the slap a player
 * thinks they see. Meant for piles the engine judged not slappable; on a
 * slappable pile it may also answer, which means nothing.
 */
export function lookalikePattern(state: GameState): SlapRule | null {
  const options = state.options;
  if (state.pile.length < 2) return null;
  for (const rule of SLAP_RULES) {
    const nearMiss = SLAP_RULE_TABLE[rule].nearMiss;
    if (nearMiss !== null && options.slapRules[rule] && nearMiss(state.pile, options)) return rule;
  }
  return null;
}
