import { describe, expect, it } from 'vitest';
import { DIFFICULTY_PARAMS, REACTION_CAP_MS, lookalikePattern, planSlaps, type Difficulty } from '../../src/ai';
import { apply, defaultOptions, newGame, slapPattern, type Card, type GameState } from '../../src/rules';
import { card, randomCards, tableWith, testRandom } from './helpers';

const DIFFICULTIES: Difficulty[] = ['hard', 'medium', 'easy'];
const CPUS = [1, 2, 3];
const CHANCES = 1000;

/** A pile whose top two cards are a pair, on 0..2 other cards. */
function pairPile(next: () => number): Card[] {
  const pile = randomCards(next, 1 + Math.floor(next() * 3));
  const top = pile[pile.length - 1];
  const otherSuit = (Math.floor(top / 13) + 1 + Math.floor(next() * 3)) % 4;
  const mate = otherSuit * 13 + (top % 13);
  return pile.includes(mate) ? pairPile(next) : pile.concat(mate);
}

/** Random 2..5-card piles the engine does not find slappable, sorted by whether they look slappable. */
function unslappablePile(next: () => number, lookalike: boolean): GameState {
  for (;;) {
    const state = tableWith(randomCards(next, 2 + Math.floor(next() * 4)));
    if (slapPattern(state) === null && (lookalikePattern(state) !== null) === lookalike) return state;
  }
}

/** Binomial tolerance: the rate of n trials with probability p lies within 4 standard deviations. */
function expectRate(hits: number, n: number, p: number): void {
  const sd = Math.sqrt((p * (1 - p)) / n);
  expect(hits / n).toBeGreaterThanOrEqual(Math.max(0, p - 4 * sd));
  expect(hits / n).toBeLessThanOrEqual(p + 4 * sd);
}

describe('CPU slaps on slappable piles', () => {
  for (const difficulty of DIFFICULTIES) {
    it(`${difficulty}: 1,000 chances — one CPU slap per pile, a 150 ms human wins, a 1,500 ms human loses, misses at the set rate`, () => {
      const next = testRandom(100);
      let rng = 1;
      let human150Wins = 0;
      let human1500Wins = 0;
      let missed = 0;
      for (let i = 0; i < CHANCES; i++) {
        const now = 10_000 + i * 3_000;
        const state = tableWith(pairPile(next));
        expect(slapPattern(state)).not.toBeNull();
        const result = planSlaps(state, CPUS, difficulty, now, rng);
        rng = result.rng;
        const plans = result.plans;
        // The CPUs answer a pile as one side: one slap or none (docs/ai.md, "One reaction per pile").
        expect(plans.length).toBeLessThanOrEqual(1);
        missed += 1 - plans.length;
        for (const plan of plans) {
          expect(plan.valid).toBe(true);
          expect(CPUS).toContain(plan.seat);
          expect(plan.at - now).toBeGreaterThanOrEqual(DIFFICULTY_PARAMS[difficulty].floor);
          expect(plan.at - now).toBeLessThanOrEqual(REACTION_CAP_MS);
        }
        // A tie goes to a CPU at worst, so the human wins only strictly before the CPU.
        if (plans.every((p) => p.at > now + 150)) human150Wins++;
        if (plans.every((p) => p.at > now + 1500)) human1500Wins++;
      }
      expect(human150Wins / CHANCES).toBeGreaterThan(0.99);
      // Waiting wins only when the CPUs miss the pile: a CPU that did not miss slapped by then.
      expect(human1500Wins).toBe(missed);
      expectRate(missed, CHANCES, DIFFICULTY_PARAMS[difficulty].miss);
    });
  }

  it('the number of CPUs does not change when the CPU side slaps, only who of them does', () => {
    const next = testRandom(101);
    let rng = 2;
    const bySeat = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < CHANCES; i++) {
      const state = tableWith(pairPile(next), 6);
      const one = planSlaps(state, [1], 'hard', 0, rng);
      const five = planSlaps(state, [1, 2, 3, 4, 5], 'hard', 0, rng);
      // Same draws: the same miss and the same reaction time, whether one CPU sits at the table or five.
      expect(five.rng).toBe(one.rng);
      expect(five.plans.map((p) => p.at)).toEqual(one.plans.map((p) => p.at));
      for (const p of five.plans) bySeat[p.seat]!++;
      rng = one.rng;
    }
    // The CPUs take turns: each of the five slaps about a fifth of the piles the side slaps.
    const slapped = bySeat.reduce((a, b) => a + b, 0);
    for (const seat of [1, 2, 3, 4, 5]) expectRate(bySeat[seat]!, slapped, 0.2);
  });

  it('a human at the hard median (402 ms) beats hard about half the time, at the 10th percentile (324 ms) about one time in ten', () => {
    const next = testRandom(102);
    let rng = 3;
    let at324 = 0;
    let at402 = 0;
    for (let i = 0; i < CHANCES; i++) {
      const { plans, rng: after } = planSlaps(tableWith(pairPile(next), 4), CPUS, 'hard', 0, rng);
      rng = after;
      if (plans.every((p) => p.at > 324)) at324++;
      if (plans.every((p) => p.at > 402)) at402++;
    }
    // Beating the side also counts the piles it misses (3%).
    const miss = DIFFICULTY_PARAMS.hard.miss;
    expectRate(at324, CHANCES, 0.9 * (1 - miss) + miss);
    expectRate(at402, CHANCES, 0.5 * (1 - miss) + miss);
  });

  it('still slaps a pile waiting to be collected after a challenge', () => {
    const state: GameState = { ...tableWith([card(9, 0), card(14, 1), card(5, 2), card(5, 3)]), pendingCollect: { seat: 2, reason: 'challenge' } };
    const { plans } = planSlaps(state, CPUS, 'hard', 0, 9);
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((p) => p.valid)).toBe(true);
  });
});

