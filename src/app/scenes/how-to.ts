// How to play: pages of the rules as the options are set (from the title) or
// as the paused game is played (from its pause menu, which it goes back to).
// Left and Right turn the pages; Cross past the last page, Circle or Start goes back.
import { BTN_CIRCLE, BTN_CROSS, BTN_LEFT, BTN_RIGHT, BTN_START } from '../../contract';
import { drawHowToPage } from '../../view/howto-view';
import type { View } from '../../view/view';
import type { App } from '../state';
import { howToPages } from '../howto';
import { menuPressed, wasPressed } from '../input';
import { gameOptions } from '../options';
import { titleScene, type HowToScene, type Scene, type SceneModule, type TableScene } from '../scene';
import { NOTICE_AT_TOP } from '../../view/render';

/** back: the paused table it was opened from, or null from the title. */
export function enterHowTo(app: App, back: TableScene | null): HowToScene {
  const options = back !== null ? back.table.table.game.options : gameOptions(app.settings);
  const people = back !== null ? back.table.humans.length : app.settings.humans;
  const pages = howToPages(options, app.strings, app.host.caps, people);
  return { kind: 'howTo', pages, page: 0, back };
}

export function howToFrame(app: App, scene: HowToScene): Scene {
  const b = app.buttons;
  if (wasPressed(b, BTN_START)) return scene.back ?? titleScene();
  const last = scene.pages.length - 1;
  if (menuPressed(b, BTN_LEFT) && scene.page > 0) scene.page--;
  if ((menuPressed(b, BTN_RIGHT) || wasPressed(b, BTN_CROSS)) && scene.page < last) scene.page++;
  // Back where it was opened: the title, or the paused table's menu.
  else if (wasPressed(b, BTN_CROSS) || wasPressed(b, BTN_CIRCLE)) return scene.back ?? titleScene();
  return scene;
}

export function drawHowTo(app: App, scene: HowToScene, view: View): void {
  drawHowToPage(view.howTo, app.strings, scene.pages, scene.page);
}

/** How to play: pages over no table, holding the paused one it was opened from. */
export const HOW_TO: SceneModule<HowToScene> = {
  frame: howToFrame,
  draw: drawHowTo,
  onScreen: () => null,
  held: (scene) => (scene.back !== null ? scene.back.table : null),
  menu: () => true,
  touchConfirms: true,
  taps: () => false,
  costlyEntry: () => false,
  noticeBand: () => NOTICE_AT_TOP,
};
