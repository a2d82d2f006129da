// Text laid out in TypeScript from the font's metrics (src/assets/font.ts):
// one SPRITE command per glyph, cached as a run and re-emitted with
// copyRun until the text, place or colour changes.
import { COMMAND_INTS, OP_SPRITE } from '../host/contract';
import { copyRun, sprite } from './drawlist';

/** The shape of FONT_SMALL / FONT_LARGE: 7 ints per glyph (u, v, w, h, xoff, yoff, advance). */
export interface Font {
  readonly lineHeight: number;
  readonly ascent: number;
  /** Sorted code points; glyph i describes codes[i]. */
  readonly codes: readonly number[];
  readonly glyphs: readonly number[];
}

export const ALIGN_LEFT = 0;
export const ALIGN_CENTRE = 1;
export const ALIGN_RIGHT = 2;

const GLYPH_INTS = 7;

let fallbackCode = 0x3f; // '?', replaced by the atlas's own FALLBACK_CODE

export function setFallbackCode(code: number): void {
  fallbackCode = code;
  // The lookup tables hold fallback entries: rebuild them for the new one.
  tableFonts.length = 0;
  tables.length = 0;
}

/** Code points below this (Latin and Cyrillic) get a direct lookup table per font. */
const TABLE_CODES = 0x500;
const tableFonts: Font[] = [];
const tables: Int16Array[] = [];

/** code -> glyph index for the common code points, built once per font by binary search. */
function tableFor(font: Font): Int16Array {
  for (let i = 0; i < tableFonts.length; i++) if (tableFonts[i] === font) return tables[i]!;
  const table = new Int16Array(TABLE_CODES);
  table.fill(searchGlyph(font, fallbackCode));
  const codes = font.codes;
  for (let i = 0; i < codes.length; i++) if (codes[i]! < TABLE_CODES) table[codes[i]!] = i;
  tableFonts.push(font);
  tables.push(table);
  return table;
}

/** Index of the glyph for a code point; the fallback glyph when the font lacks it. */
export function glyphIndex(font: Font, code: number): number {
  if (code < TABLE_CODES && code >= 0) return tableFor(font)[code]!;
  return searchGlyph(font, code);
}

/** Binary search in the font's sorted codes, then the fallback. */
function searchGlyph(font: Font, code: number): number {
  const i = findCode(font.codes, code);
  if (i >= 0) return i;
  const f = findCode(font.codes, fallbackCode);
  return f >= 0 ? f : 0;
}

function findCode(codes: readonly number[], code: number): number {
  let lo = 0;
  let hi = codes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = codes[mid]!;
    if (c === code) return mid;
    if (c < code) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function advanceOf(font: Font, code: number): number {
  return font.glyphs[glyphIndex(font, code) * GLYPH_INTS + 6]!;
}

/** Width in pixels of text on one line (no wrapping). */
export function measure(font: Font, text: string, from = 0, to = text.length): number {
  const table = tableFor(font);
  const g = font.glyphs;
  let w = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    w += g[(code < TABLE_CODES ? table[code]! : searchGlyph(font, code)) * GLYPH_INTS + 6]!;
  }
  return w;
}

