// Where a touch or a mouse click began on the page, as the frame's tap
// (docs/host-api.md): in pixels of the 480x272 screen, read from the
// picture's place on the page, so that a menu row under the finger is the
// row the script picks. A touch on the black bands beside the picture lies
// off the screen (below 0, or past its size).
import { SCREEN_H, SCREEN_W, TAP_NONE, tapAt } from '../../../src/contract';

/** A coordinate as the tap carries it: a signed 16-bit number. */
const bound = (v: number): number => Math.max(-32767, Math.min(32767, v));

export class Taps {
  private tap = TAP_NONE;

  constructor(private readonly picture: HTMLElement) {}

  /** A touch or click began at this point of the viewport (CSS pixels); the frame keeps its first. */
  at(clientX: number, clientY: number): void {
    if (this.tap !== TAP_NONE) return;
    const r = this.picture.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return;
    this.tap = tapAt(bound(Math.floor(((clientX - r.left) * SCREEN_W) / r.width)), bound(Math.floor(((clientY - r.top) * SCREEN_H) / r.height)));
  }

  /** The frame's tap, or TAP_NONE; the next frame starts with none. */
  take(): number {
    const t = this.tap;
    this.tap = TAP_NONE;
    return t;
  }
}
