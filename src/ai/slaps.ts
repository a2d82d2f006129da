// When the CPU players slap. Called after every change of the pile; the CPU
// seats decide together, as one opponent, whether one of them slaps (or
// misses, or slaps a pile that only looks slappable), who, and when, from
// public information only: the face-up pile, the options, who is barred or
// banned and how many cards each seat holds. The stacks' contents and the engine's own
// rng are never read.
//
// One reaction per pile contest, not one per seat: if each CPU drew its own
// and the fastest won, three hard CPUs would slap faster than any of them
// alone, and the number of CPUs would decide whether a person can win a slap
// (docs/ai.md, "One reaction per pile").
import { canSlap, slapPattern } from '../rules';
import type { GameState, Seat } from '../rules';
import { lookalikePattern } from './lookalike';
import { below, chance, endDraws, startDraws } from './random';
import { DIFFICULTY_PARAMS, drawReactionMs, type Difficulty } from './reaction';

export interface SlapPlan {
  seat: Seat;
  /** Host ms when the CPU slaps. */
  at: number;
  /** Whether the pile was slappable when planned (false: a deliberate wrong slap). */
  valid: boolean;
}

/**
 * The CPU players' reaction to the pile as it now is (call after every
 * change of the pile: a play, claim, burn, or a resume). `now` is the host
 * time the pile became readable. Returns the slap the CPU seats intend to
 * make (a valid one, or the occasional wrong one on a pile that only looks
 * slappable): at most one, made by one seat drawn from those that may slap,
 * so the CPUs take turns. The app discards plans that have not fired when
 * the pile changes again.
 */
export function planSlaps(
  state: GameState,
  cpuSeats: readonly Seat[],
  difficulty: Difficulty,
  now: number,
  rng: number,
): { plans: SlapPlan[]; rng: number } {
  const plans: SlapPlan[] = [];
  // Russian has no slapping; an empty pile has nothing to slap.
  if (state.options.ruleSet !== 'classic' || state.over !== null || state.pile.length === 0) {
    return { plans, rng };
  }
  const pattern = slapPattern(state);
  const lookalike = pattern === null ? lookalikePattern(state) : null;
  if (pattern === null && lookalike === null) return { plans, rng };
  let eligible = 0;
  for (const seat of cpuSeats) if (canSlap(state, seat)) eligible++;
  if (eligible === 0) return { plans, rng };

  const params = DIFFICULTY_PARAMS[difficulty];
  startDraws(rng);
  const slaps = pattern !== null ? !chance(params.miss) : chance(params.wrong);
  if (slaps) {
    let pick = below(eligible);
    for (const seat of cpuSeats) {
      if (!canSlap(state, seat) || pick-- > 0) continue;
      plans.push({ seat, at: now + drawReactionMs(difficulty, (pattern ?? lookalike)!), valid: pattern !== null });
      break;
    }
  }
  return { plans, rng: endDraws() };
}
