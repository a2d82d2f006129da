// One room's game, whoever carries its messages: who sits where, the
// lobby, the phases (lobby, playing, results), the game run by the judging
// table (net-table.ts), the rematch, every message checked (messages.ts)
// and rated, the refusals and the door. Plain data in, messages out; the
// clock and the randomness are given, so that it imports nothing of Node.
//
// Why here, in the script's src/net and not in server/: two carriers run
// this same room. The rooms server (server/room.ts) is one, Colyseus
// bringing its clients, reconnections and timers; a PSP hosting a nearby
// room over ad hoc is the other (issue 37 item 5), and a PSP runs only the
// script. So the room sits beside the messages it speaks (protocol.ts) and
// the table it judges with (net-table.ts), on the same rules and table as
// a game at one device, and server/ stays what the hosts are: a carrier
// that adapts it to a transport.
import type { Seat } from '../rules/types';
import { nextDealer } from '../rules';
import { NEVER } from '../table/table';
import { CODE_ALPHABET, CODE_LENGTH, S, SEAT_KINDS, publicState, type CloseReason, type Deal, type Lobby, type RoomSetup } from './protocol';
import { checkCreate, checkJoin, checkMessage, type ClientMessage, type JoinRequest } from './messages';
import { advance, drain, newNetTable, notePing, notePong, pingBehindPicture, pingDue, receive, setPresent, tableNow, type NetTable } from './net-table';
import { endedSince, gameDealt, gameEnded, newRoomGames, type RoomGames } from './room-games';

/** A dropped player's seat waits this long (s) for them to come back. */
export const RECONNECT_S = 60;
/** Messages a client may send per second, on average and in a burst (a player presses a few times a second; answers to asks add one per race). */
export const RATE_PER_S = 40;
export const RATE_BURST = 80;
/** Refused messages a client may send before it is shown the door. */
export const REFUSALS_ALLOWED = 20;

/** A whole number from 0 to n - 1: the carrier's own random source (the system's on the server). */
export type RandomInt = (n: number) => number;

/**
 * A room's code (CODE_ALPHABET): 7 of 32 letters and digits, 32^7 = 3.4e10
 * codes. With a thousand rooms open and the limit on joins by a code nobody
 * holds (server/server.ts, 10 a minute per address), one address finds a
 * room about once in six years of guessing (docs/network.md, "Room codes").
 */
export function newCode(random: RandomInt): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[random(CODE_ALPHABET.length)];
  return code;
}

interface SeatHolder {
  kind: (typeof SEAT_KINDS)[number];
  name: string;
  /** The client's id, '' for none (a CPU, an open seat). */
  client: string;
  present: boolean;
}

/** A connected client: its seat, its rate's tokens, its refusals. */
export interface RoomClient {
  readonly id: string;
  readonly seat: Seat;
  /** Shown the door: whatever else it sends is dropped. */
  gone: boolean;
  tokens: number;
  refilled: number;
  refused: number;
  /** Kept after a drop: the number of the game on when it dropped (room-games.ts). */
  left: number;
}

/** What the carrier does for the room: a message to one client (or every connected one, `to` null), a client shown the door, a client pinged. */
export type RoomDeed =
  | { readonly kind: 'send'; readonly to: string | null; readonly type: number; readonly body: unknown }
  | { readonly kind: 'door'; readonly to: string }
  | { readonly kind: 'ping'; readonly to: string };

/**
 * The carrier's own settings for every room it opens: the endless-game
 * guard's card limit, which no creator may choose, is the rules' unless a
 * test asks for short games (0); the deal is random unless a test asks for
 * a known one (seed: every game dealt from it, the first by seat 0).
 */
export interface RoomSettings {
  cardLimit: number;
  seed: number;
}

