// The Online menu (only where the host reaches a rooms server,
// host.caps.network; docs/network.md): Create a room (the creator's
// options, then its lobby), Join a room (its code, then its lobby), Your
// name (chosen once, kept in the save), Back. A player without a name
// chooses one first. A room's link that opened the page (the host's
// ["invite", code]) goes straight to joining that room.
import { BTN_CIRCLE, BTN_CROSS, BTN_DOWN, BTN_START, BTN_UP } from '../../contract';
import { drawOnlineMenu, ONLINE_ROWS, onlineRowAt } from '../../view/online-view';
import type { View } from '../../view/view';
import type { App } from '../state';
import { cue } from '../cues';
import { menuPressed, wasPressed } from '../input';
import { openRoom } from '../room';
import { lobbyScene, onlineScene, titleScene, type OnlineScene, type Scene, type SceneModule } from '../scene';
import { enterCreate } from './create';
import { enterEntry } from './entry';

const ROW_CREATE = 0;
const ROW_JOIN = 1;
const ROW_NAME = 2;
const ROW_BACK = 3;

export function enterOnline(app: App, cursor = ROW_CREATE): Scene {
  // A seat's name is chosen once: the first time, before anything else.
  if (app.settings.name === '') return enterEntry(app, 'name', 'online');
  return onlineScene(cursor);
}

export function onlineFrame(app: App, scene: OnlineScene): Scene {
  const b = app.buttons;
  if (menuPressed(b, BTN_UP)) move(app, scene, -1);
  if (menuPressed(b, BTN_DOWN)) move(app, scene, 1);
  if (wasPressed(b, BTN_CIRCLE | BTN_START)) {
    cue(app.cues, 'click');
    return titleScene();
  }
  const tapped = b.tapped ? onlineRowAt(b.tapX, b.tapY) : -1;
  if (tapped >= 0) scene.cursor = tapped;
  else if (!wasPressed(b, BTN_CROSS)) return scene;
  cue(app.cues, 'click');
  switch (scene.cursor) {
    case ROW_CREATE:
      return enterCreate(app);
    case ROW_JOIN:
      return enterEntry(app, 'code', 'join');
    case ROW_NAME:
      return enterEntry(app, 'name', 'rename');
    case ROW_BACK:
      return titleScene();
  }
  return scene;
}

function move(app: App, scene: OnlineScene, dir: number): void {
  scene.cursor = (scene.cursor + dir + ONLINE_ROWS) % ONLINE_ROWS;
  cue(app.cues, 'click');
}

export function drawOnline(app: App, scene: OnlineScene, view: View): void {
  drawOnlineMenu(view.online, app.strings, scene.cursor, app.settings.name);
}

/**
 * On the title: a room's link opened the page (the host's ["invite",
 * code], the first thing it says): that room's lobby, after choosing a
 * name if there is none yet; null without one. Anything else the network
 * says while the title is up is left over from a room already left.
 */
export function invited(app: App): Scene | null {
  for (let line = app.host.netReceive(); line !== null; line = app.host.netReceive()) {
    let item: unknown;
    try {
      item = JSON.parse(line);
    } catch {
      continue;
    }
    if (!Array.isArray(item) || item[0] !== 'invite' || typeof item[1] !== 'string') continue;
    const code = item[1].toUpperCase();
    return app.settings.name === '' ? enterEntry(app, 'name', { invite: code }) : lobbyScene(openRoom(app, { op: 'join', code }));
  }
  return null;
}

/** The Online menu: taps pick its rows. */
export const ONLINE: SceneModule<OnlineScene> = {
  frame: onlineFrame,
  draw: drawOnline,
  onScreen: () => null,
  held: () => null,
  menu: () => true,
  touchConfirms: true,
  taps: () => true,
  costlyEntry: () => false,
};
