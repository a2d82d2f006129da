// What every frame's draw list has besides its scene: the felt cleared
// first; then over the scene the quit question and the notice line; then the
// frame's sound cues, the music and the quit. src/app/app.ts drawApp calls
// these around the scene's own drawing.
import { MUSIC, SOUND } from '../assets/sounds';
import { FONT_LARGE, FONT_SMALL } from '../assets/font';
import type { Cues } from '../app/cues';
import * as C from './colours';
import { beginFrame, clear, commandCount, endPicture, holdPicture, music, quit, rect, sound } from './drawlist';
import { drawPanel } from './widgets';
import { plateX } from './seats';
import { ALIGN_CENTRE } from './text';
import type { View } from './view';

const MUSIC_VOLUME = 150;

export function beginDraw(): void {
  beginFrame();
  clear(C.FELT);
}

/** Keeps the last picture up and starts a new one behind it (src/view/drawlist.ts holdPicture); returns where it starts. */
export function beginBehind(): number {
  const from = holdPicture();
  clear(C.FELT);
  return from;
}

/** A question's panel. */
const QUESTION_X = 60;
const QUESTION_Y = 100;
const QUESTION_W = 360;
const QUESTION_H = 66;

/** Whether the screen point (x, y) (a tap) is on a question's panel: a tap beside it says no. */
export function onQuestion(x: number, y: number): boolean {
  return x >= QUESTION_X && x < QUESTION_X + QUESTION_W && y >= QUESTION_Y && y < QUESTION_Y + QUESTION_H;
}

/** A yes/no question over whatever the scene shows ("Quit to the PSP menu?"), with the buttons that answer it under it. */
export function drawQuestion(view: View, question: string, answers: string): void {
  rect(0, 0, 480, 272, C.SHADE);
  drawPanel(QUESTION_X, QUESTION_Y, QUESTION_W, QUESTION_H, C.WHITE);
  view.question.draw(FONT_LARGE, question, 240, 114, ALIGN_CENTRE, C.WHITE);
  view.questionHint.draw(FONT_SMALL, answers, 240, 142, ALIGN_CENTRE, C.PALE_GOLD, 340);
}

/** Where the notice line's band lies across the screen: its top and height, and its shade. */
export interface NoticeBand {
  readonly top: number;
  readonly height: number;
  readonly shade: number;
}

/** At the top of the screen, over the menu pages' margin (their panels start under it: PAGE_TOP). */
export const NOTICE_AT_TOP: NoticeBand = { top: 0, height: 15, shade: C.SHADE_HEAVY };

/**
 * Where a menu page's panel starts: under the top notice's band, not touching
 * it (a failed save reaches the results and Options, an ended rematch's
 * notice its results, a refused room the Online menu).
 */
export const PAGE_TOP = NOTICE_AT_TOP.top + NOTICE_AT_TOP.height + 2;

/**
 * The notice line on its band: NOTICE_AT_TOP, or where the scene says a band
 * of the screen's width covers nothing (on the table, between the top seats
 * and the pile: src/view/table-view.ts NOTICE_ON_TABLE), its text in the middle.
 */
export function drawNotice(view: View, text: string, band: NoticeBand): void {
  rect(0, band.top, 480, band.height, band.shade);
  view.notice.draw(FONT_SMALL, text, 240, band.top + ((band.height - FONT_SMALL.lineHeight) >> 1) - 1, ALIGN_CENTRE, C.YELLOW);
}

/**
 * The frame's sounds (a cue from a seat sounds from that side of the table),
 * the theme when `theme` (sent only when that changes), and QUIT when `quitting`.
 * Returns the number of commands the frame wrote.
 */
export function endDraw(view: View, cues: Cues, theme: boolean, quitting: boolean): number {
  endPicture();
  for (let i = 0; i < cues.count; i++) {
    const seat = cues.seats[i]!;
    const players = cues.players[i]!;
    let pan = 0;
    if (seat >= 0 && players > 0) pan = Math.floor(((plateX(players, seat) - 240) * 96) / 240);
    sound(SOUND[cues.names[i]!], 255, pan);
  }
  const track = theme ? MUSIC.theme : -1;
  if (track !== view.musicSent) {
    music(track, MUSIC_VOLUME);
    view.musicSent = track;
  }
  if (quitting) quit();
  return commandCount();
}
