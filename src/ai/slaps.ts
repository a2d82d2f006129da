// When the CPU players slap. Called after every change of the pile; each CPU
// seat independently decides to slap (or to miss, or to slap a pile that only
// looks slappable) and when, from public information only: the face-up pile,
// the options, who is barred or banned and how many cards each seat holds. The stacks'
// contents and the engine's own rng are never read.
import { cardCount, slapPattern } from '../rules';
import type { GameState, Seat } from '../rules';
import { lookalikePattern } from './lookalike';
import { chance, endDraws, startDraws } from './random';
import { DIFFICULTY_PARAMS, drawReactionMs, type Difficulty } from './reaction';

export interface SlapPlan {
  seat: Seat;
  /** Host ms when the CPU slaps. */
  at: number;
  /** Whether the pile was slappable when planned (false: a deliberate wrong slap). */
  valid: boolean;
}

/** May this seat slap at all? Barred or banned seats never (docs/rules.md, Variants); seats without cards only with slap-in. */
function maySlap(state: GameState, seat: Seat): boolean {
  if (state.barred[seat] || state.slapBan[seat] > 0) return false;
  return state.options.slapIn || cardCount(state, seat) > 0;
}

/** Insert keeping `plans` sorted by time; equal times keep seat-list order (stable). */
function insertByTime(plans: SlapPlan[], plan: SlapPlan): void {
  let i = plans.length;
  plans.push(plan);
  while (i > 0 && plans[i - 1].at > plan.at) {
    plans[i] = plans[i - 1];
    i--;
  }
  plans[i] = plan;
}

/**
 * The CPU players' reactions to the pile as it now is (call after every
 * change of the pile: a play, claim, burn). `now` is the host time of that
 * change. Returns the slaps CPU seats intend to make (valid ones, and the
 * occasional wrong one on a non-slappable pile), earliest first, and the new
 * AI rng state. The app discards plans that have not fired when the pile
 * changes again.
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

  const params = DIFFICULTY_PARAMS[difficulty];
  startDraws(rng);
  for (const seat of cpuSeats) {
    if (!maySlap(state, seat)) continue;
    if (pattern !== null) {
      if (chance(params.miss)) continue;
      insertByTime(plans, { seat, at: now + drawReactionMs(difficulty, pattern), valid: true });
    } else if (lookalike !== null && chance(params.wrong)) {
      insertByTime(plans, { seat, at: now + drawReactionMs(difficulty, lookalike), valid: false });
    }
  }
  return { plans, rng: endDraws() };
}
