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
  /** ms the cards wait on the pile first: a won slap's hand lands on them before they go. */
  delay: number;
  /** Top cards of the swept pile, bottom first; count of them in use. */
  cards: Int32Array;
  count: number;
}

/** A wrong slap's cost at the seat: the burned (or paid) cards shown face up there, then flying face down under the pile (or to the payee's stack). */
export interface Burn {
  active: boolean;
  seat: number;
  /** The seat the cards were paid to, -1 when they were burned under the pile. */
  to: number;
  start: number;
  /** The burned cards, the last shown on top; count of them in use. */
  cards: Int32Array;
  count: number;
}

/** A person won the game: their cards fly up over the table to a fanfare (src/view/celebration.ts), any button skips to the results. */
export interface Celebration {
  active: boolean;
  seat: number;
  start: number;
  /** The cards that fly, in launch order; count of them in use. */
  cards: Int32Array;
  count: number;
}

/** The cards a celebration throws up (every one would be 52 sprites a frame). */
export const CELEBRATION_CARDS = 28;
/** The celebration lasts as long as its fanfare (tools/assets/sounds.mjs), unless a button skips it. */
export const CELEBRATION_MS = 2700;

/** Bits of TableScreen.can: what the person at the table (alone) can do right now. */
export const CAN_PLAY = 1;
export const CAN_SLAP = 2;
export const CAN_CHOOSE = 4;

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
  /** Two people: the legend of both people's buttons ("← □ Play   L R Slap", on a desktop its keys); '' otherwise. */
  duelLegend: string;
  message: string;
  messageAt: number;
  /** The seat the message is about, -1 for none: the view places the line clear of that seat's hand and sweep. */
  messageSeat: number;
  /** When the line leaves (a line about a pile leaves when the next card lands). */
  messageLeaves: number;
  /** The line is about a pile (who took it, who won it). */
  messageAboutPile: boolean;
  /** Short help line at the bottom ("Your turn: Square"). */
  hint: string;
  /** What the one person at the table can do now (CAN_* bits): the legend shows only those. */
  can: number;
  /** Russian: the last comparison ("Higher"), '' when none. */
  comparison: string;
  /** 1 higher, 0 equal, -1 lower (the label's colour). */
  comparisonKind: number;
  flight: Flight;
  sweep: Sweep;
  slapHand: SeatEffect;
  shake: SeatEffect;
  burn: Burn;
  /** A game a person won: the celebration over the table before the results. */
  celebration: Celebration;
  /** Russian chooser: the seat a person names a taker from (-1: nobody is choosing); pick is the highlighted seat. */
  chooser: number;
  pick: number;
  /** The seat whose action the game waits for (src/table/table.ts seatToAct), -1 when over. */
  toAct: number;
  /** The running challenge's full count of chances, from the face card that set it. */
  chancesTotal: number;
  /** After each slap race, who pressed and when from the landing ("You 312 ms · Kim 298 ms"); '' when off or none. */
  slapTimes: string;
  slapTimesAt: number;
  /** Resuming from the pause: the 3-2-1 ends at countdownEnd (-1: none), the table drawn as it was at frozenAt. */
  countdownEnd: number;
  frozenAt: number;
  /**
   * A pile was taken this frame: the rules' and the CPU players' work took
   * about half the frame's budget, so its picture is drawn the next frame,
   * 16.7 ms later (src/app/app.ts drawApp); the sounds are not delayed.
   */
  pictureWaits: boolean;
}

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
    duelLegend: '',
    message: '',
    messageAt: 0,
    messageSeat: -1,
    messageLeaves: 0,
    messageAboutPile: false,
    can: 0,
    hint: '',
    comparison: '',
    comparisonKind: 0,
    flight: { active: false, seat: 0, card: 0, start: 0 },
    sweep: { active: false, seat: 0, start: 0, delay: 0, cards: new Int32Array(4), count: 0 },
    burn: { active: false, seat: 0, to: -1, start: 0, cards: new Int32Array(2), count: 0 },
    celebration: { active: false, seat: 0, start: 0, cards: new Int32Array(CELEBRATION_CARDS), count: 0 },
    slapHand: { active: false, seat: 0, start: 0, good: false },
    shake: { active: false, seat: 0, start: 0, good: false },
    chooser: -1,
    pick: 0,
    toAct: -1,
    chancesTotal: 0,
    slapTimes: '',
    slapTimesAt: 0,
    countdownEnd: -1,
    frozenAt: 0,
    pictureWaits: false,
  };
}
