// The game as a program: one App value (src/app/state.ts), and a frame that
// reads the buttons and hands them to the current scene (src/app/scene.ts;
// each scene's module in src/app/scenes/ enters, runs and draws it, found by
// its kind in src/app/scenes/index.ts). A scene's frame returns the scene of
// the next frame.
import { SIG_CLOSE, SIG_SAVE_FAILED, SIG_SUSPEND, SIGNALS, TAP_NONE } from '../contract';
import { beginRehearsal, endRehearsal } from '../view/budget';
import { beginFrame, bringForward, holdPicture, pictureOf } from '../view/drawlist';
import { beginBehind, beginDraw, drawNotice, endDraw } from '../view/render';
import type { View } from '../view/view';
import { addPressed, anyPressed, readButtons, swallow } from './input';
import { menuAliases, PLAY_AND_SLAP, touchMenuAliases } from './pads';
import type { Scene, SceneModule } from './scene';
import { MODULES } from './scenes';
import { save, saveFailed } from './saving';
import { firstFrame } from './start';
import type { App } from './state';
import { releaseTable, type AppTable } from './table';

export type { App } from './state';

/**
 * The work a frame that prepares a new scene may spend on its drawing
 * (src/view/budget.ts units, about 2,500 QuickJS instructions each): with
 * the rest of the frame it stays under 600,000 instructions.
 */
const REHEARSAL_UNITS = 45;
export { startApp } from './start';

/** One frame. A change of scene goes to the host's log ("scene table"): the
 * PSP checks follow live button presses by it (test/psp/live.test.ts), and
 * it dates a player's bug report in the emulator's log. `tap`: where a
 * touch or click began this frame (docs/host-api.md), TAP_NONE for none. */
export function appFrame(app: App, now: number, mask: number, tap = TAP_NONE): void {
  const scene = app.scene;
  // The host's signals (src/contract.ts) are not buttons: no press, no input.
  const buttons = mask & ~SIGNALS;
  app.suspending = (mask & SIG_SUSPEND) !== 0;
  if (!app.started) firstFrame(app, now, buttons);
  readButtons(app.buttons, buttons, now, tap);
  // Read every frame, so that what was typed elsewhere (keys pressed in a game) is not taken for a name later.
  app.buttons.typed = app.host.typed() ?? '';
  app.cues.count = 0;
  app.lastNow = now;
  if (anyPressed(app.buttons) || app.buttons.tapped) app.lastInputAt = now;
  if ((mask & SIG_SAVE_FAILED) !== 0) saveFailed(app, 'the host signalled SIG_SAVE_FAILED');
  // The desktop window's close button: the host runs this one last frame and
  // exits. The settings as they are now (Options may be open) are kept.
  if ((mask & SIG_CLOSE) !== 0) {
    save(app);
    app.quit = true;
    return;
  }
  const module = MODULES[scene.kind];
  // A tap on a menu picks the row under it (the scene's frame reads where):
  // the play or slap the same touch holds on a touch screen's zone confirms nothing.
  if (app.buttons.tapped && module.taps(scene)) swallow(app.buttons, PLAY_AND_SLAP);
  // Two people share the PSP: in menus (the pause menu too) either one's buttons work (src/app/pads.ts).
  if (app.settings.humans === 2 && module.menu(scene)) addPressed(app.buttons, menuAliases(app.buttons.pressed));
  // One person on a touch screen: either half confirms in menus (src/app/pads.ts).
  else if (app.host.caps.touch.length > 0 && module.touchConfirms && module.menu(scene)) addPressed(app.buttons, touchMenuAliases(app.buttons.pressed));
  const next = module.frame(app, scene, now);
  // Scenes compare by identity first: comparing two strings costs QuickJS ~200 instructions.
  if (next === scene) return;
  app.scene = next;
  letGo(scene, next);
  if (next.kind !== scene.kind) app.host.log(`scene ${next.kind}`);
}

/**
 * A game the old scene held and the new one does not is let go at once
 * (src/app/table.ts releaseTable): otherwise it stays in memory until
 * QuickJS's cycle collector runs (issue 25, the heap between games). The
 * title lets its demo games go itself (src/app/scenes/title.ts).
 */
function letGo(scene: Scene, next: Scene): void {
  const old = MODULES[scene.kind].held(scene);
  if (old !== null && old !== MODULES[next.kind].held(next)) releaseTable(old);
}

/**
 * The frame's draw list: the scene, the notice over it, the sounds. Returns
 * the number of commands.
 *
 * A new scene's first picture is prepared behind the one on screen, which
 * stays up meanwhile: its text laid out and its layers built within the
 * frame's budget (src/view/budget.ts), over as many frames as that takes,
 * so that no frame costs much more than a steady one (the table's deal, the
 * results page: issue 24, bench/results.md "Budgets"). Entering the table
 * and the results already costs the frame the game's deal or its counting
 * and saving, and a title with a new CPU game its table's start (src/app/
 * scenes/title.ts stepStart), so their preparing starts the frame after. A scene that fits
 * the budget is shown in the frame it is entered, as before.
 */
export function drawApp(app: App, view: View, now: number): number {
  const scene = app.scene;
  const module = MODULES[scene.kind];
  pictureOf(view.picture);
  // A frame that took a pile spent half its budget on the rules and the CPU
  // players: the last picture stays up and the new one is drawn the next frame.
  if (pictureWaits(module.onScreen(scene)) && scene === view.shown) holdPicture();
  else if (scene === view.shown || view.shown === null) {
    beginDraw();
    drawPicture(app, module, scene, view, now);
    view.shown = scene;
  } else if (view.preparing !== scene && module.costlyEntry(scene)) {
    view.preparing = scene;
    holdPicture();
  } else {
    view.preparing = scene;
    const from = beginBehind();
    beginRehearsal(REHEARSAL_UNITS);
    drawPicture(app, module, scene, view, now);
    if (endRehearsal()) {
      bringForward(from);
      view.shown = scene;
      view.preparing = null;
    } else holdPicture();
  }
  return endDraw(view, app.cues, app.settings.music, app.quit);
}

/** The table on screen took a pile this frame (src/app/table.ts pictureWaits): read once, and cleared. */
function pictureWaits(table: AppTable | null): boolean {
  if (table === null || !table.pictureWaits) return false;
  table.pictureWaits = false;
  return true;
}

/**
 * Before the first frame, while the host loads the game: the first scene's
 * picture drawn once and dropped, so that the first frame finds its text
 * laid out and its layers built. There is no picture before it to hold up
 * while it is prepared, and the load is behind a blank screen anyway; its
 * cost is counted in the cold start (bench/figures/cold-start.mjs).
 */
export function prepareFirstPicture(app: App, view: View): void {
  pictureOf(view.picture);
  beginDraw();
  drawPicture(app, MODULES[app.scene.kind], app.scene, view, 0);
  beginFrame();
}

/** The scene and the notice over it. */
function drawPicture(app: App, module: SceneModule<Scene>, scene: Scene, view: View, now: number): void {
  module.draw(app, scene, view, now);
  if (now < app.notice.until && app.notice.text !== '') drawNotice(view, app.notice.text, module.noticeBand(scene));
}
