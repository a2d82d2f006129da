// A room being opened or joined ("Opening the room..."), then its lobby:
// the room's code and link to give the others, the game it will be, who
// sits where (people by name, open seats, CPU players), and what to press:
// the creator starts the game (seats still open get CPU players), the
// others wait for them; Circle leaves. The game's deal takes everyone to
// the table. A room that ends (a join refused, the server gone) goes back
// with one line saying why (src/app/room.ts endedScene).
import { BTN_CIRCLE, BTN_CROSS } from '../../contract';
import { SEAT_PERSON, dealGame } from '../../net/protocol';
import type { LobbyView } from '../../net/client';
import { drawLobby, type LobbySeat, type LobbyShown } from '../../view/online-view';
import type { View } from '../../view/view';
import type { App } from '../state';
import { cue } from '../cues';
import { wasPressed } from '../input';
import type { Strings } from '../i18n/strings';
import { creatorName, endedScene, leaveRoom, pollRoom, roomRow, startRoomGame, type RoomLink } from '../room';
import { onlineTableScene, type LobbyScene, type OnlineTableScene, type Scene, type SceneModule } from '../scene';
import { onlineAt } from '../online-rows';
import { startOnlineTable, type OnlineAppTable } from '../online-table';
import { countGamesBefore } from '../online-count';
import { showNotice } from '../saving';
import { viewSeat } from '../../net/seats';
import { NOTICE_AT_TOP } from '../../view/render';

/** CPU seats (SEAT_KINDS 'cpu') and open ones ('open'), as the lobby message numbers them. */
const SEAT_OPEN = 0;

export function lobbyFrame(app: App, scene: LobbyScene, now: number): Scene {
  const room = scene.room;
  pollRoom(app, room, now);
  if (room.ended !== null) return endedScene(app, room, now);
  const b = app.buttons;
  if (room.deal !== null) return takeDeal(app, room, now);
  if (wasPressed(b, BTN_CIRCLE)) {
    cue(app.cues, 'click');
    leaveRoom(room);
    return onlineAt(app.host.caps, roomRow(room));
  }
  const lobby = room.lobby;
  if (lobby !== null && (scene.shownFor !== lobby || scene.shownLink !== room.link || scene.shownDropped !== room.dropped)) {
    scene.shownFor = lobby;
    scene.shownLink = room.link;
    scene.shownDropped = room.dropped;
    scene.shown = lobbyShown(app.strings, room, lobby);
  }
  if (lobby !== null && lobby.you === lobby.creator && wasPressed(b, BTN_CROSS)) {
    cue(app.cues, 'click');
    startRoomGame(room);
  }
  return scene;
}

/** A game begins (or a rematch, as it stands after a drop: maybe over): its table, fed from here on by the room's messages. */
export function takeDeal(app: App, room: RoomLink, now: number): Scene {
  const table = startOnlineTable(app.strings, app.cues, room.deal!, now);
  room.game = dealGame(room.deal!);
  room.deal = null;
  room.table = table.net;
  return onlineTableScene(room, table);
}

/**
 * A later game's deal than the one on screen (a rematch; after a drop,
 * maybe begun or played to its end while this player was away): the games
 * before it counted (src/app/online-count.ts), then its table, as it
 * stands or as it ended (then its results); one line says what ended while
 * they were away, that one among them.
 */
export function takeLaterDeal(app: App, room: RoomLink, onScreen: OnlineAppTable | null, now: number): Scene {
  const missed = countGamesBefore(app, room, onScreen, room.deal!);
  const scene = takeDeal(app, room, now) as OnlineTableScene;
  const t = scene.table;
  const over = t.net.game.over;
  const games = missed.games + (over !== null ? 1 : 0);
  const winner = over !== null ? over.winner : missed.winner;
  if (games > 0) {
    const you = t.net.you;
    showNotice(app, app.strings.online.missedGames(games, t.show.display.names[viewSeat(winner, you, t.players)] ?? '', winner === you), now);
  }
  return scene;
}

/** What the lobby shows, from its message. */
export function lobbyShown(t: Strings, room: RoomLink, l: LobbyView): LobbyShown {
  const o = t.online;
  const setup = l.setup;
  const seats: LobbySeat[] = [];
  let cpu = 0;
  // The CPU players' level is said only where one plays, or may (an open seat is a CPU player's if nobody comes).
  let cpuMayPlay = false;
  for (let s = 0; s < l.names.length; s++) {
    const kind = l.kinds[s]!;
    if (kind !== SEAT_PERSON) cpuMayPlay = true;
    const marks: string[] = [];
    if (s === l.you) marks.push(o.youMark);
    if (s === l.creator) marks.push(o.creatorMark);
    if (kind === SEAT_PERSON && !l.present[s]) marks.push(o.awayMark);
    const name = kind === SEAT_PERSON ? l.names[s]! : kind === SEAT_OPEN ? o.openSeat : t.cpuNames[cpu++ % t.cpuNames.length]!;
    if (kind !== SEAT_PERSON && kind !== SEAT_OPEN) marks.push(o.cpuMark);
    seats.push({ name, marks: marks.join(', '), you: s === l.you, away: kind === SEAT_PERSON && !l.present[s] });
  }
  const share = [room.nearby ? o.nearbyShareCode : o.shareCode];
  if (room.link !== '') share.push(o.shareLink(room.link));
  return {
    title: o.lobbyTitle(l.code),
    share,
    setup: o.setupLine(t.ruleSetNames[setup.options.ruleSet], t.playersCount(setup.options.players), cpuMayPlay ? t.difficultyNames[setup.difficulty as 'easy'] : null),
    seats,
    // This player's link dropped: the line says it is being taken back (a nearby room's host's PSP looked for), Circle still leaves.
    hint: room.dropped ? `${room.nearby ? o.hostAway : o.reconnecting}   ${o.leaveHint}` : l.you === l.creator ? o.startHint : o.waitStartHint(creatorName(room)),
  };
}

export function drawLobbyScene(app: App, scene: LobbyScene, view: View): void {
  const t = app.strings;
  drawLobby(view.online, scene.shown, scene.room.creating ? t.online.opening : t.online.joining, t.online.waitHint);
}

/** The lobby: Cross starts (the creator), Circle leaves; no rows to tap. */
export const LOBBY: SceneModule<LobbyScene> = {
  frame: lobbyFrame,
  draw: drawLobbyScene,
  onScreen: () => null,
  held: () => null,
  menu: () => true,
  touchConfirms: true,
  taps: () => false,
  costlyEntry: () => false,
  noticeBand: () => NOTICE_AT_TOP,
};
