// A game of an online room (src/app/online-table.ts runs its table from
// the server's messages). The game does not wait for anyone, so there is
// no pause: Start asks whether to leave it, with the table going on behind
// the question; leaving, the seat is played to the end for the player. A
// line over the table says who dropped out (their seat is played for them)
// or that this player's own connection is being taken back; when it is,
// the server's deal brings the game back as it stands, or as it ended
// meanwhile (then its results, counted as everyone's are); if a rematch
// began meanwhile, it is that game the player lands in, the one they left
// counted as it ended. A game a person won here ends in the celebration;
// then the results.
import { BTN_START } from '../../contract';
import { drawQuestion } from '../../view/render';
import { NOTICE_ON_TABLE } from '../../view/table-view';
import type { View } from '../../view/view';
import { CELEBRATION_MS } from '../../view/celebration';
import { NEVER } from '../../table/table';
import type { App } from '../state';
import { cue } from '../cues';
import { anyPressed, wasPressed } from '../input';
import { onlineOver } from '../../net/client';
import { awayNames, holdOnlineTable, onlineFinished, rejoinOnlineTable, stepOnlineTable } from '../online-table';
import { endedScene, laterGameDealt, leaveRoom, pollRoom, roomRow, sendOut } from '../room';
import { onlineAt } from '../online-rows';
import { RESULTS_AFTER_MS } from '../table';
import { type OnlineTableScene, type Scene, type SceneModule } from '../scene';
import { answer } from './question';
import { takeLaterDeal } from './lobby';
import { enterOnlineResults } from './online-results';

/** A celebration takes no skip this soon (src/app/scenes/table.ts says why). */
const SKIP_AFTER_MS = 500;

export function onlineTableFrame(app: App, scene: OnlineTableScene, now: number): Scene {
  const room = scene.room;
  const table = scene.table;
  pollRoom(app, room, now);
  if (room.ended !== null) return endedScene(app, room, now);
  if (room.deal !== null) {
    // A later game: a rematch already (this player was still at the table, or away while the game on screen
    // ended): the games before it count, and the player lands in it as it stands (or in its results).
    if (laterGameDealt(room)) return takeLaterDeal(app, room, table, now);
    // This player's game again after a drop, as it stands or as it ended meanwhile (then its results, as the others saw them).
    if (!onlineOver(table.net)) rejoinOnlineTable(table, room.deal, now);
    room.deal = null;
    room.table = table.net;
  }
  const b = app.buttons;
  if (scene.leaveAsked) {
    const a = answer(b);
    if (a === 'yes') {
      leaveRoom(room);
      return onlineAt(app.host.caps, roomRow(room));
    }
    if (a === 'no') scene.leaveAsked = false;
    stepOnlineTable(table, now, 0);
  } else if (table.celebratedAt !== NEVER) {
    stepOnlineTable(table, now, 0);
    const since = now - table.celebratedAt;
    if (since >= CELEBRATION_MS || (since >= SKIP_AFTER_MS && anyPressed(b))) return enterOnlineResults(app, room, table);
  } else if (room.dropped) {
    // Nothing pressed reaches the server now: the table shows no prompt, and takes no press, until the game comes back.
    stepOnlineTable(table, now, 0);
    holdOnlineTable(table);
  } else if (wasPressed(b, BTN_START)) {
    scene.leaveAsked = true;
    cue(app.cues, 'click');
    stepOnlineTable(table, now, 0);
  } else {
    stepOnlineTable(table, now, b.pressed);
    if (onlineFinished(table, now, RESULTS_AFTER_MS)) return enterOnlineResults(app, room, table);
  }
  sendOut(room, table.net);
  return scene;
}

/** The line over the table: this player's connection being taken back (a nearby room's: its host's PSP looked for), or who dropped out. */
export function banner(app: App, scene: OnlineTableScene): string {
  const o = app.strings.online;
  if (scene.room.dropped) return scene.room.nearby ? o.hostAway : o.reconnecting;
  const away = awayNames(scene.table);
  return away !== '' ? o.away(away) : '';
}

export function drawOnlineTable(app: App, scene: OnlineTableScene, view: View, now: number): void {
  const t = app.strings;
  view.table.draw(scene.table.show.display, t, now, banner(app, scene));
  if (scene.leaveAsked) drawQuestion(view, t.online.leaveQuestion, t.online.leaveAnswers);
}

/** The online game: its buttons are play until the leave question is up. */
export const ONLINE_TABLE: SceneModule<OnlineTableScene> = {
  frame: onlineTableFrame,
  draw: drawOnlineTable,
  onScreen: () => null,
  held: () => null,
  menu: (scene) => scene.leaveAsked,
  touchConfirms: true,
  taps: (scene) => scene.leaveAsked,
  costlyEntry: () => false,
  noticeBand: () => NOTICE_ON_TABLE,
};
