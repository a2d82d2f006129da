// The rule variants (docs/rules.md, "Variants"): what a wrong slap costs
// (a card paid to the player whose card was slapped, the default; none, burn
// 1 or 2, the pile to the next player, a ban of 3 or 5 cards) and "tens are
// stoppers". Hand-built decks, one situation per test.
import { describe, expect, it } from 'vitest';
import { canSlap, defaultOptions, newGame, slapPattern, stateHash } from '../../src/rules';
import { act, cards, collect, eventTypes, expectRefused, findEvent, names, play, plays, slap, table } from './table';

describe('wrong slap: pay a card to the player whose card was slapped (the default)', () => {
  it('the slapper\'s top card goes face down under the stack of whoever played the top card; the pile stays as it was', () => {
    const s = table({ stacks: ['8C 7C', 'AD', '5S 6S'], pile: '3H 4H', turn: 0, lastPlayer: 2 });
    expect(s.options.wrongSlap).toBe('pay');
    const step = slap(s, 0);
    expect(findEvent(step.events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 0, burned: 0, barred: false, paid: { to: 2, cards: 1 } });
    expect(names(step.state.stacks[0])).toBe('7C');
    expect(names(step.state.stacks[2])).toBe('5S 6S 8C');
    expect(names(step.state.pile)).toBe('3H 4H');
    expect(step.state.burned).toEqual([]);
    // The same slap as a false start pays the same.
    const early = act(s, { type: 'slap', seat: 0, at: 0, sinceLanding: 20 });
    expect(findEvent(early.events, 'wrongSlap')).toMatchObject({ paid: { to: 2, cards: 1 }, falseStart: true });
    expect(early.state.stacks).toEqual(step.state.stacks);
  });

  it('on one\'s own card, or one whose player is out of cards, it pays the next player with cards after the slapper', () => {
    const own = slap(table({ stacks: ['8C 7C', 'AD', '5S'], pile: '3H 4H', turn: 1, lastPlayer: 0 }), 0);
    expect(findEvent(own.events, 'wrongSlap').paid).toEqual({ to: 1, cards: 1 });
    expect(names(own.state.stacks[1])).toBe('AD 8C');
    const out = slap(table({ stacks: ['8C 7C', 'AD', '', '5S'], pile: '3H 4H', turn: 3, lastPlayer: 2 }), 3);
    expect(findEvent(out.events, 'wrongSlap').paid).toEqual({ to: 0, cards: 1 });
    expect(out.state.stacks[2]).toEqual([]);
  });

  it('with nobody else holding cards the card is burned under the pile', () => {
    const step = slap(table({ stacks: ['8C 7C', '', ''], pile: '3H 4H', turn: 0, lastPlayer: 1 }), 0);
    expect(findEvent(step.events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 0, burned: 1, barred: false });
    expect(names(step.state.burned)).toBe('8C');
  });

  it('paying one\'s last card while on turn passes the turn on', () => {
    const step = slap(table({ stacks: ['8C', 'AD', '5S'], pile: '3H 4H', turn: 0, lastPlayer: 2 }), 0);
    expect(eventTypes(step.events)).toEqual(['wrongSlap', 'out', 'turn']);
    expect(step.state.turn).toBe(1);
    expect(names(step.state.stacks[2])).toBe('5S 8C');
  });
});

