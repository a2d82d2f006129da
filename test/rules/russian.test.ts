import { describe, expect, it } from 'vitest';
import { compareCards, defaultOptions } from '../../src/rules';
import { card, choose, eventTypes, expectRefused, findEvent, names, play, plays, table } from './table';

const russian = (stacks: string[], extra: Partial<Parameters<typeof table>[0]> = {}) =>
  table({ rules: 'russian', stacks, turn: 0, ...extra });

describe('Russian comparisons', () => {
  it('the first card of a pile has nothing to compare with: the turn passes', () => {
    const step = play(russian(['5H 2C', '6D 3C', '7S 4C']), 0);
    expect(findEvent(step.events, 'played').comparison).toBe('none');
    expect(step.state.turn).toBe(1);
  });

  it('a higher or equal card passes the turn clockwise', () => {
    let step = plays(russian(['5H 2C', '9D 3C', '9S 4C']), [0, 1]);
    expect(findEvent(step.events.slice(-2), 'played').comparison).toBe('higher');
    step = play(step.state, 2);
    expect(findEvent(step.events, 'played').comparison).toBe('equal');
    expect(step.state.turn).toBe(0);
    expect(step.state.pile.length).toBe(3);
  });

  it('a lower card: its player takes the pile under their stack, and the player after them starts a new pile', () => {
    const step = plays(russian(['9H 2C', '4D 3C', '7S 8S']), [0, 1]);
    expect(findEvent(step.events, 'claimed')).toEqual({ type: 'claimed', seat: 1, reason: 'lower', cards: 2 });
    expect(names(step.state.stacks[1])).toBe('3C 9H 4D');
    expect(step.state.pile).toEqual([]);
    expect(step.state.turn).toBe(2);
  });

  it('rank order 2 < ... < 10 < J < Q < K < A', () => {
    const o = defaultOptions('russian');
    expect(compareCards(card('AS'), card('KS'), o)).toBe('higher');
    expect(compareCards(card('JS'), card('10S'), o)).toBe('higher');
    expect(compareCards(card('2S'), card('3H'), o)).toBe('lower');
    expect(compareCards(card('QD'), card('QC'), o)).toBe('equal');
  });

  it('the jack has no special effect', () => {
    const step = plays(russian(['5H 2C', 'JD 3C', '7S 4C']), [0, 1]);
    expect(step.state.lay).toBeNull();
    expect(step.state.turn).toBe(2);
  });
});

describe('Russian penalty lays', () => {
  it('a queen onto a lower card: the next player lays two, only the 1st and 2nd are compared', () => {
    let step = plays(russian(['5H 2C', 'QD 3C', '2S 9S 4C']), [0, 1]);
    expect(findEvent(step.events, 'penaltyLay')).toEqual({ type: 'penaltyLay', seat: 2, cards: 2 });
    expect(step.state.lay).toEqual({ seat: 2, total: 2, left: 2 });
    expect(step.state.turn).toBe(2);
    // The 2 is lower than the queen, but the first card of a lay is not compared.
    step = play(step.state, 2);
    expect(findEvent(step.events, 'played').comparison).toBe('none');
    expect(step.state.turn).toBe(2);
    expectRefused(step.state, { type: 'play', seat: 0 }, 'notYourTurn');
    step = play(step.state, 2);
    expect(findEvent(step.events, 'played').comparison).toBe('higher'); // 9 over 2
    expect(step.state.lay).toBeNull();
    expect(step.state.turn).toBe(0);
  });

  it('a king: three cards, the 2nd and 3rd compared; lower means the layer takes the pile', () => {
    const step = plays(russian(['5H 2C', 'KD 3C', '2S 9S 4C 8C', '6C']), [0, 1, 2, 2, 2]);
    expect(findEvent(step.events, 'claimed')).toEqual({ type: 'claimed', seat: 2, reason: 'lower', cards: 5 });
    expect(names(step.state.stacks[2])).toBe('8C 5H KD 2S 9S 4C');
    expect(step.state.turn).toBe(3);
  });

  it('an ace lay whose 4th card is a queen higher than the 3rd: the next player lays again', () => {
    let step = plays(russian(['5H 2C', 'AD 3C', '2S 3S 4S QS 7C', 'KC 6C 8C']), [0, 1, 2, 2, 2, 2]);
    expect(step.state.lay).toEqual({ seat: 3, total: 2, left: 2 });
    expect(findEvent(step.events.slice(-4), 'penaltyLay')).toEqual({ type: 'penaltyLay', seat: 3, cards: 2 });
    step = plays(step.state, [3, 3]); // K (not compared) then 6: lower than the K, seat 3 takes
    expect(findEvent(step.events, 'claimed').seat).toBe(3);
    expect(step.state.turn).toBe(0);
  });

  it('an A, K or Q starting a pile, or equal to the card under it, triggers nothing', () => {
    let step = play(russian(['AH 2C', '3D 3C', '7S 4C']), 0);
    expect(step.state.lay).toBeNull();
    expect(step.state.turn).toBe(1);
    step = plays(russian(['KH 2C', 'KD 3C', '7S 4C']), [0, 1]);
    expect(step.state.lay).toBeNull();
    expect(step.state.turn).toBe(2);
  });

  it('a lay that is all higher cards ends with the normal outcome and the turn passing on', () => {
    const step = plays(russian(['5H 2C', 'QD 3C', '3S 9S 4C', '6H']), [0, 1, 2, 2]);
    expect(step.state.turn).toBe(3);
    expect(step.state.pile.length).toBe(4);
  });
});

