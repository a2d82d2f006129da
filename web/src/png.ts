// The atlas (assets/build/atlas.png, 8-bit RGBA, not interlaced). WebGL and
// the 2D canvas take it as the browser decodes it, an ImageBitmap asked for
// unpremultiplied, un-colour-managed texels (decoded off the page's thread).
// The rasterizer port needs the bytes themselves: a 2D canvas's
// getImageData would hand back half-transparent texels rounded through
// premultiplied alpha, so decodePng() undoes the PNG itself, once, when
// that renderer is asked for.

export interface Atlas {
  readonly width: number;
  readonly height: number;
  readonly bitmap: ImageBitmap;
  /** The exact bytes (decoded on first use). */
  rgba(): Promise<Rgba>;
}

export async function loadAtlas(bytes: ArrayBuffer): Promise<Atlas> {
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), {
    premultiplyAlpha: 'none',
    colorSpaceConversion: 'none',
  });
  let decoded: Promise<Rgba> | null = null;
  return {
    width: bitmap.width,
    height: bitmap.height,
    bitmap,
    rgba: () => (decoded ??= decodePng(new Uint8Array(bytes))),
  };
}

export interface Rgba {
  readonly width: number;
  readonly height: number;
  /** Bytes R, G, B, A per texel, rows top to bottom. */
  readonly data: Uint8Array;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

async function inflate(z: Uint8Array): Promise<Uint8Array> {
  // 'deflate' in the Compression Streams API is the zlib format PNG uses.
  const stream = new Blob([z as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Undoes the per-row filters of PNG (RFC 2083 §6) for 4 bytes per pixel:
 * one loop per filter type, as the atlas's million bytes are on the way to
 * the first frame.
 */
function unfilter(raw: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 4;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const up = row - stride;
    const hasUp = y > 0;
    switch (filter) {
      case 0:
        out.set(raw.subarray(src, src + stride), row);
        break;
      case 1:
        for (let x = 0; x < 4; x++) out[row + x] = raw[src + x]!;
        for (let x = 4; x < stride; x++) out[row + x] = (raw[src + x]! + out[row + x - 4]!) & 255;
        break;
      case 2:
        if (!hasUp) out.set(raw.subarray(src, src + stride), row);
        else for (let x = 0; x < stride; x++) out[row + x] = (raw[src + x]! + out[up + x]!) & 255;
        break;
      case 3:
        for (let x = 0; x < stride; x++) {
          const a = x >= 4 ? out[row + x - 4]! : 0;
          const b = hasUp ? out[up + x]! : 0;
          out[row + x] = (raw[src + x]! + ((a + b) >> 1)) & 255;
        }
        break;
      case 4:
        for (let x = 0; x < stride; x++) {
          const a = x >= 4 ? out[row + x - 4]! : 0;
          const b = hasUp ? out[up + x]! : 0;
          const c = x >= 4 && hasUp ? out[up + x - 4]! : 0;
          const p = a + b - c;
          const pa = p > a ? p - a : a - p;
          const pb = p > b ? p - b : b - p;
          const pc = p > c ? p - c : c - p;
          out[row + x] = (raw[src + x]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 255;
        }
        break;
      default:
        throw new Error(`PNG: unknown row filter ${filter}`);
    }
  }
  return out;
}

export async function decodePng(bytes: Uint8Array): Promise<Rgba> {
  if (!SIGNATURE.every((b, i) => bytes[i] === b)) throw new Error('PNG: not a PNG file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0;
  let height = 0;
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || colour !== 6 || interlace !== 0) throw new Error('PNG: the atlas must be 8-bit RGBA, not interlaced');
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length;
  }
  const z = new Uint8Array(idat.reduce((n, c) => n + c.length, 0));
  let o = 0;
  for (const c of idat) {
    z.set(c, o);
    o += c.length;
  }
  return { width, height, data: unfilter(await inflate(z), width, height) };
}
