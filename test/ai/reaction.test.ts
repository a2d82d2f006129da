import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DIFFICULTIES,
  DIFFICULTY_PARAMS,
  PLAY_DELAY_PARAMS,
  REACTION_CAP_MS,
  patternExtraMs,
  playDelay,
  reactionTime,
  type Difficulty,
} from '../../src/ai';
import { SLAP_RULES, type SlapRule } from '../../src/rules';
import { quantile } from './helpers';

const ALL_RULES = SLAP_RULES;

function draws(difficulty: Difficulty, pattern: SlapRule, n: number, seed: number): number[] {
  let rng = seed;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = reactionTime(difficulty, pattern, rng);
    rng = r.rng;
    out.push(r.ms);
  }
  return out.sort((a, b) => a - b);
}

interface Row {
  difficulty: Difficulty;
  pattern: SlapRule;
  extra: number;
  ranges: [number, number][]; // p10, p50, p90
}

/** The percentile table of docs/ai.md: the test checks what the docs promise. */
function documentedRanges(): Row[] {
  const doc = readFileSync(new URL('../../docs/ai.md', import.meta.url), 'utf8');
  const rows: Row[] = [];
  for (const line of doc.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // | difficulty | pattern | extra | p10 | p10 range | p50 | p50 range | p90 | p90 range |
    if (cells.length !== 11 || !DIFFICULTIES.includes(cells[1] as Difficulty) || !ALL_RULES.includes(cells[2] as SlapRule)) continue;
    const range = (text: string): [number, number] => {
      const m = /^(\d+)–(\d+)$/.exec(text);
      if (!m) throw new Error(`bad range ${text} in docs/ai.md`);
      return [Number(m[1]), Number(m[2])];
    };
    rows.push({
      difficulty: cells[1] as Difficulty,
      pattern: cells[2] as SlapRule,
      extra: Number(cells[3]),
      ranges: [range(cells[5]), range(cells[7]), range(cells[9])],
    });
  }
  return rows;
}

describe('slap reaction times', () => {
  const rows = documentedRanges();

  it('docs/ai.md documents every difficulty', () => {
    expect(rows.length).toBe(8);
    for (const d of DIFFICULTIES) expect(rows.some((r) => r.difficulty === d)).toBe(true);
  });

  for (const row of rows) {
    it(`${row.difficulty} ${row.pattern}: 10th, 50th, 90th percentiles of 1,000 draws fall in the documented ranges`, () => {
      expect(patternExtraMs(row.difficulty, row.pattern)).toBe(row.extra);
      const sorted = draws(row.difficulty, row.pattern, 1000, 0x5eed + row.extra);
      [0.1, 0.5, 0.9].forEach((p, i) => {
        const [low, high] = row.ranges[i];
        const q = quantile(sorted, p);
        expect(q, `p${p * 100}`).toBeGreaterThanOrEqual(low);
        expect(q, `p${p * 100}`).toBeLessThanOrEqual(high);
      });
    });
  }

  it('stays within the floor and the 1,400 ms cap for every pattern, in whole ms', () => {
    for (const d of DIFFICULTIES) {
      for (const rule of ALL_RULES) {
        const sorted = draws(d, rule, 2000, 99);
        expect(sorted[0]).toBeGreaterThanOrEqual(DIFFICULTY_PARAMS[d].floor);
        expect(sorted[sorted.length - 1]).toBeLessThanOrEqual(REACTION_CAP_MS);
        for (const ms of sorted) expect(Number.isInteger(ms)).toBe(true);
      }
    }
    // Easy's tail reaches the cap (about 10% of pair draws are clamped there); hard's never does.
    const easy = draws('easy', 'pair', 2000, 5);
    const capped = easy.filter((ms) => ms === REACTION_CAP_MS).length / easy.length;
    expect(capped).toBeGreaterThan(0.07);
    expect(capped).toBeLessThan(0.14);
    expect(draws('hard', 'sandwichTens', 2000, 5).at(-1)).toBeLessThan(REACTION_CAP_MS);
  });

  it('takes longer for patterns that take longer to see, and longer on easier difficulties', () => {
    for (const d of DIFFICULTIES) {
      const median = (rule: SlapRule) => quantile(draws(d, rule, 1000, 11), 0.5);
      expect(median('sandwich')).toBeGreaterThan(median('pair'));
      expect(median('hoagie')).toBeGreaterThan(median('sandwich'));
      expect(median('sandwichTens')).toBeGreaterThan(median('tens'));
      expect(Math.abs(median('joker') - median('pair'))).toBeLessThan(15);
    }
    const median = (d: Difficulty) => quantile(draws(d, 'pair', 1000, 12), 0.5);
    expect(median('master')).toBeLessThan(median('hard'));
    expect(median('hard')).toBeLessThan(median('medium'));
    expect(median('medium')).toBeLessThan(median('easy'));
  });

  it('is right-skewed: the slow tail is longer than the fast one', () => {
    for (const d of DIFFICULTIES) {
      const sorted = draws(d, 'pair', 1000, 13);
      const p50 = quantile(sorted, 0.5);
      expect(quantile(sorted, 0.9) - p50).toBeGreaterThan(p50 - quantile(sorted, 0.1));
    }
  });

  it('is a pure function of its rng: same rng, same draw and next state', () => {
    for (const d of DIFFICULTIES) {
      expect(reactionTime(d, 'sandwich', 424242)).toEqual(reactionTime(d, 'sandwich', 424242));
      expect(reactionTime(d, 'sandwich', 424242).rng).not.toBe(424242);
    }
  });
});

describe('the pause before a CPU plays', () => {
  function delays(d: Difficulty, n: number): number[] {
    let rng = 77;
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const r = playDelay(d, rng);
      rng = r.rng;
      out.push(r.delay);
    }
    return out.sort((a, b) => a - b);
  }

  it('is a few hundred ms, varied, never instant, and faster on hard', () => {
    const medians: Record<string, number> = {};
    for (const d of DIFFICULTIES) {
      const sorted = delays(d, 2000);
      const p = PLAY_DELAY_PARAMS[d];
      expect(sorted[0]).toBeGreaterThanOrEqual(p.floor);
      expect(sorted[sorted.length - 1]).toBeLessThanOrEqual(p.cap);
      medians[d] = quantile(sorted, 0.5);
      expect(medians[d]).toBeGreaterThan(250);
      expect(medians[d]).toBeLessThan(900);
      expect(quantile(sorted, 0.9) - quantile(sorted, 0.1)).toBeGreaterThan(150); // varied
    }
    // docs/ai.md: medians ~335, ~380, ~545, ~740.
    expect(Math.abs(medians.master - 335)).toBeLessThan(20);
    expect(Math.abs(medians.hard - 380)).toBeLessThan(20);
    expect(Math.abs(medians.medium - 545)).toBeLessThan(30);
    expect(Math.abs(medians.easy - 740)).toBeLessThan(40);
  });
});