/** Splits text into lines no wider than maxWidth (0 = no limit), breaking at spaces and '\n'. */
export function wrap(font: Font, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    if (maxWidth <= 0 || measure(font, para) <= maxWidth) {
      lines.push(para);
      continue;
    }
    let line = '';
    for (const word of para.split(' ')) {
      const candidate = line === '' ? word : line + ' ' + word;
      if (line !== '' && measure(font, candidate) > maxWidth) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A laid-out piece of text: its glyph commands at absolute screen positions. */
export interface TextRun {
  readonly cmds: Int32Array;
  readonly width: number;
  readonly lines: number;
}

/**
 * Lays text out with its first line's top at y. x is the left edge, the
 * centre or the right edge per align; wraps to maxWidth when it is > 0.
 */
export function layout(
  font: Font,
  text: string,
  x: number,
  y: number,
  align: number,
  tint: number,
  maxWidth = 0,
): TextRun {
  const lines = wrap(font, text, maxWidth);
  let count = 0;
  for (const line of lines) for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) !== 32) count++;
  const cmds = new Int32Array(count * COMMAND_INTS);
  let o = 0;
  let widest = 0;
  let top = y;
  const g = font.glyphs;
  const table = tableFor(font);
  for (const line of lines) {
    const w = measure(font, line);
    if (w > widest) widest = w;
    let pen = align === ALIGN_CENTRE ? x - (w >> 1) : align === ALIGN_RIGHT ? x - w : x;
    for (let i = 0; i < line.length; i++) {
      const code = line.charCodeAt(i);
      const k = (code < TABLE_CODES ? table[code]! : searchGlyph(font, code)) * GLYPH_INTS;
      if (code !== 32) {
        cmds[o] = OP_SPRITE;
        cmds[o + 1] = pen + g[k + 4]!;
        cmds[o + 2] = top + g[k + 5]!;
        cmds[o + 3] = g[k + 2]!;
        cmds[o + 4] = g[k + 3]!;
        cmds[o + 5] = g[k]! | (g[k + 1]! << 16);
        cmds[o + 6] = g[k + 2]! | (g[k + 3]! << 16);
        cmds[o + 7] = tint | 0;
        o += COMMAND_INTS;
      }
      pen += g[k + 6]!;
    }
    top += font.lineHeight;
  }
  return { cmds: o === cmds.length ? cmds : cmds.slice(0, o), width: widest, lines: lines.length };
}

/**
 * A place on screen that shows one text at a time. draw() re-lays out only
 * when the text, position, alignment or colour changed; otherwise it copies
 * the cached commands, allocating nothing.
 */
export class TextSlot {
  private text: string | null = null;
  private x = 0;
  private y = 0;
  private align = 0;
  private tint = 0;
  private maxWidth = 0;
  private font: Font | null = null;
  run: TextRun | null = null;

  draw(font: Font, text: string, x: number, y: number, align: number, tint: number, maxWidth = 0): void {
    if (
      this.text !== text ||
      this.font !== font ||
      this.x !== x ||
      this.y !== y ||
      this.align !== align ||
      this.tint !== tint ||
      this.maxWidth !== maxWidth
    ) {
      this.text = text;
      this.font = font;
      this.x = x;
      this.y = y;
      this.align = align;
      this.tint = tint;
      this.maxWidth = maxWidth;
      this.run = layout(font, text, x, y, align, tint, maxWidth);
    }
    copyRun(this.run!.cmds);
  }
}

/**
 * Draws a non-negative integer without building a string (card counts,
 * timers change often). Returns the width drawn.
 */
export function drawNumber(font: Font, value: number, x: number, y: number, align: number, tint: number): number {
  let v = value < 0 ? 0 : Math.floor(value);
  let digits = 1;
  for (let p = 10; p <= v; p *= 10) digits++;
  const adv = advanceOf(font, 48);
  const w = digits * adv;
  let pen = align === ALIGN_CENTRE ? x - (w >> 1) : align === ALIGN_RIGHT ? x - w : x;
  pen += (digits - 1) * adv;
  const g = font.glyphs;
  for (let d = 0; d < digits; d++) {
    const k = glyphIndex(font, 48 + (v % 10)) * GLYPH_INTS;
    drawGlyph(g, k, pen, y, tint);
    v = Math.floor(v / 10);
    pen -= adv;
  }
  return w;
}

function drawGlyph(g: readonly number[], k: number, pen: number, top: number, tint: number): void {
  sprite(pen + g[k + 4]!, top + g[k + 5]!, g[k + 2]!, g[k + 3]!, g[k]!, g[k + 1]!, g[k + 2]!, g[k + 3]!, tint);
}
