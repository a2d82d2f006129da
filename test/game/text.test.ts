// Text layout from the font metrics (src/view/text.ts), run directly in
// Node against the generated font: glyph lookup, fallback, alignment,
// wrapping, numbers without strings; and every string of every language
// is drawable without the fallback glyph.
import { beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_CODE, FONT_LARGE, FONT_SMALL } from '../../src/assets/font';
import { LANGUAGES } from '../../src/app/i18n';
import { COMMAND_INTS, writeSprite } from '../../src/contract';
import { bindCommands, commandCount } from '../../src/view/drawlist';
import { ALIGN_CENTRE, ALIGN_LEFT, ALIGN_RIGHT, drawNumber, glyphDrawn, layout, measure, setFallbackCode, TextSlot, wrap } from '../../src/view/text';
import { languageTexts } from '../support/language-texts';

const buf = new Int32Array(2048 * 8);
beforeEach(() => {
  setFallbackCode(FALLBACK_CODE);
  bindCommands(buf);
});

const advance = (code: number): number => FONT_SMALL.glyphs[glyphDrawn(FONT_SMALL, code) * 7 + 6]!;

/** Commands in the other order: a number's digits are drawn from the last. */
function lastFirst(ints: number[]): number[] {
  const out: number[] = [];
  for (let o = ints.length - COMMAND_INTS; o >= 0; o -= COMMAND_INTS) out.push(...ints.slice(o, o + COMMAND_INTS));
  return out;
}

/** Each glyph's SPRITE as writeSprite writes it from the font's metrics, pen from x: what a line must draw. */
function written(font: typeof FONT_SMALL, text: string, x: number, top: number, tint: number): number[] {
  const out = new Int32Array(text.length * COMMAND_INTS);
  let o = 0;
  let pen = x;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const k = glyphDrawn(font, code) * 7;
    const g = font.glyphs;
    if (code !== 32) {
      writeSprite(out, o, pen + g[k + 4]!, top + g[k + 5]!, g[k + 2]!, g[k + 3]!, g[k]!, g[k + 1]!, g[k + 2]!, g[k + 3]!, tint);
      o += COMMAND_INTS;
    }
    pen += g[k + 6]!;
  }
  return Array.from(out.subarray(0, o));
}

