// A modelled person at the table, for the tests and the fairness benchmark:
// how fast they see a slappable pile, how often they miss one or slap a pile
// that only looks slappable, and how long they take to turn a card. Four
// skill levels; the numbers and their sources are in docs/ai.md ("The human
// model"). Nothing here is bundled into the game.
import { chance, endDraws, exGaussianMs, startDraws } from '../ai/random';
import { SLAP_RULE_TABLE, type Perception, type SlapRule } from '../rules';

export type Skill = 'beginner' | 'average' | 'expert' | 'elite';
export const SKILLS: readonly Skill[] = ['beginner', 'average', 'expert', 'elite'];

export interface HumanParams {
  /** Ex-Gaussian reaction to a pair (ms): mu + sigma * N(0,1) + tau * Exp(1). */
  mu: number;
  sigma: number;
  tau: number;
  /** Median reaction to a joker: a go/no-go on one card, no comparison (ms). */
  goMedian: number;
  /** Median reaction to a pair (ms); pairMedian - goMedian is the cost of comparing two ranks. */
  pairMedian: number;
  /** Chance of not noticing a slappable pile at all. */
  miss: number;
  /** Chance of slapping a pile that only looks slappable (src/ai/lookalike.ts). */
  falseAlarm: number;
  /** Ex-Gaussian time to turn a card, collect or name a taker once it is their move (ms). */
  moveMu: number;
  moveSigma: number;
  moveTau: number;
}

/**
 * Pair medians 688 / 550 / 418 / 342 ms: an average player matches two
 * ranks in the middle of the 500-650 ms same/different range, a beginner at
 * its slow end with more lapses (a longer tail), practice takes an expert
 * and an elite player down towards the go/no-go time of 280-320 ms. mu,
 * sigma and tau were fitted so that the ex-Gaussian's median is pairMedian
 * (sigma a tenth of it, tau 30 / 22 / 18 / 15 % of it).
 */
export const HUMAN_PARAMS: Record<Skill, HumanParams> = {
  beginner: { mu: 534, sigma: 69, tau: 206, goMedian: 340, pairMedian: 688, miss: 0.25, falseAlarm: 0.1, moveMu: 560, moveSigma: 90, moveTau: 200 },
  average: { mu: 456, sigma: 55, tau: 121, goMedian: 300, pairMedian: 550, miss: 0.1, falseAlarm: 0.05, moveMu: 450, moveSigma: 70, moveTau: 140 },
  expert: { mu: 358, sigma: 42, tau: 75, goMedian: 280, pairMedian: 418, miss: 0.03, falseAlarm: 0.02, moveMu: 380, moveSigma: 50, moveTau: 100 },
  elite: { mu: 300, sigma: 34, tau: 51, goMedian: 260, pairMedian: 342, miss: 0.01, falseAlarm: 0.01, moveMu: 340, moveSigma: 40, moveTau: 80 },
};

/**
 * How much seeing a pattern costs, by its perception class
 * (src/rules/slap-rules.ts), in units of the pair's comparison (pairMedian -
 * goMedian): a joker needs none, a marriage is a pair of named ranks, a
 * sandwich or divorce a match past the top card, a hoagie or top & bottom
 * further still, a flush or run a check along three or more cards, tens a
 * sum, sandwich tens a sum past the top card.
 */
export const PERCEPTION_WEIGHT: Record<Perception, number> = {
  oneCard: 0,
  topTwo: 1,
  namedTwo: 1.2,
  pastTop: 1.4,
  deep: 1.6,
  along: 1.65,
  sum: 2,
  sumPastTop: 2.4,
};

/**
 * A press planned this close to its time (ms) goes ahead whatever the pile
 * does meanwhile: the last stage of a response is ballistic (docs/ai.md).
 */
export const MOTOR_FLOOR_MS = 150;
/** No reaction is faster than this (ms): anything sooner would be a guess. */
export const HUMAN_FLOOR_MS = 150;

/** One slap reaction (ms after the pile became readable) of a person of `skill` to `pattern`. */
export function humanReactionMs(skill: Skill, pattern: SlapRule, rng: number): { ms: number; rng: number } {
  const p = HUMAN_PARAMS[skill];
  const extra = Math.round((PERCEPTION_WEIGHT[SLAP_RULE_TABLE[pattern].perception] - 1) * (p.pairMedian - p.goMedian));
  startDraws(rng);
  const ms = exGaussianMs(p.mu, p.sigma, p.tau, extra);
  return { ms: ms < HUMAN_FLOOR_MS ? HUMAN_FLOOR_MS : ms, rng: endDraws() };
}

/** How long a person of `skill` takes to make their move once it is theirs (ms). */
export function humanMoveMs(skill: Skill, rng: number): { ms: number; rng: number } {
  const p = HUMAN_PARAMS[skill];
  startDraws(rng);
  const ms = exGaussianMs(p.moveMu, p.moveSigma, p.moveTau, 0);
  return { ms: ms < HUMAN_FLOOR_MS ? HUMAN_FLOOR_MS : ms, rng: endDraws() };
}

/** True with probability p, from the person's own rng. */
export function humanChance(p: number, rng: number): { yes: boolean; rng: number } {
  startDraws(rng);
  const yes = chance(p);
  return { yes, rng: endDraws() };
}
