// A new game: shuffle with the seed, deal one card at a time from the
// dealer's left, the player to the dealer's left plays first.
import { freshDeck } from './cards';
import { stateHash } from './guard';
import { shuffle } from './rng';
import type { Card, GameOptions, GameState, Seat } from './types';

export function validateOptions(options: GameOptions): void {
  const { players } = options;
  if (!Number.isInteger(players) || players < 2 || players > 6) throw new Error(`players must be 2..6, got ${players}`);
  if (options.ruleSet !== 'classic' && options.ruleSet !== 'russian') throw new Error(`unknown rule set ${String(options.ruleSet)}`);
  if (options.runLength !== 3 && options.runLength !== 4) throw new Error(`runLength must be 3 or 4`);
  if (options.wrongSlapPenalty !== 0 && options.wrongSlapPenalty !== 1 && options.wrongSlapPenalty !== 2)
    throw new Error(`wrongSlapPenalty must be 0, 1 or 2`);
  if (options.wrongSlap !== 'pay' && options.wrongSlap !== 'burn' && options.wrongSlap !== 'pileToNext' && options.wrongSlap !== 'ban')
    throw new Error(`wrongSlap must be pay, burn, pileToNext or ban`);
  if (options.banCards !== 3 && options.banCards !== 5) throw new Error(`banCards must be 3 or 5`);
  if (!(options.cardLimit > 0)) throw new Error(`cardLimit must be positive`);
}

/**
 * Card i of the shuffled deck goes to seat (dealer + 1 + i) % players, so the
 * dealer's left gets the first card and, when the deck does not divide
 * evenly, the first players dealt hold one more. Each stack keeps the order
 * dealt: its first card dealt is its top card.
 */
export function dealStacks(deck: readonly Card[], players: number, dealer: Seat): Card[][] {
  const stacks: Card[][] = [];
  for (let seat = 0; seat < players; seat++) stacks.push([]);
  for (let i = 0; i < deck.length; i++) stacks[(dealer + 1 + i) % players].push(deck[i]);
  return stacks;
}

export function newGame(options: GameOptions, seed: number, dealer: Seat = 0): GameState {
  validateOptions(options);
  const players = options.players;
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players) throw new Error(`dealer must be a seat 0..${players - 1}`);
  const shuffled = shuffle(freshDeck(options), seed >>> 0);
  const state = tableBeforePlay(options, dealer, dealStacks(shuffled.items, players, dealer));
  state.seed = seed >>> 0;
  state.rng = shuffled.state;
  state.seen = [stateHash(state)];
  return state;
}

/**
 * A table where these stacks were just dealt and nothing was played yet: the
 * player to the dealer's left on turn, no pile, no challenge, nothing
 * pending. newGame fills in the seed, the RNG and the first seen position;
 * tests start from it with stacks of their own.
 */
export function tableBeforePlay(options: GameOptions, dealer: Seat, stacks: Card[][]): GameState {
  const players = options.players;
  return {
    options: { ...options, slapRules: { ...options.slapRules } },
    seed: 0,
    rng: 0,
    dealer,
    stacks,
    pile: [],
    burned: [],
    turn: (dealer + 1) % players,
    lastPlayer: null,
    challenge: null,
    pendingCollect: null,
    lay: null,
    pendingChoice: null,
    barred: new Array<boolean>(players).fill(false),
    slapBan: new Array<number>(players).fill(0),
    outOrder: [],
    cardsPlayed: 0,
    seen: [],
    over: null,
  };
}

/** The next game of a session is dealt by the seat to this dealer's left. */
export function nextDealer(state: GameState): Seat {
  return (state.dealer + 1) % state.options.players;
}