describe('text layout', () => {
  it('finds glyphs by binary search and falls back for unknown code points', () => {
    const a = glyphDrawn(FONT_SMALL, 65);
    expect(FONT_SMALL.codes[a]).toBe(65);
    const ya = glyphDrawn(FONT_SMALL, 0x44f); // я
    expect(FONT_SMALL.codes[ya]).toBe(0x44f);
    expect(FONT_SMALL.codes[glyphDrawn(FONT_SMALL, 0x4e00)]).toBe(FALLBACK_CODE); // a CJK character
  });

  it('measures by advances and aligns left, centre and right', () => {
    const w = measure(FONT_SMALL, 'Hi');
    expect(w).toBe(advance(72) + advance(105));
    const left = layout(FONT_SMALL, 'Hi', 100, 10, ALIGN_LEFT, -1);
    const centre = layout(FONT_SMALL, 'Hi', 100, 10, ALIGN_CENTRE, -1);
    const right = layout(FONT_SMALL, 'Hi', 100, 10, ALIGN_RIGHT, -1);
    const xoff = FONT_SMALL.glyphs[glyphDrawn(FONT_SMALL, 72) * 7 + 4]!;
    expect(left.cmds[1]).toBe(100 + xoff);
    expect(centre.cmds[1]).toBe(100 - (w >> 1) + xoff);
    expect(right.cmds[1]).toBe(100 - w + xoff);
    expect(left.cmds.length).toBe(16); // two SPRITE commands
    expect(left.cmds[0]).toBe(2);
  });

  it("each glyph is drawn as writeSprite writes it, the first time and when its command is copied after", () => {
    // Every glyph twice in each font, at places and tints of both signs: the
    // second line copies the commands the first one made.
    const text = 'Sam: false start! Max gets 1 card. Фальстарт: Даша получает 10 карт ?\u4e00';
    for (const font of [FONT_SMALL, FONT_LARGE]) {
      expect(Array.from(layout(font, text, 7, 20, ALIGN_LEFT, -1).cmds)).toEqual(written(font, text, 7, 20, -1));
      expect(Array.from(layout(font, text, -30, -4, ALIGN_LEFT, 0x7f737373).cmds)).toEqual(written(font, text, -30, -4, 0x7f737373));
    }
    // A new fallback glyph: the commands are made again from the font.
    setFallbackCode(0x21);
    expect(Array.from(layout(FONT_SMALL, 'a\u4e00', 3, 4, ALIGN_LEFT, 5).cmds)).toEqual(written(FONT_SMALL, 'a!', 3, 4, 5));
  });

  it('spaces advance the pen but draw nothing', () => {
    const run = layout(FONT_SMALL, 'a b', 0, 0, ALIGN_LEFT, -1);
    expect(run.cmds.length).toBe(16);
    expect(run.width).toBe(advance(97) + advance(32) + advance(98));
  });

  it('wraps at spaces to the width and at newlines', () => {
    const text = 'Slap the pile when the top two cards match';
    const lines = wrap(FONT_SMALL, text, 100);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(measure(FONT_SMALL, line)).toBeLessThanOrEqual(100);
    expect(lines.join(' ')).toBe(text);
    expect(wrap(FONT_SMALL, 'one\ntwo', 0)).toEqual(['one', 'two']);
    const run = layout(FONT_SMALL, 'one\ntwo', 0, 20, ALIGN_LEFT, -1);
    expect(run.lines).toBe(2);
    expect(run.cmds[2 + 8 * 3]! - run.cmds[2]!).toBe(FONT_SMALL.lineHeight + (FONT_SMALL.glyphs[glyphDrawn(FONT_SMALL, 116) * 7 + 5]! - FONT_SMALL.glyphs[glyphDrawn(FONT_SMALL, 111) * 7 + 5]!));
  });

  it('a slot recolours a line it laid out when only the tint changed, as a fresh layout would draw it', () => {
    const slot = new TextSlot(2);
    const white = slot.lay(FONT_SMALL, 'Alex wins', 95, 5, ALIGN_LEFT, -1, 0);
    const grey = slot.lay(FONT_SMALL, 'Alex wins', 95, 5, ALIGN_LEFT, 0x7f737373, 0);
    const fresh = layout(FONT_SMALL, 'Alex wins', 95, 5, ALIGN_LEFT, 0x7f737373, 0);
    expect(Array.from(grey.cmds)).toEqual(Array.from(fresh.cmds));
    expect([grey.width, grey.lines]).toEqual([fresh.width, fresh.lines]);
    // the white run it was made from is untouched, and both stay remembered
    expect(white.cmds[7]).toBe(-1);
    expect(slot.lay(FONT_SMALL, 'Alex wins', 95, 5, ALIGN_LEFT, -1, 0)).toBe(white);
    expect(slot.lay(FONT_SMALL, 'Alex wins', 95, 5, ALIGN_LEFT, 0x7f737373, 0)).toBe(grey);
  });

  it('a slot remembering one line recolours it in place, as a fresh layout would draw it', () => {
    const slot = new TextSlot();
    const white = slot.lay(FONT_SMALL, 'Alex', 20, 40, ALIGN_LEFT, -1);
    const grey = slot.lay(FONT_SMALL, 'Alex', 20, 40, ALIGN_LEFT, 0x7f737373);
    expect(Array.from(grey.cmds)).toEqual(written(FONT_SMALL, 'Alex', 20, 40, 0x7f737373));
    expect(slot.lay(FONT_SMALL, 'Alex', 20, 40, ALIGN_LEFT, -1).cmds[7]).toBe(-1);
    expect(white.width).toBe(grey.width);
  });

  it('a slot that forgets its oldest line lays out each text it is asked for, never another', () => {
    const slot = new TextSlot(2);
    const texts = ['Dana to play', 'Alex to play', 'Kim to play', 'Dana to play', 'Alex to play', 'Alex to play', 'Kim to play', 'Dana to play'];
    for (const text of texts) {
      for (const tint of [-1, 0x7f737373]) {
        const run = slot.lay(FONT_SMALL, text, 100, 30, ALIGN_CENTRE, tint);
        const fresh = layout(FONT_SMALL, text, 100, 30, ALIGN_CENTRE, tint);
        expect(Array.from(run.cmds), `${text} ${tint}`).toEqual(Array.from(fresh.cmds));
        expect(run.width).toBe(fresh.width);
      }
    }
  });

  it('draws numbers digit by digit without building strings', () => {
    const w = drawNumber(FONT_SMALL, 1207, 50, 0, ALIGN_RIGHT, -1);
    expect(commandCount()).toBe(4);
    expect(w).toBe(4 * advance(48));
    // each digit as writeSprite writes it, in its tint, in both fonts
    expect(Array.from(buf.subarray(0, 4 * COMMAND_INTS))).toEqual(lastFirst(written(FONT_SMALL, '1207', 50 - w, 0, -1)));
    drawNumber(FONT_SMALL, 0, 50, 0, ALIGN_LEFT, -1);
    expect(commandCount()).toBe(5);
    bindCommands(buf);
    const large = drawNumber(FONT_LARGE, 35, 10, -3, ALIGN_LEFT, 0x7f737373);
    expect(Array.from(buf.subarray(0, 2 * COMMAND_INTS))).toEqual(lastFirst(written(FONT_LARGE, '35', 10, -3, 0x7f737373)));
    expect(large).toBe(2 * FONT_LARGE.glyphs[glyphDrawn(FONT_LARGE, 48) * 7 + 6]!);
  });

  it.each(Object.entries(LANGUAGES))('every string of language %s has its glyphs in both fonts', (_code, table) => {
    for (const text of languageTexts(table)) {
      for (const font of [FONT_SMALL, FONT_LARGE]) {
        for (let i = 0; i < text.length; i++) {
          const code = text.charCodeAt(i);
          if (code === 10) continue; // a line break, not a glyph
          expect(font.codes[glyphDrawn(font, code)], `${JSON.stringify(text)} char ${text[i]}`).toBe(code);
        }
      }
    }
  });

  it('every language has the same keys', () => {
    const keys = (o: object): string[] =>
      Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? keys(v).map((x) => k + '.' + x) : [k])).sort();
    for (const table of Object.values(LANGUAGES)) expect(keys(table)).toEqual(keys(LANGUAGES.en));
  });
});