describe('CPU wrong slaps', () => {
  for (const difficulty of DIFFICULTIES) {
    it(`${difficulty}: slaps lookalike piles wrongly at the set rate, other piles never`, () => {
      const next = testRandom(200);
      let rng = 4;
      let wrong = 0;
      for (let i = 0; i < CHANCES; i++) {
        const result = planSlaps(unslappablePile(next, true), CPUS, difficulty, 0, rng);
        rng = result.rng;
        for (const plan of result.plans) {
          expect(plan.valid).toBe(false);
          expect(plan.at).toBeGreaterThanOrEqual(DIFFICULTY_PARAMS[difficulty].floor);
        }
        expect(result.plans.length).toBeLessThanOrEqual(1);
        wrong += result.plans.length;
      }
      expectRate(wrong, CHANCES, DIFFICULTY_PARAMS[difficulty].wrong);
      for (let i = 0; i < CHANCES; i++) {
        const result = planSlaps(unslappablePile(next, false), CPUS, difficulty, 0, rng);
        expect(result.plans).toEqual([]);
        rng = result.rng;
      }
    });
  }

  it('looks for lookalikes of enabled rules only', () => {
    const eightNine = tableWith([card(8, 0), card(9, 1)]);
    expect(lookalikePattern(eightNine)).toBe('pair');
    expect(lookalikePattern(tableWith([card(5, 0), card(7, 1), card(4, 2)]))).toBe('sandwich');
    expect(lookalikePattern(tableWith([card(5, 0), card(9, 1)]))).toBeNull();
    const only = (rule: string) => ({ slapRules: { ...defaultOptions().slapRules, pair: false, sandwich: false, [rule]: true } });
    expect(lookalikePattern(tableWith([card(8, 0), card(9, 1)], 4, only('sandwich')))).toBeNull();
    expect(lookalikePattern(tableWith([card(4, 0), card(7, 1)], 4, only('tens')))).toBe('tens'); // 11
    expect(lookalikePattern(tableWith([card(14, 0), card(8, 1)], 4, only('tens')))).toBe('tens'); // A=1: 9
    expect(lookalikePattern(tableWith([card(11, 0), card(12, 1)], 4, only('marriage')))).toBe('marriage');
    expect(lookalikePattern(tableWith([card(5, 0), card(6, 1), card(8, 2)], 4, only('run')))).toBe('run');
    expect(lookalikePattern(tableWith([card(5, 0), card(6, 1), card(9, 2)], 4, only('run')))).toBeNull();
    expect(lookalikePattern(tableWith([card(3, 1), card(9, 2), card(5, 2), card(12, 2)], 4, only('flush')))).toBe('flush');
    expect(lookalikePattern(tableWith([card(3, 0), card(9, 1), card(10, 2), card(4, 3)], 4, only('topBottom')))).toBe('topBottom');
    expect(lookalikePattern(tableWith([card(8, 0), card(2, 1), card(3, 2), card(9, 3)], 4, only('hoagie')))).toBe('hoagie');
  });

  it('makes its wrong slap with the reaction time of the pattern it thinks it sees', () => {
    // easy, wrong rate 8%: find a rng that makes seat 1 slap wrongly on 8-9.
    const state = tableWith([card(8, 0), card(9, 1)]);
    let rng = 0;
    let plan;
    for (; rng < 10_000 && !plan; rng++) plan = planSlaps(state, [1], 'easy', 1000, rng).plans[0];
    expect(plan).toBeDefined();
    expect(plan!.valid).toBe(false);
    expect(plan!.at).toBeGreaterThan(1000 + DIFFICULTY_PARAMS.easy.floor);
  });
});

