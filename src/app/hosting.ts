// A nearby room hosted by this PSP (issue 37 item 5, docs/network.md "Two
// PSPs without a server"): the room's own core (src/net/room-core.ts, the
// rooms server's room and judging) run in this script, on the host's frame
// clock, carried over the host's ad-hoc functions (nearbyOpen,
// nearbyReceive, nearbySend, nearbyPing, nearbyClose: the contract's, whose
// C is native/psp's). The joining
// PSPs are the online client unchanged: their netReceive lines are what
// nearbySend hands their C. The player at this PSP is a client of the same
// room in this process: no network between them, their messages given and
// taken as lines, their stamps measured on their own screen like anyone's.
//
// What Colyseus does for the server is done here: a peer's hello is its
// join (its request as its netOpen got it), a dropped link keeps its seat
// RECONNECT_S (its "back" takes it again), the round pings every PING_MS
// while a game is on (answered by the joiner's C, not its script: a script
// cannot hold a pong back to look nearer), the table woken at its next
// moment (checked once a frame).
import type { Host } from '../contract';
import { nextRandom } from '../rules/rng';
import { PROTOCOL_VERSION } from '../net/protocol';
import { PING_MS } from '../net/net-table';
import {
  RECONNECT_S,
  admitMessage,
  cameBack,
  forgetKept,
  joinRoom,
  leftRoom,
  mayJoin,
  openRoomCore,
  pingRound,
  pongCame,
  refuse,
  roomMessage,
  takeDeeds,
  tickRoom,
  type RoomCore,
} from '../net/room-core';

/** The host's net functions as a room link uses them (src/app/room.ts): the host's own, or a hosted room's in-process client. */
export type RoomNet = Pick<Host, 'netOpen' | 'netSend' | 'netReceive' | 'netClose'>;

type Nearby = Pick<Host, 'nearbyOpen' | 'nearbyReceive' | 'nearbySend' | 'nearbyPing' | 'nearbyClose'>;

/** The client id of the player at this PSP; a joiner's is its peer number's ('p3'). */
const HERE = 'here';

/** A message from a joiner longer than this ends its link, as the server's WebSocket limit does (ws maxPayload, 1 KiB). */
const MESSAGE_MAX = 1024;

/** Lines a hosting reads from the C a frame at most (the C's own queue keeps the rest for the next frame). */
const LINES_A_FRAME = 200;

/** A joining PSP as the hosting knows it, by its peer number (stable for its MAC while this PSP hosts). */
interface Peer {
  readonly id: string;
  /** Its netOpen request, as its hello brought it: a link back after its seat was let go joins again with it. */
  request: string;
  /** In the room; away with its seat kept (until `keptUntil`); out (no seat: a lobby's drop, a seat let go); shown the door. */
  state: 'in' | 'kept' | 'out' | 'barred';
  keptUntil: number;
}

export interface Hosting {
  readonly nearby: Nearby;
  readonly name: string;
  readonly code: string;
  /** The room's core, made with the code before the group opens. */
  readonly room: RoomCore;
  /** The group is up (the C's ["open"]) and the player here seated: the room is on, and hears joiners, from then. */
  open: boolean;
  readonly peers: Map<number, Peer>;
  /** The same peers by their client id in the room (the room's pings ask by it). */
  readonly byId: Map<string, Peer>;
  /** The next round of pings (host ms) while a game is on. */
  nextRound: number;
  /** The lines the player at this PSP reads through its room link's netReceive, oldest first. */
  readonly lines: string[];
  /** Pings of the player here, answered in-process after the deeds that sent them. */
  pongsHere: number;
  /** Hosting has ended (the group closed, or the player here left). */
  over: boolean;
}

/**
 * Opens a nearby room with the creator's setup: a code made up here, the
 * group asked of the C (its ["open"] seats the player here). Null when the
 * host cannot host (no ad hoc, or the request refused by the room's checks).
 */
export function openHosting(nearby: Nearby, request: { name: string; setup: object }, seed: number, now: number): Hosting | null {
  let state = (seed ^ Math.imul(now | 0, 0x9e3779b1)) >>> 0;
  const random = (n: number): number => {
    const d = nextRandom(state);
    state = d.state;
    return Math.floor((d.value * n) / 4294967296);
  };
  const create = { v: PROTOCOL_VERSION, name: request.name, setup: request.setup };
  let hosting: Hosting | null = null;
  const opened = openRoomCore(create, { cardLimit: 0, seed: 0 }, random, (id) => hosting !== null && reachable(hosting, id));
  if (!opened.ok) return null;
  hosting = { nearby, name: request.name, code: opened.room.code, room: opened.room, open: false, peers: new Map(), byId: new Map(), nextRound: 0, lines: [], pongsHere: 0, over: false };
  if (!nearby.nearbyOpen(hosting.code)) return null;
  return hosting;
}

