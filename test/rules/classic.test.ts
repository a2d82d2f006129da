import { describe, expect, it } from 'vitest';
import { slapPattern } from '../../src/rules';
import { act, cards, collect, eventTypes, expectRefused, findEvent, names, play, plays, slap, table } from './table';

describe('classic play and challenges', () => {
  it('a number card passes the turn clockwise', () => {
    const { state, events } = play(table({ stacks: ['5H 2C', '6D', '7S'], turn: 0 }), 0);
    expect(state.turn).toBe(1);
    expect(names(state.pile)).toBe('5H');
    expect(eventTypes(events)).toEqual(['played', 'turn']);
  });

  it('players with no cards are skipped in turn order', () => {
    const { state } = play(table({ stacks: ['5H 2C', '', '7S'], turn: 0 }), 0);
    expect(state.turn).toBe(2);
  });

  it('a jack gives the next player one chance; when it fails the jack\'s player collects after a moment', () => {
    let step = play(table({ stacks: ['JH 2C', '3D 4D', '7S'], turn: 0 }), 0);
    expect(step.state.challenge).toEqual({ by: 0, answerer: 1, chancesLeft: 1 });
    expect(findEvent(step.events, 'challenge')).toEqual({ type: 'challenge', by: 0, answerer: 1, chances: 1 });
    step = play(step.state, 1);
    expect(step.state.pendingCollect).toEqual({ seat: 0, reason: 'challenge' });
    expect(findEvent(step.events, 'collectDue').seat).toBe(0);
    expect(step.state.challenge).toBeNull();
    // Plays wait for the collect.
    expectRefused(step.state, { type: 'play', seat: 0 }, 'collectPending');
    expectRefused(step.state, { type: 'collect', seat: 1 }, 'notYourTurn');
    step = collect(step.state, 0);
    // The pile goes under the claimer's stack in the order played.
    expect(names(step.state.stacks[0])).toBe('2C JH 3D');
    expect(step.state.pile).toEqual([]);
    expect(step.state.turn).toBe(0);
    expect(findEvent(step.events, 'claimed')).toEqual({ type: 'claimed', seat: 0, reason: 'challenge', cards: 2 });
  });

  it('a face card answering a challenge passes it on with the new count', () => {
    const step = plays(table({ stacks: ['QH 2C', '3D KD', '7S 8S 9S 10S'], turn: 0 }), [0, 1, 1]);
    expect(step.state.challenge).toEqual({ by: 1, answerer: 2, chancesLeft: 3 });
    expect(step.state.turn).toBe(2);
    const done = plays(step.state, [2, 2, 2]);
    expect(done.state.pendingCollect?.seat).toBe(1);
  });

  it('an ace gives four chances, and an answer on the fourth chance still counts', () => {
    const step = plays(table({ stacks: ['AH 2C', '3D 4D 5D JD', '7S 8S'], turn: 0 }), [0, 1, 1, 1, 1]);
    expect(step.state.pendingCollect).toBeNull();
    expect(step.state.challenge).toEqual({ by: 1, answerer: 2, chancesLeft: 1 });
  });

  it('a king challenge: the challenged player runs out after one card and the next player plays the remaining two', () => {
    let step = play(table({ stacks: ['KH 2C', '3D', '7S 8S 9S'], turn: 0 }), 0);
    step = play(step.state, 1);
    expect(eventTypes(step.events)).toContain('out');
    expect(step.state.challenge).toEqual({ by: 0, answerer: 2, chancesLeft: 2 });
    expect(step.state.turn).toBe(2);
    expectRefused(step.state, { type: 'play', seat: 1 }, 'notYourTurn');
    step = plays(step.state, [2, 2]);
    expect(step.state.pendingCollect).toEqual({ seat: 0, reason: 'challenge' });
    expect(names(step.state.stacks[2])).toBe('9S');
    step = collect(step.state, 0);
    expect(names(step.state.stacks[0])).toBe('2C KH 3D 7S 8S');
  });

  it('when the remaining chances would come back to the challenger, nobody can answer: the challenger wins', () => {
    const step = plays(table({ stacks: ['KH 2C', '3D', ''], turn: 0 }), [0, 1]);
    expect(step.state.pendingCollect).toEqual({ seat: 0, reason: 'challenge' });
  });

  it('while only one player has cards, a face card they play wins the pile; number cards keep the turn', () => {
    let step = play(table({ stacks: ['4H QC 2C', '', ''], turn: 0 }), 0);
    expect(step.state.turn).toBe(0);
    expect(step.state.pendingCollect).toBeNull();
    step = play(step.state, 0);
    expect(step.state.pendingCollect).toEqual({ seat: 0, reason: 'challenge' });
    expect(step.state.challenge).toBeNull();
  });

  it('a lone player\'s face card can still be slapped in on before they collect', () => {
    let step = plays(table({ stacks: ['4H QC 2C', '', ''], turn: 0 }), [0]);
    step = play(step.state, 0);
    step = act(step.state, { type: 'slap', seat: 1, at: 0 });
    // 4-Q is no pattern: seat 1 has no cards, slapped wrongly, is barred.
    expect(findEvent(step.events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 1, burned: 0, barred: true });
    expect(step.state.pendingCollect?.seat).toBe(0);
  });

  it('when nobody holds a card any more the pile is due to whoever played its top card', () => {
    const step = play(table({ stacks: ['4H', '', ''], pile: '9C', turn: 0 }), 0);
    expect(step.state.pendingCollect).toEqual({ seat: 0, reason: 'lastCard' });
    const done = collect(step.state, 0);
    expect(findEvent(done.events, 'claimed').reason).toBe('lastCard');
    expect(done.state.over?.winner).toBe(0);
  });

  it('jokers count as number cards for challenges', () => {
    const opts = { jokers: true };
    let step = play(table({ options: opts, stacks: ['JK 2C', '3D', '7S'], turn: 0 }), 0);
    expect(step.state.challenge).toBeNull();
    expect(step.state.turn).toBe(1);
    step = plays(table({ options: opts, stacks: ['QH 2C', 'JK 5D', '7S'], turn: 0 }), [0, 1, 1]);
    expect(step.state.pendingCollect?.seat).toBe(0);
  });
});

