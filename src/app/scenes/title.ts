// The title: its menu (Play, Options, How to play, Statistics, Watch CPUs,
// Quit), and a CPU-only game behind it after a while idle or as Watch CPUs.
// Every scene comes back here by titleScene() (src/app/scene.ts). Start, or
// the Quit row, asks "Quit to the PSP menu?" first: Start or Cross quits,
// Circle stays (a stray Start never leaves the game).
import { BTN_CROSS, BTN_DOWN, BTN_START, BTN_UP } from '../../contract';
import { drawDemoLogo, drawTitleMenu, titleRowAt } from '../../view/menus';
import { NOTICE_AT_TOP, drawQuestion } from '../../view/render';
import { NOTICE_ON_TABLE } from '../../view/table-view';
import type { View } from '../../view/view';
import type { App } from '../state';
import { cue } from '../cues';
import { anyPressed, menuPressed, wasPressed } from '../input';
import type { Demo, Scene, SceneModule, TitleScene } from '../scene';
import { DEAL_AHEAD_AFTER_MS, dealAhead, dealDemoAhead, startDemo, startGame } from '../session';
import { releaseTable, stepTable, tableFinished, type AppTable } from '../table';
import { enterHowTo } from './how-to';
import { enterOptions } from './options';
import { enterStats } from './stats';
import { enterOnline, invited } from './online';
import { hasRooms } from '../online-rows';
import type { Strings } from '../i18n/strings';
import { answer } from './question';

/** Idle this long on the title and a CPU-only game plays behind it. */
export const DEMO_AFTER_MS = 20000;
/** Title menu rows, top to bottom: Online only where the host reaches a rooms server or PSPs close by (src/app/online-rows.ts hasRooms). */
type TitleItem = keyof Strings['menu'];
const ITEMS: readonly TitleItem[] = ['play', 'options', 'howTo', 'stats', 'watch', 'quit'];
const ITEMS_ONLINE: readonly TitleItem[] = ['play', 'online', 'options', 'howTo', 'stats', 'watch', 'quit'];

function titleItems(app: App): readonly TitleItem[] {
  return hasRooms(app.host.caps) ? ITEMS_ONLINE : ITEMS;
}

export function titleFrame(app: App, scene: TitleScene, now: number): Scene {
  const b = app.buttons;
  // A room's link opened the page: its room, once a name is chosen (src/app/scenes/online.ts).
  if (app.host.caps.network) {
    const invite = invited(app);
    if (invite !== null) return invite;
  }
  const demo = scene.demo;
  if (demo !== null) {
    // Any button (or a tap) ends the demo, and does nothing else.
    if (anyPressed(b) || b.tapped) {
      replaceDemo(scene, null);
      scene.starting = null;
      return scene;
    }
    stepTable(demo.table, now, 0);
    // A game played out stays up while the next is dealt.
    if (scene.starting === null && tableFinished(demo.table, now)) scene.starting = { watching: demo.watching, next: null };
    return scene.starting !== null ? stepStart(app, scene, now) : scene;
  }
  if (scene.starting !== null) {
    // A press while a CPU game is dealt behind the menu is the menu's.
    if (anyPressed(b) || b.tapped) scene.starting = null;
    else return stepStart(app, scene, now);
  }
  if (scene.quitAsked) {
    const a = answer(b, BTN_START);
    // The last picture is the menu without its question: a host that shows it after quitting (the web page) shows no ghost of it.
    if (a === 'yes') {
      app.quit = true;
      scene.quitAsked = false;
    }
    else if (a === 'no') scene.quitAsked = false;
    return scene;
  }
  if (now - app.lastInputAt >= DEMO_AFTER_MS) {
    scene.starting = { watching: false, next: null };
    return stepStart(app, scene, now);
  }
  if (menuPressed(b, BTN_UP)) move(app, -1);
  if (menuPressed(b, BTN_DOWN)) move(app, 1);
  if (wasPressed(b, BTN_START)) return askQuit(app, scene);
  // A tap on a row picks that row.
  const items = titleItems(app);
  const tapped = b.tapped ? titleRowAt(b.tapX, b.tapY, items.length) : -1;
  if (tapped >= 0) app.titleCursor = tapped;
  else if (!wasPressed(b, BTN_CROSS)) {
    if (now - app.lastInputAt >= DEAL_AHEAD_AFTER_MS) scene.next = dealAhead(app, scene.next);
    return scene;
  }
  cue(app.cues, 'click');
  switch (items[app.titleCursor]) {
    case 'play':
      return startGame(app, now, scene.next);
    case 'online':
      return enterOnline(app);
    case 'options':
      return enterOptions(app);
    case 'howTo':
      return enterHowTo(app, null);
    case 'stats':
      return enterStats(app);
    case 'watch':
      scene.starting = { watching: true, next: null };
      return stepStart(app, scene, now);
    case 'quit':
      return askQuit(app, scene);
  }
  return scene;
}

function askQuit(app: App, scene: TitleScene): TitleScene {
  scene.quitAsked = true;
  cue(app.cues, 'click');
  return scene;
}

/**
 * One step of starting a CPU-only game, a frame each: its options, its deal
 * (src/app/session.ts dealDemoAhead), then its table on a new title scene,
 * whose first picture src/app/app.ts drawApp prepares behind the one on
 * screen (the menu, or the game played out) as it does the table's after
 * Play. The demo shows about 0.1 s after it is due; a game played out is
 * let go when its successor's scene replaces its own (app.ts letGo).
 */
function stepStart(app: App, scene: TitleScene, now: number): Scene {
  const s = scene.starting!;
  if (s.next === null || s.next.game === null) {
    s.next = dealDemoAhead(app, s.watching, s.next);
    return scene;
  }
  return { kind: 'title', demo: startDemo(app, now, s.watching, s.next), quitAsked: scene.quitAsked, next: scene.next, starting: null };
}

/** The demo game that ends or is stopped is let go at once (src/app/app.ts letGo says why). */
function replaceDemo(scene: TitleScene, next: Demo | null): void {
  if (scene.demo !== null) releaseTable(scene.demo.table);
  scene.demo = next;
}

function move(app: App, dir: number): void {
  const n = titleItems(app).length;
  app.titleCursor = (app.titleCursor + dir + n) % n;
  cue(app.cues, 'click');
}

export function drawTitle(app: App, scene: TitleScene, view: View, now: number): void {
  const t = app.strings;
  const demo = scene.demo;
  if (demo === null) {
    drawTitleMenu(view.menus, t, titleItems(app), app.titleCursor);
    if (scene.quitAsked) drawQuestion(view, (t.machine ?? 'psp') === 'psp' ? t.quitQuestion.psp : t.quitQuestion.elsewhere, t.quitAnswers);
    return;
  }
  view.table.draw(demo.table.show.display, t, now, demo.watching ? t.watching : t.demo);
  if (!demo.watching) drawDemoLogo();
}

/** The title: a menu, with a CPU game behind it whose table's start cost its first frame. */
export const TITLE: SceneModule<TitleScene> = {
  frame: titleFrame,
  draw: drawTitle,
  onScreen: demoTable,
  held: demoTable,
  menu: () => true,
  touchConfirms: true,
  taps: (scene) => scene.demo === null,
  costlyEntry: (scene) => scene.demo !== null,
  noticeBand: (scene) => (scene.demo !== null ? NOTICE_ON_TABLE : NOTICE_AT_TOP),
};

function demoTable(scene: TitleScene): AppTable | null {
  return scene.demo !== null ? scene.demo.table : null;
}