describe('who may slap', () => {
  const pair = [card(3, 0), card(7, 1), card(7, 2)];

  function seatsThatSlap(state: GameState, difficulty: Difficulty, lookalike = false): Set<number> {
    const seats = new Set<number>();
    let rng = 5;
    for (let i = 0; i < 2000; i++) {
      const r = planSlaps(state, CPUS, difficulty, 0, rng);
      rng = r.rng;
      for (const p of r.plans) {
        seats.add(p.seat);
        expect(p.valid).toBe(!lookalike);
      }
    }
    return seats;
  }

  it('never a barred seat', () => {
    const barred = { ...tableWith(pair), barred: [false, true, false, false] };
    expect(seatsThatSlap(barred, 'easy')).toEqual(new Set([2, 3]));
    const lookalike = { ...tableWith([card(8, 0), card(9, 1)]), barred: [false, true, false, false] };
    expect(seatsThatSlap(lookalike, 'easy', true)).toEqual(new Set([2, 3]));
  });

  it('a seat with no cards only with slap-in on', () => {
    const empty = (slapIn: boolean): GameState => {
      const state = tableWith(pair, 4, { slapIn });
      const stacks = state.stacks.slice();
      stacks[2] = [];
      return { ...state, stacks };
    };
    expect(seatsThatSlap(empty(true), 'medium')).toEqual(new Set([1, 2, 3]));
    expect(seatsThatSlap(empty(false), 'medium')).toEqual(new Set([1, 3]));
    const lookalikeNoSlapIn = { ...empty(false), pile: [card(8, 0), card(9, 1)] };
    expect(seatsThatSlap(lookalikeNoSlapIn, 'easy', true)).toEqual(new Set([1, 3]));
  });

  it('nobody in the Russian rules, after the game, or on an empty pile; the rng is then untouched', () => {
    const russian = { ...newGame(defaultOptions('russian', 4), 3), pile: pair };
    expect(planSlaps(russian, CPUS, 'hard', 0, 77)).toEqual({ plans: [], rng: 77 });
    const over = { ...tableWith(pair), over: { winner: 1, ranking: [1, 0, 2, 3], byLimit: false, endedBy: 'rules' as const } };
    expect(planSlaps(over, CPUS, 'hard', 0, 77)).toEqual({ plans: [], rng: 77 });
    expect(planSlaps(tableWith([]), CPUS, 'hard', 0, 77)).toEqual({ plans: [], rng: 77 });
    expect(planSlaps(tableWith(pair), [], 'hard', 0, 77).plans).toEqual([]);
  });
});

describe('determinism and hidden information', () => {
  /** States from real play: a few hundred cards of a 4-player classic game. */
  function midGameStates(): GameState[] {
    const states: GameState[] = [];
    let state = newGame(defaultOptions('classic', 4), 12345);
    for (let i = 0; i < 400 && !state.over; i++) {
      const action = state.pendingCollect
        ? { type: 'collect' as const, seat: state.pendingCollect.seat }
        : slapPattern(state) && i % 2 === 0
          ? { type: 'slap' as const, seat: i % 4, at: i }
          : { type: 'play' as const, seat: state.turn };
      const result = apply(state, action);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      if (state.pile.length > 0) states.push(state);
    }
    return states;
  }

  /** The same table with every hidden card moved: stacks permuted among themselves (lengths kept), burned cards shuffled, a different engine rng. */
  function withHiddenCardsMoved(state: GameState, seed: number): GameState {
    const next = testRandom(seed);
    const hidden = state.stacks.flat().concat(state.burned);
    for (let i = hidden.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [hidden[i], hidden[j]] = [hidden[j], hidden[i]];
    }
    let k = 0;
    const stacks = state.stacks.map((s) => s.map(() => hidden[k++]));
    const burned = state.burned.map(() => hidden[k++]);
    return { ...state, stacks, burned, rng: (state.rng ^ 0x9e3779b9) >>> 0, seed: state.seed + 1 };
  }

  it('gives the same plans and rng for the same inputs, every time', () => {
    for (const state of midGameStates()) {
      for (const d of DIFFICULTIES) {
        const a = planSlaps(state, CPUS, d, 5000, 31337);
        const b = planSlaps(structuredClone(state), CPUS, d, 5000, 31337);
        expect(b).toEqual(a);
      }
    }
  });

  it('never depends on the stacks\' contents, the burned cards or the engine\'s rng', () => {
    let planned = 0;
    let rng = 8;
    for (const state of midGameStates()) {
      for (const d of DIFFICULTIES) {
        const seen = planSlaps(state, CPUS, d, 5000, rng);
        const moved = planSlaps(withHiddenCardsMoved(state, rng), CPUS, d, 5000, rng);
        expect(moved).toEqual(seen);
        planned += seen.plans.length;
        rng = seen.rng;
      }
    }
    expect(planned).toBeGreaterThan(20); // the comparison covered real slaps
  });

  it('shifts plans with `now` and nothing else', () => {
    const state = tableWith([card(3, 0), card(7, 1), card(7, 2)]);
    const a = planSlaps(state, CPUS, 'medium', 0, 99);
    const b = planSlaps(state, CPUS, 'medium', 12_345, 99);
    expect(b.rng).toBe(a.rng);
    expect(b.plans).toEqual(a.plans.map((p) => ({ ...p, at: p.at + 12_345 })));
  });
});
