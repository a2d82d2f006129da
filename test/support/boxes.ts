// Screen rectangles of draw commands, for the tests that check what covers
// what (the slap's moment, a wrong slap's cost, the notice's band).
import { COMMAND_INTS } from '../../src/contract';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The screen rectangle command `i` (a SPRITE or RECT) covers: flipped sprites have negative sizes. */
export function commandBox(cmds: Int32Array, i: number): Box {
  const o = i * COMMAND_INTS;
  return { x: cmds[o + 1]!, y: cmds[o + 2]!, w: Math.abs(cmds[o + 3]!), h: Math.abs(cmds[o + 4]!) };
}
