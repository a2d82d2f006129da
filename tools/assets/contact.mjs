// docs/contact-sheet.png: every card, the small back, the sprites and both
// fonts (drawn from the atlas with the generated metrics, as the game would),
// on the felt, scaled 2x for review.
import { composite, createImage, crop, scaleNearest } from './image.mjs';
import { felt } from './table.mjs';

const PANGRAMS = [
  'The quick brown fox jumps over the lazy dog. 0123456789 (x+y)=[z]!?',
  'Съешь же ещё этих мягких французских булок, да выпей чаю. ЁЖИК №7',
  '\u2660 \u2665 \u2666 \u2663  «Ёё» — – … · ✕ ○ □ △ ← ↑ → ↓ ★ °×',
];

/** Tiles the felt over the whole image. */
function feltBackground(w, h) {
  const img = createImage(w, h);
  const tile = felt();
  for (let y = 0; y < h; y += tile.h) for (let x = 0; x < w; x += tile.w) composite(img, tile, x, y);
  return img;
}

/** Draws text with a generated font, exactly as the view lays it out. */
function drawText(img, atlas, font, text, x, top, tint) {
  let pen = x;
  for (const ch of text) {
    let i = font.data.glyphs.findIndex((g) => g.code === ch.codePointAt(0));
    if (i < 0) i = font.data.glyphs.findIndex((g) => g.code === 63);
    const g = font.data.glyphs[i];
    const [u, v, w, h] = g.rect;
    if (w > 0) composite(img, crop(atlas, u, v, w, h), pen + g.xoff, top + g.yoff, tint);
    pen += g.advance;
  }
}

export function contactSheet({ atlas, cardRects, smallBack, spriteRects, fonts }) {
  const cols = 14, cw = 48, ch = 66, pad = 4;
  const textTop = pad + 4 * ch + 8;
  const textH = fonts.reduce((s, f) => s + PANGRAMS.length * (f.data.lineHeight + 2) + 6, 0);
  const spritesTop = textTop + textH + 4;
  const w = pad * 2 + cols * cw;
  const spriteRows = shelve(Object.values(spriteRects), w - 2 * pad, 6);
  const h = spritesTop + spriteRows.height + pad;
  const img = feltBackground(w, h);
  const blitRect = (r, x, y) => composite(img, crop(atlas, ...r), x, y);
  cardRects.forEach((r, c) => {
    const col = c < 52 ? c % 13 : 13;
    const row = c < 52 ? Math.floor(c / 13) : c - 52;
    blitRect(r, pad + col * cw, pad + row * ch);
  });
  blitRect(smallBack, pad + 13 * cw + 12, pad + 3 * ch + 16);
  let y = textTop;
  for (const f of fonts) {
    for (const line of PANGRAMS) {
      drawText(img, atlas, f, line, pad, y, [255, 255, 255]);
      y += f.data.lineHeight + 2;
    }
    y += 6;
  }
  for (const { r, x, y: sy } of spriteRows.places) blitRect(r, pad + x, spritesTop + sy);
  return scaleNearest(img, 2);
}

/** Lays rectangles out left to right in rows `width` wide, `gap` apart. */
function shelve(rects, width, gap) {
  const places = [];
  let x = 0, y = 0, rowH = 0;
  for (const r of rects) {
    if (x > 0 && x + r[2] > width) {
      x = 0;
      y += rowH + gap;
      rowH = 0;
    }
    places.push({ r, x, y });
    x += r[2] + gap;
    rowH = Math.max(rowH, r[3]);
  }
  return { places, height: y + rowH };
}
