// Font atlas glyphs from TrueType outlines: opentype.js reads the TTF and
// turns each glyph into a path at the target pixel size, resvg fills it with
// anti-aliasing. Glyphs are white; alpha carries coverage, so the view can
// tint them any colour.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import opentype from 'opentype.js';
import { renderSvg, svgDoc } from './image.mjs';

/**
 * Loads a TTF and checks it is exactly the file the committed assets were
 * made from: another DejaVu release would rasterize differently and the
 * "byte-identical" check would fail with a less helpful message.
 */
export function loadFont(file, sha256) {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch {
    throw new Error(`font ${file} not found: install Debian's fonts-dejavu-core`);
  }
  const got = createHash('sha256').update(bytes).digest('hex');
  if (got !== sha256) {
    throw new Error(`font ${file} has SHA-256 ${got}, assets/src/fonts.json expects ${sha256}`);
  }
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

/** Parses assets/src/charset.txt into sorted, unique code points. */
export function parseCharset(text) {
  const codes = new Set();
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const m = /^([0-9A-Fa-f]{4,6})(?:-([0-9A-Fa-f]{4,6}))?(?:\s|$)/.exec(line);
    if (!m) throw new Error(`charset: cannot read line "${raw}"`);
    const lo = parseInt(m[1], 16);
    const hi = m[2] ? parseInt(m[2], 16) : lo;
    for (let c = lo; c <= hi; c++) codes.add(c);
  }
  return [...codes].sort((a, b) => a - b);
}

/**
 * Rasterizes every code point at `px` pixels per em. The baseline sits
 * `ascent` pixels below the top of a `lineHeight` line, ascent being the
 * font's ascender share of the line, rounded.
 * Returns { lineHeight, ascent, glyphs: [{ code, img, xoff, yoff, advance }] }
 * with xoff from the pen position and yoff from the top of the line.
 */
export function rasterizeFont(font, px, lineHeight, codes, embolden = 0) {
  const ascent = Math.round((lineHeight * font.ascender) / (font.ascender - font.descender));
  const glyphs = codes.map((code) => rasterizeGlyph(font, code, px, ascent, embolden));
  return { lineHeight, ascent, glyphs };
}

/**
 * `embolden` (pixels) strokes the outline as well as filling it: unhinted
 * 10 px DejaVu has stems under a pixel wide, which look washed out on the
 * PSP's LCD; half a pixel of extra weight keeps small text legible.
 */
function rasterizeGlyph(font, code, px, ascent, embolden) {
  const glyph = font.charToGlyph(String.fromCodePoint(code));
  if (!glyph || glyph.index === 0) {
    throw new Error(`font ${font.names.fullName?.en} has no glyph for U+${code.toString(16)}`);
  }
  const advance = Math.round((glyph.advanceWidth * px) / font.unitsPerEm);
  // Pen at x = 0, baseline at y = ascent: y grows downwards as on screen.
  const path = glyph.getPath(0, ascent, px);
  const box = path.getBoundingBox();
  const empty = path.commands.length === 0 || box.x2 <= box.x1;
  if (empty) return { code, img: null, xoff: 0, yoff: 0, advance };
  const grow = embolden / 2;
  const x0 = Math.floor(box.x1 - grow);
  const y0 = Math.floor(box.y1 - grow);
  const w = Math.ceil(box.x2 + grow) - x0;
  const h = Math.ceil(box.y2 + grow) - y0;
  const d = pathData(path);
  const stroke = embolden ? ` stroke="#fff" stroke-width="${embolden}" stroke-linejoin="round"` : '';
  const img = renderSvg(svgDoc(w, h, `<path transform="translate(${-x0} ${-y0})" d="${d}" fill="#fff"${stroke}/>`));
  whiten(img);
  return { code, img, xoff: x0, yoff: y0, advance };
}

/**
 * SVG path data from opentype.js path commands, numbers rounded to 1/1000
 * pixel. (opentype.js's own toPathData prints NaN for some tiny values.)
 */
export function pathData(path) {
  const n = (v) => {
    const r = Math.round(v * 1000) / 1000;
    return Object.is(r, -0) ? '0' : String(r);
  };
  let d = '';
  for (const c of path.commands) {
    if (c.type === 'M' || c.type === 'L') d += `${c.type}${n(c.x)} ${n(c.y)}`;
    else if (c.type === 'Q') d += `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`;
    else if (c.type === 'C') d += `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`;
    else if (c.type === 'Z') d += 'Z';
  }
  return d;
}

/** Coverage lives in alpha; colour is pure white wherever anything is drawn. */
function whiten(img) {
  for (let i = 0; i < img.data.length; i += 4) {
    const a = img.data[i + 3];
    img.data[i] = img.data[i + 1] = img.data[i + 2] = a ? 255 : 0;
  }
}

/**
 * Lays out `text` glyph by glyph (opentype.js's own shaper trips over
 * DejaVu's ccmp lookups, and art text needs no shaping) and returns
 * { d, box, advance }: the SVG path data with the pen starting at (x, baseline),
 * its bounding box and the total advance, all in pixels at `px`.
 */
export function textPath(font, text, x, baseline, px) {
  const scale = px / font.unitsPerEm;
  let pen = x;
  let prev = null;
  let d = '';
  const box = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  for (const ch of text) {
    const glyph = font.charToGlyph(ch);
    if (prev) pen += font.getKerningValue(prev, glyph) * scale;
    const path = glyph.getPath(pen, baseline, px);
    if (path.commands.length) {
      d += pathData(path);
      const b = path.getBoundingBox();
      box.x1 = Math.min(box.x1, b.x1);
      box.y1 = Math.min(box.y1, b.y1);
      box.x2 = Math.max(box.x2, b.x2);
      box.y2 = Math.max(box.y2, b.y2);
    }
    pen += glyph.advanceWidth * scale;
    prev = glyph;
  }
  return { d, box, advance: pen - x };
}
