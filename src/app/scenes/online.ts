// The Online menu (only where the host reaches a rooms server,
// host.caps.network, or PSPs close by, host.caps.nearby; docs/network.md;
// its rows src/app/online-rows.ts): Create a room (the creator's options,
// then its lobby), Join a room (its code, then its lobby), the same two for
// a nearby room (hosted by this PSP, or joined over ad hoc), Your name
// (chosen once, kept in the save), Back. A player without a name chooses
// one first. A room's link that opened the page (the host's ["invite",
// code]) goes straight to joining that room.
import { BTN_CIRCLE, BTN_CROSS, BTN_DOWN, BTN_START, BTN_UP } from '../../contract';
import { drawOnlineMenu, onlineRowAt } from '../../view/online-view';
import type { View } from '../../view/view';
import type { App } from '../state';
import { cue } from '../cues';
import { menuPressed, wasPressed } from '../input';
import { openRoom } from '../room';
import { lobbyScene, onlineScene, titleScene, type OnlineScene, type Scene, type SceneModule } from '../scene';
import { onlineRows } from '../online-rows';
import { enterCreate } from './create';
import { enterEntry } from './entry';
import { NOTICE_AT_TOP } from '../../view/render';

export function enterOnline(app: App): Scene {
  // A seat's name is chosen once: the first time, before anything else.
  if (app.settings.name === '') return enterEntry(app, 'name', 'online');
  return onlineScene(0);
}

export function onlineFrame(app: App, scene: OnlineScene): Scene {
  const b = app.buttons;
  if (menuPressed(b, BTN_UP)) move(app, scene, -1);
  if (menuPressed(b, BTN_DOWN)) move(app, scene, 1);
  if (wasPressed(b, BTN_CIRCLE | BTN_START)) {
    cue(app.cues, 'click');
    return titleScene();
  }
  const rows = onlineRows(app.host.caps);
  const tapped = b.tapped ? onlineRowAt(rows.length, b.tapX, b.tapY) : -1;
  if (tapped >= 0) scene.cursor = tapped;
  else if (!wasPressed(b, BTN_CROSS)) return scene;
  cue(app.cues, 'click');
  switch (rows[scene.cursor]) {
    case 'create':
      return enterCreate(app, false);
    case 'join':
      return enterEntry(app, 'code', 'join');
    case 'hostNearby':
      return enterCreate(app, true);
    case 'joinNearby':
      return enterEntry(app, 'code', 'joinNearby');
    case 'name':
      return enterEntry(app, 'name', 'rename');
    case 'back':
      return titleScene();
  }
  return scene;
}

function move(app: App, scene: OnlineScene, dir: number): void {
  const n = onlineRows(app.host.caps).length;
  scene.cursor = (scene.cursor + dir + n) % n;
  cue(app.cues, 'click');
}

export function drawOnline(app: App, scene: OnlineScene, view: View): void {
  drawOnlineMenu(view.online, app.strings, onlineRows(app.host.caps), scene.cursor, app.settings.name);
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
  noticeBand: () => NOTICE_AT_TOP,
};