export interface RoomCore {
  readonly code: string;
  readonly setup: RoomSetup;
  readonly seats: SeatHolder[];
  /** The creator's client id ('' when none is connected): they start the game. */
  creator: string;
  phase: 'lobby' | 'playing' | 'results';
  nt: NetTable | null;
  /** The table's next moment as the last tick found it (NEVER: none): the carrier wakes the room then (tickRoom). */
  next: number;
  dealer: Seat;
  /** The games by number, and the ends kept for players who come back (room-games.ts). */
  readonly games: RoomGames;
  /** The connected clients, in the order they came. */
  readonly clients: RoomClient[];
  /** Clients away whose seat is kept for them (a drop in a game), by id. */
  readonly kept: Map<string, RoomClient>;
  readonly random: RandomInt;
  /** Whether the carrier can ping this client now (its connection open): a ping noted but never sent would hold a pong awaited. */
  readonly reachable: (id: string) => boolean;
  readonly settings: RoomSettings;
  /** What the carrier must do, in order: it takes them after each call (takeDeeds). */
  readonly deeds: RoomDeed[];
  /** Figures the tests and docs read: refused messages, clients shown the door. */
  readonly counts: { refused: number; kicked: number };
}

type Opened = { ok: true; room: RoomCore } | { ok: false; reason: string };

/** A room from its creator's request ({ v, name, setup }), or why it is refused. The creator joins it next (joinRoom). */
export function openRoomCore(raw: unknown, settings: RoomSettings, random: RandomInt, reachable: (id: string) => boolean = () => true): Opened {
  const checked = checkCreate(raw);
  if (!checked.ok) return checked;
  const { options, cpus, difficulty } = checked.value;
  if (settings.cardLimit > 0) options.cardLimit = settings.cardLimit;
  const seats: SeatHolder[] = [];
  for (let seat = 0; seat < options.players; seat++) {
    const cpu = seat >= options.players - cpus;
    seats.push({ kind: cpu ? 'cpu' : 'open', name: '', client: '', present: cpu });
  }
  const room: RoomCore = {
    code: newCode(random),
    setup: { options, cpus, difficulty },
    seats,
    creator: '',
    phase: 'lobby',
    nt: null,
    next: NEVER,
    dealer: settings.seed > 0 ? 0 : random(options.players),
    games: newRoomGames(),
    clients: [],
    kept: new Map(),
    random,
    reachable,
    settings,
    deeds: [],
    counts: { refused: 0, kicked: 0 },
  };
  return { ok: true, room };
}

/** The seats people may take: the others are the CPU players'. */
export function peopleSeats(room: RoomCore): number {
  return room.setup.options.players - room.setup.cpus;
}

/** Whether a join request ({ v, name }) may come in now: its name, or why not. */
export function mayJoin(room: RoomCore, raw: unknown): { ok: true; value: JoinRequest } | { ok: false; reason: string } {
  const checked = checkJoin(raw);
  if (!checked.ok) return checked;
  if (room.phase !== 'lobby') return { ok: false, reason: 'this game has started' };
  return checked;
}

/** A client takes the first open seat (its request passed mayJoin): its seat, or why it cannot. */
export function joinRoom(room: RoomCore, id: string, name: string, now: number): Seat | string {
  const seat = room.seats.findIndex((s) => s.kind === 'open');
  if (seat < 0) return 'the room is full';
  room.seats[seat] = { kind: 'person', name, client: id, present: true };
  if (room.creator === '') room.creator = id;
  room.clients.push({ id, seat, gone: false, tokens: RATE_BURST, refilled: now, refused: 0, left: 0 });
  sendLobby(room);
  return seat;
}

/**
 * A client's connection ended (`consented`: it left on purpose). In the
 * lobby its seat opens again (the creator's part goes to the next client);
 * in a game the seat is kept and played for them. Returns whether the
 * carrier should wait for them to come back (comeBack), for RECONNECT_S.
 */
export function leftRoom(room: RoomCore, id: string, consented: boolean, now: number): boolean {
  const at = room.clients.findIndex((c) => c.id === id);
  if (at < 0) return false;
  const client = room.clients[at]!;
  room.clients.splice(at, 1);
  const seat = client.seat;
  if (room.phase === 'lobby') {
    room.seats[seat] = { kind: 'open', name: '', client: '', present: false };
    if (id === room.creator) room.creator = room.clients[0]?.id ?? '';
    sendLobby(room);
    return false;
  }
  room.seats[seat]!.present = false;
  if (room.nt) setPresent(room.nt, seat, false);
  tickRoom(room, now);
  if (consented) return false;
  client.left = room.games.dealt;
  room.kept.set(id, client);
  return true;
}

