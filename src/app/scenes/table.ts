// The table: a game in play (src/app/table.ts runs it), and its pause menu.
// Start opens the pause menu and Start again closes it as Continue and
// Circle do, through the same 3-2-1 (src/app/table.ts resumeAppTable). How
// to play shows this game's rules; End game asks "End this game?" once
// (Cross ends it, Circle goes back to the menu) and shows the results of
// the game as it stood. The view hides the table meanwhile.
// When every person at the table is out for good, the table waits and asks
// once: keep watching (the CPUs finish at three times the pace) or end the
// game. A game a person won ends in a celebration before the results.
// Games start in src/app/session.ts (from the title and the results).
import { BTN_CIRCLE, BTN_CROSS, BTN_DOWN, BTN_START, BTN_UP } from '../../contract';
import type { GameState } from '../../rules/types';
import { drawOutPrompt, drawPauseMenu, outRowAt, pauseRowAt } from '../../view/pause-view';
import { NOTICE_AT_TOP, drawQuestion } from '../../view/render';
import { NOTICE_ON_TABLE } from '../../view/table-view';
import type { View } from '../../view/view';
import type { App } from '../state';
import { cue } from '../cues';
import { anyPressed, menuPressed, wasPressed } from '../input';
import { CELEBRATION_MS } from '../../view/celebration';
import type { OutPrompt, PauseMenu, Scene, SceneModule, TableScene } from '../scene';
import { cardFlying, pauseAppTable, resumeAppTable, resumeAppTableNow, shownTime, stepTable, tableFinished, type AppTable } from '../table';
import { NEVER } from '../../table/table';
import { enterHowTo } from './how-to';
import { answer } from './question';
import { enterResults } from './results';

/** A celebration takes no skip this soon: the last slap's mashing must not skip it unseen. */
const SKIP_AFTER_MS = 500;
/** Watching the CPUs finish once every person is out: the table's clock runs this much faster. */
export const WATCH_PACE = 3;

/** Pause menu rows. */
const PAUSE_RESUME = 0;
const PAUSE_HOWTO = 1;
const PAUSE_END = 2;
const PAUSE_ITEMS = 3;
/** The out prompt's rows. */
const OUT_WATCH = 0;
const OUT_END = 1;

/** The table's time at host time `now` (the host's own, until the people watch faster). */
export function tableTime(scene: TableScene, now: number): number {
  return scene.pace === 1 ? now : scene.paceBase + (now - scene.paceFrom) * scene.pace;
}

export function tableFrame(app: App, scene: TableScene, real: number): Scene {
  const b = app.buttons;
  const now = tableTime(scene, real);
  if (scene.pause !== null) return pauseFrame(app, scene, scene.pause, now);
  if (scene.out !== null) return outFrame(app, scene, scene.out, real);
  const table = scene.table;
  // A game a person won: the celebration, until its fanfare ends or any button (Start too) skips it.
  if (table.celebratedAt !== NEVER) {
    const since = now - table.celebratedAt;
    stepTable(table, now, 0);
    if (since >= CELEBRATION_MS || (since >= SKIP_AFTER_MS && anyPressed(b))) return enterResults(app, table, false);
    return scene;
  }
  // The PSP going to sleep pauses as Start does: the menu is up on waking.
  if (wasPressed(b, BTN_START) || app.suspending) {
    scene.pause = { cursor: PAUSE_RESUME, endAsked: false };
    pauseAppTable(table, now);
    cue(app.cues, 'click');
    return scene;
  }
  stepTable(table, now, b.pressed);
  const game = table.table.game;
  if (game.over !== null && tableFinished(table, now)) return enterResults(app, table, false);
  // Asked once the person's last card has landed: the table behind the prompt shows them out.
  if (!scene.outAsked && game.over === null && !cardFlying(table) && everyPersonOut(table, game)) {
    scene.outAsked = true;
    // Every person is out the same way: with slapping back in on, only a wrong slap without cards bars them.
    scene.out = { cursor: OUT_WATCH, why: app.strings.outWhy(game.options.slapIn, table.humans.length === 2) };
    pauseAppTable(table, now);
  }
  return scene;
}

