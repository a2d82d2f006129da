// The game as a program: one App value (src/app/state.ts), and a frame that
// reads the buttons and hands them to the current scene (src/app/scene.ts;
// each scene's module in src/app/scenes/ enters, runs and draws it). A
// scene's frame returns the scene of the next frame.
import type { Host } from '../contract';
import { beginDraw, drawNotice, endDraw } from '../view/render';
import { newCues } from './cues';
import { addPressed, anyPressed, newButtons, readButtons, resetButtons } from './input';
import { stringsFor } from './i18n';
import { asProblem, loadNotice } from './notice';
import { menuAliases } from './pads';
import { applySettings, showNotice } from './saving';
import { titleScene, type Scene } from './scene';
import { readSave } from './settings';
import type { App } from './state';
import * as howTo from './scenes/how-to';
import * as options from './scenes/options';
import * as results from './scenes/results';
import * as stats from './scenes/stats';
import * as table from './scenes/table';
import * as title from './scenes/title';

export type { App } from './state';

export function startApp(host: Host): App {
  let damaged = false;
  let text: string | null = null;
  try {
    text = host.load();
  } catch {
    damaged = true;
  }
  const loaded = readSave(typeof text === 'string' ? text : null);
  const problem = asProblem(host.problem?.());
  const strings = stringsFor(loaded.settings.language, host.platform);
  const app: App = {
    host,
    settings: loaded.settings,
    stats: loaded.stats,
    strings,
    scene: titleScene(),
    buttons: newButtons(),
    cues: newCues(),
    notice: { text: '', until: 0 },
    titleCursor: 0,
    gamesStarted: 0,
    dealer: 0,
    lastInputAt: 0,
    lastNow: 0,
    started: false,
    noticePending: damaged || loaded.damaged || problem === 'damaged',
    noticeDue: loadNotice(problem, strings) ?? '',
    quit: false,
  };
  applySettings(app);
  if (app.noticePending) host.log('saved data was damaged; defaults used where unreadable');
  if (app.noticeDue !== '') host.log(`saved data could not be read: ${problem}`);
  return app;
}

/** One frame. A change of scene goes to the host's log ("scene table"): the
 * PSP checks follow live button presses by it (test/psp/live.test.ts), and
 * it dates a player's bug report in the emulator's log. */
export function appFrame(app: App, now: number, buttons: number): void {
  const scene = app.scene;
  if (!app.started) firstFrame(app, now, buttons);
  readButtons(app.buttons, buttons, now);
  app.cues.count = 0;
  app.lastNow = now;
  if (anyPressed(app.buttons)) app.lastInputAt = now;
  // Two people share the PSP: in menus (the pause menu too) either one's buttons work (src/app/pads.ts).
  if (app.settings.humans === 2 && inMenu(app.scene)) addPressed(app.buttons, menuAliases(app.buttons.pressed));
  const next = sceneFrame(app, scene, now);
  // Scenes compare by identity first: comparing two strings costs QuickJS ~200 instructions.
  if (next === scene) return;
  app.scene = next;
  if (next.kind !== scene.kind) app.host.log(`scene ${next.kind}`);
}

// The table comes first in both switches: each case that does not match
// compares two strings, and the table's is the frame that must be cheap
// (bench/figures/frames.mjs: the steady table frame).

function sceneFrame(app: App, scene: Scene, now: number): Scene {
  switch (scene.kind) {
    case 'table':
      return table.frame(app, scene, now);
    case 'title':
      return title.frame(app, scene, now);
    case 'options':
      return options.frame(app, scene);
    case 'howTo':
      return howTo.frame(app, scene);
    case 'results':
      return results.frame(app, scene, now);
    case 'stats':
      return stats.frame(app, scene);
  }
}

/** The frame's draw list: the scene, the notice over it, the sounds. Returns the number of commands. */
export function drawApp(app: App, now: number): number {
  beginDraw();
  const scene = app.scene;
  switch (scene.kind) {
    case 'table':
      table.draw(app, scene, now);
      break;
    case 'title':
      title.draw(app, scene, now);
      break;
    case 'options':
      options.draw(app, scene);
      break;
    case 'howTo':
      howTo.draw(app, scene);
      break;
    case 'results':
      results.draw(app, scene);
      break;
    case 'stats':
      stats.draw(app, scene);
      break;
  }
  if (now < app.notice.until && app.notice.text !== '') drawNotice(app.notice.text);
  return endDraw(app.cues, app.settings.music, app.quit);
}

/** Every scene but the table in play reads the buttons as menu moves. */
function inMenu(scene: Scene): boolean {
  return scene.kind !== 'table' || scene.pause !== null;
}

/** The first frame: buttons held at launch, and the notices that waited for a time. */
function firstFrame(app: App, now: number, buttons: number): void {
  // A button still held from launching the game is not a press.
  resetButtons(app.buttons, buttons);
  app.started = true;
  app.lastInputAt = now;
  if (app.noticePending) {
    showNotice(app, app.strings.savedDataNotice, now);
    app.noticePending = false;
  }
  if (app.noticeDue !== '') showNotice(app, app.noticeDue, now);
  app.noticeDue = '';
}
