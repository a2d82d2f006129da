// Russian (seed 001): each card is compared with the one under it; the lower
// card takes the pile; A/K/Q onto a lower card make the next player lay
// 4/3/2; the first to get rid of their cards wins.
import { isJoker, penaltyCards, rankOf } from './cards';
import { checkCardLimit, finish, rankingByCards, recordPosition } from './guard';
import { givePile, playTopCard, seatAfter } from './state';
import type { Card, ClaimReason, Comparison, GameEvent, GameOptions, GameState, Seat } from './types';

/**
 * How `card` compares with `under`, the card directly beneath it. Jokers:
 * beats-all ranks them above the ace (two jokers are equal); under chooser
 * a joker is never compared ('none').
 */
export function compareCards(card: Card, under: Card, options: GameOptions): Comparison {
  if (options.russianJokers === 'chooser' && (isJoker(card) || isJoker(under))) return 'none';
  const diff = rankOf(card) - rankOf(under);
  return diff > 0 ? 'higher' : diff < 0 ? 'lower' : 'equal';
}

function setTurn(draft: GameState, events: GameEvent[], seat: Seat): void {
  if (draft.turn !== seat) events.push({ type: 'turn', seat });
  draft.turn = seat;
}

/** `seat` takes the pile; the player after them starts a new one. */
function take(draft: GameState, events: GameEvent[], seat: Seat, reason: ClaimReason): void {
  const cards = givePile(draft, seat);
  events.push({ type: 'claimed', seat, reason, cards });
  setTurn(draft, events, seatAfter(draft, seat));
}

/** `seat` has got rid of every card without having to take the pile: they win, the rest rank by fewest cards. */
function win(draft: GameState, events: GameEvent[], seat: Seat): void {
  draft.outOrder = draft.outOrder.concat(seat);
  events.push({ type: 'out', seat });
  finish(draft, events, { winner: seat, ranking: rankingByCards(draft, true, seat), byLimit: false, endedBy: 'rules' });
}

export function playRussian(draft: GameState, events: GameEvent[], seat: Seat): void {
  const under = draft.pile.length > 0 ? draft.pile[draft.pile.length - 1] : -1;
  const card = playTopCard(draft, seat);
  const lay = draft.lay;
  if (lay && lay.left > 1) {
    // Cards before the last of a penalty lay are not compared and trigger nothing.
    draft.lay = { ...lay, left: lay.left - 1 };
    events.push({ type: 'played', seat, card, comparison: 'none' });
    if (draft.stacks[seat].length === 0) win(draft, events, seat);
  } else {
    draft.lay = null;
    resolve(draft, events, seat, card, under);
  }
  checkCardLimit(draft, events);
}

/** The card just played (a normal play or the last card of a lay) against the one under it. */
function resolve(draft: GameState, events: GameEvent[], seat: Seat, card: Card, under: Card): void {
  const options = draft.options;
  if (options.russianJokers === 'chooser' && isJoker(card)) {
    events.push({ type: 'played', seat, card, comparison: 'none' });
    draft.pendingChoice = seat;
    events.push({ type: 'chooseTaker', seat });
    return;
  }
  const comparison = under < 0 ? 'none' : compareCards(card, under, options);
  events.push({ type: 'played', seat, card, comparison });
  if (comparison === 'lower') {
    take(draft, events, seat, isJoker(under) ? 'jokerLower' : 'lower');
    recordPosition(draft, events);
    return;
  }
  if (draft.stacks[seat].length === 0) {
    win(draft, events, seat);
    return;
  }
  const next = seatAfter(draft, seat);
  const cards = comparison === 'higher' ? penaltyCards(card) : 0;
  if (cards > 0) {
    draft.lay = { seat: next, total: cards, left: cards };
    events.push({ type: 'penaltyLay', seat: next, cards });
  }
  setTurn(draft, events, next);
}

/** Chooser jokers: the joker's player names who takes the pile; the turn passes to the player after the taker. */
export function chooseRussian(draft: GameState, events: GameEvent[], seat: Seat, target: Seat): void {
  draft.pendingChoice = null;
  take(draft, events, target, 'jokerChoice');
  // A joker that was its player's last card: they won unless they named themselves.
  if (draft.stacks[seat].length === 0) win(draft, events, seat);
  else recordPosition(draft, events);
}
