// Text laid out in TypeScript from the font's metrics (src/assets/font.ts):
// one SPRITE command per glyph, cached as a run and re-emitted with
// copyInts until the text, place or colour changes. Module scope keeps what
// no result depends on between calls: the glyph lookup tables, built once
// per font, and the layout's scratch buffer (grown, never shrunk) with the
// pen it ends at. Each TextSlot's run is the View's (src/view/view.ts).
// Measured as fields of one value instead (callgrind, frames 61-149 of
// bench/figures/frames.mjs's run, 2026-12-02): +12 instructions on a steady
// table frame, +2,318 (+0.6%) on the frame that lays out a new message.
import { glyphIndex } from '../assets/font';
import { COMMAND_INTS, writeSprite } from '../contract';
import { overBudget, spend } from './budget';
import { copyInts, stamp } from './drawlist';

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
  // The lookup tables hold fallback entries: rebuild them, and the glyphs' commands, for the new one.
  tableFonts.length = 0;
  tables.length = 0;
  commandsAt.length = 0;
  digitCommands.length = 0;
  scratch = new Int32Array(0);
  scratchCap = 0;
  laidFrom = 0;
}

/** Code points below this (Latin and Cyrillic) get a direct lookup table per font. */
const TABLE_CODES = 0x500;
const tableFonts: Font[] = [];
const tables: Int16Array[] = [];
/** Per font (as tableFonts), where its glyphs' commands start in scratch (emitLine). */
const commandsAt: number[] = [];
/** Per font, the SPRITE commands of the digits 0-9 at pen 0, top 0 (drawNumber). */
const digitCommands: Int32Array[][] = [];

/** The font's place in tableFonts: its lookup table built once by binary search, room made for its glyphs' commands. */
function fontIndex(font: Font): number {
  for (let i = 0; i < tableFonts.length; i++) if (tableFonts[i] === font) return i;
  const table = new Int16Array(TABLE_CODES);
  table.fill(searchGlyph(font, fallbackCode));
  const codes = font.codes;
  for (let i = 0; i < codes.length; i++) if (codes[i]! < TABLE_CODES) table[codes[i]!] = i;
  tableFonts.push(font);
  tables.push(table);
  commandsAt.push(laidFrom);
  const digits: Int32Array[] = [];
  for (let d = 0; d < 10; d++) {
    const k = table[48 + d]! * GLYPH_INTS;
    const g = font.glyphs;
    const cmd = new Int32Array(COMMAND_INTS);
    writeSprite(cmd, 0, g[k + 4]!, g[k + 5]!, g[k + 2]!, g[k + 3]!, g[k]!, g[k + 1]!, g[k + 2]!, g[k + 3]!, 0);
    digits.push(cmd);
  }
  digitCommands.push(digits);
  // Its commands go where text was laid out until now: none is made yet (op 0).
  const from = laidFrom + codes.length * COMMAND_INTS;
  grow(laidFrom, from + 256);
  scratch.fill(0, laidFrom, from);
  laidFrom = from;
  return tableFonts.length - 1;
}

/** code -> glyph index for the common code points. */
function tableFor(font: Font): Int16Array {
  return tables[fontIndex(font)]!;
}

/**
 * The glyph drawn for a code point: its own, or the fallback's when the font
 * lacks it (src/assets/font.ts glyphIndex says -1 then).
 */
export function glyphDrawn(font: Font, code: number): number {
  if (code < TABLE_CODES && code >= 0) return tableFor(font)[code]!;
  return searchGlyph(font, code);
}

