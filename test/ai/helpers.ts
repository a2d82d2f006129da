// Test helpers: hand-built tables and a test-only seeded generator.
import { defaultOptions, makeCard, newGame, type Card, type GameOptions, type GameState } from '../../src/rules';

/** The canonical mulberry32 (as published), for the tests' own random piles. */
export function testRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A dealt classic table (seat 0 human) whose face-up pile is replaced by `pile`. */
export function tableWith(pile: Card[], players = 4, change: Partial<GameOptions> = {}, seed = 7): GameState {
  const options = { ...defaultOptions('classic', players), ...change };
  const state = newGame(options, seed);
  return { ...state, pile };
}

/** Card from a rank (2..14) and suit (0..3). */
export const card = makeCard;

/** n distinct random cards from a 52-card deck. */
export function randomCards(next: () => number, n: number): Card[] {
  const deck: Card[] = [];
  for (let c = 0; c < 52; c++) deck.push(c);
  const out: Card[] = [];
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(next() * (52 - i));
    [deck[i], deck[j]] = [deck[j], deck[i]];
    out.push(deck[i]);
  }
  return out;
}

export function quantile(sorted: readonly number[], p: number): number {
  // Nearest-rank quantile.
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}
