// False starts (issue 32; docs/rules.md, "Wrong slap"; docs/ai.md, "False
// starts"): a slap that comes before anyone could have seen the pile's top
// card, in its flight or under FALSE_START_MS after its landing, is a wrong
// slap whatever the pile shows, with every wrong-slap rule's cost.
import { describe, expect, it } from 'vitest';
import { FALSE_START_MS, isFalseStart } from '../../src/rules';
import { act, eventTypes, expectRefused, findEvent, table } from './table';

/** Seat 0 slaps a pair, `sinceLanding` ms after its top card landed. */
const pair = (options = {}) => table({ options: { wrongSlap: 'burn', ...options }, stacks: ['8C 7C 6C', 'AD 2S', '5S'], pile: '3H 9D 9S', turn: 1 });
const slapAfter = (state: ReturnType<typeof table>, sinceLanding: number | undefined, seat = 0) =>
  act(state, sinceLanding === undefined ? { type: 'slap', seat, at: 1000 } : { type: 'slap', seat, at: 1000, sinceLanding });

describe('a false start is a wrong slap, even on a slappable pile', () => {
  it(`the floor is ${FALSE_START_MS} ms after the landing, athletics' line`, () => {
    expect(FALSE_START_MS).toBe(100);
    expect(isFalseStart(-180)).toBe(true);
    expect(isFalseStart(0)).toBe(true);
    expect(isFalseStart(FALSE_START_MS - 1)).toBe(true);
    expect(isFalseStart(FALSE_START_MS)).toBe(false);
  });

  it('a slap on a pair in the flight or before the floor burns and leaves the pair; at the floor it takes the pile', () => {
    for (const early of [-49, 0, 5, FALSE_START_MS - 1]) {
      const step = slapAfter(pair(), early);
      expect(findEvent(step.events, 'wrongSlap'), `${early} ms`).toEqual({ type: 'wrongSlap', seat: 0, burned: 1, barred: false, falseStart: true });
      expect(eventTypes(step.events)).not.toContain('claimed');
      // The pair is still there for whoever sees it.
      expect(step.state.pile).toEqual(pair().pile);
      expect(step.state.stacks[0]!.length).toBe(2);
      expect(findEvent(slapAfter(step.state, 350, 2).events, 'claimed').pattern).toBe('pair');
    }
    expect(findEvent(slapAfter(pair(), FALSE_START_MS).events, 'claimed')).toMatchObject({ seat: 0, reason: 'slap', pattern: 'pair' });
  });

  it('a slap with no time from the landing is judged on the pile alone', () => {
    expect(findEvent(slapAfter(pair(), undefined).events, 'claimed').pattern).toBe('pair');
  });

  it('a false start on a plain pile is the same wrong slap, saying so', () => {
    const plain = table({ options: { wrongSlap: 'burn' }, stacks: ['8C 7C', 'AD', '5S'], pile: '3H 4H', turn: 1 });
    expect(findEvent(slapAfter(plain, 20).events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 0, burned: 1, barred: false, falseStart: true });
    expect(findEvent(slapAfter(plain, 300).events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 0, burned: 1, barred: false });
  });

  it('costs what any wrong slap costs: bars a player with no cards, bans, or gives the pile to the next player', () => {
    const empty = table({ stacks: ['', 'AD 2S', '5S'], pile: '3H 9D 9S', turn: 1 });
    expect(findEvent(slapAfter(empty, 50).events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 0, burned: 0, barred: true, falseStart: true });
    const ban = slapAfter(pair({ wrongSlap: 'ban', banCards: 3 }), 50);
    expect(findEvent(ban.events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 0, burned: 0, barred: false, banned: 3, falseStart: true });
    const toNext = slapAfter(pair({ wrongSlap: 'pileToNext' }), 50);
    expect(findEvent(toNext.events, 'wrongSlap').falseStart).toBe(true);
    expect(findEvent(toNext.events, 'claimed')).toEqual({ type: 'claimed', seat: 1, reason: 'wrongSlap', cards: 3, falseStart: true });
  });

  it('a slap on an empty pile misses, however soon: it came after a pile went, not before a card', () => {
    const gone = table({ stacks: ['8C 7C', 'AD', '5S'], pile: '', turn: 0 });
    expect(eventTypes(slapAfter(gone, 3).events)).toEqual(['slapMissed']);
  });

  it('refuses a time from the landing that is not a number', () => {
    for (const bad of [NaN, Infinity, '50' as unknown as number]) expectRefused(pair(), { type: 'slap', seat: 0, at: 1000, sinceLanding: bad }, 'unknownAction');
  });
});
