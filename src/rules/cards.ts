// Cards as small integers (see types.ts): suit * 13 + (rank - 2), jokers 52 and 53.
import type { Card, GameOptions } from './types';

export const JACK = 11;
export const QUEEN = 12;
export const KING = 13;
export const ACE = 14;
/** Jokers rank above the ace: Russian "joker beats all" compares with it directly. */
export const JOKER_RANK = 15;
export const FIRST_JOKER: Card = 52;
export const SECOND_JOKER: Card = 53;

const RANK_NAMES = ['', '', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUIT_SYMBOLS = ['♣', '♦', '♥', '♠'];

export function isJoker(card: Card): boolean {
  return card >= FIRST_JOKER;
}

/** 2..14 (11 J, 12 Q, 13 K, 14 A); jokers are 15. */
export function rankOf(card: Card): number {
  return isJoker(card) ? JOKER_RANK : (card % 13) + 2;
}

/** 0 clubs, 1 diamonds, 2 hearts, 3 spades; -1 for a joker (it has no suit). */
export function suitOf(card: Card): number {
  return isJoker(card) ? -1 : Math.floor(card / 13);
}

export function makeCard(rank: number, suit: number): Card {
  return suit * 13 + (rank - 2);
}

/** "10♥", "Q♠", "Joker". */
export function cardLabel(card: Card): string {
  return isJoker(card) ? 'Joker' : RANK_NAMES[rankOf(card)] + SUIT_SYMBOLS[suitOf(card)];
}

/** A jack, queen, king or ace: a classic challenge card, a Russian penalty card from the queen up. */
export function isFace(card: Card): boolean {
  const rank = rankOf(card);
  return !isJoker(card) && rank >= JACK;
}

/** Classic: chances the next player gets to answer this card (J1 Q2 K3 A4); 0 for number cards and jokers. */
export function challengeChances(card: Card): number {
  return isFace(card) ? rankOf(card) - 10 : 0;
}

/** Russian: cards the next player must lay after this card beats a lower one (Q2 K3 A4); 0 otherwise. */
export function penaltyCards(card: Card): number {
  return isFace(card) && rankOf(card) >= QUEEN ? rankOf(card) - 10 : 0;
}

/** Does this game's deck hold the two jokers? Classic reads `jokers`, Russian `russianJokers`. */
export function deckHasJokers(options: GameOptions): boolean {
  return options.ruleSet === 'classic' ? options.jokers : options.russianJokers !== 'off';
}

/** The unshuffled deck: 0..51, then the jokers if the game uses them. */
export function freshDeck(options: GameOptions): Card[] {
  const size = deckHasJokers(options) ? 54 : 52;
  const deck: Card[] = [];
  for (let card = 0; card < size; card++) deck.push(card);
  return deck;
}
