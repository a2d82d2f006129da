// The title: its menu (Play, Options, How to play, Statistics, Watch CPUs,
// Quit), and a CPU-only game behind it after a while idle or as Watch CPUs.
// Every scene comes back here by titleScene() (src/app/scene.ts).
import { BTN_CROSS, BTN_DOWN, BTN_START, BTN_UP } from '../../contract';
import { drawDemoLogo, drawTitleMenu } from '../../view/menus';
import type { View } from '../../view/view';
import type { App } from '../state';
import { cue } from '../cues';
import { anyPressed, menuPressed, wasPressed } from '../input';
import type { Demo, Scene, TitleScene } from '../scene';
import { DEAL_AHEAD_AFTER_MS, dealAhead, startDemo, startGame } from '../session';
import { releaseTable, stepTable, tableFinished } from '../table';
import { enterHowTo } from './how-to';
import { enterOptions } from './options';
import { enterStats } from './stats';

/** Idle this long on the title and a CPU-only game plays behind it. */
export const DEMO_AFTER_MS = 20000;
/** Title menu rows, top to bottom. */
const ITEM_PLAY = 0;
const ITEM_OPTIONS = 1;
const ITEM_HOWTO = 2;
const ITEM_STATS = 3;
const ITEM_WATCH = 4;
const ITEM_QUIT = 5;
const TITLE_ITEMS = 6;

export function titleFrame(app: App, scene: TitleScene, now: number): Scene {
  const b = app.buttons;
  const demo = scene.demo;
  if (demo !== null) {
    // Any button ends the demo, and does nothing else.
    if (anyPressed(b)) replaceDemo(scene, null);
    else {
      stepTable(demo.table, now, 0);
      if (tableFinished(demo.table, now)) replaceDemo(scene, startDemo(app, now, demo.watching));
    }
    return scene;
  }
  if (now - app.lastInputAt >= DEMO_AFTER_MS) {
    scene.demo = startDemo(app, now, false);
    return scene;
  }
  if (menuPressed(b, BTN_UP)) move(app, -1);
  if (menuPressed(b, BTN_DOWN)) move(app, 1);
  if (wasPressed(b, BTN_START)) {
    app.quit = true;
    return scene;
  }
  if (!wasPressed(b, BTN_CROSS)) {
    if (now - app.lastInputAt >= DEAL_AHEAD_AFTER_MS) scene.next = dealAhead(app, scene.next);
    return scene;
  }
  cue(app.cues, 'click');
  switch (app.titleCursor) {
    case ITEM_PLAY:
      return startGame(app, now, scene.next);
    case ITEM_OPTIONS:
      return enterOptions(app);
    case ITEM_HOWTO:
      return enterHowTo(app, null);
    case ITEM_STATS:
      return enterStats(app);
    case ITEM_WATCH:
      scene.demo = startDemo(app, now, true);
      return scene;
    case ITEM_QUIT:
      app.quit = true;
      return scene;
  }
  return scene;
}

/** The demo game that ends or is stopped is let go at once (src/app/app.ts letGo says why). */
function replaceDemo(scene: TitleScene, next: Demo | null): void {
  if (scene.demo !== null) releaseTable(scene.demo.table);
  scene.demo = next;
}

function move(app: App, dir: number): void {
  app.titleCursor = (app.titleCursor + dir + TITLE_ITEMS) % TITLE_ITEMS;
  cue(app.cues, 'click');
}

export function drawTitle(app: App, scene: TitleScene, view: View, now: number): void {
  const t = app.strings;
  const demo = scene.demo;
  if (demo === null) return drawTitleMenu(view.menus, t, app.titleCursor);
  view.table.draw(demo.table.shown, t, now, demo.watching ? t.watching : t.demo);
  if (!demo.watching) drawDemoLogo();
}