describe('wrong slap: burn', () => {
  it('none burns nothing and leaves everything as it was, but the slap still counts as wrong', () => {
    const s = table({ stacks: ['8C 7C', 'AD', '5S'], pile: '3H 4H', turn: 1, options: { wrongSlap: 'burn', wrongSlapPenalty: 0 } });
    const step = slap(s, 0);
    expect(findEvent(step.events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 0, burned: 0, barred: false });
    expect(step.state.stacks).toEqual(s.stacks);
    expect(step.state.burned).toEqual([]);
    expect(canSlap(step.state, 0)).toBe(true);
  });

  it('burn 1 and burn 2 put that many of the slapper\'s top cards under the pile', () => {
    for (const penalty of [1, 2] as const) {
      const s = table({ stacks: ['8C 7C 6C', 'AD', '5S'], pile: '3H 4H', turn: 1, options: { wrongSlap: 'burn', wrongSlapPenalty: penalty } });
      const step = slap(s, 0);
      expect(findEvent(step.events, 'wrongSlap').burned).toBe(penalty);
      expect(names(step.state.burned)).toBe(penalty === 1 ? '8C' : '8C 7C');
      expect(names(step.state.pile)).toBe('3H 4H');
    }
  });
});

describe('wrong slap: the pile goes to the next player', () => {
  const options = { wrongSlap: 'pileToNext' as const };

  it('with two players the opponent takes the pile and leads the next one', () => {
    const s = table({ stacks: ['8C 7C', '5S 6S'], pile: '3H 4H 9D', turn: 0, lastPlayer: 1, options });
    const step = slap(s, 0);
    expect(eventTypes(step.events)).toEqual(['wrongSlap', 'claimed', 'turn']);
    expect(findEvent(step.events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 0, burned: 0, barred: false });
    expect(findEvent(step.events, 'claimed')).toEqual({ type: 'claimed', seat: 1, reason: 'wrongSlap', cards: 3 });
    expect(names(step.state.stacks[1])).toBe('5S 6S 3H 4H 9D');
    expect(names(step.state.stacks[0])).toBe('8C 7C');
    expect(step.state.pile).toEqual([]);
    expect(step.state.turn).toBe(1);
  });

  it('the next player is the next seat clockwise that holds cards', () => {
    const s = table({ stacks: ['8C', '', 'KS', '2D'], pile: '3H 4H', turn: 3, options });
    const step = slap(s, 0);
    expect(findEvent(step.events, 'claimed').seat).toBe(2);
    expect(names(step.state.stacks[2])).toBe('KS 3H 4H');
  });

  it('it ends a challenge and takes a pile due to be collected, burned cards and all', () => {
    let step = plays(table({ stacks: ['JH 2C', '3D 4D', '7S 8S'], burned: '6H', turn: 0, options }), [0, 1]);
    expect(step.state.pendingCollect).toEqual({ seat: 0, reason: 'challenge' });
    step = slap(step.state, 0);
    expect(findEvent(step.events, 'claimed')).toEqual({ type: 'claimed', seat: 1, reason: 'wrongSlap', cards: 3 });
    expect(names(step.state.stacks[1])).toBe('4D 6H JH 3D');
    expect(step.state.pendingCollect).toBeNull();
    expectRefused(step.state, { type: 'collect', seat: 0 }, 'nothingToCollect');
    step = play(table({ stacks: ['QH 2C', '3D 4D', '7S 8S'], turn: 0, options }), 0);
    step = slap(step.state, 2);
    expect(findEvent(step.events, 'claimed').seat).toBe(0);
    expect(step.state.challenge).toBeNull();
    expect(step.state.turn).toBe(0);
  });

  it('a player with no cards who slaps wrongly is still barred: the pile stays', () => {
    const s = table({ stacks: ['8C', '', '5S'], pile: '3H 4H', turn: 0, options });
    const step = slap(s, 1);
    expect(findEvent(step.events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 1, burned: 0, barred: true });
    expect(names(step.state.pile)).toBe('3H 4H');
  });

  it('when nobody else holds cards the pile goes to the next seat, which is back in', () => {
    const s = table({ stacks: ['', '8C 9C', ''], pile: '3H 4H', turn: 1, options, patch: { outOrder: [2, 0] } });
    const step = slap(s, 1);
    expect(findEvent(step.events, 'claimed').seat).toBe(2);
    expect(step.state.outOrder).toEqual([0]);
    expect(step.state.turn).toBe(2);
  });
});

