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

/**
 * Every person is out: why (`why`), then Keep watching (faster) or End the
 * game, row `cursor` lit, over the table (its pile no secret now).
 */
export function drawOutPrompt(v: PauseView, t: Strings, cursor: number, why: string): void {
  const [title, reason, watch, end, hint] = v.outLines as [TextSlot, TextSlot, TextSlot, TextSlot, TextSlot];
  rect(0, 0, 480, 272, C.SHADE);
  drawPanel(80, 58, 320, 156, C.WHITE);
  title.draw(FONT_LARGE, t.outTitle, 240, 68, ALIGN_CENTRE, C.GOLD, 300);
  reason.draw(FONT_SMALL, why, 240, 92, ALIGN_CENTRE, C.WHITE, 300);
  const names = [watch, end];
  const texts = [t.outItems.watch, t.outItems.end];
  for (let i = 0; i < 2; i++) {
    const y = 130 + i * 26;
    const on = i === cursor;
    if (on) rect(90, y - 3, 300, 22, C.HIGHLIGHT);
    names[i]!.draw(FONT_LARGE, texts[i]!, 240, y, ALIGN_CENTRE, on ? C.YELLOW : C.WHITE, 290);
  }
  hint.draw(FONT_SMALL, t.outHint, 240, 190, ALIGN_CENTRE, C.PALE_GOLD, 300);
}

/** The pause menu with its row `cursor` lit. */
export function drawPauseMenu(v: PauseView, t: Strings, cursor: number): void {
  const { layer, title, hint, items } = v;
  if (layer.reuse(cursor, t)) return;
  drawFelt(v.felt);
  drawPanel(130, 60, 220, 132, C.WHITE);
  title.draw(FONT_LARGE, t.pauseTitle, 240, 70, ALIGN_CENTRE, C.GOLD);
  const names = [t.pauseItems.resume, t.pauseItems.howTo, t.pauseItems.endGame];
  for (let i = 0; i < names.length; i++) {
    const y = 102 + i * 26;
    const on = i === cursor;
    if (on) rect(140, y - 3, 200, 22, C.HIGHLIGHT);
    items[i]!.draw(FONT_LARGE, names[i]!, 240, y, ALIGN_CENTRE, on ? C.YELLOW : C.WHITE);
  }
  hint.draw(FONT_SMALL, t.pauseHint, 240, 254, ALIGN_CENTRE, C.HINT);
  layer.keep();
}
