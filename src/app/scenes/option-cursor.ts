// The cursor of a page of option rows (Options, and Create a room): one way
// to move it, so the two pages answer taps and the D-pad alike.
import { BTN_DOWN, BTN_UP } from '../../contract';
import { optionRowAt } from '../../view/menus';
import type { OptionRow } from '../screen';
import type { App } from '../state';
import { cue } from '../cues';
import { menuPressed } from '../input';

/**
 * Moves the page's cursor for this frame: a tap on another row selects it,
 * Up and Down step round. Returns whether the frame's tap was on the row
 * already selected, which changes it as Cross does.
 */
export function moveOptionCursor(app: App, page: { cursor: number; rows: readonly number[]; shown: readonly OptionRow[] }): boolean {
  const b = app.buttons;
  const n = page.rows.length;
  const tapped = b.tapped ? optionRowAt(page.shown, page.cursor, b.tapX, b.tapY) : -1;
  const tapChanges = tapped >= 0 && tapped === page.cursor;
  if (tapped >= 0 && !tapChanges) {
    page.cursor = tapped;
    cue(app.cues, 'click');
  }
  if (menuPressed(b, BTN_UP)) page.cursor = (page.cursor + n - 1) % n;
  if (menuPressed(b, BTN_DOWN)) page.cursor = (page.cursor + 1) % n;
  return tapChanges;
}