/**
 * A client kept after a drop is back: the game as it stands; or, if it
 * ended meanwhile, as it ended: its results, which the others saw and which
 * count for this player too. If a rematch began meanwhile, it is that game
 * (its deal has its number), after the end of each game that ended while
 * they were away. False when no seat is kept for them.
 */
export function cameBack(room: RoomCore, id: string, now: number): boolean {
  const client = room.kept.get(id);
  if (!client) return false;
  room.kept.delete(id);
  room.clients.push(client);
  room.seats[client.seat]!.present = true;
  setPresent(room.nt!, client.seat, true);
  for (const e of endedSince(room.games, client.left)) send(room, id, S.ended, e);
  send(room, id, S.deal, deal(room, client.seat));
  tickRoom(room, now);
  return true;
}

/** The kept seat's time ran out: gone for good, the seat is played for them to the end. */
export function forgetKept(room: RoomCore, id: string): void {
  room.kept.delete(id);
}

/**
 * A message is coming from a client (before it is decoded): its rate. A
 * client past its rate is shown the door; returns whether to read it.
 */
export function admitMessage(room: RoomCore, id: string, now: number): boolean {
  const c = clientOf(room, id);
  if (!c || c.gone) return false;
  c.tokens = Math.min(RATE_BURST, c.tokens + ((now - c.refilled) * RATE_PER_S) / 1000);
  c.refilled = now;
  if (c.tokens < 1) {
    showTheDoor(room, c);
    return false;
  }
  c.tokens -= 1;
  return true;
}

/** A room message as the carrier decoded it (its type and payload), admitted by admitMessage: checked, then acted on. */
export function roomMessage(room: RoomCore, id: string, type: unknown, payload: unknown, now: number): void {
  const c = clientOf(room, id);
  if (!c || c.gone) return;
  const checked = checkMessage(type, payload);
  if (!checked.ok) return refuse(room, id, checked.reason);
  handle(room, c, checked.value, now);
}

/** A message refused (its reason is for the log): counted; past REFUSALS_ALLOWED the client is shown the door. */
export function refuse(room: RoomCore, id: string, _reason: string): void {
  room.counts.refused++;
  const c = clientOf(room, id);
  if (c && ++c.refused > REFUSALS_ALLOWED) showTheDoor(room, c);
}

function handle(room: RoomCore, c: RoomClient, m: ClientMessage, now: number): void {
  if (m.kind === 'start') {
    if (c.id !== room.creator) return refuse(room, c.id, 'only the creator starts');
    if (room.phase === 'playing') return refuse(room, c.id, 'the game is on');
    startGame(room, now);
    return;
  }
  if (room.phase !== 'playing' || !room.nt) return refuse(room, c.id, 'no game is on');
  const why = receive(room.nt, c.seat, m.kind, m.seq, m.stamp, now, m.kind === 'choose' ? m.target : -1);
  if (why !== null) return refuse(room, c.id, why);
  tickRoom(room, now);
}

function showTheDoor(room: RoomCore, c: RoomClient): void {
  if (c.gone) return;
  c.gone = true;
  room.counts.kicked++;
  room.deeds.push({ kind: 'door', to: c.id });
}

function clientOf(room: RoomCore, id: string): RoomClient | undefined {
  for (const c of room.clients) if (c.id === id) return c;
  return undefined;
}

function send(room: RoomCore, to: string | null, type: number, body: unknown): void {
  room.deeds.push({ kind: 'send', to, type, body });
}

// ---- the lobby and the game ----

function lobby(room: RoomCore, seat: Seat): Lobby {
  const creatorSeat = clientOf(room, room.creator)?.seat ?? -1;
  return [
    room.code,
    seat,
    creatorSeat,
    room.seats.map((s) => s.name),
    room.seats.map((s) => SEAT_KINDS.indexOf(s.kind)),
    room.seats.map((s) => (s.present ? 1 : 0)),
    room.setup,
  ];
}

