// CPU players under the rule variants (docs/rules.md, "Variants"): a banned
// CPU plans no slap, valid or wrong, until its ban has run out; whole tables
// driven by the game's scheduler under every variant never have a CPU slap
// refused, and the variants really happen in them.
import { describe, expect, it } from 'vitest';
import { planSlaps, type Difficulty } from '../../src/ai';
import { defaultOptions, type GameOptions, type GameState } from '../../src/rules';
import { card, tableWith } from './helpers';
import { runTable } from './table';

const CPUS = [1, 2, 3];

/** The seats that plan a slap on this pile over 2,000 draws. */
function seatsThatSlap(state: GameState, difficulty: Difficulty): Set<number> {
  const seats = new Set<number>();
  let rng = 11;
  for (let i = 0; i < 2000; i++) {
    const r = planSlaps(state, CPUS, difficulty, 0, rng);
    rng = r.rng;
    for (const p of r.plans) seats.add(p.seat);
  }
  return seats;
}

describe('a banned CPU does not slap', () => {
  const ban = { wrongSlap: 'ban' as const };

  it('not a valid pile, not a pile that looks slappable, while its ban runs', () => {
    const pair = { ...tableWith([card(3, 0), card(7, 1), card(7, 2)], 4, ban), slapBan: [0, 2, 0, 1] };
    expect(seatsThatSlap(pair, 'hard')).toEqual(new Set([2]));
    // 8-9 only looks like a pattern: easy slaps it wrongly now and then, but never while banned.
    const lookalike = { ...tableWith([card(8, 0), card(9, 1)], 4, ban), slapBan: [0, 5, 0, 0] };
    expect(seatsThatSlap(lookalike, 'easy')).toEqual(new Set([2, 3]));
  });

  it('slaps again once the ban has run out', () => {
    const pair = { ...tableWith([card(3, 0), card(7, 1), card(7, 2)], 4, ban), slapBan: [0, 0, 0, 0] };
    expect(seatsThatSlap(pair, 'hard')).toEqual(new Set(CPUS));
  });
});

describe('tables under every variant', () => {
  const variants: [string, Partial<GameOptions>][] = [
    ['ban 3', { wrongSlap: 'ban', banCards: 3 }],
    ['ban 5', { wrongSlap: 'ban', banCards: 5 }],
    ['pile to the next player', { wrongSlap: 'pileToNext' }],
    ['no penalty', { wrongSlap: 'burn', wrongSlapPenalty: 0 }],
    ['tens are stoppers', { tensStop: true }],
  ];
  for (const [name, change] of variants) {
    it(`${name}: easy CPUs (who slap wrongly most) never have a slap refused, and every game ends`, () => {
      let wrong = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const options = { ...defaultOptions('classic', 4), ...change, cardLimit: 600 };
        const run = runTable(options, seed, 'easy', 300, 20_000);
        expect(run.problems).toEqual([]);
        expect(run.state.over).not.toBeNull();
        wrong += run.cpuWrongSlaps;
      }
      // The wrong-slap variants are exercised, not just switched on.
      if (change.wrongSlap !== undefined) expect(wrong).toBeGreaterThan(5);
    });
  }
});
