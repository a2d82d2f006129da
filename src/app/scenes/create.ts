// Create a room: the creator's options (src/app/room-setup.ts: the rule
// set, the seats, the CPU players' seats and level, the variants) as an
// options page, under its first row, Create the room. Up and Down move,
// Left, Right and Cross change a row as in Options (Cross on the first row
// creates the room), Start creates it from any row, Circle goes back to the
// Online menu. The choices are the player's settings, saved.
import { BTN_CIRCLE, BTN_CROSS, BTN_LEFT, BTN_RIGHT, BTN_START } from '../../contract';
import { drawOptionsPage } from '../../view/menus';
import type { View } from '../../view/view';
import type { App } from '../state';
import { cue } from '../cues';
import { menuPressed, wasPressed } from '../input';
import { moveOptionCursor } from './option-cursor';
import { openRoom } from '../room';
import { CREATE_ROW, changeCreateRow, createLines, createRows, roomSetup } from '../room-setup';
import { applySettings, save } from '../saving';
import { lobbyScene, type CreateScene, type Scene, type SceneModule } from '../scene';
import { onlineAt } from '../online-rows';
import { NOTICE_AT_TOP } from '../../view/render';

/** The creator's options for a room on the rooms server, or (`nearby`) for a nearby room this PSP hosts. */
export function enterCreate(app: App, nearby: boolean): CreateScene {
  const scene: CreateScene = { kind: 'create', nearby, cursor: 0, rows: [], shown: [] };
  refresh(app, scene);
  return scene;
}

function refresh(app: App, scene: CreateScene): void {
  applySettings(app);
  scene.rows = createRows(app.settings);
  if (scene.cursor >= scene.rows.length) scene.cursor = scene.rows.length - 1;
  scene.shown = createLines(scene.rows, app.settings, app.strings, scene.nearby);
}

export function createFrame(app: App, scene: CreateScene): Scene {
  const b = app.buttons;
  const tapChanges = moveOptionCursor(app, scene);
  if (wasPressed(b, BTN_CIRCLE)) {
    save(app);
    cue(app.cues, 'click');
    return onlineAt(app.host.caps, scene.nearby ? 'hostNearby' : 'create');
  }
  const row = scene.rows[scene.cursor]!;
  const confirm = wasPressed(b, BTN_CROSS) || tapChanges;
  if (wasPressed(b, BTN_START) || (row === CREATE_ROW && confirm)) {
    save(app);
    cue(app.cues, 'click');
    return lobbyScene(openRoom(app, { op: 'create', setup: roomSetup(app.settings) }, scene.nearby));
  }
  const dir = menuPressed(b, BTN_LEFT) ? -1 : menuPressed(b, BTN_RIGHT) || confirm ? 1 : 0;
  if (dir !== 0 && row !== CREATE_ROW) {
    changeCreateRow(row, app.settings, dir);
    refresh(app, scene);
    cue(app.cues, 'click');
  }
  return scene;
}

export function drawCreate(app: App, scene: CreateScene, view: View): void {
  const o = app.strings.online;
  drawOptionsPage(view.menus, app.strings, scene.shown, scene.cursor, scene.nearby ? o.nearbyCreateTitle : o.createTitle, o.createHint);
}

/** The Create screen: an options page, whose rows taps pick. */
export const CREATE: SceneModule<CreateScene> = {
  frame: createFrame,
  draw: drawCreate,
  onScreen: () => null,
  held: () => null,
  menu: () => true,
  touchConfirms: true,
  taps: () => true,
  costlyEntry: () => false,
  noticeBand: () => NOTICE_AT_TOP,
};
