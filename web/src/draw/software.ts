// The project's own rasterizer in the page: native/core/raster.c line for
// line (the same integer arithmetic, so its pixels are the headless host's
// PNGs exactly), into an ImageData put onto a 480x272 canvas.
import { runCommands, SCREEN_H, SCREEN_W, type CommandSink } from '../../../src/contract';
import type { Rgba } from '../png';
import { newCanvas } from './canvas';
import type { Renderer } from './renderer';

/** Clips [x, x + w) to [0, limit): [from, to), or null when nothing is left. */
function clipSpan(x: number, w: number, limit: number): [number, number] | null {
  const end = x + w; // exact: int32 + int32 fits a double
  if (w <= 0 || x >= limit || end <= 0) return null;
  const from = x < 0 ? 0 : x;
  const to = end > limit ? limit : end;
  return from < to ? [from, to] : null;
}

/** raster.c source_index: the texel at the pixel's centre, as the GE picks it. */
function sourceIndex(d: number, n: number, s: number, sn: number, flip: boolean): number {
  const num = (2 * d + 1) * sn;
  const den = 2 * n;
  return flip ? s + sn - Math.floor((num + den - 1) / den) : s + Math.floor(num / den);
}

export class SoftwareRenderer implements Renderer {
  readonly kind = 'software' as const;
  readonly canvas = newCanvas(SCREEN_W, SCREEN_H);
  private readonly ctx: CanvasRenderingContext2D;
  private readonly image: ImageData;
  private readonly px: Uint8ClampedArray;

  constructor(private readonly atlas: Rgba) {
    const ctx = this.canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('no 2D canvas');
    this.ctx = ctx;
    this.image = ctx.createImageData(SCREEN_W, SCREEN_H);
    this.px = this.image.data;
  }

  /** The commands it draws, as the generated decoder hands them over (src/contract.ts runCommands). */
  private readonly sink: CommandSink = {
    clear: (colour) => this.clear(colour >>> 0),
    rect: (x, y, w, h, colour) => this.rect(x, y, w, h, colour >>> 0),
    sprite: (x, y, w, h, u, v, sw, sh, tint) => this.sprite(x, y, w, h, u, v, sw, sh, tint >>> 0),
  };

  draw(cmds: Int32Array, count: number): void {
    runCommands(cmds, count, this.sink);
    this.ctx.putImageData(this.image, 0, 0);
  }

  pixels(): Uint8Array {
    return new Uint8Array(this.px);
  }

  private clear(c: number): void {
    const px = this.px;
    const r = c & 255, g = (c >>> 8) & 255, b = (c >>> 16) & 255, a = c >>> 24;
    for (let i = 0; i < px.length; i += 4) {
      px[i] = r;
      px[i + 1] = g;
      px[i + 2] = b;
      px[i + 3] = a;
    }
  }

  /** dst = src * a + dst * (1 - a), rounded as raster.c's blend. */
  private blend(i: number, sr: number, sg: number, sb: number, sa: number): void {
    if (sa === 0) return;
    const px = this.px;
    const inv = 255 - sa;
    px[i] = ((sr * sa + px[i]! * inv + 127) / 255) | 0;
    px[i + 1] = ((sg * sa + px[i + 1]! * inv + 127) / 255) | 0;
    px[i + 2] = ((sb * sa + px[i + 2]! * inv + 127) / 255) | 0;
    px[i + 3] = sa + (((px[i + 3]! * inv + 127) / 255) | 0);
  }

  private rect(x: number, y: number, w: number, h: number, c: number): void {
    const xs = clipSpan(x, w, SCREEN_W);
    const ys = clipSpan(y, h, SCREEN_H);
    if (!xs || !ys) return;
    const r = c & 255, g = (c >>> 8) & 255, b = (c >>> 16) & 255, a = c >>> 24;
    for (let py = ys[0]; py < ys[1]; py++)
      for (let px = xs[0]; px < xs[1]; px++) this.blend((py * SCREEN_W + px) * 4, r, g, b, a);
  }

  private sprite(sx: number, sy: number, sw0: number, sh0: number, u: number, v: number, sw: number, sh: number, tint: number): void {
    const flipX = sw0 < 0, flipY = sh0 < 0;
    const w = Math.abs(sw0), h = Math.abs(sh0);
    if (w === 0 || h === 0 || sw <= 0 || sh <= 0) return;
    const xs = clipSpan(sx, w, SCREEN_W);
    const ys = clipSpan(sy, h, SCREEN_H);
    if (!xs || !ys) return;
    const tr = tint & 255, tg = (tint >>> 8) & 255, tb = (tint >>> 16) & 255, ta = tint >>> 24;
    const tex = this.atlas.data, aw = this.atlas.width, ah = this.atlas.height;
    for (let y = ys[0]; y < ys[1]; y++) {
      const tv = sourceIndex(y - sy, h, v, sh, flipY);
      if (tv < 0 || tv >= ah) continue;
      for (let x = xs[0]; x < xs[1]; x++) {
        const tu = sourceIndex(x - sx, w, u, sw, flipX);
        if (tu < 0 || tu >= aw) continue;
        const t = (tv * aw + tu) * 4;
        this.blend((y * SCREEN_W + x) * 4, modulate(tex[t]!, tr), modulate(tex[t + 1]!, tg), modulate(tex[t + 2]!, tb), modulate(tex[t + 3]!, ta));
      }
    }
  }
}

function modulate(texel: number, tint: number): number {
  return ((texel * tint + 127) / 255) | 0;
}