describe('classic slapping', () => {
  it('a valid slap claims the whole pile, ends the challenge, and the slapper leads', () => {
    // Seat 1's king set seat 2 a challenge; then 9-9 lies on top.
    const pairTable = table({ stacks: ['2C', '4D', '5S'], pile: '3H KC 9H 9D', turn: 2, lastPlayer: 1, patch: { challenge: { by: 1, answerer: 2, chancesLeft: 2 } } });
    const step = slap(pairTable, 0, 100);
    expect(findEvent(step.events, 'claimed')).toEqual({ type: 'claimed', seat: 0, reason: 'slap', pattern: 'pair', cards: 4 });
    expect(step.state.challenge).toBeNull();
    expect(step.state.turn).toBe(0);
    expect(names(step.state.stacks[0])).toBe('2C 3H KC 9H 9D');
  });

  it('the last card of a failed challenge can make a pair, and a slap then takes the pile before the collect', () => {
    let step = plays(table({ stacks: ['JH 2C', 'JD 4D', '7S'], turn: 0 }), [0, 1]);
    // J then J: a pair, and seat 1's jack started a new challenge for seat 2.
    expect(slapPattern(step.state)).toBe('pair');
    step = plays(table({ stacks: ['JH 2C', '5D 4D', '7S'], pile: '5C', turn: 0 }), [0, 1]);
    expect(step.state.pendingCollect?.seat).toBe(0);
    expect(slapPattern(step.state)).toBe('sandwich');
    step = slap(step.state, 2, 50);
    expect(step.state.pendingCollect).toBeNull();
    expect(findEvent(step.events, 'claimed').seat).toBe(2);
    expectRefused(step.state, { type: 'collect', seat: 0 }, 'nothingToCollect');
  });

  it('a slap is judged on the pile as it is now: once the pair is covered it is a wrong slap', () => {
    let step = plays(table({ options: { wrongSlap: 'burn' }, stacks: ['9C 2C', '9D 4D', '5S 6S'], turn: 0 }), [0, 1]);
    expect(slapPattern(step.state)).toBe('pair');
    step = play(step.state, 2);
    step = slap(step.state, 0, 900);
    expect(findEvent(step.events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 0, burned: 1, barred: false });
  });

  it('a wrong slap burns the penalty face down under the pile; the next claimer wins those too', () => {
    const s = table({ options: { wrongSlap: 'burn' }, stacks: ['8C 7C 6C', 'AD', '5S'], pile: '3H 4H', turn: 1 });
    let step = slap(s, 0);
    expect(names(step.state.burned)).toBe('8C');
    expect(names(step.state.stacks[0])).toBe('7C 6C');
    step = act(step.state, { type: 'slap', seat: 0, at: 5 });
    expect(names(step.state.burned)).toBe('8C 7C');
    // A pair over burned cards: the claimer takes burned cards first (they lie under the pile), then the pile.
    const pair = table({ stacks: ['6C', '2D', '5S'], pile: '4C 4H', burned: '8C 7C', turn: 2 });
    step = slap(pair, 1);
    expect(names(step.state.stacks[1])).toBe('2D 8C 7C 4C 4H');
    expect(step.state.burned).toEqual([]);
    expect(findEvent(step.events, 'claimed').cards).toBe(4);
  });

  it('the burn follows the option: none, one or two cards (never more than the slapper holds)', () => {
    for (const penalty of [0, 1, 2] as const) {
      const s = table({ options: { wrongSlap: 'burn', wrongSlapPenalty: penalty }, stacks: ['8C 7C 6C', 'AD', '5S'], pile: '3H 4H', turn: 1 });
      const step = slap(s, 0);
      expect(step.state.burned.length).toBe(penalty);
      expect(step.state.stacks[0].length).toBe(3 - penalty);
    }
    const short = slap(table({ options: { wrongSlap: 'burn', wrongSlapPenalty: 2 }, stacks: ['8C', 'AD', '5S'], pile: '3H 4H', turn: 1 }), 0);
    expect(findEvent(short.events, 'wrongSlap').burned).toBe(1);
    expect(eventTypes(short.events)).toContain('out');
  });

  it('a wrong slap that burns the last card of the player on turn passes the turn on', () => {
    const step = slap(table({ options: { wrongSlap: 'burn' }, stacks: ['8C', 'AD', '5S'], pile: '3H 4H', turn: 0 }), 0);
    expect(step.state.turn).toBe(1);
    const challenged = table({ stacks: ['8C', 'AD', '5S'], pile: '3H KH', turn: 0, lastPlayer: 2, patch: { challenge: { by: 2, answerer: 0, chancesLeft: 3 } } });
    const inherited = slap(challenged, 0);
    expect(inherited.state.challenge).toEqual({ by: 2, answerer: 1, chancesLeft: 3 });
    expect(inherited.state.turn).toBe(1);
  });

  it('a sandwich over burned cards: burned cards never take part in a pattern', () => {
    // Burned 5 under a face-up 7-5 is no sandwich...
    const notSandwich = table({ stacks: ['2C', '3D'], pile: '7C 5H', burned: '5S' });
    expect(slapPattern(notSandwich)).toBeNull();
    // ...but a face-up 5-7-5 over burned cards is, and the slapper takes the burned cards too.
    const sandwich = table({ stacks: ['2C', '3D'], pile: '5D 7C 5H', burned: '9S 9H', turn: 0 });
    expect(slapPattern(sandwich)).toBe('sandwich');
    const step = slap(sandwich, 1);
    expect(names(step.state.stacks[1])).toBe('3D 9S 9H 5D 7C 5H');
  });

  it('top & bottom compares with the first face-up card, ignoring burned cards', () => {
    const options = { slapRules: { ...table({ stacks: ['', ''] }).options.slapRules, topBottom: true } };
    expect(slapPattern(table({ options, stacks: ['2C', '3D'], pile: '9C 4H 6D 9S' }))).toBe('topBottom');
    expect(slapPattern(table({ options, stacks: ['2C', '3D'], pile: '4H 6D 9S', burned: '9C' }))).toBeNull();
    expect(slapPattern(table({ options, stacks: ['2C', '3D'], pile: '9S' }))).toBeNull();
  });

  it('a player with no cards who wins a slap is back in ("slapping in")', () => {
    const s = table({ stacks: ['', 'AD 3C', '5S'], pile: '4C 4H', turn: 1, patch: { outOrder: [0] } });
    const step = slap(s, 0);
    expect(eventTypes(step.events)).toEqual(['slappedIn', 'claimed', 'turn']);
    expect(step.state.outOrder).toEqual([]);
    expect(step.state.turn).toBe(0);
    expect(names(step.state.stacks[0])).toBe('4C 4H');
  });

  it('a wrong slap by a player with no cards bars them for the rest of the game (slap-in on)', () => {
    const s = table({ stacks: ['', 'AD 3C', '5S'], pile: '4C 5H', turn: 1 });
    const step = slap(s, 0);
    expect(findEvent(step.events, 'wrongSlap')).toEqual({ type: 'wrongSlap', seat: 0, burned: 0, barred: true });
    expect(step.state.barred).toEqual([true, false, false]);
    expect(step.state.burned).toEqual([]);
    const later = { ...step.state, pile: cards('4C 4H') };
    expectRefused(later, { type: 'slap', seat: 0, at: 10 }, 'barred');
  });

  it('with slap-in off a player with no cards cannot slap at all', () => {
    const s = table({ options: { slapIn: false, wrongSlap: 'burn' }, stacks: ['', 'AD 3C', '5S'], pile: '4C 5H', turn: 1 });
    expectRefused(s, { type: 'slap', seat: 0, at: 0 }, 'slapNotAllowed');
    expectRefused({ ...s, pile: cards('4C 4H') }, { type: 'slap', seat: 0, at: 0 }, 'slapNotAllowed');
    // Players holding cards still slap as usual.
    expect(findEvent(slap(s, 2).events, 'wrongSlap').burned).toBe(1);
  });

  it('a slap on an empty pile (e.g. the loser of a slap race) misses: no penalty, nothing changes', () => {
    const s = table({ stacks: ['2C', '3D', '4S'], turn: 0 });
    const step = slap(s, 1);
    expect(step.events).toEqual([{ type: 'slapMissed', seat: 1 }]);
    expect(step.state.stacks).toEqual(s.stacks);
    const empty = table({ stacks: ['', '3D', '4S'], turn: 1 });
    expect(slap(empty, 0).state.barred[0]).toBe(false);
  });

  it('a wrong slap while a collect is pending burns under the pile, and the collector wins the burned cards', () => {
    const s = table({ options: { wrongSlap: 'burn' }, stacks: ['2C', '3D 6D', '4S'], pile: 'QC 5H', turn: 0, lastPlayer: 1, patch: { pendingCollect: { seat: 0, reason: 'challenge' } } });
    let step = slap(s, 1);
    expect(names(step.state.burned)).toBe('3D');
    step = collect(step.state, 0);
    expect(names(step.state.stacks[0])).toBe('2C 3D QC 5H');
  });
});

describe('classic end of game', () => {
  it('ends when one player holds every card; ranking by elimination order, last out ranks higher', () => {
    // Seat 2 went out first, then seat 1; seat 0 collects the rest.
    const s = table({ stacks: ['2C', '', ''], pile: 'KD 4H', turn: 0, lastPlayer: 1, patch: { outOrder: [2, 1], pendingCollect: { seat: 0, reason: 'challenge' } } });
    const step = collect(s, 0);
    expect(step.state.over).toEqual({ winner: 0, ranking: [0, 1, 2], byLimit: false, endedBy: 'rules' });
    expect(findEvent(step.events, 'gameOver').result.winner).toBe(0);
    expectRefused(step.state, { type: 'play', seat: 0 }, 'gameOver');
    expectRefused(step.state, { type: 'slap', seat: 1, at: 0 }, 'gameOver');
  });

  it('the game is not over while someone else still holds a card', () => {
    const s = table({ stacks: ['2C', '5D', ''], pile: '4C 4H', turn: 1 });
    expect(slap(s, 0).state.over).toBeNull();
  });
});