describe('Russian winning', () => {
  it('a player who plays their last card and does not have to take the pile wins; others rank by fewest cards', () => {
    // A king as the last card: the win comes first, no lay follows. Ties (seats 1 and 3 hold two) go clockwise from the winner.
    const win = plays(russian(['5H 6H', '9D 3C 4C', 'KS', '8C 8D']), [0, 1, 2]);
    expect(eventTypes(win.events).slice(-2)).toEqual(['out', 'gameOver']);
    expect(win.state.lay).toBeNull();
    expect(win.state.over).toEqual({ winner: 2, ranking: [2, 0, 3, 1], byLimit: false, endedBy: 'rules' });
  });

  it('the very first player to run out wins at once, even on an empty pile', () => {
    const step = play(russian(['5H', '9D 3C', '2S']), 0);
    expect(step.state.over?.winner).toBe(0);
    expect(step.state.over?.ranking).toEqual([0, 2, 1]);
    expectRefused(step.state, { type: 'play', seat: 1 }, 'gameOver');
  });

  it('playing the last card lower means taking the pile: not a win', () => {
    const step = plays(russian(['9H 2C', '4D', '7S 8S']), [0, 1]);
    expect(step.state.over).toBeNull();
    expect(names(step.state.stacks[1])).toBe('9H 4D');
  });

  it('running out part-way through a penalty lay wins', () => {
    const step = plays(russian(['5H 2C', 'AD 3C', '2S 3S', '6C']), [0, 1, 2, 2]);
    expect(step.state.over?.winner).toBe(2);
    expect(step.state.over?.byLimit).toBe(false);
  });

  it('running out on the last card of a lay wins only if it is not lower', () => {
    const lower = plays(russian(['5H 2C', 'QD 3C', '9S 3S', '6C']), [0, 1, 2, 2]);
    expect(lower.state.over).toBeNull();
    expect(findEvent(lower.events, 'claimed').seat).toBe(2);
    const higher = plays(russian(['5H 2C', 'QD 3C', '3S 9S', '6C']), [0, 1, 2, 2]);
    expect(higher.state.over?.winner).toBe(2);
  });
});

