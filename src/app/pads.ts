// Which buttons each person at the table uses. One person plays with Square
// and slaps with Cross; two people share the one PSP (issue 16): the left
// player holds the D-pad side (Left plays, L slaps), the right player the
// face-button side (Square plays, R slaps). The desktop host maps its two key
// clusters and two game controllers onto the same bits (native/desktop/sdl_keys.c),
// so the game only ever sees the PSP's buttons.
import {
  BTN_CROSS,
  BTN_DOWN,
  BTN_LEFT,
  BTN_LTRIGGER,
  BTN_RIGHT,
  BTN_RTRIGGER,
  BTN_SQUARE,
  BTN_TRIANGLE,
  BTN_UP,
  type KeyNames,
} from '../contract';
import type { Controller } from '../table/seats';
import type { Seat } from '../rules/types';
import type { Difficulty } from '../ai';

export interface PadLayout {
  /** Plays a card, collects a won pile, and confirms a named taker. */
  readonly play: number;
  readonly slap: number;
  /** Russian chooser: move the highlighted taker back and on. */
  readonly prev: number;
  readonly next: number;
  readonly confirm: number;
  /** The buttons as the font draws them (assets/src/charset.txt): seat marks and hints. */
  readonly playKey: string;
  readonly slapKey: string;
  readonly prevKey: string;
  readonly nextKey: string;
}

/**
 * What a seat's person presses, named for the machine: the PSP's glyphs, or
 * the keys the host says press those buttons (host.caps.keys, in Strings.keys):
 * a computer shows no PSP glyph.
 */
export function padNames(pad: PadLayout, keys: KeyNames | null | undefined): { play: string; slap: string; prev: string; next: string } {
  if (keys === null || keys === undefined) return { play: pad.playKey, slap: pad.slapKey, prev: pad.prevKey, next: pad.nextKey };
  if (pad === PADS[PAD_LEFT]) return { play: keys.leftPlay, slap: keys.leftSlap, prev: pad.prevKey, next: pad.nextKey };
  if (pad === PADS[PAD_RIGHT]) return { play: keys.rightPlay, slap: keys.rightSlap, prev: keys.triangle, next: keys.cross };
  return { play: keys.square, slap: keys.cross, prev: pad.prevKey, next: pad.nextKey };
}

export const PAD_SOLO = 0;
export const PAD_LEFT = 1;
export const PAD_RIGHT = 2;

export const PADS: readonly PadLayout[] = [
  {
    play: BTN_SQUARE,
    slap: BTN_CROSS,
    prev: BTN_LEFT | BTN_UP,
    next: BTN_RIGHT | BTN_DOWN,
    confirm: BTN_CROSS,
    playKey: '□',
    slapKey: '✕',
    prevKey: '←',
    nextKey: '→',
  },
  {
    play: BTN_LEFT,
    slap: BTN_LTRIGGER,
    prev: BTN_UP,
    next: BTN_DOWN,
    confirm: BTN_LEFT,
    playKey: '←',
    slapKey: 'L',
    prevKey: '↑',
    nextKey: '↓',
  },
  {
    play: BTN_SQUARE,
    slap: BTN_RTRIGGER,
    prev: BTN_TRIANGLE,
    next: BTN_CROSS,
    confirm: BTN_SQUARE,
    playKey: '□',
    slapKey: 'R',
    prevKey: '△',
    nextKey: '✕',
  },
];

/**
 * The seats for a game with `humans` people (0: the title's demo). One
 * person sits at the bottom (seat 0); with two, the left player sits there
 * and the right player in the last seat, which is on the right of the table
 * from four players up (src/view/seats.ts).
 */
export function tableSeats(players: number, humans: number, difficulty: Difficulty): Controller[] {
  const seats: Controller[] = [];
  for (let seat: Seat = 0; seat < players; seat++) {
    if (humans === 1 && seat === 0) seats.push({ kind: 'human', pad: PAD_SOLO });
    else if (humans === 2 && seat === 0) seats.push({ kind: 'human', pad: PAD_LEFT });
    else if (humans === 2 && seat === players - 1) seats.push({ kind: 'human', pad: PAD_RIGHT });
    else seats.push({ kind: 'cpu', difficulty });
  }
  return seats;
}

/**
 * Every button someone plays or slaps with: what a touch screen's zones
 * hold (web/src/input/touch.ts gives each person's play and slap a zone).
 */
export const PLAY_AND_SLAP = PADS.reduce((bits, pad) => bits | pad.play | pad.slap, 0);

/** The buttons of a seat's person (a CPU seat gets the one-player layout, which it never uses). */
export function padOf(seats: readonly Controller[], seat: Seat): PadLayout {
  const c = seats[seat]!;
  return PADS[c.kind === 'human' ? c.pad : PAD_SOLO]!;
}

/**
 * One person on a touch screen (host.caps.touch): where a menu takes no
 * taps by their place (How to play's pages, Statistics; SceneModule.taps)
 * the play half (Square) confirms as the slap half (Cross) does, so a tap
 * on either half turns the page. Not on the results screen, where a player
 * still tapping to play the last card must not start the next game.
 */
export function touchMenuAliases(pressed: number): number {
  return (pressed & BTN_SQUARE) !== 0 ? BTN_CROSS : 0;
}

/**
 * In menus either person's buttons move and confirm: L and R confirm like
 * Cross, Triangle moves up and Square down. Only while two people play, so
 * one player's menus stay as they always were.
 */
export function menuAliases(pressed: number): number {
  let extra = 0;
  if ((pressed & (BTN_LTRIGGER | BTN_RTRIGGER)) !== 0) extra |= BTN_CROSS;
  if ((pressed & BTN_TRIANGLE) !== 0) extra |= BTN_UP;
  if ((pressed & BTN_SQUARE) !== 0) extra |= BTN_DOWN;
  return extra;
}
