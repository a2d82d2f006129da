// An online game's results, as a game's at one device: the winner, how it
// ended, the ranking, this game's figures, the lifetime line. Only a game
// played to its results counts in the statistics (one left, or ended under
// the player by a server restart, never gets here). The room's creator
// starts a rematch (Cross); the others wait for it; anyone may leave
// (Circle). The rematch's deal takes everyone still here to the table.
import { BTN_CIRCLE, BTN_CROSS } from '../../contract';
import { drawResultsPage } from '../../view/menus';
import type { View } from '../../view/view';
import type { App } from '../state';
import { cue } from '../cues';
import { wasPressed } from '../input';
import { resultCause } from '../game-stats';
import { onlineResults, type OnlineAppTable } from '../online-table';
import { countOnlineGame } from '../online-count';
import { creatorName, endedScene, laterGameDealt, leaveRoom, pollRoom, roomRow, startRoomGame, type RoomLink } from '../room';
import { onlineAt } from '../online-rows';
import { type OnlineResultsScene, type Scene, type SceneModule } from '../scene';
import { takeLaterDeal } from './lobby';
import { NOTICE_AT_TOP } from '../../view/render';

/** The game on `played` reached its results: counted for this player (seat 0 as shown), saved, and shown. */
export function enterOnlineResults(app: App, room: RoomLink, played: OnlineAppTable): OnlineResultsScene {
  const game = played.game;
  const over = game.over!;
  countOnlineGame(app, room, game, played.stats, 0);
  const t = app.strings;
  const res = onlineResults(played);
  const results = {
    winner: t.wins(played.show.display.names[over.winner]!, over.winner === 0),
    cause: t.resultCause(resultCause(over), game.options.ruleSet, 1),
    ranking: res.ranking,
    fastestMs: res.fastestMs,
    fastestLabel: t.statFastest,
    cardsPlayed: res.cardsPlayed,
    lifetime: [
      t.lifetimeLine(t.ruleSetNames.classic, app.stats.classic.games, app.stats.classic.wins),
      t.lifetimeLine(t.ruleSetNames.russian, app.stats.russian.games, app.stats.russian.wins),
    ],
  };
  return { kind: 'onlineResults', room, played, results };
}

function isCreator(room: RoomLink): boolean {
  return room.lobby !== null && room.lobby.you === room.lobby.creator;
}

export function onlineResultsFrame(app: App, scene: OnlineResultsScene, now: number): Scene {
  const room = scene.room;
  pollRoom(app, room, now);
  if (room.ended !== null) return endedScene(app, room, now);
  if (room.deal !== null) {
    // A rematch (maybe begun, or even played to its end, while this player was away: the games between count).
    if (laterGameDealt(room)) return takeLaterDeal(app, room, null, now);
    // The finished game again: this player's connection was taken back at its results, which are on screen already.
    room.deal = null;
    room.missed.length = 0;
  }
  const b = app.buttons;
  if (wasPressed(b, BTN_CIRCLE)) {
    cue(app.cues, 'click');
    leaveRoom(room);
    return onlineAt(app.host.caps, roomRow(room));
  }
  if (isCreator(room) && wasPressed(b, BTN_CROSS)) {
    cue(app.cues, 'click');
    startRoomGame(room);
  }
  return scene;
}

export function drawOnlineResults(app: App, scene: OnlineResultsScene, view: View): void {
  const o = app.strings.online;
  const hint = isCreator(scene.room) ? o.rematchHint : o.waitRematchHint(creatorName(scene.room));
  drawResultsPage(view.menus, app.strings, scene.results, scene.played.game.options.ruleSet === 'classic', hint);
}

/** The results: a tap does not confirm (a tap meant for the last card must not start the rematch). */
export const ONLINE_RESULTS: SceneModule<OnlineResultsScene> = {
  frame: onlineResultsFrame,
  draw: drawOnlineResults,
  onScreen: () => null,
  held: () => null,
  menu: () => true,
  touchConfirms: false,
  taps: () => false,
  costlyEntry: () => false,
  noticeBand: () => NOTICE_AT_TOP,
};
