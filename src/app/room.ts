// An online room as the game script holds it, from the request to open or
// join one to leaving it: what the host's net functions bring (the host
// contract's netReceive, polled once a frame by the scene the player is in:
// the lobby, the online table, the results), and what goes back through
// netSend. The server's messages are src/net/protocol.ts's; the game inside
// them is the online table's (src/net/client.ts), which this hands them to.
// A nearby room this PSP hosts (src/app/hosting.ts) is the same room link,
// its net functions the hosted room's in-process client's.
import { C, S, dealGame, type Deal, type Ended, type Lobby } from '../net/protocol';
import { lobbyView, onlineMessage, type LobbyView, type OnlineTable } from '../net/client';
import type { App } from './state';
import { showNotice } from './saving';
import { hostingFrame, hostingHas, hostingNet, openHosting, type Hosting, type RoomNet } from './hosting';
import { titleScene, type Scene } from './scene';
import { onlineAt, type OnlineRow } from './online-rows';

/** Why a room ended for this player: the line the title (or the Online menu) shows (src/app/i18n OnlineStrings). */
export type RoomEnd = 'notFound' | 'started' | 'full' | 'unreachable' | 'nearbyUnreachable' | 'nearbyNotOpened' | 'tooMany' | 'lost' | 'hostLeft' | 'hostGone' | 'hostSlept' | 'serverStopping' | 'left';

export interface RoomLink {
  /** Opened by this player (Create) rather than joined. */
  readonly creating: boolean;
  /** A room between PSPs without a server (ad hoc): hosted here (creating) or joined through the host's net functions with "via":"nearby". */
  readonly nearby: boolean;
  /** The net functions this room goes through: the host's, or the in-process client of the room this PSP hosts. */
  readonly net: RoomNet;
  /** The room this PSP hosts, run a frame at a time before its lines are read; null for any other room. */
  readonly hosting: Hosting | null;
  /** The room's code and the link that opens it ('' until the host says; the link '' on a host without one). */
  code: string;
  link: string;
  /** Who sits where, as the last lobby message said (null before the first). */
  lobby: LobbyView | null;
  /** A deal the scene has not taken yet: a game starts, a rematch, or this player's game again after a drop. */
  deal: Deal | null;
  /** The number in the room of the game on screen (0 before the first), and of the last one counted in the statistics. */
  game: number;
  counted: number;
  /** Games that ended while this player was away (S.ended, before the deal that brings them back), not counted yet. */
  readonly missed: Ended[];
  /** The game's messages go here (the online table of the game on screen), null outside a game. */
  table: OnlineTable | null;
  /** This player's connection dropped and the host is taking it back. */
  dropped: boolean;
  /** The room has ended for this player, and why; null while it is on. */
  ended: RoomEnd | null;
}

/**
 * Asks the host to open a room with the creator's setup (src/app/room-setup.ts),
 * or to join one by its code; `nearby`, a room between PSPs without a
 * server: hosted by this PSP's script (create), or joined through the
 * host's ad hoc (the same request with "via":"nearby").
 */
export function openRoom(app: App, request: { op: 'create'; setup: object } | { op: 'join'; code: string }, nearby = false): RoomLink {
  // A room left a moment ago may still be closing in the host: ask it to let go first.
  app.host.netClose();
  // "No room has that code" (or the like) said of the last room would stand over this one's lobby.
  if (app.notice.roomEnd) app.notice.until = 0;
  const hosting = nearby && request.op === 'create' ? openHosting(app.host, { name: app.settings.name, setup: request.setup }, app.host.seed, app.lastNow) : null;
  const net = hosting !== null ? hostingNet(hosting, () => app.lastNow) : app.host;
  const room: RoomLink = { creating: request.op === 'create', nearby, net, hosting, code: request.op === 'join' ? request.code : '', link: '', lobby: null, deal: null, game: 0, counted: 0, missed: [], table: null, dropped: false, ended: null };
  if (nearby && request.op === 'create') {
    if (hosting === null) room.ended = 'nearbyNotOpened';
  } else if (!app.host.netOpen(JSON.stringify({ ...request, name: app.settings.name, ...(nearby ? { via: 'nearby' } : {}) }))) room.ended = nearby ? 'nearbyUnreachable' : 'unreachable';
  return room;
}

/**
 * The deal waiting is a later game's than the one on screen: a rematch
 * (begun, or even played to its end, while this player was away), not this
 * player's own game again after a drop.
 */
export function laterGameDealt(room: RoomLink): boolean {
  return room.deal !== null && dealGame(room.deal) !== room.game;
}