function reachable(h: Hosting, id: string): boolean {
  if (id === HERE) return true;
  return h.byId.get(id)?.state === 'in';
}

/** The room link's net functions for the player here: its lines in, its messages straight into the room. */
export function hostingNet(h: Hosting, now: () => number): RoomNet {
  return {
    // The room was opened with the hosting; a second open is refused, as a host's with a room open.
    netOpen: () => false,
    netSend: (message) => {
      if (h.over || !h.open) return false;
      fromClient(h, HERE, message, now());
      carryOut(h, now());
      return true;
    },
    netReceive: () => h.lines.shift() ?? null,
    netClose: () => closeHosting(h),
  };
}

/** Everything the C brought since the last frame, the table run to `now`, the round of pings; what the room did, carried out. */
export function hostingFrame(h: Hosting, now: number): void {
  if (h.over) return;
  for (let i = 0; i < LINES_A_FRAME && !h.over; i++) {
    const line = h.nearby.nearbyReceive();
    if (line === null) break;
    fromNearby(h, line, now);
    carryOut(h, now);
  }
  if (!h.open || h.over) return;
  const room = h.room;
  // Only while a seat is kept: a steady frame makes no iterator (architecture.md, steady frames allocate nothing).
  if (room.kept.size > 0) for (const p of h.peers.values()) {
    if (p.state !== 'kept' || now < p.keptUntil) continue;
    // Gone for good: the seat is played for them to the end; a link back finds the game started (hello).
    forgetKept(room, p.id);
    p.state = 'out';
  }
  if (room.nt !== null && now >= room.next) tickRoom(room, now);
  if (room.phase === 'playing' && now >= h.nextRound) {
    h.nextRound = now + PING_MS;
    pingRound(room, now);
  }
  carryOut(h, now);
}

/** Someone's PSP is in the room through its link now (the player here aside). */
export function hostingHas(h: Hosting): boolean {
  if (h.peers.size === 0) return false;
  for (const p of h.peers.values()) if (p.state === 'in') return true;
  return false;
}

/** The player here leaves: hosting ends, and every joiner hears "host left" from its C. */
export function closeHosting(h: Hosting): void {
  if (h.over) return;
  h.over = true;
  h.nearby.nearbyClose();
}

/** One line of the C's (interface: ["open"], ["hello", peer, request], ["m", peer, message], ["gone", peer], ["back", peer], ["pong", peer], ["closed", why]). */
function fromNearby(h: Hosting, line: string, now: number): void {
  let item: unknown;
  try {
    item = JSON.parse(line);
  } catch {
    return;
  }
  if (!Array.isArray(item)) return;
  const [what, peer, body] = item as [unknown, unknown, unknown];
  if (what === 'open') return seatHere(h, now);
  if (what === 'closed') {
    // The group is gone (ad hoc switched off, the C's own failure): the room ends for the player here.
    h.over = true;
    h.lines.push(JSON.stringify(['closed', typeof peer === 'string' ? peer : 'nearby room closed']));
    return;
  }
  if (typeof peer !== 'number' || !Number.isInteger(peer) || !h.open) return;
  const room = h.room;
  const p = h.peers.get(peer);
  switch (what) {
    case 'hello':
      if (typeof body === 'string') hello(h, peer, body, now);
      return;
    case 'm':
      if (p && p.state === 'in' && typeof body === 'string') fromClient(h, p.id, body, now);
      return;
    case 'gone':
      if (p && p.state === 'in') linkDropped(room, p, now);
      return;
    case 'back':
      if (!p) return;
      if (p.state === 'kept' && cameBack(room, p.id, now)) p.state = 'in';
      // Its seat was let go (a drop in the lobby opens the seat): it joins again as it first did.
      else if (p.state === 'out') hello(h, peer, p.request, now);
      return;
    case 'pong':
      if (p && p.state === 'in') pongCame(room, p.id, now);
  }
}

/** A joiner's link ended without a goodbye: in a game its seat is kept RECONNECT_S for its link back, in the lobby let go. */
function linkDropped(room: RoomCore, p: Peer, now: number): void {
  if (leftRoom(room, p.id, false, now)) {
    p.state = 'kept';
    p.keptUntil = now + RECONNECT_S * 1000;
  } else p.state = 'out';
}

