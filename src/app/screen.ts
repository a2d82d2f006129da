// What the scenes show, as plain data the view draws from (the view imports
// these types only). A table's display state is allocated with the table and
// updated in place, so a steady frame builds nothing new.
import type { Card, GameState } from '../rules/types';

/** A card flying from a seat's stack to the pile. */
export interface Flight {
  active: boolean;
  seat: number;
  card: Card;
  start: number;
}

/** The pile sliding to the seat that won it; keeps the top cards it had. */
export interface Sweep {
  active: boolean;
  seat: number;
  start: number;
  /** Top cards of the swept pile, bottom first; count of them in use. */
  cards: Int32Array;
  count: number;
}

/** A one-shot effect at a seat: the slap hand, the wrong-slap shake. */
export interface SeatEffect {
  active: boolean;
  seat: number;
  start: number;
  /** The slap hand: true for a slap that took the pile, false for a wrong or late one. */
  good: boolean;
}

export interface TableScreen {
  game: GameState | null;
  /** Seat names in the chosen language; the person's seat is "You" (none in the demo). */
  names: string[];
  /** The seat the human sits at (with two people, the left player's), or -1 in the demo. */
  human: number;
  /** Per seat, the buttons marked beside a person's plate when two people play ("← L"); empty otherwise. */
  marks: string[];
  message: string;
  messageAt: number;
  /** Short help line at the bottom ("Your turn: Square"). */
  hint: string;
  /** Russian: the last comparison ("Higher"), '' when none. */
  comparison: string;
  /** 1 higher, 0 equal, -1 lower (the label's colour). */
  comparisonKind: number;
  flight: Flight;
  sweep: Sweep;
  slapHand: SeatEffect;
  shake: SeatEffect;
  /** Russian chooser: the seat a person names a taker from (-1: nobody is choosing); pick is the highlighted seat. */
  chooser: number;
  pick: number;
  /** The seat whose action the game waits for (src/table/table.ts seatToAct), -1 when over. */
  toAct: number;
  /** The running challenge's full count of chances, from the face card that set it. */
  chancesTotal: number;
}

/** A picture on a How to play page: cards as the table draws them, and what they show. */
export interface HowToExample {
  /** Card numbers (src/rules/types.ts; 54 a card back), bottom of the pile first. */
  cards: number[];
  caption: string;
  /** 0 nothing, 1 the burst of a good slap, 2 the red cross of a wrong one. */
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
}

export interface SeatResult {
  name: string;
  cards: number;
  piles: number;
  slapsWon: number;
  wrongSlaps: number;
}

export interface ResultsScreen {
  winner: string;
  byLimit: boolean;
  /** Best first. */
  ranking: SeatResult[];
  fastestMs: number;
  cardsPlayed: number;
  lifetime: string[];
}

/** A new table's display state (src/app/table.ts startTable fills in its names and marks). */
export function newTableScreen(): TableScreen {
  return {
    game: null,
    names: [],
    human: 0,
    marks: [],
    message: '',
    messageAt: 0,
    hint: '',
    comparison: '',
    comparisonKind: 0,
    flight: { active: false, seat: 0, card: 0, start: 0 },
    sweep: { active: false, seat: 0, start: 0, cards: new Int32Array(4), count: 0 },
    slapHand: { active: false, seat: 0, start: 0, good: false },
    shake: { active: false, seat: 0, start: 0, good: false },
    chooser: -1,
    pick: 0,
    toAct: -1,
    chancesTotal: 0,
  };
}
