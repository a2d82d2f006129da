// What the table shows, as one record: the table's events fill it (the
// app's src/app/table-show.ts), the view only reads it (table-view.ts). It
// holds no time that steers the game: when a line leaves, when the 3-2-1
// ends, when a frame's picture waits are the app's (src/app/table.ts). It is
// allocated with the table and updated in place, so a steady frame builds
// nothing new.
import type { Card, GameState } from '../rules/types';

/** A card flying from a seat's stack to the pile. */
export interface Flight {
  active: boolean;
  seat: number;
  card: Card;
  start: number;
  /** Online: its face has not come from the server yet, so it stays face down, on the pile once its flight ends, until it comes. */
  faceDown: boolean;
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

/** A wrong slap's cost at the seat: the burned cards shown face up there, then flying face down under the pile. */
export interface Burn {
  active: boolean;
  seat: number;
  /** The seat the cards were paid to (the default wrong slap), -1 when they were burned under the pile. */
  to: number;
  start: number;
  /** The burned cards, the last shown on top; count of them in use. */
  cards: Int32Array;
  count: number;
}

/** A person won the game: their cards fly up over the table to a fanfare (celebration.ts), any button skips to the results. */
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

/** Bits of TableDisplay.can: what the person at the table (alone) can do right now. */
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
  /** The slap hand: from when its outcome (good) shows, the burst or the red cross; later than start for a slap during a card's flight, shown as the card lands. */
  markAt: number;
}

export interface TableDisplay {
  game: GameState | null;
  /** Seat names in the chosen language; the person's seat is "You" (none in the demo). */
  names: string[];
  /** The seat the human sits at (with two people, the left player's), or -1 in the demo. */
  human: number;
  /** Per seat, the buttons marked beside a person's plate when two people play ("← L"); empty otherwise. */
  marks: string[];
  /** Two people: the legend of both people's buttons ("← □ Play   L R Slap", on a desktop its keys); '' otherwise. */
  duelLegend: string;
  /** The message line, '' for none. */
  message: string;
  /** The seat the message is about, -1 for none: the view places the line clear of that seat's hand and sweep. */
  messageSeat: number;
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
  /** Resuming from the pause: the 3-2-1's line ("Play resumes in 3"), '' when none. */
  countdown: string;
}

/** A new table's display (src/app/table.ts startTable fills in its names and marks). */
export function newTableDisplay(): TableDisplay {
  return {
    game: null,
    names: [],
    human: 0,
    marks: [],
    duelLegend: '',
    message: '',
    messageSeat: -1,
    can: 0,
    hint: '',
    comparison: '',
    comparisonKind: 0,
    flight: { active: false, seat: 0, card: 0, start: 0, faceDown: false },
    sweep: { active: false, seat: 0, start: 0, cards: new Int32Array(4), count: 0 },
    burn: { active: false, seat: 0, to: -1, start: 0, cards: new Int32Array(2), count: 0 },
    celebration: { active: false, seat: 0, start: 0, cards: new Int32Array(CELEBRATION_CARDS), count: 0 },
    slapHand: { active: false, seat: 0, start: 0, good: false, markAt: 0 },
    shake: { active: false, seat: 0, start: 0, good: false, markAt: 0 },
    chooser: -1,
    pick: 0,
    toAct: -1,
    chancesTotal: 0,
    slapTimes: '',
    countdown: '',
  };
}