describe('wrong slap: a ban from slapping', () => {
  it('ban 3: the slapper may not slap until three more cards are played, then may again', () => {
    const s = table({ stacks: ['8C 7C 6C', '5S 4S 3S', '2D 9D 10D'], pile: '3H 4H', turn: 1, options: { wrongSlap: 'ban', banCards: 3 } });
    let step = slap(s, 0);
    expect(findEvent(step.events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 0, burned: 0, barred: false, banned: 3 });
    expect(step.state.stacks).toEqual(s.stacks);
    expect(step.state.burned).toEqual([]);
    expect(step.state.slapBan).toEqual([3, 0, 0]);
    expect(canSlap(step.state, 0)).toBe(false);
    expectRefused(step.state, { type: 'slap', seat: 0, at: 5 }, 'banned');
    step = plays(step.state, [1, 2]);
    expect(step.state.slapBan).toEqual([1, 0, 0]);
    expectRefused(step.state, { type: 'slap', seat: 0, at: 9 }, 'banned');
    // Others may slap meanwhile.
    expect(canSlap(step.state, 1)).toBe(true);
    step = play(step.state, 0);
    expect(step.state.slapBan).toEqual([0, 0, 0]);
    expect(canSlap(step.state, 0)).toBe(true);
    expect(eventTypes(slap(step.state, 0).events)).toContain('wrongSlap');
  });

  it('ban 5 lasts five cards, even through a valid pattern the banned player sees', () => {
    let step = slap(table({ stacks: ['8C 7C 6C', '5S 8S 3S', '2D 8D 10D'], pile: '3H 4H', turn: 1, options: { wrongSlap: 'ban', banCards: 5 } }), 0);
    expect(step.state.slapBan[0]).toBe(5);
    step = plays(step.state, [1, 2]);
    step = plays(step.state, [0, 1]);
    // 8C 8S: a pair, but seat 0 still has one card to wait.
    expect(slapPattern(step.state)).toBe('pair');
    expect(step.state.slapBan[0]).toBe(1);
    expectRefused(step.state, { type: 'slap', seat: 0, at: 20 }, 'banned');
    step = slap(step.state, 2);
    expect(findEvent(step.events, 'claimed').seat).toBe(2);
  });

  it('only played cards count: a collect or a claim does not shorten a ban', () => {
    let step = plays(table({ stacks: ['JH 2C', '3D 4D', '7S 8S'], turn: 0, options: { wrongSlap: 'ban', banCards: 3 } }), [0, 1]);
    step = slap(step.state, 2);
    expect(step.state.slapBan).toEqual([0, 0, 3]);
    step = collect(step.state, 0);
    expect(step.state.slapBan).toEqual([0, 0, 3]);
  });

  it('a banned player with no cards is refused too, and a wrong slap without cards still bars', () => {
    const s = table({ stacks: ['8C', '', '5S'], pile: '3H 4H', turn: 0, options: { wrongSlap: 'ban' }, patch: { slapBan: [0, 2, 0] } });
    expectRefused(s, { type: 'slap', seat: 1, at: 0 }, 'banned');
    const free = table({ stacks: ['8C', '', '5S'], pile: '3H 4H', turn: 0, options: { wrongSlap: 'ban' } });
    expect(findEvent(slap(free, 1).events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 1, burned: 0, barred: true });
  });

  it('a running ban is part of the position: the same stacks with a ban are not a repeat', () => {
    const s = table({ stacks: ['8C', '5S'], turn: 0, options: { wrongSlap: 'ban' } });
    expect(stateHash({ ...s, slapBan: [2, 0] })).not.toBe(stateHash(s));
    expect(stateHash({ ...s, slapBan: [0, 0] })).toBe(stateHash(s));
  });
});

