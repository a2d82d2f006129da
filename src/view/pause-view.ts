// The pause menu: Continue, How to play, End game. The table is not drawn
// behind it, so a paused game shows nobody the pile (a pause must not be a
// free look at the cards).
import { FONT_LARGE, FONT_SMALL } from '../assets/font';
import type { Strings } from '../app/i18n/strings';
import * as C from './colours';
import { rect } from './drawlist';
import { newLayer, type Layer } from './layer';
import { ALIGN_CENTRE, TextSlot } from './text';
import { drawFelt, drawPanel } from './widgets';

/** What the pause menu keeps of what it drew (a part of the View, src/view/view.ts). */
export interface PauseView {
  readonly felt: Layer;
  readonly layer: Layer;
  readonly title: TextSlot;
  readonly hint: TextSlot;
  readonly items: readonly TextSlot[];
  /** The out-of-the-game prompt's lines (drawn over the table, no layer of its own). */
  readonly outLines: readonly TextSlot[];
}

export function newPauseView(felt: Layer): PauseView {
  // A loop, not Array.from({ length: n }): QuickJS 2021-03-27 reads an uninitialised value there (valgrind, test/native/memory.test.ts).
  const slots = (n: number): TextSlot[] => {
    const out: TextSlot[] = [];
    for (let i = 0; i < n; i++) out.push(new TextSlot());
    return out;
  };
  return { felt, layer: newLayer(), title: new TextSlot(), hint: new TextSlot(), items: slots(3), outLines: slots(5) };
}

/** The out prompt's and the pause menu's panels and rows: the first row's text top and the rows' pitch. */
const OUT_X = 80;
const OUT_W = 320;
const OUT_ROW_Y = 130;
const PAUSE_X = 130;
const PAUSE_W = 220;
const PAUSE_ROW_Y = 102;
const ROW_PITCH = 26;

/** Row i of `count` under (x, y), the rows' highlights centred in their pitch; -1 off them. */
function rowAt(x: number, y: number, left: number, width: number, firstY: number, count: number): number {
  const top = firstY - 5;
  if (x < left || x >= left + width || y < top) return -1;
  const row = Math.floor((y - top) / ROW_PITCH);
  return row < count ? row : -1;
}

/** The out prompt's row under the screen point (x, y) (a tap), or -1. */
export function outRowAt(x: number, y: number): number {
  return rowAt(x, y, OUT_X, OUT_W, OUT_ROW_Y, 2);
}

/** The pause menu's row under the screen point (x, y) (a tap), or -1. */
export function pauseRowAt(x: number, y: number): number {
  return rowAt(x, y, PAUSE_X, PAUSE_W, PAUSE_ROW_Y, 3);
}

/**
 * Every person is out: why (`why`), then Keep watching (faster) or End the
 * game, row `cursor` lit, over the table (its pile no secret now).
 */
export function drawOutPrompt(v: PauseView, t: Strings, cursor: number, why: string): void {
  const [title, reason, watch, end, hint] = v.outLines as [TextSlot, TextSlot, TextSlot, TextSlot, TextSlot];
  rect(0, 0, 480, 272, C.SHADE);
  drawPanel(OUT_X, 58, OUT_W, 156, C.WHITE);
  title.draw(FONT_LARGE, t.outTitle, 240, 68, ALIGN_CENTRE, C.GOLD, 300);
  reason.draw(FONT_SMALL, why, 240, 92, ALIGN_CENTRE, C.WHITE, 300);
  const names = [watch, end];
  const texts = [t.outItems.watch, t.outItems.end];
  for (let i = 0; i < 2; i++) {
    const y = OUT_ROW_Y + i * ROW_PITCH;
    const on = i === cursor;
    if (on) rect(OUT_X + 10, y - 3, OUT_W - 20, 22, C.HIGHLIGHT);
    names[i]!.draw(FONT_LARGE, texts[i]!, 240, y, ALIGN_CENTRE, on ? C.YELLOW : C.WHITE, 290);
  }
  hint.draw(FONT_SMALL, t.outHint, 240, 190, ALIGN_CENTRE, C.PALE_GOLD, 300);
}

/** The pause menu with its row `cursor` lit. */
export function drawPauseMenu(v: PauseView, t: Strings, cursor: number): void {
  const { layer, title, hint, items } = v;
  if (layer.reuse(cursor, t)) return;
  drawFelt(v.felt);
  drawPanel(PAUSE_X, 60, PAUSE_W, 132, C.WHITE);
  title.draw(FONT_LARGE, t.pauseTitle, 240, 70, ALIGN_CENTRE, C.GOLD);
  const names = [t.pauseItems.resume, t.pauseItems.howTo, t.pauseItems.endGame];
  for (let i = 0; i < names.length; i++) {
    const y = PAUSE_ROW_Y + i * ROW_PITCH;
    const on = i === cursor;
    if (on) rect(140, y - 3, 200, 22, C.HIGHLIGHT);
    items[i]!.draw(FONT_LARGE, names[i]!, 240, y, ALIGN_CENTRE, on ? C.YELLOW : C.WHITE);
  }
  hint.draw(FONT_SMALL, t.pauseHint, 240, 254, ALIGN_CENTRE, C.HINT);
  layer.keep();
}