/**
 * Every person at the table can never act again: out of cards with slapping
 * back in off, or barred (classic; in the Russian game the first out wins).
 */
function everyPersonOut(table: AppTable, game: GameState): boolean {
  if (table.humans.length === 0 || game.options.ruleSet !== 'classic') return false;
  // Run every table frame: an index loop (for-of would allocate an iterator each frame; test/game/steady.test.ts).
  for (let i = 0; i < table.humans.length; i++) {
    const seat = table.humans[i]!;
    if (game.stacks[seat]!.length > 0) return false;
    if (game.options.slapIn && !game.barred[seat]) return false;
    if (game.pendingCollect !== null && game.pendingCollect.seat === seat) return false;
  }
  return true;
}

function outFrame(app: App, scene: TableScene, out: OutPrompt, real: number): Scene {
  const b = app.buttons;
  if (menuPressed(b, BTN_UP) || menuPressed(b, BTN_DOWN)) out.cursor = out.cursor === OUT_WATCH ? OUT_END : OUT_WATCH;
  // A tap on a row picks that row.
  const tapped = b.tapped ? outRowAt(b.tapX, b.tapY) : -1;
  if (tapped >= 0) out.cursor = tapped;
  const chosen = wasPressed(b, BTN_CROSS) || tapped >= 0;
  const watch = wasPressed(b, BTN_CIRCLE | BTN_START) || (chosen && out.cursor === OUT_WATCH);
  if (chosen && out.cursor === OUT_END) return enterResults(app, scene.table, true);
  if (!watch) return scene;
  cue(app.cues, 'click');
  scene.out = null;
  // The table's clock speeds up from here: it reads on from where it stood.
  scene.paceBase = tableTime(scene, real);
  scene.paceFrom = real;
  scene.pace = WATCH_PACE;
  resumeAppTableNow(scene.table, scene.paceBase);
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
  // A tap on a row picks that row.
  const tapped = b.tapped ? pauseRowAt(b.tapX, b.tapY) : -1;
  if (tapped >= 0) pause.cursor = tapped;
  else if (!wasPressed(b, BTN_CROSS)) return scene;
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

export function drawTable(app: App, scene: TableScene, view: View, real: number): void {
  const t = app.strings;
  // Paused, the table is not drawn: the pile stays hidden (src/view/pause-view.ts).
  if (scene.pause !== null) {
    drawPauseMenu(view.pause, t, scene.pause.cursor);
    if (scene.pause.endAsked) drawQuestion(view, t.endQuestion, t.endAnswers);
    return;
  }
  view.table.draw(scene.table.show.display, t, shownTime(scene.table, tableTime(scene, real)), scene.pace !== 1 ? t.watchingFaster : '');
  // Out of the game, the people see the table they can no longer play on.
  if (scene.out !== null) drawOutPrompt(view.pause, t, scene.out.cursor, scene.out.why);
}

/** The table in play: its buttons are play until the pause menu or the out prompt is up; its entry dealt the game. */
export const TABLE: SceneModule<TableScene> = {
  frame: tableFrame,
  draw: drawTable,
  onScreen: (scene) => scene.table,
  held: (scene) => scene.table,
  menu: (scene) => scene.pause !== null || scene.out !== null,
  touchConfirms: true,
  taps: (scene) => scene.pause !== null || scene.out !== null,
  costlyEntry: () => true,
  // Under the pause menu or the out prompt the table is hidden or shaded: the notice goes back to the top, clear of their panels.
  noticeBand: (scene) => (scene.pause !== null || scene.out !== null ? NOTICE_AT_TOP : NOTICE_ON_TABLE),
};
