// The atlas as an 8-bit CLUT texture: 256 RGBA colours and one index a texel,
// which the PSP's GE draws as it is (GU_PSM_T8 with a GU_PSM_8888 palette):
// a quarter of the 32-bit atlas's bytes, in the EBOOT and in the GE's reads.
// image-q's Wu quantizer picks the palette (the atlas has about 2,800
// colours, most of them in anti-aliased edges, the face cards and the felt);
// every host then draws the same quantized texels: atlas.rgba is the palette
// applied, so the PSP and the headless host still compare pixel for pixel.
import * as iq from 'image-q';

export const PALETTE_COLOURS = 256;

const DISTANCE = 'euclidean-bt709';

/** The points' nearest palette entries, as indices into colours. */
function nearest(points, palette, colours) {
  const mapped = iq.applyPaletteSync(points, palette, { colorDistanceFormula: DISTANCE, imageQuantization: 'nearest' }).toUint8Array();
  const byColour = new Map();
  colours.forEach((c, i) => {
    if (!byColour.has(c)) byColour.set(c, i);
  });
  const indices = new Uint8Array(mapped.length / 4);
  for (let t = 0; t < indices.length; t++) {
    const i = byColour.get(mapped.readUInt32LE ? mapped.readUInt32LE(4 * t) : new DataView(mapped.buffer, mapped.byteOffset).getUint32(4 * t, true));
    if (i === undefined) throw new Error('palette: a mapped colour is not in the palette');
    indices[t] = i;
  }
  return indices;
}

const key = (bytes, at) => (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;

/** { palette: RGBA bytes (256 x 4), indices: one byte a texel, rgba: the palette applied }. */
export function quantize(rgba, width, height) {
  const points = iq.utils.PointContainer.fromUint8Array(new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.length), width, height);
  const found = iq.buildPaletteSync([points], { colorDistanceFormula: DISTANCE, paletteQuantization: 'wuquant', colors: PALETTE_COLOURS });
  const first = found.getPointContainer().getPointArray().map((p) => p.uint32 >>> 0);
  const firstIndices = nearest(points, found, first);
  // Wu's colours are the means of their boxes: the card's white, the inks
  // and the felt's greens would all move a little. Each entry becomes the
  // colour its texels use most, so flat areas keep their exact colour.
  const counts = first.map(() => new Map());
  for (let t = 0; t < firstIndices.length; t++) {
    const m = counts[firstIndices[t]];
    const c = key(rgba, 4 * t);
    m.set(c, (m.get(c) ?? 0) + 1);
  }
  const colours = first.map((c, i) => {
    let best = c, n = -1;
    for (const [k, v] of counts[i]) if (v > n || (v === n && k < best)) [best, n] = [k, v];
    return best;
  });
  const snapped = new iq.utils.Palette();
  for (const c of colours) snapped.add(iq.utils.Point.createByRGBA(c & 255, (c >>> 8) & 255, (c >>> 16) & 255, c >>> 24));
  const indices = nearest(points, snapped, colours);
  const palette = new Uint8Array(PALETTE_COLOURS * 4);
  colours.forEach((c, i) => palette.set([c & 255, (c >>> 8) & 255, (c >>> 16) & 255, c >>> 24], i * 4));
  const out = new Uint8Array(width * height * 4);
  for (let t = 0; t < indices.length; t++) out.set(palette.subarray(4 * indices[t], 4 * indices[t] + 4), 4 * t);
  return { palette, indices, rgba: out };
}
