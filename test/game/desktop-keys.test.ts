// True labels on a computer (issue 20): before, two people at one keyboard
// saw the PSP's glyphs ("Right to play: □", seat badges "← L" and "□ R",
// the legend "← □ Play   L R Slap") though their keys are F/Q and J/P. Now
// a desktop frame of two people draws no PSP button glyph, as sprite or as
// text, and names the keys; the PSP keeps its glyphs.
import { afterEach, describe, expect, it } from 'vitest';
import { SPRITES } from '../../src/assets/atlas';
import { COMMAND_INTS, OP_SPRITE } from '../../src/contract';
import { DESKTOP_CAPS, PSP_CAPS } from '../support/caps';
import { Driver } from '../support/driver';
import { openOptions, setOption, startFromOptions } from './helpers';

let d: Driver;
afterEach(() => d?.dispose());

const PSP_GLYPHS = /[□✕○△←]/;
const BUTTON_SPRITES = [SPRITES.btnCross, SPRITES.btnCircle, SPRITES.btnSquare, SPRITES.btnTriangle].map((r) => r[0]! | (r[1]! << 16));

function buttonSprites(cmds: Int32Array): number {
  let n = 0;
  for (let o = 0; o < cmds.length; o += COMMAND_INTS) if (cmds[o] === OP_SPRITE && BUTTON_SPRITES.includes(cmds[o + 5]!)) n++;
  return n;
}

async function duelOn(caps: typeof PSP_CAPS): Promise<Driver> {
  const d = await Driver.create({ seed: 2, caps });
  d.step(0);
  openOptions(d);
  setOption(d, 'Players', '3');
  setOption(d, 'People', '2');
  startFromOptions(d);
  d.wait(200);
  return d;
}

describe('two people at one keyboard', () => {
  it('see their keys, never a PSP glyph, on the desktop', async () => {
    d = await duelOn(DESKTOP_CAPS);
    const s = d.debug();
    expect(s.table.marks.filter((m: string) => m)).toEqual(['F Q', 'J P']);
    for (const m of s.table.marks) expect(m ?? '').not.toMatch(PSP_GLYPHS);
    expect(s.table.hint).not.toMatch(PSP_GLYPHS);
    expect(buttonSprites(d.step(0))).toBe(0);
    // Whoever is to play is named with their key.
    const hints = new Set<string>();
    for (let i = 0; i < 600 && hints.size < 3; i++) {
      d.step(0);
      const h: string = d.debug().table.hint;
      if (h) hints.add(h);
    }
    for (const h of hints) expect(h).not.toMatch(PSP_GLYPHS);
    expect([...hints].some((h) => /: (F|J)$/.test(h))).toBe(true);
  });

  it('see the PSP\'s glyphs on the PSP', async () => {
    d = await duelOn(PSP_CAPS);
    expect(d.debug().table.marks.filter((m: string) => m)).toEqual(['← L', '□ R']);
  });
});
