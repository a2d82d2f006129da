import { describe, expect, it } from 'vitest';
import { chooseTaker } from '../../src/ai';
import { defaultOptions, newGame, type Card, type GameState } from '../../src/rules';

/** A Russian chooser table whose stacks hold these many cards. */
function tableWithCounts(counts: number[]): GameState {
  const state = newGame({ ...defaultOptions('russian', counts.length), russianJokers: 'chooser' }, 1);
  let next = 0;
  const stacks = counts.map((n) => Array.from({ length: n }, (): Card => next++ % 52));
  return { ...state, stacks };
}

describe('Russian joker chooser', () => {
  it('names the opponent with the fewest cards', () => {
    expect(chooseTaker(tableWithCounts([10, 8, 3, 9]), 0)).toBe(2);
    expect(chooseTaker(tableWithCounts([10, 8, 3, 9]), 3)).toBe(2);
  });

  it('never names itself, even when it holds the fewest', () => {
    expect(chooseTaker(tableWithCounts([1, 8, 3, 9]), 0)).toBe(2);
    expect(chooseTaker(tableWithCounts([5, 6]), 1)).toBe(0);
  });

  it('breaks ties toward the nearest seat clockwise', () => {
    const state = tableWithCounts([4, 7, 4, 9, 4, 12]);
    expect(chooseTaker(state, 1)).toBe(2);
    expect(chooseTaker(state, 2)).toBe(4);
    expect(chooseTaker(state, 4)).toBe(0);
    expect(chooseTaker(state, 5)).toBe(0);
  });

  it('reads card counts only, not which cards', () => {
    const state = tableWithCounts([6, 5, 5, 6]);
    const reversed = { ...state, stacks: state.stacks.map((s) => s.slice().reverse()) };
    expect(chooseTaker(reversed, 0)).toBe(chooseTaker(state, 0));
    expect(chooseTaker(state, 0)).toBe(1);
  });
});
