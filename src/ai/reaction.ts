// How fast a CPU player reacts: the slap reaction time and the pause before
// playing a card, per difficulty. The model and the sources of the numbers
// are in docs/ai.md.
import { SLAP_RULE_TABLE, type Perception, type SlapRule } from '../rules';
import { endDraws, exGaussianMs, startDraws } from './random';

export type Difficulty = 'easy' | 'medium' | 'hard' | 'master';
/** Easiest first, as the options menu lists them. */
export const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard', 'master'];

export interface DifficultyParams {
  /** Ex-Gaussian slap reaction time: the normal part's mean and spread, the exponential tail's mean (ms). */
  mu: number;
  sigma: number;
  tau: number;
  /** No reaction is faster than this (ms): below ~120 ms a human is guessing, not reacting. */
  floor: number;
  /** Chance of not slapping a valid pile at all. */
  miss: number;
  /** Chance of slapping a pile that only looks slappable (see lookalike.ts). */
  wrong: number;
  /** PERCEPTION_EXTRA_MS is scaled by this (percent): a slower player also takes longer to see a sandwich. */
  extraPercent: number;
}

export const DIFFICULTY_PARAMS: Record<Difficulty, DifficultyParams> = {
  // An elite player: pairs at about the elite human's median (342 ms), and the
  // smaller cost an elite player pays to see the other patterns.
  master: { mu: 305, sigma: 35, tau: 55, floor: 150, miss: 0.01, wrong: 0.01, extraPercent: 60 },
  // A quick, attentive human: go/no-go choice time at the fast end (~300 ms);
  // misses 3% of slappable piles, like the expert the level is measured against.
  hard: { mu: 345, sigma: 45, tau: 70, floor: 150, miss: 0.03, wrong: 0.01, extraPercent: 100 },
  // An ordinary player: choice time at the slow end (~420 ms), a longer tail.
  medium: { mu: 478, sigma: 60, tau: 120, floor: 150, miss: 0.08, wrong: 0.03, extraPercent: 125 },
  // A distracted player: slow, widely spread, often late, misses and guesses.
  easy: { mu: 700, sigma: 100, tau: 300, floor: 150, miss: 0.24, wrong: 0.08, extraPercent: 150 },
};

/**
 * Extra time (ms, at hard; scaled by extraPercent) to see a pattern, by its
 * perception class (src/rules/slap-rules.ts). A pair or a joker is read off
 * the top one or two cards at a glance; patterns that name ranks, compare
 * cards further down, check a sequence or add up values take one more look
 * or a sum.
 */
export const PERCEPTION_EXTRA_MS: Record<Perception, number> = {
  oneCard: 0,
  topTwo: 0,
  namedTwo: 20,
  pastTop: 60,
  along: 100,
  sum: 100,
  deep: 120,
  sumPastTop: 150,
};

/**
 * The commitment time (ms): a slap due this soon after the pile changes goes
 * ahead, whatever the change, because the last stage of a response is
 * ballistic. The CPU players (src/table/table.ts) and the human model
 * (src/sim/human-table.ts) use the same figure; docs/ai.md, "Committed",
 * gives its sources.
 */
export const COMMIT_MS = 150;

/**
 * Every reaction is clamped to this (ms), so any CPU that does not miss has
 * slapped by then: a human who waits 1,500 ms never wins a slap by waiting.
 */
export const REACTION_CAP_MS = 1400;

/** The pattern's extra time at this difficulty, in whole ms. */
export function patternExtraMs(difficulty: Difficulty, pattern: SlapRule): number {
  return Math.round((PERCEPTION_EXTRA_MS[SLAP_RULE_TABLE[pattern].perception] * DIFFICULTY_PARAMS[difficulty].extraPercent) / 100);
}

/** One reaction time from the current draws (random.ts cursor): ex-Gaussian + pattern extra, floored and capped. */
export function drawReactionMs(difficulty: Difficulty, pattern: SlapRule): number {
  const p = DIFFICULTY_PARAMS[difficulty];
  const ms = exGaussianMs(p.mu, p.sigma, p.tau, patternExtraMs(difficulty, pattern));
  return ms < p.floor ? p.floor : ms > REACTION_CAP_MS ? REACTION_CAP_MS : ms;
}

/** Reaction-time sampler exposed for tests and docs: one draw in ms for a pattern. */
export function reactionTime(
  difficulty: Difficulty,
  pattern: SlapRule,
  rng: number,
): { ms: number; rng: number } {
  startDraws(rng);
  const ms = drawReactionMs(difficulty, pattern);
  return { ms, rng: endDraws() };
}

export interface PlayDelayParams {
  mu: number;
  sigma: number;
  tau: number;
  floor: number;
  cap: number;
}

/**
 * The pause before a CPU plays its card: a few hundred ms, shaped like a
 * reaction time (the card is turned once the player has noticed it is their
 * turn), never instant and never long enough to seem stuck.
 */
export const PLAY_DELAY_PARAMS: Record<Difficulty, PlayDelayParams> = {
  master: { mu: 270, sigma: 45, tau: 80, floor: 170, cap: 1000 },
  hard: { mu: 300, sigma: 50, tau: 100, floor: 180, cap: 1200 },
  medium: { mu: 420, sigma: 70, tau: 160, floor: 200, cap: 1600 },
  easy: { mu: 550, sigma: 100, tau: 250, floor: 250, cap: 2000 },
};

/** How long a CPU seat waits before playing its card (ms), human-like (a few hundred ms, varied; faster on hard). */
export function playDelay(difficulty: Difficulty, rng: number): { delay: number; rng: number } {
  const p = PLAY_DELAY_PARAMS[difficulty];
  startDraws(rng);
  const ms = exGaussianMs(p.mu, p.sigma, p.tau, 0);
  const delay = ms < p.floor ? p.floor : ms > p.cap ? p.cap : ms;
  return { delay, rng: endDraws() };
}
