// Table furniture: the felt, 9-slice panels, outlines, shaded text boxes.
import { PANEL_SLICE, SPRITES } from '../assets/atlas';
import { SCREEN_H, SCREEN_W } from '../contract';
import { rect, sprite } from './drawlist';
import type { Layer } from './layer';

/** The baize over the whole screen: tiles built once into `felt` (the View's), then copied natively each frame. */
export function drawFelt(felt: Layer): void {
  if (felt.reuse()) return;
  const f = SPRITES.felt;
  for (let y = 0; y < SCREEN_H; y += f[3]) for (let x = 0; x < SCREEN_W; x += f[2]) sprite(x, y, f[2], f[3], f[0], f[1], f[2], f[3], -1);
  // Darker toward the edges, like a lamp over the middle of the table: frames
  // of faint shade, each one further in adding to the ones outside it.
  for (let i = 0; i < 12; i++) {
    const inset = i * 4;
    drawOutline(inset, inset, SCREEN_W - 2 * inset, SCREEN_H - 2 * inset, 4, 0x0c000000);
  }
  felt.keep();
}

/** A menu panel of any size from the 9-slice sprite: corners as they are, edges and centre stretched. */
export function drawPanel(x: number, y: number, w: number, h: number, tint: number): void {
  const p = SPRITES.panel;
  const c = PANEL_SLICE;
  const u = p[0];
  const v = p[1];
  const mid = p[2] - 2 * c;
  const midH = p[3] - 2 * c;
  const iw = w - 2 * c;
  const ih = h - 2 * c;
  // rows: top, middle, bottom
  sprite(x, y, c, c, u, v, c, c, tint);
  sprite(x + c, y, iw, c, u + c, v, mid, c, tint);
  sprite(x + w - c, y, c, c, u + c + mid, v, c, c, tint);
  sprite(x, y + c, c, ih, u, v + c, c, midH, tint);
  sprite(x + c, y + c, iw, ih, u + c, v + c, mid, midH, tint);
  sprite(x + w - c, y + c, c, ih, u + c + mid, v + c, c, midH, tint);
  sprite(x, y + h - c, c, c, u, v + c + midH, c, c, tint);
  sprite(x + c, y + h - c, iw, c, u + c, v + c + midH, mid, c, tint);
  sprite(x + w - c, y + h - c, c, c, u + c + mid, v + c + midH, c, c, tint);
}

/** A 1-2 px frame around a box (the chooser's highlight). */
export function drawOutline(x: number, y: number, w: number, h: number, t: number, colour: number): void {
  rect(x, y, w, t, colour);
  rect(x, y + h - t, w, t, colour);
  rect(x, y + t, t, h - 2 * t, colour);
  rect(x + w - t, y + t, t, h - 2 * t, colour);
}