/** Binary search in the font's sorted codes, then the fallback. */
function searchGlyph(font: Font, code: number): number {
  const i = glyphIndex(font, code);
  if (i >= 0) return i;
  const f = glyphIndex(font, fallbackCode);
  return f >= 0 ? f : 0;
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
    // No kerning: each word is measured once.
    const space = measure(font, ' ');
    let line = '';
    let lineW = 0;
    for (const word of para.split(' ')) {
      const wordW = measure(font, word);
      if (line === '') {
        line = word;
        lineW = wordW;
      } else if (lineW + space + wordW > maxWidth) {
        lines.push(line);
        line = word;
        lineW = wordW;
      } else {
        line = line + ' ' + word;
        lineW += space + wordW;
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
 * The fonts' glyph commands, then the glyph commands of the text being laid
 * out (from laidFrom, room for one per UTF-16 unit). A glyph's SPRITE
 * command, with the pen and the line's top at 0 and untinted, is written by
 * writeSprite the first time the glyph is laid out and copied after that
 * (copyWithin, then its x, y and tint set): half of what writing its eight
 * ints costs QuickJS, on the frames that already do the most (a card landing
 * with a new message). In the same buffer so that the copy makes no view.
 */
let scratch = new Int32Array(0);
let scratchCap = 0;
/** Where the text laid out starts in scratch: after the fonts' glyph commands. */
let laidFrom = 0;
/** The pen after the last emitLine call. */
let penEnd = 0;

/** Makes room for `ints` ints in scratch, keeping its first `keep`. */
function grow(keep: number, ints: number): void {
  if (ints <= scratchCap) return;
  let cap = 256;
  while (cap < ints) cap *= 2;
  const next = new Int32Array(cap);
  next.set(scratch.subarray(0, keep));
  scratch = next;
  scratchCap = cap;
}

function reserve(ints: number): void {
  grow(laidFrom, laidFrom + ints);
}

/** Writes one line's glyphs into scratch from int o, pen at pen; returns the next free int, the pen in penEnd. */
function emitLine(font: Font, f: number, line: string, o: number, pen: number, top: number, tint: number): number {
  const g = font.glyphs;
  const table = tables[f]!;
  const at = commandsAt[f]!;
  const cmds = scratch;
  const n = line.length;
  for (let i = 0; i < n; i++) {
    const code = line.charCodeAt(i);
    const j = code < TABLE_CODES ? table[code]! : searchGlyph(font, code);
    const k = j * GLYPH_INTS;
    if (code !== 32) {
      const c = at + j * COMMAND_INTS;
      // A command not yet written has op 0 (none is).
      if (cmds[c] === 0) writeSprite(cmds, c, g[k + 4]!, g[k + 5]!, g[k + 2]!, g[k + 3]!, g[k]!, g[k + 1]!, g[k + 2]!, g[k + 3]!, 0);
      cmds.copyWithin(o, c, c + COMMAND_INTS);
      // The SPRITE's x, y and tint: ints 1, 2 and 7 (shiftX, recolour).
      cmds[o + 1] += pen;
      cmds[o + 2] += top;
      cmds[o + 7] = tint;
      o += COMMAND_INTS;
    }
    pen += g[k + 6]!;
  }
  penEnd = pen;
  return o;
}

/** Moves the x of the commands in scratch[from, to) by dx. */
function shiftX(from: number, to: number, dx: number): void {
  if (dx === 0) return;
  const cmds = scratch;
  for (let o = from + 1; o < to; o += COMMAND_INTS) cmds[o] = cmds[o]! + dx;
}

function startPen(x: number, w: number, align: number): number {
  return align === ALIGN_CENTRE ? x - (w >> 1) : align === ALIGN_RIGHT ? x - w : x;
}

/**
 * Lays text out with its first line's top at y. x is the left edge, the
 * centre or the right edge per align, in whole pixels (a fraction is
 * dropped); wraps to maxWidth when it is > 0. Each line is measured as it is
 * written (at 0, or at x when aligned left), then moved into place.
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
  const f = fontIndex(font);
  tint |= 0;
  x |= 0;
  reserve(text.length * COMMAND_INTS);
  const left = align === ALIGN_LEFT ? x : 0;
  // One line that fits, the common case: written without splitting the text.
  if (text.indexOf('\n') < 0) {
    const n = emitLine(font, f, text, laidFrom, left, y, tint);
    const w = penEnd - left;
    if (maxWidth <= 0 || w <= maxWidth) {
      shiftX(laidFrom, n, startPen(x, w, align) - left);
      return { cmds: scratch.slice(laidFrom, n), width: w, lines: 1 };
    }
  }
  const lines = wrap(font, text, maxWidth);
  let o = laidFrom;
  let widest = 0;
  for (let i = 0; i < lines.length; i++) {
    const from = o;
    o = emitLine(font, f, lines[i]!, o, left, y + i * font.lineHeight, tint);
    const w = penEnd - left;
    if (w > widest) widest = w;
    shiftX(from, o, startPen(x, w, align) - left);
  }
  return { cmds: scratch.slice(laidFrom, o), width: widest, lines: lines.length };
}

/** Sets the tint of glyph commands (each is a SPRITE, its tint the last int). */
function recolour(cmds: Int32Array, tint: number): void {
  tint |= 0;
  for (let o = COMMAND_INTS - 1; o < cmds.length; o += COMMAND_INTS) cmds[o] = tint;
}

/** A laid-out text's glyph commands in another tint. */
function recoloured(run: TextRun, tint: number): TextRun {
  const cmds = run.cmds.slice();
  recolour(cmds, tint);
  return { cmds, width: run.width, lines: run.lines };
}

/** What a skipped layout draws: nothing. */
const NO_RUN: TextRun = { cmds: new Int32Array(0), width: 0, lines: 0 };

/** One remembered layout of a TextSlot. */
interface Laid {
  text: string;
  font: Font;
  x: number;
  y: number;
  align: number;
  tint: number;
  maxWidth: number;
  run: TextRun;
}

/**
 * A place on screen that shows one text at a time. draw() copies the cached
 * commands when the text, place and colour are ones it laid out recently,
 * allocating nothing; otherwise it lays the text out and remembers it. A slot
 * that cycles through a few texts ("Dana to play", "Alex to play", ...) keeps
 * `memory` of them so that it does not lay them out again each time.
 */
export class TextSlot {
  private readonly laid: Laid[] = [];
  /** Where the next new layout goes once the memory is full. */
  private next = 0;
  /** The run drawn last. */
  run: TextRun | null = null;
  /** Its layout: asked for first, as it is again and again while a message shows. */
  private last: Laid | null = null;

  constructor(private readonly memory = 1) {}

  draw(font: Font, text: string, x: number, y: number, align: number, tint: number, maxWidth = 0): void {
    copyInts(this.lay(font, text, x, y, align, tint, maxWidth).cmds);
  }

  /** The layout of this text here (remembered or new) without drawing it: for boxes sized to their text. */
  lay(font: Font, text: string, x: number, y: number, align: number, tint: number, maxWidth = 0): TextRun {
    // A slot's texts are all different layouts, so the last one matching is the one.
    const last = this.last;
    if (last !== null && last.text === text && last.x === x && last.y === y && last.font === font && last.align === align && last.maxWidth === maxWidth && last.tint === tint) {
      this.run = last.run;
      return last.run;
    }
    const laid = this.laid;
    let sameBut: Laid | null = null;
    for (let i = 0; i < laid.length; i++) {
      const l = laid[i]!;
      if (l.text === text && l.x === x && l.y === y && l.font === font && l.align === align && l.maxWidth === maxWidth) {
        if (l.tint === tint) {
          this.last = l;
          this.run = l.run;
          return l.run;
        }
        sameBut = l;
      }
    }
    // A rehearsal whose work is spent lays it out another frame (src/view/budget.ts).
    if (overBudget()) return (this.run = NO_RUN);
    const full = laid.length === this.memory;
    if (sameBut !== null && full && laid[this.next] === sameBut) {
      // The other colour's layout is the one the new one would replace (a
      // seat's name, remembered alone, greying as its player goes out): its
      // commands are recoloured where they are, as the card lands.
      recolour(sameBut.run.cmds, tint);
      sameBut.tint = tint;
      spend(2);
      this.next = (this.next + 1) % this.memory;
      this.last = sameBut;
      this.run = sameBut.run;
      return sameBut.run;
    }
    // Only the colour changed, and the other colour's layout stays remembered:
    // the same glyphs, copied and recoloured.
    const run = sameBut !== null ? recoloured(sameBut.run, tint) : layout(font, text, x, y, align, tint, maxWidth);
    spend(sameBut !== null ? 2 : 4 + text.length);
    let entry: Laid;
    if (!full) {
      entry = { text, font, x, y, align, tint, maxWidth, run };
      laid.push(entry);
    } else {
      // The oldest layout's record takes the new one: a new object of eight
      // fields cost QuickJS about 8,000 instructions, setting them an eighth.
      entry = laid[this.next]!;
      entry.text = text;
      entry.font = font;
      entry.x = x;
      entry.y = y;
      entry.align = align;
      entry.tint = tint;
      entry.maxWidth = maxWidth;
      entry.run = run;
      this.next = (this.next + 1) % this.memory;
    }
    this.last = entry;
    this.run = run;
    return run;
  }
}

/**
 * Draws a non-negative integer without building a string (card counts,
 * timers change often). Returns the width drawn. Each digit's command is
 * made once per font and stamped (drawlist.ts stamp): the results page draws
 * some thirty numbers, a call chain per digit cost QuickJS about 15,000
 * instructions a number, and writing each digit's eight ints about 4,500.
 */
export function drawNumber(font: Font, value: number, x: number, y: number, align: number, tint: number): number {
  let v = value < 0 ? 0 : Math.floor(value);
  const f = fontIndex(font);
  const table = tables[f]!;
  const digitCmds = digitCommands[f]!;
  const g = font.glyphs;
  let digits = 1;
  for (let p = 10; p <= v; p *= 10) digits++;
  const adv = g[table[48]! * GLYPH_INTS + 6]!;
  const w = digits * adv;
  let pen = startPen(x, w, align) + (digits - 1) * adv;
  for (let d = 0; d < digits; d++) {
    const digit = v % 10;
    stamp(digitCmds[digit]!, pen, y, tint);
    v = (v - digit) / 10;
    pen -= adv;
  }
  return w;
}
