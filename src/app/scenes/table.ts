// The table: a game in play (src/app/table.ts runs it), and its pause menu.
// Start opens the pause menu and Start again closes it (Continue), as
// Circle does; How to play shows this game's rules; End game asks "End this
// game?" once (Cross ends it, Circle goes back to the menu) and shows the
// results of the game as it stood. The view hides the table meanwhile.
// Games start in src/app/session.ts (from the title and the results).
import { BTN_CIRCLE, BTN_CROSS, BTN_DOWN, BTN_START, BTN_UP } from '../../contract';
import { drawPauseMenu } from '../../view/pause-view';
import { drawQuestion } from '../../view/render';
import type { View } from '../../view/view';
import type { App } from '../state';
import { cue } from '../cues';
import { anyPressed, menuPressed, wasPressed } from '../input';
import { CELEBRATION_MS } from '../screen';
import type { PauseMenu, Scene, TableScene } from '../scene';
import { pauseAppTable, resumeAppTable, stepTable, tableFinished } from '../table';
import { enterHowTo } from './how-to';
import { answer } from './quit-question';
import { enterResults } from './results';

/** A celebration takes no skip this soon: the last slap's mashing must not skip it unseen. */
const SKIP_AFTER_MS = 500;

/** Pause menu rows. */
const PAUSE_RESUME = 0;
const PAUSE_HOWTO = 1;
const PAUSE_END = 2;
const PAUSE_ITEMS = 3;

export function tableFrame(app: App, scene: TableScene, now: number): Scene {
  const b = app.buttons;
  if (scene.pause !== null) return pauseFrame(app, scene, scene.pause, now);
  const table = scene.table;
  // A game a person won: the celebration, until its fanfare ends or any button (Start too) skips it.
  const c = table.shown.celebration;
  if (c.active) {
    stepTable(table, now, 0);
    if (now - c.start >= CELEBRATION_MS || (now - c.start >= SKIP_AFTER_MS && anyPressed(b))) return enterResults(app, table, false);
    return scene;
  }
  // The PSP going to sleep pauses as Start does: the menu is up on waking.
  if (wasPressed(b, BTN_START) || app.suspending) {
    scene.pause = { cursor: PAUSE_RESUME, endAsked: false };
    pauseAppTable(scene.table, now);
    cue(app.cues, 'click');
    return scene;
  }
  stepTable(table, now, b.pressed);
  if (table.table.game.over !== null && tableFinished(table, now)) return enterResults(app, table, false);
  return scene;
}

function pauseFrame(app: App, scene: TableScene, pause: PauseMenu, now: number): Scene {
  const b = app.buttons;
  // Start closes the pause menu, whatever is up in it.
  if (wasPressed(b, BTN_START)) return resume(app, scene, now);
  if (pause.endAsked) {
    const a = answer(b);
    if (a === 'yes') return enterResults(app, scene.table, true);
    if (a === 'no') pause.endAsked = false;
    return scene;
  }
  if (menuPressed(b, BTN_UP)) pause.cursor = (pause.cursor + PAUSE_ITEMS - 1) % PAUSE_ITEMS;
  if (menuPressed(b, BTN_DOWN)) pause.cursor = (pause.cursor + 1) % PAUSE_ITEMS;
  if (wasPressed(b, BTN_CIRCLE)) return resume(app, scene, now);
  if (!wasPressed(b, BTN_CROSS)) return scene;
  cue(app.cues, 'click');
  if (pause.cursor === PAUSE_RESUME) return resume(app, scene, now);
  if (pause.cursor === PAUSE_HOWTO) return enterHowTo(app, scene);
  if (pause.cursor === PAUSE_END) pause.endAsked = true;
  return scene;
}

function resume(app: App, scene: TableScene, now: number): Scene {
  scene.pause = null;
  resumeAppTable(scene.table, now);
  cue(app.cues, 'click');
  return scene;
}

export function drawTable(app: App, scene: TableScene, view: View, now: number): void {
  const t = app.strings;
  // Paused, the table is not drawn: the pile stays hidden (src/view/pause-view.ts).
  if (scene.pause !== null) {
    drawPauseMenu(view.pause, t, scene.pause.cursor);
    if (scene.pause.endAsked) drawQuestion(view, t.endQuestion, t.endAnswers);
  } else view.table.draw(scene.table.shown, t, now, '');
}
