// The online table as the game script holds it: the game as the server's
// messages show it (src/net/protocol.ts), this player's clock on each pile,
// and what the player's presses become. A value, like the local table
// (src/table/table.ts); the scenes drive it once a frame and the view draws
// its game. It knows nothing of the network: the host's net functions bring
// the messages in and take `out` away.
//
// The one clock (docs/network.md, "Judging"): a pile can be read from the
// first frame that draws its face, and every stamp is the time from that
// frame to the press's frame, both read from the host's frame clock. A card
// flies face down from when its `fly` message comes, for the flight's
// LAND_MS as at one device; it lands on the first frame that both its
// flight has ended and its face has come (with the step). A face that is
// late keeps it face down on the pile (a frame the table waited on the
// network, counted); one that comes early waits for the flight to end. The
// app's online table (src/app/online-table.ts) lands its picture by the
// same rule on the same frames.
import type { GameEvent, GameOptions, GameState, Seat } from '../rules/types';
import { C, S, gameFromPublic, type Deal, type Lobby, type PublicState, type RoomSetup } from './protocol';
import { LAND_MS } from '../table/table';

export interface OnlineTable {
  you: Seat;
  names: string[];
  kinds: number[];
  options: GameOptions;
  /** The latest pile this player has seen begin, and the game as the server last showed it. */
  seq: number;
  game: GameState;
  /** A card flying face down: its pile, its seat, the frame it left (host ms), whether its face has come. */
  flying: { seq: number; seat: Seat; start: number; face: boolean } | null;
  /** The frame the current pile could first be read (its face drawn), -1 while its face has not come. */
  readableAt: number;
  /** Our last word (pile, stamp): stamps never go back. */
  lastSeq: number;
  lastStamp: number;
  /** The server's question we have not answered yet. */
  ask: [number, number] | null;
  /** What the table showed, as it came, for the display (the app's online table takes them each frame). */
  readonly shown: Shown[];
  /** Seats away (dropped), by seat. */
  away: boolean[];
  /** Frames a landed card waited face down for its face. */
  waitedFrames: number;
  /** Messages to send: [type, payload]. */
  readonly out: [number, unknown][];
}

/**
 * What the server showed, in order: a card leaving a seat face down (its
 * pile `seq`), and each step: its events, the game before and after it, the
 * action's time from its pile's landing (ms), its pile; a person's slap, the
 * pile it was aimed at (`aimed`, -1 otherwise) and `ms` their stamp on it.
 */
export type Shown =
  | { readonly kind: 'fly'; readonly seq: number; readonly seat: Seat; readonly at: number }
  | { readonly kind: 'step'; readonly seq: number; readonly events: GameEvent[]; readonly before: GameState; readonly after: GameState; readonly ms: number; readonly aimed: number; readonly at: number };

/** A game begins (or a rejoin): the deal message, at frame time `now`. */
export function onlineTable(deal: Deal, now: number): OnlineTable {
  const [you, names, kinds, options, seq, state] = deal;
  return {
    you,
    names,
    kinds,
    options,
    seq,
    game: gameFromPublic(options, state),
    flying: null,
    readableAt: now,
    lastSeq: seq,
    lastStamp: -0x3fffffff,
    ask: null,
    shown: [],
    away: names.map(() => false),
    waitedFrames: 0,
    out: [],
  };
}

/** This player's time on the current pile at frame time `now` (ms from its first readable frame; -1 before it). */
export function stampAt(t: OnlineTable, now: number): number {
  const s = t.readableAt < 0 ? -1 : now - t.readableAt;
  return t.lastSeq === t.seq && s < t.lastStamp ? t.lastStamp : s;
}

function say(t: OnlineTable, type: number, now: number, extra?: number): void {
  const stamp = stampAt(t, now);
  t.lastSeq = t.seq;
  t.lastStamp = stamp;
  t.out.push([type, extra === undefined ? [t.seq, stamp] : [t.seq, stamp, extra]]);
}

/** One of the server's messages, arriving before the frame at `now`. */
export function onlineMessage(t: OnlineTable, type: number, body: unknown, now: number): void {
  if (type === S.fly) {
    const [seq, seat] = body as [number, Seat];
    t.seq = seq;
    t.flying = { seq, seat, start: now, face: false };
    t.readableAt = -1;
    t.shown.push({ kind: 'fly', seq, seat, at: now });
  } else if (type === S.step) {
    const [seq, events, state, ms, aimed] = body as [number, GameEvent[], PublicState, number, number?];
    const before = t.game;
    t.game = gameFromPublic(t.options, state);
    t.shown.push({ kind: 'step', seq, events, before, after: t.game, ms, aimed: typeof aimed === 'number' ? aimed : -1, at: now });
    if (t.flying !== null && t.flying.seq === seq) {
      // The face came: the card lands once its flight has ended (land).
      t.flying.face = true;
      land(t, now);
    } else if (seq !== t.seq) {
      // A pile taken: gone at once, the empty table readable now.
      t.seq = seq;
      t.flying = null;
      t.readableAt = now;
    }
  } else if (type === S.ask) {
    t.ask = body as [number, number];
  } else if (type === S.away) {
    const [seat, away] = body as [Seat, number];
    if (seat >= 0 && seat < t.away.length) t.away[seat] = away === 1;
  }
}

/** The card in flight lands on this frame if its flight has ended and its face has come: its pile can be read from now. */
function land(t: OnlineTable, now: number): void {
  const f = t.flying;
  if (f === null || !f.face || now - f.start < LAND_MS) return;
  t.flying = null;
  t.readableAt = now;
}

/** When the card in flight lands for this player: its flight's end, or a late face's coming, whichever is later (host ms). */
export function landsAt(flyAt: number, faceAt: number): number {
  return Math.max(flyAt + LAND_MS, faceAt);
}

/** What the player pressed this frame (at frame time `now`): a slap, the move button, a named taker (-1: none). */
export interface OnlinePresses {
  slap: boolean;
  move: boolean;
  choose: Seat;
}

/**
 * One frame: the presses become messages, each stamped on this frame, and
 * the server's question is answered once this player's clock on its pile
 * has got there (or they have moved on to a later pile).
 */
export function onlineFrame(t: OnlineTable, now: number, presses: OnlinePresses): void {
  land(t, now);
  if (t.flying !== null && now - t.flying.start >= LAND_MS) t.waitedFrames++;
  if (presses.slap) say(t, C.slap, now);
  if (presses.choose >= 0) say(t, C.choose, now, presses.choose);
  else if (presses.move) say(t, C.move, now);
  const ask = t.ask;
  if (ask !== null && (t.seq > ask[0] || (t.seq === ask[0] && stampAt(t, now) >= ask[1]))) {
    t.ask = null;
    say(t, C.heard, now);
  }
}

/** The lobby as the script shows it. */
export interface LobbyView {
  code: string;
  you: Seat;
  creator: Seat;
  names: string[];
  kinds: number[];
  present: boolean[];
  /** The game the room will play: its rules, the CPU players' seats and level. */
  setup: RoomSetup;
}

export function lobbyView(l: Lobby): LobbyView {
  const [code, you, creator, names, kinds, present, setup] = l;
  return { code, you, creator, names, kinds, present: present.map((p) => p === 1), setup };
}

/** Whether the game shown has ended (the results come from its last state). */
export function onlineOver(t: OnlineTable): boolean {
  return t.game.over !== null;
}

/** Whether a deal is of a game that has ended: a player back after a drop gets the game as it ended (server/room.ts). */
export function dealOver(deal: Deal): boolean {
  return deal[5][13] !== 0;
}

export type { PublicState };
