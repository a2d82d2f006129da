// The joker chooser's Left and Right follow the seats as the screen shows
// them (issue 20): Right always moves the highlight to a seat further right
// (or, at a tie in x, from the bottom seat up), wrapping once at the end.
import { describe, expect, it } from 'vitest';
import { plateX, plateY, screenOrder } from '../../src/view/seats';

describe('the chooser moves along the screen', () => {
  it.each([2, 3, 4, 5, 6])('%i players: every seat once, left to right', (players) => {
    const order = screenOrder(players);
    expect([...order].sort()).toEqual([...Array(players).keys()]);
    for (let i = 1; i < players; i++) {
      const a = order[i - 1]!;
      const b = order[i]!;
      expect(plateX(players, b)).toBeGreaterThanOrEqual(plateX(players, a));
      if (plateX(players, b) === plateX(players, a)) expect(plateY(players, b)).toBeLessThan(plateY(players, a));
    }
  });

  it('from the left seat, Right comes to the bottom seat, not up to the top one (four players)', () => {
    const order = screenOrder(4);
    expect(order[order.indexOf(1) + 1]).toBe(0);
  });
});
