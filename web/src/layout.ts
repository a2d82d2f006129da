// The 480x272 screen scaled by a whole number of device pixels (nearest
// neighbour, CSS image-rendering: pixelated), centred with black bands, as
// the desktop's SDL_RenderSetIntegerScale does. A screen smaller than the
// PSP's gets the largest fractional scale that fits instead.
import { SCREEN_H, SCREEN_W } from '../../src/contract';

export interface Fit {
  /** Device pixels per game pixel. */
  readonly scale: number;
  /** The picture's place in CSS pixels. */
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export function fit(viewW: number, viewH: number, dpr: number): Fit {
  const most = Math.min((viewW * dpr) / SCREEN_W, (viewH * dpr) / SCREEN_H);
  const scale = most >= 1 ? Math.floor(most) : most;
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