describe('tens are stoppers', () => {
  const options = { tensStop: true };

  it('a 10 answering a challenge ends it: nobody wins the pile, the next player plays on it', () => {
    const step = plays(table({ stacks: ['KH 2C', '10D 4D', '7S 8S'], turn: 0, options }), [0, 1]);
    expect(eventTypes(step.events)).toEqual(['played', 'challenge', 'turn', 'played', 'challengeStopped', 'turn']);
    expect(findEvent(step.events, 'challengeStopped')).toEqual({ type: 'challengeStopped', seat: 1 });
    expect(step.state.challenge).toBeNull();
    expect(step.state.pendingCollect).toBeNull();
    expect(names(step.state.pile)).toBe('KH 10D');
    expect(step.state.turn).toBe(2);
    // Play goes on as if no face card had been played: a number card passes the turn.
    const next = play(step.state, 2);
    expect(next.state.turn).toBe(0);
    expect(next.state.challenge).toBeNull();
  });

  it('on the last chance too, where the challenger would otherwise have won', () => {
    const step = plays(table({ stacks: ['JH 2C', '10D 4D', '7S 8S'], turn: 0, options }), [0, 1]);
    expect(step.state.pendingCollect).toBeNull();
    expect(step.state.turn).toBe(2);
    const off = plays(table({ stacks: ['JH 2C', '10D 4D', '7S 8S'], turn: 0 }), [0, 1]);
    expect(off.state.pendingCollect).toEqual({ seat: 0, reason: 'challenge' });
  });

  it('a 10 outside a challenge is a number card as always', () => {
    const step = play(table({ stacks: ['10H 2C', '3D', '7S'], turn: 0, options }), 0);
    expect(eventTypes(step.events)).toEqual(['played', 'turn']);
  });

  it('a 10 that is its player\'s last card stops the challenge and the next player with cards plays', () => {
    const step = plays(table({ stacks: ['KH 2C', '10D', '', '7S 8S'], turn: 0, options }), [0, 1]);
    expect(eventTypes(step.events)).toContain('out');
    expect(step.state.challenge).toBeNull();
    expect(step.state.turn).toBe(3);
  });

  it('the stopped pile can still be slapped, and goes to a later challenge\'s winner', () => {
    let step = plays(table({ stacks: ['QH 2C', '10D 4D', '10S JS 5S'], turn: 0, options }), [0, 1]);
    expect(slapPattern(step.state)).toBeNull();
    step = play(step.state, 2);
    expect(slapPattern(step.state)).toBe('pair');
    step = plays(table({ stacks: ['QH 2C 3C', '10D 4D', 'JS 5S'], turn: 0, options }), [0, 1, 2, 0]);
    expect(step.state.pendingCollect).toEqual({ seat: 2, reason: 'challenge' });
    step = collect(step.state, 2);
    expect(names(step.state.stacks[2])).toBe('5S QH 10D JS 2C');
  });

  it('the Russian rules ignore it', () => {
    const russian = newGame({ ...defaultOptions('russian', 2), tensStop: true }, 3);
    const plain = newGame(defaultOptions('russian', 2), 3);
    expect(russian.stacks).toEqual(plain.stacks);
    let a = russian;
    let b = plain;
    for (let i = 0; i < 30 && !a.over; i++) {
      a = play(a, a.turn).state;
      b = play(b, b.turn).state;
    }
    expect(a.stacks).toEqual(b.stacks);
    expect(cards('10H')).toHaveLength(1);
  });
});

describe('options', () => {
  it('newGame rejects an unknown wrong-slap rule or ban length', () => {
    expect(() => newGame({ ...defaultOptions(), wrongSlap: 'spank' as never }, 1)).toThrow(/wrongSlap/);
    expect(() => newGame({ ...defaultOptions(), banCards: 4 as never }, 1)).toThrow(/banCards/);
  });

  it('the defaults: a wrong slap pays a card (RULES.md\'s burn 1 is an option), no ban, tens are number cards', () => {
    const o = defaultOptions();
    expect([o.wrongSlap, o.wrongSlapPenalty, o.banCards, o.tensStop]).toEqual(['pay', 1, 3, false]);
  });
});
