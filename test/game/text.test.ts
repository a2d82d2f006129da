// Text layout from the font metrics (src/view/text.ts), run directly in
// Node against the generated font: glyph lookup, fallback, alignment,
// wrapping, numbers without strings; and every string of every language
// is drawable without the fallback glyph.
import { beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_CODE, FONT_LARGE, FONT_SMALL } from '../../src/assets/font';
import { LANGUAGES } from '../../src/app/i18n';
import { bindCommands, commandCount } from '../../src/view/drawlist';
import { ALIGN_CENTRE, ALIGN_LEFT, ALIGN_RIGHT, drawNumber, glyphDrawn, layout, measure, setFallbackCode, TextSlot, wrap } from '../../src/view/text';
import { languageTexts } from '../support/language-texts';

const buf = new Int32Array(2048 * 8);
beforeEach(() => {
  setFallbackCode(FALLBACK_CODE);
  bindCommands(buf);
});

const advance = (code: number): number => FONT_SMALL.glyphs[glyphDrawn(FONT_SMALL, code) * 7 + 6]!;

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

  it('draws numbers digit by digit without building strings', () => {
    const w = drawNumber(FONT_SMALL, 1207, 50, 0, ALIGN_RIGHT, -1);
    expect(commandCount()).toBe(4);
    expect(w).toBe(4 * advance(48));
    drawNumber(FONT_SMALL, 0, 50, 0, ALIGN_LEFT, -1);
    expect(commandCount()).toBe(5);
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
