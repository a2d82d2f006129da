import { describe, expect, it } from 'vitest';
import {
  cardLabel,
  dealStacks,
  defaultOptions,
  isJoker,
  newGame,
  nextDealer,
  nextRandom,
  rankOf,
  shuffle,
  suitOf,
  totalCards,
} from '../../src/rules';
import { card } from './table';

describe('cards', () => {
  it('encodes rank and suit as suit * 13 + rank - 2, jokers 52 and 53', () => {
    expect(rankOf(card('2C'))).toBe(2);
    expect(rankOf(card('AS'))).toBe(14);
    expect(suitOf(card('AS'))).toBe(3);
    expect(suitOf(card('10H'))).toBe(2);
    expect(card('10H')).toBe(2 * 13 + 8);
    expect(isJoker(52) && isJoker(53) && !isJoker(51)).toBe(true);
    expect(suitOf(52)).toBe(-1);
  });

  it('labels cards for the table', () => {
    expect(cardLabel(card('10H'))).toBe('10♥');
    expect(cardLabel(card('QS'))).toBe('Q♠');
    expect(cardLabel(card('AD'))).toBe('A♦');
    expect(cardLabel(card('2C'))).toBe('2♣');
    expect(cardLabel(53)).toBe('Joker');
  });
});

describe('seeded RNG and shuffle', () => {
  it('mulberry32 gives the same uint32 sequence for the same seed', () => {
    const run = (seed: number): number[] => {
      const out: number[] = [];
      let s = seed;
      for (let i = 0; i < 5; i++) {
        const d = nextRandom(s);
        out.push(d.value);
        s = d.state;
      }
      return out;
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
    for (const v of run(7)) expect(v >>> 0).toBe(v);
  });

  it('shuffles a copy into a permutation, deterministic per seed', () => {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const a = shuffle(deck, 1);
    expect(deck).toEqual(Array.from({ length: 52 }, (_, i) => i));
    expect(a.items.slice().sort((x, y) => x - y)).toEqual(deck);
    expect(shuffle(deck, 1).items).toEqual(a.items);
    expect(shuffle(deck, 2).items).not.toEqual(a.items);
  });
});

describe('the deal', () => {
  it('deals one card at a time from the dealer\'s left; the first dealt get the extra cards', () => {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const stacks = dealStacks(deck, 5, 2); // 52 = 5 * 10 + 2: seats 3 and 4 get 11
    expect(stacks.map((s) => s.length)).toEqual([10, 10, 10, 11, 11]);
    expect(stacks[3].slice(0, 2)).toEqual([0, 5]); // seat 3 is the dealer's left: cards 0, 5, 10, ...
    expect(stacks[4][0]).toBe(1);
    expect(stacks[0][0]).toBe(2);
  });

  it('deals remainders with jokers too (54 cards over 4 players: 14 14 13 13 from the dealer\'s left)', () => {
    const game = newGame({ ...defaultOptions('classic', 4), jokers: true }, 9, 1);
    expect(game.stacks.map((s) => s.length)).toEqual([13, 13, 14, 14]);
    expect(totalCards(game)).toBe(54);
    expect(game.stacks.flat().filter(isJoker).length).toBe(2);
  });

  it('uses jokers in Russian only when the joker mode is on', () => {
    expect(totalCards(newGame(defaultOptions('russian', 3), 1))).toBe(52);
    expect(totalCards(newGame({ ...defaultOptions('russian', 3), russianJokers: 'beatsAll' }, 1))).toBe(54);
    expect(totalCards(newGame({ ...defaultOptions('russian', 3), jokers: true }, 1))).toBe(52);
  });

  it('the same seed deals the same game, a different seed a different one', () => {
    const options = defaultOptions('classic', 6);
    expect(newGame(options, 123)).toEqual(newGame(options, 123));
    expect(newGame(options, 123).stacks).not.toEqual(newGame(options, 124).stacks);
    const all = newGame(options, 5).stacks.flat().sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });

  it('the player to the dealer\'s left plays first; the dealer rotates clockwise', () => {
    const options = defaultOptions('classic', 3);
    const first = newGame(options, 1, 0);
    expect(first.turn).toBe(1);
    expect(nextDealer(first)).toBe(1);
    const second = newGame(options, 2, nextDealer(first));
    expect(second.turn).toBe(2);
    const third = newGame(options, 3, nextDealer(second));
    expect(third.dealer).toBe(2);
    expect(third.turn).toBe(0);
    expect(nextDealer(third)).toBe(0);
  });

  it('defaults follow docs/rules.md', () => {
    const o = defaultOptions();
    expect(o.ruleSet).toBe('classic');
    expect(o.players).toBe(4);
    expect(Object.entries(o.slapRules).filter(([, on]) => on).map(([rule]) => rule)).toEqual(['pair', 'sandwich']);
    expect([o.runLength, o.runWrap, o.wrongSlapPenalty, o.slapIn, o.cardLimit, o.jokers, o.russianJokers]).toEqual([
      3, false, 1, true, 5000, false, 'off',
    ]);
  });

  it('rejects impossible options', () => {
    expect(() => newGame(defaultOptions('classic', 1), 1)).toThrow(/players/);
    expect(() => newGame(defaultOptions('classic', 7), 1)).toThrow(/players/);
    expect(() => newGame(defaultOptions('classic', 4), 1, 4)).toThrow(/dealer/);
  });
});
