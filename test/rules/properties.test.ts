// Property tests: thousands of seeded random games per rule set with random
// options and random slaps. After every action every card exists exactly
// once; every game ends; the same seed and actions give the same game.
import { describe, expect, it } from 'vitest';
import { Dice, SLAP_RULES, apply, defaultOptions, newGame, playout } from '../../src/rules';
import type { Action, GameOptions, GameState, PlayoutPolicy, RuleSet } from '../../src/rules';

const GAMES = 10_000;

function randomOptions(ruleSet: RuleSet, dice: Dice): GameOptions {
  const options = defaultOptions(ruleSet, 2 + dice.below(5));
  options.cardLimit = 40 + dice.below(400); // short games keep 10,000 of them quick
  if (ruleSet === 'classic') {
    for (const rule of SLAP_RULES) options.slapRules[rule] = dice.chance(0.5);
    options.jokers = dice.chance(0.5);
    options.runLength = dice.chance(0.5) ? 3 : 4;
    options.runWrap = dice.chance(0.5);
    options.wrongSlapPenalty = dice.below(3) as 0 | 1 | 2;
    options.slapIn = dice.chance(0.7);
    options.wrongSlap = (['pay', 'burn', 'pileToNext', 'ban'] as const)[dice.below(4)];
    options.banCards = dice.chance(0.5) ? 3 : 5;
    options.tensStop = dice.chance(0.5);
  } else {
    options.russianJokers = (['off', 'beatsAll', 'chooser'] as const)[dice.below(3)];
  }
  return options;
}

function randomPolicy(dice: Dice): PlayoutPolicy {
  return { slapValid: 0.2 + dice.below(80) / 100, slapWrong: dice.below(8) / 100, slapBeforeCollect: dice.below(50) / 100 };
}

/** Every card 0..51 (and the jokers, if dealt) exactly once across stacks, pile and burned cards. */
function checkCards(state: GameState, deckSize: number): void {
  const seen = new Uint8Array(54);
  let count = 0;
  const mark = (cards: readonly number[]): void => {
    for (const card of cards) {
      if (!(card >= 0 && card < deckSize) || seen[card]) throw new Error(`card ${card} duplicated or foreign`);
      seen[card] = 1;
      count++;
    }
  };
  for (const stack of state.stacks) mark(stack);
  mark(state.pile);
  mark(state.burned);
  if (count !== deckSize) throw new Error(`${count} cards in play, expected ${deckSize}`);
}

/** Slap bans exist only under the ban rule, never longer than it says. */
function checkBans(state: GameState): void {
  const limit = state.options.ruleSet === 'classic' && state.options.wrongSlap === 'ban' ? state.options.banCards : 0;
  for (const left of state.slapBan) if (!(Number.isInteger(left) && left >= 0 && left <= limit)) throw new Error(`slap ban ${left} (limit ${limit})`);
}

/** The play always rests with someone who can act. */
function checkTurn(state: GameState): void {
  if (state.over) return;
  if (state.pendingChoice !== null || state.pendingCollect) return;
  if (state.stacks[state.turn].length === 0) throw new Error(`seat ${state.turn} is on turn with no cards`);
  if (state.challenge && state.challenge.answerer !== state.turn) throw new Error('challenge answerer is not on turn');
  if (state.lay && state.lay.seat !== state.turn) throw new Error('penalty layer is not on turn');
}

function checkEnd(state: GameState): void {
  const over = state.over!;
  const players = state.options.players;
  expect(over.ranking.slice().sort()).toEqual(Array.from({ length: players }, (_, i) => i));
  expect(over.ranking[0]).toBe(over.winner);
  expect(over.byLimit).toBe(over.endedBy !== 'rules');
  if (over.endedBy === 'cardLimit') expect(state.cardsPlayed).toBe(state.options.cardLimit);
  if (over.endedBy === 'rules' && state.options.ruleSet === 'classic') {
    state.stacks.forEach((stack, seat) => expect(stack.length === 0).toBe(seat !== over.winner));
  }
  if (over.endedBy === 'rules' && state.options.ruleSet === 'russian') expect(state.stacks[over.winner].length).toBe(0);
}

function replay(start: GameState, actions: Action[]): GameState {
  let state = start;
  for (const action of actions) {
    const result = apply(state, action);
    if (!result.ok) throw new Error(`replay refused ${JSON.stringify(action)}`);
    state = result.state;
  }
  return state;
}

/** How often the variants actually happened, so that "the invariants hold with the option on" is not vacuous. */
const variantsSeen = { bans: 0, pilesToNext: 0, stops: 0, payments: 0 };

function runGames(ruleSet: RuleSet, salt: number): Record<string, number> {
  const endings: Record<string, number> = { rules: 0, cardLimit: 0, repeat: 0 };
  for (let game = 0; game < GAMES; game++) {
    const dice = new Dice((game * 2654435761 + salt) >>> 0);
    const options = randomOptions(ruleSet, dice);
    const policy = randomPolicy(dice);
    const seed = dice.next();
    const start = newGame(options, seed, dice.below(options.players));
    const deckSize = start.stacks.reduce((n, s) => n + s.length, 0);
    const careful = game % 100 === 0; // now and then, prove apply() leaves its input alone
    let before = careful ? JSON.stringify(start) : '';
    const result = playout(start, dice.next(), policy, (state, _action, events) => {
      checkCards(state, deckSize);
      checkTurn(state);
      checkBans(state);
      for (const e of events) {
        if (e.type === 'wrongSlap' && e.banned) variantsSeen.bans++;
        if (e.type === 'wrongSlap' && e.paid) variantsSeen.payments++;
        if (e.type === 'claimed' && e.reason === 'wrongSlap') variantsSeen.pilesToNext++;
        if (e.type === 'challengeStopped') variantsSeen.stops++;
      }
      if (careful) {
        expect(JSON.stringify(start)).toBe(JSON.stringify(JSON.parse(before)));
        before = JSON.stringify(start);
      }
    });
    checkEnd(result.state);
    endings[result.state.over!.endedBy]++;
    if (game % 10 === 0) expect(replay(newGame(options, seed, start.dealer), result.actions)).toEqual(result.state);
  }
  return endings;
}

describe('random games', () => {
  it(`${GAMES} classic games: cards conserved after every step, every game ends, replays are identical`, () => {
    const endings = runGames('classic', 1);
    expect(endings.rules + endings.cardLimit + endings.repeat).toBe(GAMES);
    expect(endings.rules).toBeGreaterThan(GAMES / 10); // the rules' own end is reached, not only the limit
    expect(variantsSeen.bans).toBeGreaterThan(100);
    expect(variantsSeen.pilesToNext).toBeGreaterThan(100);
    expect(variantsSeen.stops).toBeGreaterThan(100);
    expect(variantsSeen.payments).toBeGreaterThan(100);
  });

  it(`${GAMES} Russian games: cards conserved after every step, every game ends, replays are identical`, () => {
    const endings = runGames('russian', 2);
    expect(endings.rules + endings.cardLimit + endings.repeat).toBe(GAMES);
    expect(endings.rules).toBeGreaterThan(GAMES / 2);
  });
});
