// The CPU players at a real table: planSlaps and playDelay driving the rules
// engine the way the app will (test/ai/table.ts).
import { describe, expect, it } from 'vitest';
import type { Difficulty } from '../../src/ai';
import { defaultOptions, type GameOptions } from '../../src/rules';
import { runTable } from './table';

const DIFFICULTIES: Difficulty[] = ['hard', 'medium', 'easy'];

function sum(runs: ReturnType<typeof runTable>[], key: 'cpuValidSlaps' | 'cpuWrongSlaps' | 'humanSlapWins'): number {
  return runs.reduce((total, r) => total + r[key], 0);
}

describe('CPU players at a classic table', () => {
  for (const difficulty of DIFFICULTIES) {
    it(`${difficulty}: every CPU slap is accepted, valid plans claim, wrong plans burn`, () => {
      const runs = [1, 2, 3, 4].map((seed) => runTable(defaultOptions('classic', 4), seed, difficulty, null, 3000));
      for (const run of runs) expect(run.problems).toEqual([]);
      expect(sum(runs, 'cpuValidSlaps')).toBeGreaterThan(20);
      if (difficulty === 'easy') expect(sum(runs, 'cpuWrongSlaps')).toBeGreaterThan(0);
    });
  }

  it('a human slapping 150 ms after the card wins nearly every slap, even against hard', () => {
    for (const difficulty of DIFFICULTIES) {
      const runs = [5, 6, 7].map((seed) => runTable(defaultOptions('classic', 4), seed, difficulty, 150, 3000));
      for (const run of runs) expect(run.problems).toEqual([]);
      const human = sum(runs, 'humanSlapWins');
      expect(human).toBeGreaterThan(20);
      expect(human / (human + sum(runs, 'cpuValidSlaps'))).toBeGreaterThan(0.9);
    }
  });

  it('plays with every slap rule on, jokers, and slap-in off without an illegal slap', () => {
    const options: GameOptions = {
      ...defaultOptions('classic', 6),
      jokers: true,
      slapIn: false,
      runLength: 4,
      runWrap: true,
      wrongSlapPenalty: 2,
    };
    for (const rule of Object.keys(options.slapRules) as (keyof GameOptions['slapRules'])[]) options.slapRules[rule] = true;
    for (const difficulty of DIFFICULTIES) {
      const run = runTable(options, 11, difficulty, null, 4000);
      expect(run.problems).toEqual([]);
      expect(run.cpuValidSlaps).toBeGreaterThan(5);
    }
  });
});

describe('CPU players at a Russian table', () => {
  it('never slap, and name a taker when they lay a joker', () => {
    const options: GameOptions = { ...defaultOptions('russian', 5), russianJokers: 'chooser' };
    let chose = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const run = runTable(options, seed, 'medium', null, 5000);
      expect(run.problems).toEqual([]);
      expect(run.cpuValidSlaps + run.cpuWrongSlaps).toBe(0);
      for (let i = 0; i < run.trace.length; i += 3) {
        expect(run.trace[i]).not.toBe(2); // no slap
        if (run.trace[i] === 4) chose++;
      }
      expect(run.state.over).not.toBeNull();
    }
    expect(chose).toBeGreaterThan(0);
  });
});
