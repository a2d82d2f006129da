import { describe, expect, it } from 'vitest';
import { SLAP_RULES, apply, defaultOptions, isRun, matchesRule, orderSlaps, slapPattern } from '../../src/rules';
import type { GameOptions, SlapRule } from '../../src/rules';
import { cards, findEvent, slap, table } from './table';

function only(rule: SlapRule, extra: Partial<GameOptions> = {}): Partial<GameOptions> {
  const slapRules = { ...defaultOptions().slapRules };
  for (const r of SLAP_RULES) slapRules[r] = r === rule;
  // The wrong slaps below burn, RULES.md's cost (the default pays a card: variants.test.ts).
  return { slapRules, jokers: rule === 'joker', wrongSlap: 'burn', ...extra };
}

/** [rule, pile that matches (bottom first), pile that does not]. */
const CASES: [SlapRule, string, string][] = [
  ['pair', '3C 9H 9S', '9H 8S'],
  ['sandwich', '2D 5H 7C 5S', '5H 7C 6S'],
  ['topBottom', '7C 2D 4H 7S', '2D 7C 4H 7S'],
  ['tens', '8C 3D 7S', '5C 10D'],
  ['sandwichTens', '9C 4D AS', 'AS 9D'],
  ['marriage', '2C QH KS', 'QH JS'],
  ['divorce', '2C KD 5H QS', 'KD QH'],
  ['hoagie', '7C 2D 9H 7S', '7C 2D 7S'],
  ['run', '6C 7D 8S', '6C 7D 9S'],
  ['flush', '2H 9H KH 4H', '2H 9H KH 4S'],
  ['joker', '3C JK', '3C JK 4H'],
];

describe('every slap rule and its option', () => {
  for (const [rule, valid, invalid] of CASES) {
    it(`${rule}: valid on ${valid}, not on ${invalid}, and only when switched on`, () => {
      const on = table({ options: only(rule), stacks: ['2C', '3D'], pile: valid });
      expect(slapPattern(on)).toBe(rule);
      expect(slapPattern(table({ options: only(rule), stacks: ['2C', '3D'], pile: invalid }))).toBeNull();
      // The same pile with the rule switched off (every rule off) is a wrong slap.
      const off = table({ options: only('pair', { slapRules: { ...only(rule).slapRules!, [rule]: false } }), stacks: ['2C 4C', '3D'], pile: valid, turn: 1 });
      expect(slapPattern(off)).toBeNull();
      const step = slap(off, 0);
      expect(findEvent(step.events, 'wrongSlap').burned).toBe(1);
      // Switched on, the same slap claims the pile with that pattern.
      const won = slap(on, 1);
      expect(findEvent(won.events, 'claimed').pattern).toBe(rule);
    });
  }

  it('tens: the ace counts 1, face cards never count, 5-5 adds up', () => {
    const o = { ...defaultOptions(), ...only('tens') };
    expect(matchesRule('tens', cards('9C AD'), o)).toBe(true);
    expect(matchesRule('tens', cards('5C 5D'), o)).toBe(true);
    expect(matchesRule('tens', cards('10C AD'), o)).toBe(false);
    expect(matchesRule('tens', cards('JC AD'), o)).toBe(false);
    expect(matchesRule('tens', cards('KC 3D'), o)).toBe(false);
  });

  it('marriage and divorce take a queen and a king in either order', () => {
    const o = defaultOptions();
    expect(matchesRule('marriage', cards('KC QD'), o)).toBe(true);
    expect(matchesRule('marriage', cards('QC KD'), o)).toBe(true);
    expect(matchesRule('marriage', cards('KC KD'), o)).toBe(false);
    expect(matchesRule('divorce', cards('QC 2H KD'), o)).toBe(true);
    expect(matchesRule('divorce', cards('QC KD'), o)).toBe(false);
  });

  it('runs: rising or falling, ace low or high, no wrap unless the option says so', () => {
    const o = { ...defaultOptions(), runLength: 3 as const, runWrap: false };
    expect(matchesRule('run', cards('AC 2D 3S'), o)).toBe(true); // A low
    expect(matchesRule('run', cards('QC KD AS'), o)).toBe(true); // A high
    expect(matchesRule('run', cards('AS KD QC'), o)).toBe(true); // falling
    expect(matchesRule('run', cards('3S 2D AC'), o)).toBe(true); // falling to a low ace
    expect(matchesRule('run', cards('KC AD 2S'), o)).toBe(false); // would wrap
    expect(matchesRule('run', cards('6C 7D 6S'), o)).toBe(false); // not one direction
    expect(matchesRule('run', cards('5C 5D 5S'), o)).toBe(false);
    const wrap = { ...o, runWrap: true };
    expect(matchesRule('run', cards('KC AD 2S'), wrap)).toBe(true);
    expect(matchesRule('run', cards('2S AD KC'), wrap)).toBe(true);
    expect(matchesRule('run', cards('QC KD AS'), wrap)).toBe(true);
    expect(matchesRule('run', cards('KC AD 3S'), wrap)).toBe(false);
    expect(isRun([12, 13, 14, 2], true)).toBe(true); // Q-K-A-2
    expect(isRun([12, 13, 14, 2], false)).toBe(false);
  });

  it('runs of four need four cards in a row when the option says four', () => {
    const four = { ...defaultOptions(), runLength: 4 as const };
    expect(matchesRule('run', cards('5C 6D 7S'), four)).toBe(false);
    expect(matchesRule('run', cards('4H 5C 6D 7S'), four)).toBe(true);
    expect(matchesRule('run', cards('9H 5C 6D 7S'), four)).toBe(false);
    expect(matchesRule('run', cards('9H 5C 6D 7S'), defaultOptions())).toBe(true);
  });

  it('flush needs the top four of one suit', () => {
    const o = defaultOptions();
    expect(matchesRule('flush', cards('2H 9H KH'), o)).toBe(false);
    expect(matchesRule('flush', cards('3S 2H 9H KH AH'), o)).toBe(true);
  });

  it('jokers match only the joker rule, and only in a game with jokers', () => {
    const withJokers = { ...defaultOptions(), jokers: true };
    expect(matchesRule('joker', cards('2C JK'), withJokers)).toBe(true);
    expect(matchesRule('joker', cards('2C JK'), defaultOptions())).toBe(false);
    expect(matchesRule('pair', cards('JK JK2'), withJokers)).toBe(false);
    expect(matchesRule('sandwich', cards('JK 4C JK2'), withJokers)).toBe(false);
    expect(matchesRule('tens', cards('JK 9C'), withJokers)).toBe(false);
  });
});