describe('Russian jokers', () => {
  it('joker beats all: higher than every card; a card played on it is lower; joker on joker is equal', () => {
    const beats = { options: { russianJokers: 'beatsAll' as const } };
    const o = { ...defaultOptions('russian'), russianJokers: 'beatsAll' as const };
    expect(compareCards(52, card('AS'), o)).toBe('higher');
    expect(compareCards(card('AS'), 52, o)).toBe('lower');
    expect(compareCards(53, 52, o)).toBe('equal');
    let step = plays(russian(['AH 2C', 'JK 3C', 'AS 4C'], beats), [0, 1]);
    expect(step.state.lay).toBeNull(); // a joker is not an A/K/Q: no lay
    step = play(step.state, 2);
    expect(findEvent(step.events, 'claimed')).toEqual({ type: 'claimed', seat: 2, reason: 'jokerLower', cards: 3 });
    step = play(play(russian(['JK 2C', 'JK2 3C', 'AS 4C'], beats), 0).state, 1);
    expect(findEvent(step.events, 'played').comparison).toBe('equal');
    expect(step.state.turn).toBe(2);
  });

  it('chooser: the joker\'s player names a player, who takes the pile; the turn passes to the player after them', () => {
    const chooser = { options: { russianJokers: 'chooser' as const } };
    let step = plays(russian(['5H 2C', 'JK 3C', '7S 4C', '9D'], chooser), [0, 1]);
    expect(step.state.pendingChoice).toBe(1);
    expect(findEvent(step.events, 'chooseTaker').seat).toBe(1);
    expectRefused(step.state, { type: 'play', seat: 2 }, 'choicePending');
    expectRefused(step.state, { type: 'choose', seat: 2, target: 0 }, 'notYourTurn');
    expectRefused(step.state, { type: 'choose', seat: 1, target: 4 }, 'badTarget');
    step = choose(step.state, 1, 3);
    expect(findEvent(step.events, 'claimed')).toEqual({ type: 'claimed', seat: 3, reason: 'jokerChoice', cards: 2 });
    expect(names(step.state.stacks[3])).toBe('9D 5H JK');
    expect(step.state.turn).toBe(0);
    expect(step.state.pendingChoice).toBeNull();
  });

  it('chooser: the joker\'s player may name themselves', () => {
    const step = choose(plays(russian(['5H 2C', 'JK 3C', '7S 4C'], { options: { russianJokers: 'chooser' } }), [0, 1]).state, 1, 1);
    expect(names(step.state.stacks[1])).toBe('3C 5H JK');
    expect(step.state.turn).toBe(2);
  });

  it('chooser: a joker starting a pile still makes its player choose', () => {
    const step = play(russian(['JK 2C', '3C', '4C'], { options: { russianJokers: 'chooser' } }), 0);
    expect(step.state.pendingChoice).toBe(0);
  });

  it('chooser: a joker inside a lay triggers nothing, and the card on it is not compared', () => {
    const step = plays(russian(['5H 2C', 'QD 3C', 'JK 2S 4C', '6C'], { options: { russianJokers: 'chooser' } }), [0, 1, 2, 2]);
    expect(step.state.pendingChoice).toBeNull();
    expect(findEvent(step.events.slice(-2), 'played').comparison).toBe('none');
    expect(step.state.turn).toBe(3);
  });

  it('chooser: a joker as the last card of a lay makes its player choose', () => {
    const step = plays(russian(['5H 2C', 'QD 3C', '2S JK 4C', '6C'], { options: { russianJokers: 'chooser' } }), [0, 1, 2, 2]);
    expect(step.state.pendingChoice).toBe(2);
    expect(step.state.lay).toBeNull();
  });

  it('chooser: a player whose last card is a joker chooses first, then wins unless they named themselves', () => {
    const chooser = { options: { russianJokers: 'chooser' as const } };
    const pending = plays(russian(['5H 2C', 'JK', '7S 4C'], chooser), [0, 1]).state;
    expect(pending.over).toBeNull();
    const named = choose(pending, 1, 0);
    expect(named.state.over).toEqual({ winner: 1, ranking: [1, 2, 0], byLimit: false, endedBy: 'rules' });
    const self = choose(pending, 1, 1);
    expect(self.state.over).toBeNull();
    expect(names(self.state.stacks[1])).toBe('5H JK');
  });

  it('slapping and collecting do not exist in the Russian rules', () => {
    const s = russian(['5H', '9D'], { pile: '4C 4D' });
    expectRefused(s, { type: 'slap', seat: 0, at: 0 }, 'slapNotAllowed');
    expectRefused(s, { type: 'collect', seat: 0 }, 'nothingToCollect');
    expectRefused(s, { type: 'choose', seat: 0, target: 1 }, 'noChoicePending');
  });
});
