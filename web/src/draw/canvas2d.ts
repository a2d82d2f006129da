// The command list on a 2D canvas: drawImage from the atlas with smoothing
// off. A 2D canvas cannot multiply texels by a colour as it draws, so each
// tint colour gets its own copy of the atlas, made once by the canvas's own
// compositing (the atlas, multiplied by the colour, cut back to the atlas's
// alpha) and kept; the tint's alpha is the global alpha.
import { COMMAND_INTS, OP_CLEAR, OP_RECT, OP_SPRITE, SCREEN_H, SCREEN_W } from '../../../src/contract';
import type { Atlas } from '../png';
import { newCanvas } from './canvas';
import type { Renderer } from './renderer';

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

  draw(cmds: Int32Array, count: number): void {
    const ctx = this.ctx;
    for (let i = 0; i < count; i++) {
      const o = i * COMMAND_INTS;
      const op = cmds[o]!;
      if (op === OP_CLEAR) {
        ctx.globalAlpha = 1;
        ctx.fillStyle = css(cmds[o + 1]! | 0xff000000);
        ctx.fillRect(0, 0, SCREEN_W, SCREEN_H);
      } else if (op === OP_RECT) {
        const w = cmds[o + 3]!, h = cmds[o + 4]!;
        if (w <= 0 || h <= 0) continue;
        ctx.globalAlpha = 1;
        ctx.fillStyle = css(cmds[o + 7]!);
        ctx.fillRect(cmds[o + 1]!, cmds[o + 2]!, w, h);
      } else if (op === OP_SPRITE) {
        this.sprite(cmds, o);
      }
    }
    ctx.globalAlpha = 1;
  }

  pixels(): Uint8Array {
    return new Uint8Array(this.ctx.getImageData(0, 0, SCREEN_W, SCREEN_H).data.buffer);
  }

  private sprite(cmds: Int32Array, o: number): void {
    const x = cmds[o + 1]!, y = cmds[o + 2]!, w = cmds[o + 3]!, h = cmds[o + 4]!;
    const u = cmds[o + 5]! & 0xffff, v = cmds[o + 5]! >>> 16;
    const sw = cmds[o + 6]! & 0xffff, sh = cmds[o + 6]! >>> 16;
    const tint = cmds[o + 7]! >>> 0;
    const alpha = tint >>> 24;
    if (w === 0 || h === 0 || sw === 0 || sh === 0 || alpha === 0) return;
    const ctx = this.ctx;
    const src = this.atlasFor(tint & 0xffffff);
    ctx.globalAlpha = alpha / 255;
    if (w > 0 && h > 0) {
      ctx.drawImage(src, u, v, sw, sh, x, y, w, h);
      return;
    }
    // A negative size mirrors the sprite within its own rectangle.
    ctx.save();
    ctx.translate(w < 0 ? x - w : x, h < 0 ? y - h : y);
    ctx.scale(w < 0 ? -1 : 1, h < 0 ? -1 : 1);
    ctx.drawImage(src, u, v, sw, sh, 0, 0, Math.abs(w), Math.abs(h));
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
