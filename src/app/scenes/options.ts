// Options: a row per setting that applies (src/app/options.ts); Left and
// Right (or Cross) change the row under the cursor at once, Circle or Start
// goes back to the title and saves. A tap on a row selects it (its help
// shows under the list); a tap on the selected row changes it, as Cross does.
import { BTN_CIRCLE, BTN_CROSS, BTN_LEFT, BTN_RIGHT, BTN_START } from '../../contract';
import { drawOptionsPage } from '../../view/menus';
import type { View } from '../../view/view';
import type { App } from '../state';
import { cue } from '../cues';
import { menuPressed, wasPressed } from '../input';
import { moveOptionCursor } from './option-cursor';
import { changeRow, optionLines, optionRows } from '../options';
import { applySettings, save } from '../saving';
import { titleScene, type OptionsScene, type Scene, type SceneModule } from '../scene';
import { NOTICE_AT_TOP } from '../../view/render';

export function enterOptions(app: App): OptionsScene {
  const scene: OptionsScene = { kind: 'options', cursor: 0, rows: [], shown: [] };
  refresh(app, scene);
  return scene;
}

/** After a change: the language, the rows that now apply, their texts, the sound. */
function refresh(app: App, scene: OptionsScene): void {
  applySettings(app);
  scene.rows = optionRows(app.settings);
  if (scene.cursor >= scene.rows.length) scene.cursor = scene.rows.length - 1;
  scene.shown = optionLines(scene.rows, app.settings, app.strings);
}

export function optionsFrame(app: App, scene: OptionsScene): Scene {
  const b = app.buttons;
  const tapChanges = moveOptionCursor(app, scene);
  const dir = menuPressed(b, BTN_LEFT) ? -1 : menuPressed(b, BTN_RIGHT) || wasPressed(b, BTN_CROSS) || tapChanges ? 1 : 0;
  if (dir !== 0) {
    changeRow(scene.rows[scene.cursor]!, app.settings, dir);
    refresh(app, scene);
    cue(app.cues, 'click');
  }
  if (wasPressed(b, BTN_CIRCLE | BTN_START)) {
    save(app);
    return titleScene();
  }
  return scene;
}

export function drawOptions(app: App, scene: OptionsScene, view: View): void {
  drawOptionsPage(view.menus, app.strings, scene.shown, scene.cursor);
}

export const OPTIONS: SceneModule<OptionsScene> = {
  frame: optionsFrame,
  draw: drawOptions,
  onScreen: () => null,
  held: () => null,
  menu: () => true,
  touchConfirms: true,
  taps: () => true,
  costlyEntry: () => false,
  noticeBand: () => NOTICE_AT_TOP,
};
