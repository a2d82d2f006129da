// The options page as a player reads it (issue 32's screenshots): the
// small arrows that say more rows lie above or below sit clear of every
// row's text (at x 418 the down arrow lay on the last row's value, "Off"
// read "Of" and an arrow), on every row the cursor can be on, in both
// languages.
import { beforeEach, describe, expect, it } from 'vitest';
import { SPRITES } from '../../src/assets/atlas';
import { FALLBACK_CODE } from '../../src/assets/font';
import { stringsFor } from '../../src/app/i18n';
import type { OptionRow } from '../../src/app/screen';
import { COMMAND_INTS, MAX_COMMANDS, OP_SPRITE } from '../../src/contract';
import { beginFrame, bindCommands, commandCount } from '../../src/view/drawlist';
import { newLayer } from '../../src/view/layer';
import { drawOptionsPage, newMenusView } from '../../src/view/menus';
import { setFallbackCode, type TextRun } from '../../src/view/text';
import { BTN, Driver } from '../support/driver';
import { openOptions, setOption } from './helpers';

const buf = new Int32Array(MAX_COMMANDS * COMMAND_INTS);

beforeEach(() => {
  setFallbackCode(FALLBACK_CODE);
  bindCommands(buf);
});

type Box = [number, number, number, number];

/** Left, top, right, bottom of a sprite command at offset o (flipped sprites have negative sizes). */
function spriteBox(cmds: Int32Array, o: number): Box {
  const [x, y, w, h] = [cmds[o + 1]!, cmds[o + 2]!, cmds[o + 3]!, cmds[o + 4]!];
  return [Math.min(x, x + w), Math.min(y, y + h), Math.max(x, x + w), Math.max(y, y + h)];
}

function textBoxes(run: TextRun): Box[] {
  const boxes: Box[] = [];
  for (let o = 0; o < run.cmds.length; o += COMMAND_INTS) boxes.push(spriteBox(run.cmds, o));
  return boxes;
}

const overlap = (a: Box, b: Box): boolean => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** The game's own option rows in `language`, as Options shows them. */
async function rowsIn(language: 'English' | 'Русский'): Promise<OptionRow[]> {
  const d = await Driver.create({ seed: 1 });
  d.step(0);
  openOptions(d);
  setOption(d, 'Language', language);
  const rows = d.debug().optionRows as OptionRow[];
  d.press(BTN.CIRCLE);
  d.dispose();
  return rows;
}

describe('the options page', () => {
  it.each([
    ['en', 'English'],
    ['ru', 'Русский'],
  ] as const)('%s: its scroll arrows lie on no row\'s text, wherever the cursor is', async (language, name) => {
    const rows = await rowsIn(name);
    bindCommands(buf); // the game in Node drew into its own
    const [au, av] = SPRITES.arrow;
    let arrows = 0;
    for (let cursor = 0; cursor < rows.length; cursor++) {
      const v = newMenusView(newLayer());
      beginFrame();
      drawOptionsPage(v, stringsFor(language), rows, cursor);
      const texts = [...v.labels, ...v.values].flatMap((slot) => (slot.run === null ? [] : textBoxes(slot.run)));
      for (let o = 0; o < commandCount() * COMMAND_INTS; o += COMMAND_INTS) {
        if (buf[o] !== OP_SPRITE || buf[o + 5] !== (au | (av << 16))) continue;
        arrows++;
        const arrow = spriteBox(buf, o);
        for (const g of texts) expect(overlap(arrow, g), `cursor ${cursor}: the arrow ${arrow} on a glyph ${g}`).toBe(false);
      }
    }
    expect(arrows).toBeGreaterThan(rows.length);
  });
});
