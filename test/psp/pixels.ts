// Comparing the emulator's screenshot of a frame with the headless host's
// PNG of the same frame, pixel by pixel.
import { readFileSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/** A pixel differs when a colour channel differs by more than this.
 * Observed (the 24 gallery shots, pixels.txt in test-output/psp/replay...): a
 * pixel that samples the same texel differs by at most 2 per channel under
 * PPSSPP's software GPU (an earlier run saw 3) and at most 2 under its
 * OpenGL renderer on Mesa's llvmpipe, from the rounding of blending and
 * tinting (the GE's 8-bit fixed point as each emulates it, core/raster.c's
 * round-to-nearest). 6 is twice the largest seen; a wrong tint, alpha or
 * colour order differs by tens to hundreds. */
export const CHANNEL_TOLERANCE = 6;
/** How many differing pixels a frame may have under the software GPU.
 * Observed: 0 in most shots; the others on the edges of downscaled sprites
 * (a card of 46x64 texels drawn 43x60, the hand squashed to 54x42 as it
 * lands, the slap burst grown from 40 to 76 px, a wrong slap's cross at 44
 * from 32), where the sample point falls exactly on a texel boundary and the
 * GE and core/raster.c break the tie differently, so the neighbouring texel
 * shows (channel differences 60-228): at most 95 (moments-380, a won slap),
 * 85 (russian-ui-907, a wrong slap), 54 once in a two-person shot, in both
 * emulators. 160 is two thirds again as much; a wrong swizzle, UV, flip,
 * clip or alpha still differs in thousands (a texture coordinate off by one
 * texel: 4,400 to 11,300; docs/native.md). */
export const MAX_DIFFERING = 160;
/** The same for PPSSPP's OpenGL renderer (Mesa llvmpipe under Xvfb),
 * measured on the native emulator: the same kind of ties on the same
 * sprites' edges, in other columns (llvmpipe's rasterization rules), at most
 * 68 (moments-380), 36 (full-game-classic-75), 29, 25, 19 and 15, 0 in 15
 * of 24 shots. 120 keeps the software GPU's margin (two thirds again as
 * much); a texture coordinate off by one texel differs in thousands here
 * too (docs/native.md). Matching pixels differ by at most 2, as above. */
export const GL_CHANNEL_TOLERANCE = CHANNEL_TOLERANCE;
export const GL_MAX_DIFFERING = 120;

export interface Comparison {
  width: number;
  height: number;
  differing: number;
  maxChannel: number;
}

export function readPng(file: string): PNG {
  return PNG.sync.read(readFileSync(file));
}

/** The thresholds measured for a renderer (the emulator's own name for it). */
export function limits(renderer: string): { channel: number; differing: number } {
  if (renderer === 'Software') return { channel: CHANNEL_TOLERANCE, differing: MAX_DIFFERING };
  if (renderer === 'OpenGL') return { channel: GL_CHANNEL_TOLERANCE, differing: GL_MAX_DIFFERING };
  throw new Error(`no pixel thresholds were measured for the ${renderer} renderer (test/psp/pixels.ts)`);
}

/** Compares rows [fromRow, toRow) of two 480x272 pictures, a pixel
 * differing when a channel differs by more than channel; writes a
 * difference image to diffFile (red: differing pixels; grey: the PSP's). */
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
