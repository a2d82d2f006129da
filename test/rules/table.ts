// Test helpers: build a table from card names so each test reads like the
// scenario it checks ("seat 1 holds K♠ 3♦, the pile is 9♥").
import { expect } from 'vitest';
import { apply, defaultOptions, stateHash, tableBeforePlay } from '../../src/rules';
import type { Action, Card, GameEvent, GameOptions, GameState, Seat } from '../../src/rules';

const RANKS: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14 };
const SUITS: Record<string, number> = { C: 0, D: 1, H: 2, S: 3, '♣': 0, '♦': 1, '♥': 2, '♠': 3 };

/** "10H", "Q♠", "AS", "JK" (first joker), "JK2" (second joker). */
export function card(name: string): Card {
  if (name === 'JK' || name === 'Joker') return 52;
  if (name === 'JK2') return 53;
  const suit = SUITS[name.slice(-1)];
  const rankText = name.slice(0, -1);
  const rank = RANKS[rankText] ?? Number(rankText);
  if (suit === undefined || !(rank >= 2 && rank <= 14)) throw new Error(`bad card name ${name}`);
  return suit * 13 + rank - 2;
}

/** "9H 9S 2C" -> cards, first named first (top of a stack, bottom of a pile). */
export function cards(names: string): Card[] {
  return names.trim() === '' ? [] : names.trim().split(/\s+/).map(card);
}

export interface TableSpec {
  rules?: 'classic' | 'russian';
  options?: Partial<GameOptions>;
  /** One string per seat, top card first. The number of strings is the number of players. */
  stacks: string[];
  /** Bottom card first, top card last. */
  pile?: string;
  burned?: string;
  turn?: Seat;
  dealer?: Seat;
  lastPlayer?: Seat | null;
  patch?: Partial<GameState>;
}

export function table(spec: TableSpec): GameState {
  const players = spec.stacks.length;
  const options: GameOptions = { ...defaultOptions(spec.rules ?? 'classic', players), ...spec.options };
  const pile = cards(spec.pile ?? '');
  const dealer = spec.dealer ?? players - 1;
  const state: GameState = {
    ...tableBeforePlay(options, dealer, spec.stacks.map(cards)),
    pile,
    burned: cards(spec.burned ?? ''),
    turn: spec.turn ?? (dealer + 1) % players,
    lastPlayer: spec.lastPlayer !== undefined ? spec.lastPlayer : pile.length > 0 ? ((spec.turn ?? 0) + players - 1) % players : null,
    ...spec.patch,
  };
  if (!spec.patch?.seen) state.seen = [stateHash(state)];
  return state;
}

export interface Step {
  state: GameState;
  events: GameEvent[];
}

/** Apply an action that must be legal. */
export function act(state: GameState, action: Action): Step {
  const result = apply(state, action);
  if (!result.ok) throw new Error(`refused ${JSON.stringify(action)}: ${result.error.code} ${result.error.message}`);
  return { state: result.state, events: result.events };
}

export const play = (state: GameState, seat: Seat): Step => act(state, { type: 'play', seat });
export const slap = (state: GameState, seat: Seat, at = 0): Step => act(state, { type: 'slap', seat, at });
export const collect = (state: GameState, seat: Seat): Step => act(state, { type: 'collect', seat });
export const choose = (state: GameState, seat: Seat, target: Seat): Step => act(state, { type: 'choose', seat, target });

/** Play these seats in order, each must be legal; returns the last step with all events. */
export function plays(state: GameState, seats: Seat[]): Step {
  const events: GameEvent[] = [];
  for (const seat of seats) {
    const step = play(state, seat);
    state = step.state;
    events.push(...step.events);
  }
  return { state, events };
}

/** An action that must be refused with this code, leaving the state deep-equal to before. */
export function expectRefused(state: GameState, action: Action, code: string): void {
  const before = JSON.stringify(state);
  const result = apply(state, action);
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.error.code).toBe(code);
    expect(result.error.message.length).toBeGreaterThan(10);
  }
  expect(JSON.stringify(state)).toBe(before);
}

export function eventTypes(events: GameEvent[]): string[] {
  return events.map((e) => e.type);
}

export function findEvent<T extends GameEvent['type']>(events: GameEvent[], type: T): Extract<GameEvent, { type: T }> {
  const event = events.find((e) => e.type === type);
  if (!event) throw new Error(`no ${type} event in ${JSON.stringify(events)}`);
  return event as Extract<GameEvent, { type: T }>;
}

export function names(stack: Card[]): string {
  const RANK_TEXT = ['', '', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
  return stack.map((c) => (c >= 52 ? (c === 52 ? 'JK' : 'JK2') : RANK_TEXT[(c % 13) + 2] + 'CDHS'[Math.floor(c / 13)])).join(' ');
}