function sendLobby(room: RoomCore): void {
  for (const c of room.clients) send(room, c.id, S.lobby, lobby(room, c.seat));
}

function startGame(room: RoomCore, now: number): void {
  // Seats nobody took are played by CPU players.
  for (const s of room.seats) if (s.kind === 'open') Object.assign(s, { kind: 'cpu', present: true });
  const seed = room.settings.seed > 0 ? room.settings.seed : 1 + room.random(0x7ffffffe);
  // A rematch is dealt by the next seat, as the next game at one table is.
  if (room.nt) room.dealer = nextDealer(room.nt.table.game);
  gameDealt(room.games);
  room.nt = newNetTable(
    {
      options: room.setup.options,
      seed,
      dealer: room.dealer,
      aiSeed: 1 + room.random(0x7ffffffe),
      difficulty: room.setup.difficulty as never,
      seats: room.seats.map((s) => ({ kind: s.kind === 'person' ? 'person' : 'cpu' })),
    },
    now,
  );
  const nt = room.nt;
  room.seats.forEach((s, seat) => {
    if (s.kind === 'person' && !s.present) setPresent(nt, seat, false);
  });
  room.phase = 'playing';
  for (const c of room.clients) send(room, c.id, S.deal, deal(room, c.seat));
  tickRoom(room, now);
}

function deal(room: RoomCore, seat: Seat): Deal {
  const { seq, game, figures } = tableNow(room.nt!);
  return [seat, room.seats.map((s) => s.name), room.seats.map((s) => SEAT_KINDS.indexOf(s.kind)), room.setup.options, seq, publicState(game), figures, room.games.dealt];
}

/**
 * Runs the table to now and hands its messages to the deeds (then a ping to
 * every client behind a pile's picture); the game's end ends the playing.
 * The table's next moment is left in room.next (NEVER, 2^30, for none).
 */
export function tickRoom(room: RoomCore, now: number): void {
  const nt = room.nt;
  if (!nt) return;
  room.next = advance(nt, now);
  const out = drain(nt, now);
  for (const m of out) {
    if (m.to === -1) send(room, null, m.type, m.body);
    else for (const c of room.clients) if (m.to === c.seat) send(room, c.id, m.type, m.body);
  }
  if (pingBehindPicture(nt)) pingClients(room, true, now);
  if (nt.table.game.over !== null && room.phase === 'playing') {
    room.phase = 'results';
    const { game, figures } = tableNow(nt);
    gameEnded(room.games, publicState(game), figures);
  }
}

/** The round of pings (every PING_MS while playing): the clients whose ping is due (net-table.ts pingDue). */
export function pingRound(room: RoomCore, now: number): void {
  pingClients(room, false, now);
}

function pingClients(room: RoomCore, behindPicture: boolean, now: number): void {
  const nt = room.nt;
  if (!nt) return;
  // Indexed: a hosting PSP runs a round every few frames, and an iterator is an allocation in QuickJS.
  for (let i = 0; i < room.clients.length; i++) {
    const c = room.clients[i]!;
    if (c.gone || !room.reachable(c.id) || (!behindPicture && !pingDue(nt, c.seat, now))) continue;
    notePing(nt, c.seat, now);
    room.deeds.push({ kind: 'ping', to: c.id });
  }
}

/** A client's pong came back: its round trip; a slap that looked too fast may have been waiting for it (net-table.ts pongAwaited). */
export function pongCame(room: RoomCore, id: string, now: number): void {
  const c = clientOf(room, id);
  const nt = room.nt;
  if (!c || !nt) return;
  notePong(nt, c.seat, now);
  if (nt.queue.length > 0) tickRoom(room, now);
}

/** Tells every client the room is closing: one clear line on every screen. */
export function closingRoom(room: RoomCore, reason: CloseReason): void {
  send(room, null, S.closing, [reason]);
}

/** What the carrier must do now, oldest first; the room forgets them. */
export function takeDeeds(room: RoomCore): RoomDeed[] {
  return room.deeds.splice(0, room.deeds.length);
}
