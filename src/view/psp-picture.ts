// How to play, two people (issue 16): a drawing of the PSP from the front
// with each person's buttons lit — the left player's D-pad Left and L, the
// right player's Square and R — and their names under their side.
import { SPRITES } from '../assets/atlas';
import { FONT_SMALL } from '../assets/font';
import type { Strings } from '../app/i18n/strings';
import * as C from './colours';
import { rect, spriteRect } from './drawlist';
import { ALIGN_CENTRE, TextSlot } from './text';

/** The picture's four labels, laid out once each. */
export function newPspLabels(): TextSlot[] {
  return [new TextSlot(), new TextSlot(), new TextSlot(), new TextSlot()];
}

/** The PSP 200 x 72 with its top-left at (x, y); the labels go below it. */
export function drawPspButtons(labels: readonly TextSlot[], strings: Strings, x: number, y: number): void {
  const W = 200;
  const H = 72;
  // Shoulder buttons first, so that the body covers their lower edge.
  rect(x + 8, y - 4, 44, 8, C.YELLOW);
  rect(x + W - 52, y - 4, 44, 8, C.YELLOW);
  rect(x, y, W, H, C.DARK_GREY);
  rect(x + 2, y + 2, W - 4, H - 4, C.BLACK);
  // The screen.
  rect(x + 56, y + 10, 88, 50, C.DARK_GREY);
  rect(x + 58, y + 12, 84, 46, C.SHADE_LIGHT);
  labels[0]!.draw(FONT_SMALL, 'L', x + 30, y - 14, ALIGN_CENTRE, C.YELLOW);
  labels[1]!.draw(FONT_SMALL, 'R', x + W - 30, y - 14, ALIGN_CENTRE, C.YELLOW);
  // The D-pad: a cross, its left arm lit.
  const dx = x + 28;
  const dy = y + 28;
  rect(dx - 4, dy - 14, 9, 29, C.GREY);
  rect(dx - 14, dy - 4, 29, 9, C.GREY);
  rect(dx - 16, dy - 5, 12, 11, C.YELLOW);
  // The face buttons in their diamond; Square (the left one) lit.
  const fx = x + W - 30;
  const fy = y + 28;
  spriteRect(fx - 7, fy - 19, SPRITES.btnTriangle, C.GREY);
  spriteRect(fx + 5, fy - 7, SPRITES.btnCircle, C.GREY);
  spriteRect(fx - 7, fy + 5, SPRITES.btnCross, C.GREY);
  rect(fx - 21, fy - 9, 18, 18, C.YELLOW);
  spriteRect(fx - 19, fy - 7, SPRITES.btnSquare, C.BLACK);
  labels[2]!.draw(FONT_SMALL, strings.leftPlayer + ': ← ' + strings.controlPlay + ', L ' + strings.controlSlap, x + 30, y + H + 4, ALIGN_CENTRE, C.PALE_GOLD);
  labels[3]!.draw(FONT_SMALL, strings.rightPlayer + ': □ ' + strings.controlPlay + ', R ' + strings.controlSlap, x + W - 30, y + H + 4, ALIGN_CENTRE, C.PALE_GOLD);
}