describe('ordering slaps', () => {
  it('the earliest slap goes first', () => {
    const s = table({ stacks: ['2C', '3D', '4S', '5H'], pile: '9C 9D', lastPlayer: 1 });
    expect(orderSlaps(s, [{ seat: 2, at: 300 }, { seat: 0, at: 250 }]).map((x) => x.seat)).toEqual([0, 2]);
  });

  it('an exact tie goes to the player nearest clockwise after the one who played the top card', () => {
    const s = table({ stacks: ['2C', '3D', '4S', '5H'], pile: '9C 9D', lastPlayer: 1 });
    const ordered = orderSlaps(s, [{ seat: 0, at: 300 }, { seat: 1, at: 300 }, { seat: 3, at: 300 }, { seat: 2, at: 300 }]);
    expect(ordered.map((x) => x.seat)).toEqual([2, 3, 0, 1]);
    // The winner of the tie claims; the other slap arrives on an empty pile and misses.
    const [first, second] = orderSlaps(s, [{ seat: 0, at: 300 }, { seat: 3, at: 300 }]);
    const won = slap(s, first.seat, first.at);
    expect(findEvent(won.events, 'claimed').seat).toBe(3);
    const late = apply(won.state, { type: 'slap', seat: second.seat, at: second.at });
    expect(late.ok && late.events).toEqual([{ type: 'slapMissed', seat: 0 }]);
  });

  it('with an empty pile, ties go clockwise from the seat on turn', () => {
    const s = table({ stacks: ['2C', '3D', '4S', '5H'], turn: 2 });
    expect(orderSlaps(s, [{ seat: 1, at: 5 }, { seat: 3, at: 5 }, { seat: 2, at: 5 }]).map((x) => x.seat)).toEqual([2, 3, 1]);
  });

  it('does not reorder the caller\'s array', () => {
    const s = table({ stacks: ['2C', '3D'], pile: '9C 9D', lastPlayer: 0 });
    const slaps = [{ seat: 0, at: 9 }, { seat: 1, at: 1 }];
    orderSlaps(s, slaps);
    expect(slaps[0].seat).toBe(0);
  });
});
