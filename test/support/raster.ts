// A small software rasterizer for the command list (docs/host-api.md §3):
// CLEAR, SPRITE (nearest filtering, stretch, flips, tint, alpha blend) and
// RECT, into a 480x272 RGBA image written as PNG. For screenshots in tests;
// the hosts draw with the GE or SDL, not with this.
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { COMMAND_INTS, SCREEN_H, SCREEN_W, runCommands } from '../../src/contract';

export const ATLAS_PATH = fileURLToPath(new URL('../../assets/build/atlas.png', import.meta.url));
const W = SCREEN_W;
const H = SCREEN_H;

let atlas: PNG | null = null;

function loadAtlas(): PNG {
  if (atlas === null) atlas = PNG.sync.read(readFileSync(ATLAS_PATH));
  return atlas;
}

/** Blend colour (r,g,b,a 0..255) over pixel i of img. */
function blend(img: Uint8Array, i: number, r: number, g: number, b: number, a: number): void {
  if (a <= 0) return;
  const inv = 255 - a;
  img[i] = (r * a + img[i]! * inv + 127) / 255;
  img[i + 1] = (g * a + img[i + 1]! * inv + 127) / 255;
  img[i + 2] = (b * a + img[i + 2]! * inv + 127) / 255;
  img[i + 3] = 255;
}

function channels(c: number): [number, number, number, number] {
  return [c & 255, (c >>> 8) & 255, (c >>> 16) & 255, (c >>> 24) & 255];
}

/** Renders one frame's commands into RGBA bytes (480x272), decoded by the contract's runCommands. */
export function rasterize(cmds: Int32Array): Uint8Array {
  const tex = loadAtlas();
  const img = new Uint8Array(W * H * 4);
  runCommands(cmds, Math.floor(cmds.length / COMMAND_INTS), {
    clear(colour) {
      const [r, g, b] = channels(colour);
      for (let i = 0; i < img.length; i += 4) {
        img[i] = r;
        img[i + 1] = g;
        img[i + 2] = b;
        img[i + 3] = 255;
      }
    },
    rect(x, y, w, h, colour) {
      const [r, g, b, a] = channels(colour);
      for (let py = Math.max(0, y); py < Math.min(H, y + h); py++)
        for (let px = Math.max(0, x); px < Math.min(W, x + w); px++) blend(img, (py * W + px) * 4, r, g, b, a);
    },
    sprite(x, y, w, h, u, v, sw, sh, tint) {
      const [tr, tg, tb, ta] = channels(tint);
      const aw = Math.abs(w);
      const ah = Math.abs(h);
      for (let dy = 0; dy < ah; dy++) {
        const py = y + dy;
        if (py < 0 || py >= H) continue;
        const sy = Math.floor(((h < 0 ? ah - 1 - dy : dy) * sh) / ah);
        for (let dx = 0; dx < aw; dx++) {
          const px = x + dx;
          if (px < 0 || px >= W) continue;
          const sx = Math.floor(((w < 0 ? aw - 1 - dx : dx) * sw) / aw);
          const ti = ((v + sy) * tex.width + (u + sx)) * 4;
          const a = (tex.data[ti + 3]! * ta) / 255;
          blend(img, (py * W + px) * 4, (tex.data[ti]! * tr) / 255, (tex.data[ti + 1]! * tg) / 255, (tex.data[ti + 2]! * tb) / 255, a);
        }
      }
    },
  });
  return img;
}

/** Writes a frame's commands as a PNG file. */
export function writeScreenshot(path: string, cmds: Int32Array): void {
  const png = new PNG({ width: W, height: H });
  png.data = Buffer.from(rasterize(cmds));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, PNG.sync.write(png));
}