/** Everything the network brought since the last frame, at frame time `now`. */
export function pollRoom(app: App, room: RoomLink, now: number): void {
  if (room.hosting !== null) {
    // The hosting PSP woke (its C let every link go: each PSP in the room is away, finding it again, or the room ended).
    const woke = app.suspending && hostingHas(room.hosting);
    hostingFrame(room.hosting, now);
    if (woke && !room.hosting.over) showNotice(app, app.strings.online.hostWoke, now);
  }
  for (let i = 0; i < 500; i++) {
    const line = room.net.netReceive();
    if (line === null) return;
    let item: unknown[];
    try {
      item = JSON.parse(line) as unknown[];
    } catch {
      continue;
    }
    if (!Array.isArray(item)) continue;
    arrived(room, item, now);
    // What follows a deal is that game's: the scene takes the deal (its table) before the next line is read.
    if (room.deal !== null) return;
  }
}

function arrived(room: RoomLink, item: unknown[], now: number): void {
  switch (item[0]) {
    case 'joined':
      room.code = typeof item[1] === 'string' ? item[1] : room.code;
      room.link = typeof item[2] === 'string' ? item[2] : '';
      return;
    case 'away':
      room.dropped = true;
      return;
    case 'back':
      room.dropped = false;
      return;
    case 'closed':
      if (room.ended === null) room.ended = endOf(room, item[1]);
      return;
    case 'm':
      message(room, item[1], item[2], now);
  }
}

function message(room: RoomLink, type: unknown, body: unknown, now: number): void {
  if (type === S.lobby && Array.isArray(body)) {
    room.lobby = lobbyView(body as Lobby);
    room.code = room.lobby.code;
  } else if (type === S.deal && Array.isArray(body)) room.deal = body as Deal;
  else if (type === S.ended && Array.isArray(body)) room.missed.push(body as Ended);
  else if (type === S.closing) room.ended = 'serverStopping';
  else if (room.table !== null && typeof type === 'number') onlineMessage(room.table, type, body, now);
}

/** The host's reason for a closed room, as the player's line: a join refused, the server gone, the connection lost. */
function endOf(room: RoomLink, why: unknown): RoomEnd {
  const text = String(why);
  if (/not found/i.test(text)) return 'notFound';
  if (/started/i.test(text)) return 'started';
  if (/full|locked/i.test(text)) return 'full';
  if (/too many|429/i.test(text)) return 'tooMany';
  // A nearby room's host ended it (nearbyClose: its C says so to every joiner).
  if (/host left/i.test(text)) return 'hostLeft';
  // This PSP hosted, and slept too long for its joiners to wait (native/core/net/nearby.h NEARBY_SLEEP_KEPT_MS).
  if (room.hosting !== null && /slept/i.test(text)) return 'hostSlept';
  // Joined once, then gone: the connection could not be taken back (or the room closed under us);
  // in a nearby room, the host's PSP never answered again (it slept, or is out of reach).
  // (Joined: a lobby came, or a game's deal did, for a seat taken back in a game already on, which sends no lobby.)
  if (room.code !== '' && (room.lobby !== null || room.game !== 0)) return room.nearby && !room.creating && text === 'gone' ? 'hostGone' : 'lost';
  if (room.nearby) return room.creating ? 'nearbyNotOpened' : 'nearbyUnreachable';
  return 'unreachable';
}

/** The creator starts the game from the lobby, or a rematch from the results. */
export function startRoomGame(room: RoomLink): void {
  room.net.netSend(JSON.stringify([C.start, []]));
}

/** The online table's messages to the server (its presses and answers), sent. */
export function sendOut(room: RoomLink, table: OnlineTable): void {
  const out = table.out;
  for (let i = 0; i < out.length; i++) room.net.netSend(JSON.stringify(out[i]));
  out.length = 0;
}

/** The player leaves the room on purpose (their seat, in a game, is played to its end). */
export function leaveRoom(room: RoomLink): void {
  room.ended = 'left';
  room.net.netClose();
}

/** The creator's seat's name, for "Waiting for Anna to start". */
export function creatorName(room: RoomLink): string {
  const l = room.lobby;
  return l !== null && l.creator >= 0 ? (l.names[l.creator] ?? '') : '';
}

/**
 * Where a room that ended takes the player, with one line saying why: a
 * join refused (no such room, started, full, too many tries, no server)
 * back to the Online menu to try again; a game ended under them (the
 * server restarted, the connection lost for good) to the title; a nearby
 * room whose host's PSP slept away, to the menu's nearby row (the host may
 * open a room again, the joiner join it). A room the player left says nothing.
 */
export function endedScene(app: App, room: RoomLink, now: number): Scene {
  const why = room.ended;
  room.net.netClose();
  if (why === null || why === 'left') return onlineAt(app.host.caps, roomRow(room));
  app.host.log(`room ${room.code || '-'} ended: ${why}`);
  showNotice(app, app.strings.online[why], now, true);
  return why === 'serverStopping' || why === 'lost' || why === 'hostLeft' ? titleScene() : onlineAt(app.host.caps, roomRow(room));
}

/** The Online menu's row that opened this room: back there when it ends. */
export function roomRow(room: RoomLink): OnlineRow {
  if (room.nearby) return room.creating ? 'hostNearby' : 'joinNearby';
  return room.creating ? 'create' : 'join';
}
