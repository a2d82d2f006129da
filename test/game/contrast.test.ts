// Help lines must read on the felt: at least 4.5:1 (WCAG's contrast for body
// text) against the lightest pixel of the felt tile in the real atlas; and
// on the desktop the hints name its keys rather than the PSP's buttons.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { SPRITES } from '../../src/assets/atlas';
import { LANGUAGE_CODES, stringsFor } from '../../src/app/i18n';
import type { Capabilities } from '../../src/contract';
import * as C from '../../src/view/colours';
import { languageTexts } from '../support/language-texts';
import { DESKTOP_CAPS, PSP_CAPS } from '../support/caps';
import { BTN, Driver } from '../support/driver';

const atlas = PNG.sync.read(readFileSync(fileURLToPath(new URL('../../assets/build/atlas.png', import.meta.url))));

function luminance(r: number, g: number, b: number): number {
  const c = (v: number): number => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
}

/** Colours are 0xAABBGGRR. */
const abgrLuminance = (c: number): number => luminance(c & 255, (c >>> 8) & 255, (c >>> 16) & 255);

function lightestFelt(): number {
  const [u, v, w, h] = SPRITES.felt;
  let max = 0;
  for (let y = v!; y < v! + h!; y++) {
    for (let x = u!; x < u! + w!; x++) {
      const i = (y * atlas.width + x) * 4;
      max = Math.max(max, luminance(atlas.data[i]!, atlas.data[i + 1]!, atlas.data[i + 2]!));
    }
  }
  return max;
}

const contrast = (a: number, b: number): number => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

let d: Driver | undefined;
afterEach(() => d?.dispose());

describe('hint text', () => {
  it('has at least 4.5:1 contrast against the lightest felt (the old grey had 1.7:1)', () => {
    const felt = lightestFelt();
    expect(contrast(abgrLuminance(C.HINT), felt)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(abgrLuminance(C.PALE_GOLD), felt)).toBeGreaterThanOrEqual(4.5); // the table's help line
    expect(contrast(abgrLuminance(C.GREY), felt)).toBeLessThan(4.5);
  });

  it('the title draws its hint line in the hint colour', async () => {
    d = await Driver.create({ seed: 1 });
    const cmds = d.step(0);
    let glyphs = 0;
    for (let o = 0; o < cmds.length; o += 8) {
      if (cmds[o] === 2 && cmds[o + 2]! >= 250 && cmds[o + 3]! < 20) {
        expect(cmds[o + 7]).toBe(C.HINT);
        glyphs++;
      }
    }
    expect(glyphs).toBeGreaterThan(10);
  });
});

describe('button names by capabilities', () => {
  it('the PSP names its buttons; a host with a keyboard names the keys it says', () => {
    expect(stringsFor('en', PSP_CAPS).titleHint).toContain('Cross: confirm');
    expect(stringsFor('en', DESKTOP_CAPS).titleHint).toContain('S/Enter: confirm');
    expect(stringsFor('en', DESKTOP_CAPS).titleHint).toContain('Esc: quit');
    expect(stringsFor('ru', PSP_CAPS).yourTurn).toBe('Ваш ход: Квадрат');
    expect(stringsFor('ru', DESKTOP_CAPS).yourTurn).toBe('Ваш ход: Z');
    // the names are the host's, not the script's
    const other = { ...DESKTOP_CAPS, keys: { ...DESKTOP_CAPS.keys!, square: 'Space', cross: 'Ctrl' } };
    expect(stringsFor('en', other).yourTurn).toBe('Your turn: Space');
    expect(stringsFor('en', other).titleHint).toContain('Ctrl/Enter: confirm');
    // a keyboard with glyphs on (a PSP-style pad and a keyboard): the PSP's names
    expect(stringsFor('en', { ...DESKTOP_CAPS, glyphs: true }).yourTurn).toBe(stringsFor('en', PSP_CAPS).yourTurn);
    for (const lang of LANGUAGE_CODES) {
      for (const caps of [PSP_CAPS, DESKTOP_CAPS]) {
        for (const text of languageTexts(stringsFor(lang, caps))) expect(text, text).not.toMatch(/\{[a-z]+\}/);
      }
    }
  });

  it('the desktop table shows key caps where the PSP shows button glyphs', async () => {
    const legendRects = async (caps: Capabilities): Promise<number> => {
      d?.dispose();
      d = await Driver.create({ seed: 1, caps });
      d.step(0);
      d.press(BTN.CROSS);
      // The legend shows Play only while it is the person's turn, from when the card before has landed (the flight hides it).
      d.until((s) => s.table.game.turn === 0 && s.table.game.pendingCollect === null);
      d.wait(14);
      let n = 0;
      for (let o = 0; o < d.last.length; o += 8) if (d.last[o] === 3 && d.last[o + 2] === 252 && d.last[o + 7] === C.WHITE) n++;
      return n;
    };
    expect(await legendRects(PSP_CAPS)).toBe(0);
    expect(await legendRects(DESKTOP_CAPS)).toBe(2); // Z and S
  });
});
