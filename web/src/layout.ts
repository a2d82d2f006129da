// The 480x272 screen scaled to fill the window (nearest neighbour, CSS
// image-rendering: pixelated), centred with black bands. A whole number of
// device pixels per game pixel keeps every pixel the same size, as the
// desktop's SDL_RenderSetIntegerScale does, but on a phone it can waste much
// of the screen (a 390-pixel-wide phone at 2x: 240 CSS pixels, 62% of the
// width, its table text about 5 CSS pixels tall; issue 32): the largest
// scale that fits is taken unless a whole number comes within WHOLE_ENOUGH
// of it. On a touch screen held sideways the menu buttons at the sides
// (web/src/input/touch.ts) keep their bands: `side` CSS pixels each side
// are left out of the room the picture may take.
import { SCREEN_H, SCREEN_W } from '../../src/contract';

/**
 * A whole-number scale is kept when it is at least this share of the
 * largest that fits: a picture at most a tenth smaller, with even pixels.
 * Below it the fractional scale fills the window (docs/web.md has the
 * sizes on phones).
 */
export const WHOLE_ENOUGH = 0.9;

export interface Fit {
  /** Device pixels per game pixel. */
  readonly scale: number;
  /** The picture's place in CSS pixels. */
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export function fit(viewW: number, viewH: number, dpr: number, side = 0): Fit {
  const roomW = Math.max(1, viewW - 2 * side);
  const most = Math.min((roomW * dpr) / SCREEN_W, (viewH * dpr) / SCREEN_H);
  const whole = Math.floor(most);
  const scale = whole >= 1 && whole >= most * WHOLE_ENOUGH ? whole : most;
  const width = (SCREEN_W * scale) / dpr;
  const height = (SCREEN_H * scale) / dpr;
  // Whole device pixels for the corner too, or every row would straddle two.
  const left = Math.round(((viewW - width) / 2) * dpr) / dpr;
  const top = Math.round(((viewH - height) / 2) * dpr) / dpr;
  return { scale, left, top, width, height };
}

export function place(el: HTMLElement, f: Fit): void {
  el.style.left = `${f.left}px`;
  el.style.top = `${f.top}px`;
  el.style.width = `${f.width}px`;
  el.style.height = `${f.height}px`;
}
