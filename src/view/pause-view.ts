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
}

export function newPauseView(felt: Layer): PauseView {
  return { felt, layer: newLayer(), title: new TextSlot(), hint: new TextSlot(), items: [new TextSlot(), new TextSlot(), new TextSlot()] };
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
