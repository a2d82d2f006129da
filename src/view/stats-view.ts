// The Statistics screen: a row per figure, a column per rule set, the note
// saying whose play it counts, and the reset question over it.
import { FONT_LARGE, FONT_SMALL } from '../assets/font';
import type { Strings } from '../app/i18n/strings';
import type { StatsRow } from '../app/screen';
import * as C from './colours';
import { rect } from './drawlist';
import { newLayer, type Layer } from './layer';
import { PAGE_TOP } from './render';
import { ALIGN_CENTRE, ALIGN_LEFT, ALIGN_RIGHT, TextSlot } from './text';
import { drawFelt, drawPanel } from './widgets';

const ROW_H = 13;
const COL_CLASSIC = 360;
const COL_RUSSIAN = 436;

/** What the Statistics screen keeps of what it drew (a part of the View, src/view/view.ts). */
export interface StatsView {
  readonly felt: Layer;
  readonly layer: Layer;
  /** One per text drawn, added as needed. */
  readonly slots: TextSlot[];
}

export function newStatsView(felt: Layer): StatsView {
  return { felt, layer: newLayer(), slots: [] };
}

/** The statistics rows; `resetAsked`: the reset question over them. */
export function drawStatsPage(v: StatsView, t: Strings, rows: readonly StatsRow[], resetAsked: boolean): void {
  const slots = v.slots;
  if (v.layer.reuse(rows, resetAsked, t)) return;
  let k = 0;
  const text = (font: typeof FONT_SMALL, str: string, x: number, y: number, align: number, tint: number, width = 0): void => {
    if (k === slots.length) slots.push(new TextSlot());
    slots[k++]!.draw(font, str, x, y, align, tint, width);
  };
  drawFelt(v.felt);
  // The panel under the notice's band, down to where the results' ends; its
  // lines a little closer than before, for the note's two lines to stay on it.
  drawPanel(20, PAGE_TOP, 440, 250 - PAGE_TOP, C.WHITE);
  text(FONT_LARGE, t.statsTitle, 240, PAGE_TOP + 4, ALIGN_CENTRE, C.GOLD);
  let y = PAGE_TOP + 24;
  text(FONT_SMALL, t.ruleSetNames.classic, COL_CLASSIC, y, ALIGN_RIGHT, C.GOLD);
  text(FONT_SMALL, t.ruleSetNames.russian, COL_RUSSIAN, y, ALIGN_RIGHT, C.GOLD);
  y += 14;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if ((i & 1) === 0) rect(32, y - 2, 416, ROW_H, C.SHADE_LIGHT);
    text(FONT_SMALL, row.label, 40, y, ALIGN_LEFT, C.WHITE);
    text(FONT_SMALL, row.classic, COL_CLASSIC, y, ALIGN_RIGHT, C.PALE_GOLD);
    text(FONT_SMALL, row.russian, COL_RUSSIAN, y, ALIGN_RIGHT, C.PALE_GOLD);
    y += ROW_H;
  }
  text(FONT_SMALL, t.statsNote, 240, y + 3, ALIGN_CENTRE, C.HINT, 400);
  text(FONT_SMALL, t.statsHint, 240, 254, ALIGN_CENTRE, C.HINT);
  if (resetAsked) {
    rect(0, 0, 480, 272, C.SHADE);
    drawPanel(90, 100, 300, 64, C.WHITE);
    text(FONT_LARGE, t.resetQuestion, 240, 110, ALIGN_CENTRE, C.WHITE);
    text(FONT_SMALL, t.resetHint, 240, 140, ALIGN_CENTRE, C.HINT);
  }
  v.layer.keep();
}
