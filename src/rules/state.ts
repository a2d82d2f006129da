// Questions about a state, and the copy-on-write helpers every move uses.
// apply() works on a shallow copy of the state (a "draft"): it may assign the
// draft's fields, but never writes into an array or object it got from the
// caller — each change builds a new array, the rest is shared.
import type { Card, GameState, Seat } from './types';

export function cardCount(state: GameState, seat: Seat): number {
  return state.stacks[seat].length;
}

/** Every card in the game: 52, or 54 with jokers. */
export function totalCards(state: GameState): number {
  let total = state.pile.length + state.burned.length;
  for (const stack of state.stacks) total += stack.length;
  return total;
}

/** Seats that still hold cards, in seat order. */
export function activeSeats(state: GameState): Seat[] {
  const seats: Seat[] = [];
  for (let seat = 0; seat < state.stacks.length; seat++) if (state.stacks[seat].length > 0) seats.push(seat);
  return seats;
}

export function seatAfter(state: GameState, seat: Seat): Seat {
  return (seat + 1) % state.options.players;
}

/** The next seat clockwise after `seat` that holds cards (never `seat` itself), or -1. */
export function nextWithCards(state: GameState, seat: Seat): Seat {
  const players = state.options.players;
  for (let step = 1; step < players; step++) {
    const other = (seat + step) % players;
    if (state.stacks[other].length > 0) return other;
  }
  return -1;
}

/** Classic: may this seat slap now? Barred or banned seats never; seats without cards only with slap-in. */
export function canSlap(state: GameState, seat: Seat): boolean {
  if (state.options.ruleSet !== 'classic' || state.over) return false;
  if (state.barred[seat] || state.slapBan[seat] > 0) return false;
  return state.stacks[seat].length > 0 || state.options.slapIn;
}

/**
 * A shallow copy for apply() to change: every field written out, so the
 * copy always has the same shape (V8 and QuickJS both copy it quickly).
 */
export function draftOf(state: GameState): GameState {
  return {
    options: state.options,
    seed: state.seed,
    rng: state.rng,
    dealer: state.dealer,
    stacks: state.stacks,
    pile: state.pile,
    burned: state.burned,
    turn: state.turn,
    lastPlayer: state.lastPlayer,
    challenge: state.challenge,
    pendingCollect: state.pendingCollect,
    lay: state.lay,
    pendingChoice: state.pendingChoice,
    barred: state.barred,
    slapBan: state.slapBan,
    outOrder: state.outOrder,
    cardsPlayed: state.cardsPlayed,
    seen: state.seen,
    over: state.over,
  };
}

export function setStack(draft: GameState, seat: Seat, cards: Card[]): void {
  const stacks = draft.stacks.slice();
  stacks[seat] = cards;
  draft.stacks = stacks;
}

/** Take the top card of a seat's stack onto the pile. */
export function playTopCard(draft: GameState, seat: Seat): Card {
  const stack = draft.stacks[seat];
  const card = stack[0];
  setStack(draft, seat, stack.slice(1));
  const pile = draft.pile.slice();
  pile.push(card);
  draft.pile = pile;
  draft.lastPlayer = seat;
  draft.cardsPlayed += 1;
  return card;
}

/**
 * The pile (and any burned cards) goes face down under the claimer's stack:
 * burned cards first (they lie under the pile), then the pile from its first
 * card to its top, so the claimer replays them in the order they were played.
 */
export function givePile(draft: GameState, seat: Seat): number {
  const cards = draft.burned.length + draft.pile.length;
  setStack(draft, seat, draft.stacks[seat].concat(draft.burned, draft.pile));
  draft.pile = [];
  draft.burned = [];
  draft.lastPlayer = null;
  if (draft.outOrder.indexOf(seat) >= 0) draft.outOrder = draft.outOrder.filter((s) => s !== seat);
  return cards;
}