/** The group is up: the player here takes the first seat, as a room's creator does. */
function seatHere(h: Hosting, now: number): void {
  if (h.open) return;
  h.open = true;
  h.lines.push(JSON.stringify(['joined', h.code]));
  joinRoom(h.room, HERE, h.name, now);
}

/**
 * A PSP connected with its netOpen request ({"op":"join","code","name","via":"nearby"}):
 * it joins as the server's matchmaking would let it (the code must be this
 * room's; the room's checks say the rest), or hears why not and is let go.
 */
function hello(h: Hosting, peer: number, request: string, now: number): void {
  const room = h.room;
  const known = h.peers.get(peer);
  // A new link from a PSP the room has (its C says hello for a PSP that left, with BYE, and comes again): its old link is over.
  if (known && known.state === 'in') linkDropped(room, known, now);
  // Its seat kept: the same PSP takes it back (the game as it stands), as a drop's "back" does.
  if (known && known.state === 'kept' && cameBack(room, known.id, now)) {
    known.state = 'in';
    known.request = request;
    h.nearby.nearbySend(peer, JSON.stringify(['joined', h.code]));
    return;
  }
  const refused = (why: string): void => {
    h.nearby.nearbySend(peer, JSON.stringify(['closed', why]));
  };
  if (known && known.state === 'barred') return refused('shown the door');
  let r: unknown;
  try {
    r = JSON.parse(request);
  } catch {
    return refused('bad request');
  }
  const req = (typeof r === 'object' && r !== null ? r : {}) as Record<string, unknown>;
  if (req.op !== 'join' || req.code !== h.code) return refused(`room "${String(req.code).slice(0, 8)}" not found`);
  // The online client's request carries no version (the C hosts add it for the server); one that does is checked.
  const checked = mayJoin(room, { v: 'v' in req ? req.v : PROTOCOL_VERSION, name: req.name });
  if (!checked.ok) return refused(checked.reason);
  const id = `p${peer}`;
  const seat = joinRoom(room, id, checked.value.name, now);
  if (typeof seat === 'string') return refused(seat);
  const p: Peer = { id, request, state: 'in', keptUntil: 0 };
  h.peers.set(peer, p);
  h.byId.set(id, p);
  // Before the lobby joinRoom gave the room to send: the joiner's C hears its room first, as online.
  h.nearby.nearbySend(peer, JSON.stringify(['joined', h.code]));
}

/** A client's message, as its netSend wrote it (JSON [type, payload]): rated, decoded, checked, acted on, as the server does. */
function fromClient(h: Hosting, id: string, message: string, now: number): void {
  const room = h.room;
  if (!admitMessage(room, id, now)) return;
  if (message.length > MESSAGE_MAX) {
    refuse(room, id, 'oversized message');
    return;
  }
  let m: unknown;
  try {
    m = JSON.parse(message);
  } catch {
    return refuse(room, id, 'undecodable message');
  }
  if (!Array.isArray(m) || m.length < 1 || m.length > 2) return refuse(room, id, 'undecodable message');
  roomMessage(room, id, m[0], m[1], now);
}

/** What the room asked for: its messages to each client, the door, the pings (the player here answers its own at once). */
function carryOut(h: Hosting, now: number): void {
  if (!h.open) return;
  const room = h.room;
  for (let round = 0; round < 8; round++) {
    // Nothing to do (most frames): no array taken.
    if (room.deeds.length === 0 && h.pongsHere === 0) return;
    const deeds = takeDeeds(room);
    for (const d of deeds) {
      if (d.kind === 'send') {
        const line = JSON.stringify(['m', d.type, d.body]);
        if (d.to === null) for (const c of room.clients) toClient(h, c.id, line);
        else toClient(h, d.to, line);
      } else if (d.kind === 'ping') {
        if (d.to === HERE) h.pongsHere++;
        else h.nearby.nearbyPing(peerOf(d.to));
      } else if (d.to !== HERE) {
        // Shown the door: its C ends the link after the closed line; it does not come back.
        const peer = peerOf(d.to);
        h.nearby.nearbySend(peer, JSON.stringify(['closed', 'shown the door']));
        const p = h.peers.get(peer);
        if (p) p.state = 'barred';
        leftRoom(room, d.to, true, now);
      }
    }
    for (; h.pongsHere > 0; h.pongsHere--) pongCame(room, HERE, now);
  }
}

function toClient(h: Hosting, id: string, line: string): void {
  if (id === HERE) h.lines.push(line);
  else h.nearby.nearbySend(peerOf(id), line);
}

function peerOf(id: string): number {
  return Number(id.slice(1));
}
