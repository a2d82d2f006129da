// The command list on a 2D canvas: drawImage from the atlas with smoothing
// off. A 2D canvas cannot multiply texels by a colour as it draws, so each
// tint colour gets its own copy of the atlas, made once by the canvas's own
// compositing (the atlas, multiplied by the colour, cut back to the atlas's
// alpha) and kept; the tint's alpha is the global alpha.
import { runCommands, SCREEN_H, SCREEN_W, type CommandSink } from '../../../src/contract';
import type { Atlas } from '../png';
import { newCanvas } from './canvas';
import type { Renderer } from './renderer';

/**
 * Scaled, a pixel's centre can fall exactly on a texel edge (every pixel of a
 * 2:1 reduction does): core/raster.c, and the GE as far as test/psp sees,
 * take the texel after the edge, Chromium's nearest-neighbour drawImage the
 * one before it. A source origin moved by less than any pixel-centre step
 * breaks those ties as raster.c does, mirrored sprites included; measured
 * in Chromium for 2:1, 1:2, 1:3, 46->23/24/47, 20->7, 24->23 (every texel as
 * raster.c's source_index). Unscaled sprites are unchanged.
 */
const TIE = 1 / 1024;

/** Tinted atlases kept at once (each 1 MB); the game uses a handful of tints. */
const TINTS_KEPT = 16;

export class Canvas2dRenderer implements Renderer {
  readonly kind = 'canvas2d' as const;
  readonly canvas = newCanvas(SCREEN_W, SCREEN_H);
  private readonly ctx: CanvasRenderingContext2D;
  private readonly tinted = new Map<number, CanvasImageSource>();

  constructor(private readonly atlas: Atlas) {
    const ctx = this.canvas.getContext('2d', { alpha: false, willReadFrequently: false });
    if (!ctx) throw new Error('no 2D canvas');
    this.ctx = ctx;
    ctx.imageSmoothingEnabled = false;
    this.tinted.set(0xffffff, atlas.bitmap);
  }

  /** The commands it draws, as the generated decoder hands them over (src/contract.ts runCommands). */
  private readonly sink: CommandSink = {
    clear: (colour) => {
      this.ctx.globalAlpha = 1;
      this.ctx.fillStyle = css(colour | 0xff000000);
      this.ctx.fillRect(0, 0, SCREEN_W, SCREEN_H);
    },
    rect: (x, y, w, h, colour) => {
      if (w <= 0 || h <= 0) return;
      this.ctx.globalAlpha = 1;
      this.ctx.fillStyle = css(colour);
      this.ctx.fillRect(x, y, w, h);
    },
    sprite: (x, y, w, h, u, v, sw, sh, tint) => this.sprite(x, y, w, h, u, v, sw, sh, tint >>> 0),
  };

  draw(cmds: Int32Array, count: number): void {
    runCommands(cmds, count, this.sink);
    this.ctx.globalAlpha = 1;
  }

  pixels(): Uint8Array {
    return new Uint8Array(this.ctx.getImageData(0, 0, SCREEN_W, SCREEN_H).data.buffer);
  }

  private sprite(x: number, y: number, w: number, h: number, u: number, v: number, sw: number, sh: number, tint: number): void {
    const alpha = tint >>> 24;
    if (w === 0 || h === 0 || sw === 0 || sh === 0 || alpha === 0) return;
    const ctx = this.ctx;
    const src = this.atlasFor(tint & 0xffffff);
    ctx.globalAlpha = alpha / 255;
    if (w > 0 && h > 0) {
      ctx.drawImage(src, u + TIE, v + TIE, sw, sh, x, y, w, h);
      return;
    }
    // A negative size mirrors the sprite within its own rectangle.
    ctx.save();
    ctx.translate(w < 0 ? x - w : x, h < 0 ? y - h : y);
    ctx.scale(w < 0 ? -1 : 1, h < 0 ? -1 : 1);
    ctx.drawImage(src, u + TIE, v + TIE, sw, sh, 0, 0, Math.abs(w), Math.abs(h));
    ctx.restore();
  }

  private atlasFor(rgb: number): CanvasImageSource {
    let c = this.tinted.get(rgb);
    if (c) return c;
    if (this.tinted.size >= TINTS_KEPT) {
      for (const key of this.tinted.keys()) {
        if (key === 0xffffff) continue;
        this.tinted.delete(key);
        break;
      }
    }
    c = this.makeAtlas(rgb);
    this.tinted.set(rgb, c);
    return c;
  }

  private makeAtlas(rgb: number): HTMLCanvasElement {
    const { width, height, bitmap } = this.atlas;
    const c = newCanvas(width, height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    ctx.globalCompositeOperation = 'multiply';
    ctx.fillStyle = css(rgb | 0xff000000);
    ctx.fillRect(0, 0, width, height);
    ctx.globalCompositeOperation = 'destination-in';
    ctx.drawImage(bitmap, 0, 0);
    return c;
  }
}

/** 0xAABBGGRR as a CSS colour. */
function css(c: number): string {
  return `rgba(${c & 255},${(c >>> 8) & 255},${(c >>> 16) & 255},${((c >>> 24) & 255) / 255})`;
}
