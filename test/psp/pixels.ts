// Comparing the emulator's screenshot of a frame with the headless host's
// PNG of the same frame, pixel by pixel.
import { readFileSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/** A pixel differs when a colour channel differs by more than this.
 * Observed (the 14 gallery shots, test-output/psp/replay/pixels.txt and replay-psp1000/, both
 * PPSSPP runs: its software GPU each time, see replay.test.ts): a pixel
 * that samples the same texel differs by at most 2 per channel (an earlier
 * run of this check saw 3), from the rounding of blending and tinting (the
 * GE's 8-bit fixed point, core/raster.c's round-to-nearest). 6 is twice the
 * largest seen; a wrong tint, alpha or colour order differs by tens to
 * hundreds. */
export const CHANNEL_TOLERANCE = 6;
/** How many differing pixels a frame may have. Observed, both runs alike:
 * 0 in nine shots; 7, 28, 29, 31 and 36 in the others, each a pixel of a
 * downscaled card (46x64 texels drawn 43x60) whose sample point falls
 * exactly on a texel boundary, where the GE and core/raster.c break the tie
 * differently, so the neighbouring texel shows (channel differences
 * 142-180); an earlier run saw 54 in a two-person shot. Since issue 20's
 * slap moment draws more scaled sprites (the hand squashed to 54x42 as it
 * lands, the burst grown from 40 to 76 px, a wrong slap's cross at 44 from
 * 32), a shot of a slap sees more such ties: 85 (russian-ui-907, a wrong
 * slap) and 95 (moments-380, a won one), all on those sprites' edges
 * (test-output/psp/replay/*-diff.png), both runs alike. 160 is two thirds
 * again as much; a wrong swizzle, UV, flip, clip or alpha still differs in
 * thousands (a texture coordinate off by one texel: 4,400 to 11,300;
 * docs/native.md). */
export const MAX_DIFFERING = 160;

/** PPSSPP's OpenGL renderer (Mesa llvmpipe): to be measured. */
export const GL_CHANNEL_TOLERANCE = CHANNEL_TOLERANCE;
export const GL_MAX_DIFFERING = MAX_DIFFERING;

export interface Comparison {
  width: number;
  height: number;
  differing: number;
  maxChannel: number;
}

export function readPng(file: string): PNG {
  return PNG.sync.read(readFileSync(file));
}

/** Compares rows [fromRow, toRow) of two 480x272 pictures; writes a
 * difference image to diffFile (red: differing pixels; grey: the PSP's). */
/** The thresholds measured for a renderer (the emulator's own name for it). */
export function limits(renderer: string): { channel: number; differing: number } {
  if (renderer === 'Software') return { channel: CHANNEL_TOLERANCE, differing: MAX_DIFFERING };
  if (renderer === 'OpenGL') return { channel: GL_CHANNEL_TOLERANCE, differing: GL_MAX_DIFFERING };
  throw new Error(`no pixel thresholds were measured for the ${renderer} renderer (test/psp/pixels.ts)`);
}

export function compare(psp: PNG, expected: PNG, diffFile: string, channel = CHANNEL_TOLERANCE, rows: [number, number][] = [[0, 272]]): Comparison {
  if (psp.width !== expected.width || psp.height !== expected.height) {
    return { width: psp.width, height: psp.height, differing: psp.width * psp.height, maxChannel: 255 };
  }
  const diff = new PNG({ width: psp.width, height: psp.height });
  let differing = 0;
  let maxChannel = 0;
  const inRows = (y: number): boolean => rows.some(([a, b]) => y >= a && y < b);
  for (let y = 0; y < psp.height; y++) {
    for (let x = 0; x < psp.width; x++) {
      const i = (y * psp.width + x) * 4;
      let d = 0;
      for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(psp.data[i + c]! - expected.data[i + c]!));
      const grey = (psp.data[i]! + psp.data[i + 1]! + psp.data[i + 2]!) / 6;
      const counted = inRows(y);
      if (counted) maxChannel = Math.max(maxChannel, d);
      const bad = counted && d > channel;
      if (bad) differing++;
      diff.data[i] = bad ? 255 : grey;
      diff.data[i + 1] = bad ? 0 : grey;
      diff.data[i + 2] = bad ? 0 : counted ? grey : 128;
      diff.data[i + 3] = 255;
    }
  }
  writeFileSync(diffFile, PNG.sync.write(diff));
  return { width: psp.width, height: psp.height, differing, maxChannel };
}
