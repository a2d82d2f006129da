// What the menu scenes show, as plain data the view draws from (the view
// imports these types only). The table's display is the view's own record,
// src/view/table-display.ts.

/** A picture on a How to play page: cards as the table draws them, and what they show. */
export interface HowToExample {
  /** Card numbers (src/rules/types.ts; 54 a card back), bottom of the pile first. */
  cards: number[];
  caption: string;
  /** 0 nothing, 1 the burst of a good slap, 2 the red cross of a wrong one, 3 a red arrow at the top card: its player takes the pile (Russian: no slapping, so no hand). */
  mark: number;
  /** Face-down burned cards under the pile. */
  burned: number;
}

export interface HowToPage {
  title: string;
  text: string;
  examples: HowToExample[];
  /** Examples side by side with captions under them (single cards), or one a row with the caption beside. */
  across: boolean;
  /** The PSP drawn with each of two people's buttons lit (src/view/psp-picture.ts). */
  psp: boolean;
}

/** One line of the Statistics screen: a label and each rule set's figure. */
export interface StatsRow {
  label: string;
  classic: string;
  russian: string;
}

export interface OptionRow {
  label: string;
  value: string;
  /** The heading of the group this row begins ('' inside a group). */
  group: string;
  /** What the option does: the line under the list while the row is selected. */
  help: string;
  /** A slap rule's picture (card numbers, bottom first), or null. */
  picture: number[] | null;
}

export interface SeatResult {
  /** 1 for the first; seats the ranking cannot tell apart (the same cards, where it ranks by cards) share a place. */
  place: number;
  name: string;
  cards: number;
  piles: number;
  slapsWon: number;
  wrongSlaps: number;
}

export interface ResultsScreen {
  winner: string;
  /** How the game ended, in words (src/app/game-stats.ts resultCause). */
  cause: string;
  /** Best first. */
  ranking: SeatResult[];
  fastestMs: number;
  /** What fastestMs is: the person's own, or with two people the quicker of the two (it is not told whose). */
  fastestLabel: string;
  cardsPlayed: number;
  lifetime: string[];
}
