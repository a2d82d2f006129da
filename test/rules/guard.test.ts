import { describe, expect, it } from 'vitest';
import { apply, stateHash } from '../../src/rules';
import type { Action, GameState } from '../../src/rules';
import { collect, findEvent, plays, table } from './table';

/** Play (and collect) with no slaps until the game ends; returns every state seen with an empty pile. */
function playQuietly(start: GameState): { end: GameState; emptyPiles: string[] } {
  let state = start;
  const emptyPiles: string[] = [JSON.stringify([state.stacks, state.turn])];
  for (let i = 0; i < 10_000 && !state.over; i++) {
    const action: Action = state.pendingCollect
      ? { type: 'collect', seat: state.pendingCollect.seat }
      : { type: 'play', seat: state.turn };
    const result = apply(state, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    if (state.pile.length === 0) emptyPiles.push(JSON.stringify([state.stacks, state.turn]));
  }
  return { end: state, emptyPiles };
}

describe('the endless-game guard', () => {
  it('ends the game after the card limit; most cards wins in classic, ties from the dealer\'s left', () => {
    const s = table({ options: { cardLimit: 3 }, stacks: ['2C 3C', '4D 5D 6D 7D', '8S 9S 10S 2H'], turn: 0, dealer: 2 });
    const step = plays(s, [0, 1]);
    expect(step.state.over).toBeNull();
    const end = plays(step.state, [2]);
    expect(end.state.over).toEqual({ winner: 1, ranking: [1, 2, 0], byLimit: true, endedBy: 'cardLimit' });
    expect(findEvent(end.events, 'gameOver').result.byLimit).toBe(true);
  });

  it('the card limit in Russian: fewest cards wins', () => {
    const s = table({ rules: 'russian', options: { cardLimit: 2 }, stacks: ['2C 3C', '4D 5D 6D 7D', '8S 9S 10S'], turn: 0, dealer: 1 }); // seats 1 and 2 tie on 3 cards: seat 2 is nearer the dealer's left
    const end = plays(s, [0, 1]);
    expect(end.state.over).toEqual({ winner: 0, ranking: [0, 2, 1], byLimit: true, endedBy: 'cardLimit' });
  });

  it('a win by the rules on the limit\'s last card counts as a win by the rules', () => {
    const s = table({ rules: 'russian', options: { cardLimit: 1 }, stacks: ['5H', '9D 3C'], turn: 0 });
    expect(plays(s, [0]).state.over).toEqual({ winner: 0, ranking: [0, 1], byLimit: false, endedBy: 'rules' });
  });

  it('the card limit ends the game even in the middle of a challenge', () => {
    const s = table({ options: { cardLimit: 2 }, stacks: ['KC 3C', '4D 5D 6D', '8S'], turn: 0, dealer: 2 });
    const end = plays(s, [0, 1]);
    expect(end.state.over?.endedBy).toBe('cardLimit');
    expect(end.state.challenge).toBeNull();
    expect(end.state.over?.ranking).toEqual([1, 0, 2]);
  });

  it('classic: a position that repeats exactly (checked whenever the pile is empty) ends the game, most cards winning', () => {
    const { end, emptyPiles } = playQuietly(table({ stacks: ['KD 8S 7D JC 5C 10H', 'JS QS 2S'], turn: 0 }));
    expect(end.over?.endedBy).toBe('repeat');
    expect(end.over?.byLimit).toBe(true);
    const last = emptyPiles[emptyPiles.length - 1];
    expect(emptyPiles.slice(0, -1)).toContain(last); // it really did repeat
    expect(new Set(emptyPiles.slice(0, -1)).size).toBe(emptyPiles.length - 1); // and not earlier
    const counts = end.stacks.map((s) => s.length);
    expect(end.stacks[end.over!.winner].length).toBe(Math.max(...counts));
  });

  it('Russian: a repeated position ends the game too, fewest cards winning', () => {
    const { end, emptyPiles } = playQuietly(table({ rules: 'russian', stacks: ['AH 7D', 'AC AS 7S'], turn: 0 }));
    expect(end.over?.endedBy).toBe('repeat');
    expect(emptyPiles.slice(0, -1)).toContain(emptyPiles[emptyPiles.length - 1]);
    const counts = end.stacks.map((s) => s.length);
    expect(end.stacks[end.over!.winner].length).toBe(Math.min(...counts));
  });

  it('the position hash covers stacks, order, turn and barred seats', () => {
    const a = table({ stacks: ['2C 3C', '4D'], turn: 0 });
    expect(stateHash(a)).toBe(stateHash(table({ stacks: ['2C 3C', '4D'], turn: 0 })));
    expect(stateHash(a)).not.toBe(stateHash(table({ stacks: ['3C 2C', '4D'], turn: 0 })));
    expect(stateHash(a)).not.toBe(stateHash(table({ stacks: ['2C', '3C 4D'], turn: 0 })));
    expect(stateHash(a)).not.toBe(stateHash(table({ stacks: ['2C 3C', '4D'], turn: 1 })));
    expect(stateHash(a)).not.toBe(stateHash({ ...a, barred: [false, true] }));
    expect(Number.isSafeInteger(stateHash(a))).toBe(true);
  });

  it('a collect into a position seen before ends the game as a repeat', () => {
    const s = table({ stacks: ['2C', '3D'], pile: 'QC 4H', turn: 0, lastPlayer: 1, patch: { pendingCollect: { seat: 0, reason: 'challenge' } } });
    const after = table({ stacks: ['2C QC 4H', '3D'], turn: 0 });
    const step = collect({ ...s, seen: [stateHash(after)] }, 0);
    expect(step.state.over?.endedBy).toBe('repeat');
    expect(collect(s, 0).state.over).toBeNull();
  });
});
