// RGBA images as plain { w, h, data: Uint8Array } (straight, non-premultiplied
// alpha, row-major R,G,B,A) and the few operations the asset tools need.
// Vector drawing goes through resvg (a Rust SVG renderer shipped as an npm
// binary): deterministic on a given machine, anti-aliased, no system fonts.
import { Resvg } from '@resvg/resvg-js';
import { PNG } from 'pngjs';

export function createImage(w, h) {
  return { w, h, data: new Uint8Array(w * h * 4) };
}

/** Fills the whole image with one colour [r, g, b, a]. */
export function fill(img, rgba) {
  for (let i = 0; i < img.data.length; i += 4) img.data.set(rgba, i);
  return img;
}

/**
 * Renders an SVG document (string) to an RGBA image of its own width/height.
 * System fonts are never loaded: all text is drawn as paths from the TTFs,
 * so nothing outside the repository and the pinned fonts affects pixels.
 */
export function renderSvg(svg) {
  const resvg = new Resvg(svg, {
    font: { loadSystemFonts: false },
    shapeRendering: 2, // geometricPrecision: anti-aliased edges
    textRendering: 2,
    imageRendering: 0,
  });
  const out = resvg.render();
  const data = new Uint8Array(out.pixels);
  unpremultiply(data);
  return { w: out.width, h: out.height, data };
}

/** resvg hands back premultiplied RGBA; the atlas stores straight alpha. */
function unpremultiply(data) {
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3];
    if (a === 0 || a === 255) continue;
    for (let c = 0; c < 3; c++) data[i + c] = Math.min(255, Math.round((data[i + c] * 255) / a));
  }
}

/** PNG bytes as a data URI, for <image> elements inside SVG markup. */
export function dataUri(png) {
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Wraps SVG body markup in a document of the given pixel size. */
export function svgDoc(w, h, body, viewBox = `0 0 ${w} ${h}`) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${viewBox}">${body}</svg>`;
}

/** Copies src over dst at (dx, dy), replacing pixels (no blending). */
export function blit(dst, src, dx, dy) {
  for (let y = 0; y < src.h; y++) {
    const ty = dy + y;
    if (ty < 0 || ty >= dst.h) continue;
    for (let x = 0; x < src.w; x++) {
      const tx = dx + x;
      if (tx < 0 || tx >= dst.w) continue;
      const s = (y * src.w + x) * 4;
      dst.data.set(src.data.subarray(s, s + 4), (ty * dst.w + tx) * 4);
    }
  }
}

/**
 * Draws src over dst at (dx, dy) with "source over" alpha blending,
 * optionally multiplying src by a tint [r, g, b] (0..255) the way the PSP GE
 * modulates texels by the vertex colour. Integer arithmetic only.
 */
export function composite(dst, src, dx, dy, tint = [255, 255, 255]) {
  for (let y = 0; y < src.h; y++) {
    const ty = dy + y;
    if (ty < 0 || ty >= dst.h) continue;
    for (let x = 0; x < src.w; x++) {
      const tx = dx + x;
      if (tx < 0 || tx >= dst.w) continue;
      const s = (y * src.w + x) * 4;
      const a = src.data[s + 3];
      if (a === 0) continue;
      const d = (ty * dst.w + tx) * 4;
      const da = dst.data[d + 3];
      const outA = a + Math.round((da * (255 - a)) / 255);
      for (let c = 0; c < 3; c++) {
        const sc = Math.round((src.data[s + c] * tint[c]) / 255);
        const num = sc * a * 255 + dst.data[d + c] * da * (255 - a);
        dst.data[d + c] = outA === 0 ? 0 : Math.round(num / (outA * 255));
      }
      dst.data[d + 3] = outA;
    }
  }
}

/** A sub-rectangle copy of img. */
export function crop(img, x, y, w, h) {
  const out = createImage(w, h);
  for (let row = 0; row < h; row++) {
    const s = ((y + row) * img.w + x) * 4;
    out.data.set(img.data.subarray(s, s + w * 4), row * w * 4);
  }
  return out;
}

/** Nearest-neighbour upscale by an integer factor (for review sheets). */
export function scaleNearest(img, k) {
  const out = createImage(img.w * k, img.h * k);
  for (let y = 0; y < out.h; y++) {
    for (let x = 0; x < out.w; x++) {
      const s = (((y / k) | 0) * img.w + ((x / k) | 0)) * 4;
      out.data.set(img.data.subarray(s, s + 4), (y * out.w + x) * 4);
    }
  }
  return out;
}

/**
 * Encodes as PNG (RGBA 8-bit, or RGB with `rgb` for an opaque picture; fixed
 * zlib settings: same bytes every run). `smallest` takes zlib's default
 * strategy instead of run-length only: for a picture of shaded art rather
 * than flat sprites (the XMB pictures the EBOOT carries) it is about a third
 * smaller, at more CPU time.
 */
export function encodePng(img, { rgb = false, smallest = false } = {}) {
  const png = new PNG({ width: img.w, height: img.h, colorType: rgb ? 2 : 6, inputHasAlpha: true });
  png.data = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length);
  return PNG.sync.write(png, {
    colorType: rgb ? 2 : 6,
    inputHasAlpha: true,
    deflateLevel: 9,
    deflateStrategy: smallest ? 0 : 3,
    filterType: -1,
  });
}
