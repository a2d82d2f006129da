// Decodes the atlas PNG (8-bit RGBA, not interlaced: tools/assets/pack.mjs
// writes it so) into its exact bytes. The browser's own decoders hand back
// premultiplied or colour-managed pixels on some paths (a 2D canvas's
// getImageData rounds every half-transparent texel); the drawing must start
// from the texels the C hosts embed (assets/build/atlas.rgba).

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

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes the per-row filters of PNG (RFC 2083 §6) for 4 bytes per pixel. */
function unfilter(raw: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 4;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const up = row - stride;
    for (let x = 0; x < stride; x++) {
      const r = raw[src + x]!;
      const a = x >= 4 ? out[row + x - 4]! : 0;
      const b = y > 0 ? out[up + x]! : 0;
      const c = x >= 4 && y > 0 ? out[up + x - 4]! : 0;
      let v: number;
      switch (filter) {
        case 0: v = r; break;
        case 1: v = r + a; break;
        case 2: v = r + b; break;
        case 3: v = r + ((a + b) >> 1); break;
        case 4: v = r + paeth(a, b, c); break;
        default: throw new Error(`PNG: unknown row filter ${filter}`);
      }
      out[row + x] = v & 255;
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
