import { describe, expect, it } from 'vitest';
import { apply, defaultOptions, newGame } from '../../src/rules';
import type { Action } from '../../src/rules';
import { expectRefused, plays, table } from './table';

describe('illegal actions are refused and leave the state untouched', () => {
  const classic = table({ stacks: ['2C 3C', '4D 5D', '6S'], pile: '9H', turn: 0 });

  it('unknown or malformed actions', () => {
    expectRefused(classic, { type: 'dance', seat: 0 } as unknown as Action, 'unknownAction');
    expectRefused(classic, null as unknown as Action, 'unknownAction');
    expectRefused(classic, 'play' as unknown as Action, 'unknownAction');
    expectRefused(classic, { type: 'slap', seat: 0 } as unknown as Action, 'unknownAction');
    expectRefused(classic, { type: 'slap', seat: 0, at: Number.NaN }, 'unknownAction');
    expectRefused(classic, { type: 'play', seat: 0, at: 'now' } as unknown as Action, 'unknownAction');
  });

  it('unknown seats', () => {
    expectRefused(classic, { type: 'play', seat: 3 }, 'unknownSeat');
    expectRefused(classic, { type: 'play', seat: -1 }, 'unknownSeat');
    expectRefused(classic, { type: 'slap', seat: 1.5, at: 0 }, 'unknownSeat');
    expectRefused(classic, { type: 'play' } as unknown as Action, 'unknownSeat');
  });

  it('playing out of turn, or with no cards', () => {
    expectRefused(classic, { type: 'play', seat: 1 }, 'notYourTurn');
    expectRefused({ ...classic, stacks: [[], [1], [2]] }, { type: 'play', seat: 0 }, 'noCards');
  });

  it('collecting with nothing due, or someone else\'s pile; playing while a collect is pending', () => {
    expectRefused(classic, { type: 'collect', seat: 0 }, 'nothingToCollect');
    const due = { ...classic, pendingCollect: { seat: 1, reason: 'challenge' as const }, turn: 1 };
    expectRefused(due, { type: 'collect', seat: 0 }, 'notYourTurn');
    expectRefused(due, { type: 'play', seat: 1 }, 'collectPending');
  });

  it('choosing with nothing pending, out of turn, or naming no seat; playing while a choice is pending', () => {
    expectRefused(classic, { type: 'choose', seat: 0, target: 1 }, 'noChoicePending');
    const russian = table({ rules: 'russian', options: { russianJokers: 'chooser' }, stacks: ['JK 2C', '4D', '6S'], turn: 0 });
    const pending = plays(russian, [0]).state;
    expectRefused(pending, { type: 'choose', seat: 1, target: 1 }, 'notYourTurn');
    expectRefused(pending, { type: 'choose', seat: 0, target: 3 }, 'badTarget');
    expectRefused(pending, { type: 'choose', seat: 0 } as unknown as Action, 'badTarget');
    expectRefused(pending, { type: 'play', seat: 0 }, 'choicePending');
    expectRefused(pending, { type: 'play', seat: 1 }, 'choicePending');
  });

  it('slapping when barred, without cards with slap-in off, or in the Russian rules', () => {
    expectRefused({ ...classic, barred: [false, true, false] }, { type: 'slap', seat: 1, at: 0 }, 'barred');
    const noSlapIn = table({ options: { slapIn: false }, stacks: ['2C', '', '6S'], pile: '9H 9C', turn: 0 });
    expectRefused(noSlapIn, { type: 'slap', seat: 1, at: 0 }, 'slapNotAllowed');
    expectRefused(table({ rules: 'russian', stacks: ['2C', '3C'] }), { type: 'slap', seat: 0, at: 0 }, 'slapNotAllowed');
  });

  it('acting after game over', () => {
    const over = { ...classic, over: { winner: 0, ranking: [0, 1, 2], byLimit: false, endedBy: 'rules' as const } };
    for (const action of [
      { type: 'play', seat: 0 },
      { type: 'slap', seat: 1, at: 0 },
      { type: 'collect', seat: 0 },
      { type: 'choose', seat: 0, target: 0 },
    ] as Action[])
      expectRefused(over, action, 'gameOver');
  });
});

describe('purity and plain data', () => {
  it('apply never writes into the state it is given', () => {
    let state = newGame(defaultOptions('classic', 3), 77);
    for (let i = 0; i < 300 && !state.over; i++) {
      const frozen = JSON.stringify(state);
      const action: Action = state.pendingCollect
        ? { type: 'collect', seat: state.pendingCollect.seat }
        : i % 7 === 3
          ? { type: 'slap', seat: i % 3, at: i }
          : { type: 'play', seat: state.turn };
      const result = apply(state, action);
      expect(JSON.stringify(state)).toBe(frozen);
      if (result.ok) state = result.state;
    }
  });

  it('JSON round-trips mid-game and the game continues identically', () => {
    for (const ruleSet of ['classic', 'russian'] as const) {
      const options = { ...defaultOptions(ruleSet, 4), russianJokers: ruleSet === 'russian' ? ('chooser' as const) : ('off' as const) };
      let a = newGame(options, 2024);
      for (let i = 0; i < 40; i++) a = step(a, i);
      let b = JSON.parse(JSON.stringify(a));
      expect(b).toEqual(a);
      for (let i = 40; i < 400 && !a.over; i++) {
        a = step(a, i);
        b = step(b, i);
      }
      expect(b).toEqual(a);
    }
  });
});

function step(state: ReturnType<typeof newGame>, i: number): ReturnType<typeof newGame> {
  if (state.over) return state;
  const action: Action =
    state.pendingChoice !== null
      ? { type: 'choose', seat: state.pendingChoice, target: i % state.options.players }
      : state.pendingCollect
        ? { type: 'collect', seat: state.pendingCollect.seat }
        : { type: 'play', seat: state.turn };
  const result = apply(state, action);
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}
