// The table: a game in play (src/app/table.ts runs it), and its pause menu.
// Start pauses: Continue, How to play (for this game's rules) or End game;
// Circle continues; Start again ends the game, as Start, Start leaves every
// other scene. The view hides the table meanwhile. Games start in
// src/app/session.ts (from the title and the results).
import { BTN_CIRCLE, BTN_CROSS, BTN_DOWN, BTN_START, BTN_UP } from '../../contract';
import { drawPauseMenu } from '../../view/pause-view';
import type { View } from '../../view/view';
import type { App } from '../state';
import { cue } from '../cues';
import { menuPressed, wasPressed } from '../input';
import { titleScene, type PauseMenu, type Scene, type TableScene } from '../scene';
import { countEnded } from '../session';
import { pauseAppTable, resumeAppTable, stepTable, tableFinished } from '../table';
import { enterHowTo } from './how-to';
import { enterResults } from './results';

/** Pause menu rows. */
const PAUSE_RESUME = 0;
const PAUSE_HOWTO = 1;
const PAUSE_END = 2;
const PAUSE_ITEMS = 3;

export function tableFrame(app: App, scene: TableScene, now: number): Scene {
  const b = app.buttons;
  if (scene.pause !== null) return pauseFrame(app, scene, scene.pause, now);
  // The PSP going to sleep pauses as Start does: the menu is up on waking.
  if (wasPressed(b, BTN_START) || app.suspending) {
    scene.pause = { cursor: PAUSE_RESUME };
    pauseAppTable(scene.table, now);
    cue(app.cues, 'click');
    return scene;
  }
  const table = scene.table;
  stepTable(table, now, b.pressed);
  if (table.table.game.over !== null && tableFinished(table, now)) return enterResults(app, table);
  return scene;
}

function pauseFrame(app: App, scene: TableScene, pause: PauseMenu, now: number): Scene {
  const b = app.buttons;
  if (menuPressed(b, BTN_UP)) pause.cursor = (pause.cursor + PAUSE_ITEMS - 1) % PAUSE_ITEMS;
  if (menuPressed(b, BTN_DOWN)) pause.cursor = (pause.cursor + 1) % PAUSE_ITEMS;
  if (wasPressed(b, BTN_START)) return endGame(app, scene);
  if (wasPressed(b, BTN_CIRCLE)) return resume(scene, now);
  if (!wasPressed(b, BTN_CROSS)) return scene;
  cue(app.cues, 'click');
  if (pause.cursor === PAUSE_RESUME) return resume(scene, now);
  if (pause.cursor === PAUSE_HOWTO) return enterHowTo(app, scene);
  if (pause.cursor === PAUSE_END) return endGame(app, scene);
  return scene;
}

function resume(scene: TableScene, now: number): Scene {
  scene.pause = null;
  resumeAppTable(scene.table, now);
  return scene;
}

/** Ends the paused game: it counts as played (src/app/session.ts); then the title. */
function endGame(app: App, scene: TableScene): Scene {
  countEnded(app, scene.table);
  return titleScene();
}

export function drawTable(app: App, scene: TableScene, view: View, now: number): void {
  // Paused, the table is not drawn: the pile stays hidden (src/view/pause-view.ts).
  if (scene.pause !== null) drawPauseMenu(view.pause, app.strings, scene.pause.cursor);
  else view.table.draw(scene.table.shown, app.strings, now, '');
}
