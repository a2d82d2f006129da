// Cached layers (src/view/drawlist.ts Run, src/view/layer.ts) and text layout
// (src/view/text.ts) after their allocation and instruction cuts: a reused
// Run re-emits exactly the commands captured, a layer redraws exactly when a
// key changes, and layout() writes exactly what a plain measure-then-write
// algorithm (kept below as the reference) writes at whole-pixel places.
import { beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_CODE, FONT_LARGE, FONT_SMALL } from '../../src/assets/font';
import { LANGUAGES } from '../../src/app/i18n';
import { COMMAND_INTS, MAX_COMMANDS, OP_RECT, OP_SPRITE } from '../../src/contract';
import { beginFrame, bindCommands, capture, commandCount, copyRun, mark, newRun, rect } from '../../src/view/drawlist';
import { newLayer } from '../../src/view/layer';
import { ALIGN_CENTRE, ALIGN_LEFT, ALIGN_RIGHT, type Font, glyphDrawn, layout, setFallbackCode } from '../../src/view/text';
import { languageTexts } from '../support/language-texts';

const buf = new Int32Array(MAX_COMMANDS * COMMAND_INTS);
beforeEach(() => {
  setFallbackCode(FALLBACK_CODE);
  bindCommands(buf);
});

function frame(): Int32Array {
  return buf.slice(0, commandCount() * COMMAND_INTS);
}

describe('Run', () => {
  it('re-emits what it captured, through growth and shrinking, at any place', () => {
    const run = newRun();
    let seed = 7;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      beginFrame();
      for (let i = rnd(40); i > 0; i--) rect(i, round, 1, 1, 0x1234);
      const from = mark();
      const n = rnd(round < 100 ? 300 : 20);
      for (let i = 0; i < n; i++) rect(i, round, rnd(99), rnd(99), round * 1000 + i);
      const want = buf.slice(from, from + n * COMMAND_INTS);
      capture(run, from);
      expect(run.length).toBe(n * COMMAND_INTS);
      beginFrame();
      for (let i = rnd(30); i > 0; i--) rect(0, 0, 0, 0, 0);
      const at = mark();
      copyRun(run);
      rect(-1, -1, -1, -1, -1);
      expect(commandCount()).toBe((at + n * COMMAND_INTS) / COMMAND_INTS + 1);
      expect(buf.slice(at, at + n * COMMAND_INTS)).toEqual(want);
      expect(Array.from(buf.slice(at + n * COMMAND_INTS, at + (n + 1) * COMMAND_INTS))).toEqual([OP_RECT, -1, -1, -1, -1, 0, 0, -1]);
    }
  });

  it('copies only what fits near the end of the buffer, and drops a run that does not fit', () => {
    const run = newRun();
    beginFrame();
    for (let i = 0; i < 10; i++) rect(i, i, i, i, i);
    capture(run, 0);
    const want = frame();
    beginFrame();
    for (let i = 0; i < MAX_COMMANDS - 10; i++) rect(0, 0, 0, 0, 0);
    const at = mark();
    copyRun(run); // fits exactly; the storage's spare tail does not
    expect(commandCount()).toBe(MAX_COMMANDS);
    expect(buf.slice(at)).toEqual(want);
    beginFrame();
    for (let i = 0; i < MAX_COMMANDS - 9; i++) rect(0, 0, 0, 0, 0);
    copyRun(run);
    expect(commandCount()).toBe(MAX_COMMANDS - 9);
  });
});

describe('Layer', () => {
  it('draws on its first use, re-emits while its keys are the same, draws again when any one key changes', () => {
    const layer = newLayer();
    const game = { pile: [1, 2] };
    const keys: unknown[] = [game, 'Dana to play', '', 3, -1, 0, false, 0, -1, ['Dana'], '', 'en'];
    let drawn = 0;
    const draw = (k: unknown[]): Int32Array => {
      beginFrame();
      rect(9, 9, 9, 9, 9);
      const at = mark();
      if (!layer.reuse(...k)) {
        drawn++;
        rect(drawn, 0, 1, 1, 0x55);
        layer.keep();
      }
      return buf.slice(at, commandCount() * COMMAND_INTS);
    };
    const first = draw(keys);
    expect(drawn).toBe(1);
    expect(draw(keys)).toEqual(first);
    expect(draw([...keys])).toEqual(first);
    expect(drawn).toBe(1);
    for (let i = 0; i < keys.length; i++) {
      const changed = [...keys];
      changed[i] = { other: i };
      const before = drawn;
      const got = draw(changed);
      expect(drawn, `key ${i}`).toBe(before + 1);
      expect(got[1]).toBe(drawn);
      expect(draw(changed)).toEqual(got);
      expect(drawn).toBe(before + 1);
      draw(keys);
    }
  });

  it('compares keys by identity: an equal but new object redraws, a number or string of the same value does not', () => {
    const layer = newLayer();
    let drawn = 0;
    const use = (a: unknown, b: unknown): void => {
      beginFrame();
      if (!layer.reuse(a, b)) {
        drawn++;
        layer.keep();
      }
    };
    use([1], 'a' + 'b');
    use([1], 'ab');
    expect(drawn).toBe(2);
    const same = [1];
    use(same, 7);
    use(same, 7);
    expect(drawn).toBe(3);
  });
});

