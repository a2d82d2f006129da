// What the page draws a frame's command list with (docs/host-api.md §3).
// Three ways, chosen by measurement (docs/web.md): WebGL, a 2D canvas, and
// the project's own rasterizer (native/core/raster.c, ported). Each draws
// the 480x272 screen into its own canvas; the page scales that canvas by a
// whole number with CSS (src/layout.ts), nearest neighbour.
import type { Atlas } from '../png';
import { Canvas2dRenderer } from './canvas2d';
import { SoftwareRenderer } from './software';
import { WebGlRenderer } from './webgl';

export type RendererKind = 'webgl' | 'canvas2d' | 'software';

export interface Renderer {
  readonly kind: RendererKind;
  readonly canvas: HTMLCanvasElement;
  /** Draws commands [0, count) of the buffer; SOUND, MUSIC and QUIT are not its business. */
  draw(commands: Int32Array, count: number): void;
  /** The last frame's 480x272 pixels, bytes R,G,B,A (tests and screenshots). */
  pixels(): Uint8Array;
}

export const RENDERER_KINDS: readonly RendererKind[] = ['webgl', 'canvas2d', 'software'];

export function isRendererKind(s: string | null): s is RendererKind {
  return s !== null && (RENDERER_KINDS as readonly string[]).includes(s);
}

/** The renderer of that kind, or the next one that works here (WebGL is off in some browsers). */
export async function createRenderer(kind: RendererKind, atlas: Atlas, keepPixels: boolean): Promise<Renderer> {
  const order = [kind, ...RENDERER_KINDS.filter((k) => k !== kind)];
  let lastError: unknown = null;
  for (const k of order) {
    try {
      if (k === 'webgl') return new WebGlRenderer(atlas, keepPixels);
      if (k === 'canvas2d') return new Canvas2dRenderer(atlas);
      return new SoftwareRenderer(await atlas.rgba());
    } catch (e) {
      lastError = e;
    }
  }
  throw lastError instanceof Error ? lastError : new Error('no way to draw in this browser');
}