// ---- the reference: layout as it was before it wrote each line in one pass ----

function refIndex(font: Font, code: number): number {
  return glyphDrawn(font, code);
}

function refMeasure(font: Font, text: string): number {
  let w = 0;
  for (let i = 0; i < text.length; i++) w += font.glyphs[refIndex(font, text.charCodeAt(i)) * 7 + 6]!;
  return w;
}

function refWrap(font: Font, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    if (maxWidth <= 0 || refMeasure(font, para) <= maxWidth) {
      lines.push(para);
      continue;
    }
    let line = '';
    for (const word of para.split(' ')) {
      const candidate = line === '' ? word : line + ' ' + word;
      if (line !== '' && refMeasure(font, candidate) > maxWidth) {
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

function refLayout(font: Font, text: string, x: number, y: number, align: number, tint: number, maxWidth: number) {
  tint |= 0;
  const lines = text.indexOf('\n') < 0 && (maxWidth <= 0 || refMeasure(font, text) <= maxWidth) ? [text] : refWrap(font, text, maxWidth);
  const out: number[] = [];
  let widest = 0;
  const g = font.glyphs;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const w = refMeasure(font, line);
    if (w > widest) widest = w;
    let pen = align === ALIGN_CENTRE ? x - (w >> 1) : align === ALIGN_RIGHT ? x - w : x;
    const top = y + i * font.lineHeight;
    for (let j = 0; j < line.length; j++) {
      const code = line.charCodeAt(j);
      const k = refIndex(font, code) * 7;
      if (code !== 32) out.push(OP_SPRITE, pen + g[k + 4]!, top + g[k + 5]!, g[k + 2]!, g[k + 3]!, g[k]! | (g[k + 1]! << 16), g[k + 2]! | (g[k + 3]! << 16), tint);
      pen += g[k + 6]!;
    }
  }
  return { cmds: Int32Array.from(out), width: widest, lines: lines.length };
}

describe('layout writes what measure-then-write writes', () => {
  const xs = [0, 6, 240, 474, -13];
  const widths = [0, 40, 184, 300];
  function check(font: Font, text: string): void {
    for (const x of xs)
      for (const align of [ALIGN_LEFT, ALIGN_CENTRE, ALIGN_RIGHT])
        for (const maxWidth of widths) {
          const got = layout(font, text, x, 163, align, 0xff80c0e0, maxWidth);
          const want = refLayout(font, text, x, 163, align, 0xff80c0e0, maxWidth);
          const same = got.cmds.length === want.cmds.length && got.cmds.every((v, i) => v === want.cmds[i]);
          if (!same || got.width !== want.width || got.lines !== want.lines) {
            expect({ text, x, align, maxWidth, cmds: got.cmds, width: got.width, lines: got.lines }).toEqual({ text, x, align, maxWidth, ...want });
          }
        }
  }

  it('for every string of every language, in both fonts', () => {
    for (const t of Object.values(LANGUAGES).flatMap((table) => languageTexts(table))) {
      check(FONT_SMALL, t);
      check(FONT_LARGE, t);
    }
  });

  it('places text at whole pixels: a fractional x draws as its integer part', () => {
    for (const [x, whole] of [[0.5, 0], [240.25, 240], [1e-9, 0], [17.999999999999996, 17], [-13.5, -13]] as const)
      for (const align of [ALIGN_LEFT, ALIGN_CENTRE, ALIGN_RIGHT]) {
        const got = layout(FONT_SMALL, 'Dana wins the pile', x, 163, align, 0xff80c0e0, 0);
        const want = refLayout(FONT_SMALL, 'Dana wins the pile', whole, 163, align, 0xff80c0e0, 0);
        expect(Array.from(got.cmds)).toEqual(Array.from(want.cmds));
      }
  });

  it('for odd strings: empty, spaces, newlines, code points past the tables', () => {
    const odd = ['', ' ', '  a  b  ', '\n', 'a\n\nb', ' lead', 'trail ', 'x'.repeat(200), 'A\u4e00B \u{1F600} я', 'one two three four five six seven eight nine ten eleven twelve'];
    for (const t of odd) check(FONT_SMALL, t);
    let seed = 3;
    const chars = 'ab XYZ\nщЖ?,.!\u4e00';
    for (let n = 0; n < 150; n++) {
      let s = '';
      for (let i = (n * 7) % 60; i > 0; i--) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        s += chars[seed % chars.length];
      }
      check(FONT_SMALL, s);
    }
  });
});
