// One room on Colyseus: who sits where, the lobby, the game run by the
// server's table (server/net-table.ts), the results and the rematch.
// Matchmaking, seat reservation and reconnection are Colyseus's; this file
// decides only the game's part of them: a short unguessable code as the
// room's id, 60 s to come back after a drop, a seat kept and played for its
// player meanwhile. Every message is checked (server/messages.ts) and rated;
// a client acts only for its own seat.
import { randomInt } from 'node:crypto';
import { Room, type Client } from '@colyseus/core';
import type { Seat } from '../src/rules/types';
import { CODE_ALPHABET, CODE_LENGTH, S, SEAT_KINDS, type Deal, type Lobby, type RoomSetup } from '../src/net/protocol';
import { publicState } from '../src/net/protocol';
import { checkCreate, checkJoin, checkMessage, type ClientMessage } from './messages';
import { PING_MS, advance, drain, newNetTable, notePing, notePong, pingBehindPicture, pingDue, receive, setPresent, tableNow, type NetTable } from './net-table';
import { nextDealer } from '../src/rules';
import { endedSince, gameDealt, gameEnded, newRoomGames } from './room-games';

/**
 * A room's code (src/net/protocol.ts CODE_ALPHABET): 7 of 32 letters and
 * digits, 32^7 = 3.4e10 codes. With a thousand rooms open and the limit on
 * joins by a code nobody holds (server/server.ts MISSES, 10 a minute per
 * address), one address finds a room about once in six years of guessing
 * (docs/network.md, "Room codes").
 */
export { CODE_ALPHABET, CODE_LENGTH } from '../src/net/protocol';
/** A dropped player's seat waits this long (s) for them to come back. */
export const RECONNECT_S = 60;
/** Messages a client may send per second, on average and in a burst (a player presses a few times a second; answers to asks add one per race). */
export const RATE_PER_S = 40;
export const RATE_BURST = 80;
/** Refused messages a client may send before it is shown the door. */
export const REFUSALS_ALLOWED = 20;

export function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

interface SeatHolder {
  kind: (typeof SEAT_KINDS)[number];
  name: string;
  /** The client's session, '' for none (a CPU, an open seat). */
  session: string;
  present: boolean;
}

interface ClientData {
  seat: Seat;
  /** Shown the door: whatever else it sent is dropped. */
  gone: boolean;
  tokens: number;
  refilled: number;
  refused: number;
}

/**
 * The server's own settings for every room (startServer sets them): the
 * endless-game guard's card limit, which no creator may choose, is the
 * rules' unless a test asks for short games; the deal is random unless a
 * test asks for a known one (seed: every game dealt from it, the first by
 * seat 0).
 */
export const roomSettings = { cardLimit: 0, seed: 0 };

/** Every room of this process, so the server can tell them all it is stopping (server/main.ts). */
export const openRooms = new Set<RatscrewRoom>();

export class RatscrewRoom extends Room {
  private setup!: RoomSetup;
  private seats: SeatHolder[] = [];
  private creator = '';
  private phase: 'lobby' | 'playing' | 'results' = 'lobby';
  private nt: NetTable | null = null;
  private wakeAt = -1;
  // Node's own timers: a room's Colyseus clock runs only with a simulation interval, which this room does not need.
  private wake: ReturnType<typeof setTimeout> | null = null;
  private pinger: ReturnType<typeof setInterval> | null = null;
  private dealer: Seat = 0;
  /** The games by number, and the ends kept for players who come back (server/room-games.ts). */
  private readonly games = newRoomGames();
  /**
   * The room's clock: whole ms since it opened. The table's times are small
   * integers (src/table/table.ts NEVER is 2^30 ms, twelve days away).
   */
  private readonly opened = performance.now();
  private now(): number {
    return Math.floor(performance.now() - this.opened);
  }
  /** Figures the tests and docs read: refused messages, clients shown the door. */
  readonly counts = { refused: 0, kicked: 0 };

  override onCreate(raw: unknown): void {
    const checked = checkCreate(raw);
    if (!checked.ok) throw new Error(checked.reason);
    const { options, cpus, difficulty } = checked.value;
    if (roomSettings.cardLimit > 0) options.cardLimit = roomSettings.cardLimit;
    this.roomId = newCode();
    this.setup = { options, cpus, difficulty };
    this.maxClients = options.players - cpus;
    for (let seat = 0; seat < options.players; seat++) {
      const cpu = seat >= options.players - cpus;
      this.seats.push({ kind: cpu ? 'cpu' : 'open', name: '', session: '', present: cpu });
    }
    this.dealer = roomSettings.seed > 0 ? 0 : randomInt(options.players);
    openRooms.add(this);
  }

  override onAuth(_client: Client, raw: unknown): unknown {
    const checked = checkJoin(raw);
    if (!checked.ok) throw new Error(checked.reason);
    if (this.phase !== 'lobby') throw new Error('this game has started');
    return checked.value;
  }

  override onJoin(client: Client, _options: unknown, auth: { name: string }): void {
    const seat = this.seats.findIndex((s) => s.kind === 'open');
    if (seat < 0) throw new Error('the room is full');
    this.seats[seat] = { kind: 'person', name: auth.name, session: client.sessionId, present: true };
    if (this.creator === '') this.creator = client.sessionId;
    client.userData = { seat, gone: false, tokens: RATE_BURST, refilled: this.now(), refused: 0 } satisfies ClientData;
    this.listenForPongs(client);
    this.sendLobby();
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    const seat = (client.userData as ClientData | undefined)?.seat ?? -1;
    if (seat < 0) return;
    if (this.phase === 'lobby') {
      this.seats[seat] = { kind: 'open', name: '', session: '', present: false };
      if (client.sessionId === this.creator) this.creator = this.clients.find((c) => c !== client)?.sessionId ?? '';
      this.sendLobby();
      return;
    }
    this.seats[seat]!.present = false;
    if (this.nt) setPresent(this.nt, seat, false);
    this.tick();
    if (consented) return;
    const left = this.games.dealt;
    try {
      const back = await this.allowReconnection(client, RECONNECT_S);
      this.seats[seat]!.present = true;
      this.listenForPongs(back);
      // The game as it stands; or, if it ended meanwhile, as it ended: its
      // results, which the others saw and which count for this player too.
      setPresent(this.nt!, seat, true);
      // Games that ended while they were away, then what the room is doing now (a rematch, maybe).
      for (const e of endedSince(this.games, left)) back.send(S.ended, e);
      back.send(S.deal, this.deal(seat));
      this.tick();
    } catch {
      // Gone for good: the seat is played for them to the end.
    }
  }

  override onDispose(): void {
    openRooms.delete(this);
    if (this.wake) clearTimeout(this.wake);
    if (this.pinger) clearInterval(this.pinger);
  }

  /** Checks, rates and routes every room message; nothing a client sends can throw out of here. */
  protected override _onMessage(client: Parameters<Room['_onMessage']>[0], buffer: Buffer): void {
    const data = client.userData as ClientData | undefined;
    if (!data || data.gone) return;
    const now = this.now();
    data.tokens = Math.min(RATE_BURST, data.tokens + ((now - data.refilled) * RATE_PER_S) / 1000);
    data.refilled = now;
    if (data.tokens < 1) {
      this.showTheDoor(client, 'flooding');
      return;
    }
    data.tokens -= 1;
    try {
      super._onMessage(client, buffer);
    } catch {
      this.refused(client, 'undecodable message');
    }
  }

  /** Registered in the constructor's place: one handler for every type, which checks it. */
  protected setUpMessages(): void {
    this.onMessage('*', (client: Client, type: string | number, payload: unknown) => {
      const checked = checkMessage(type, payload);
      if (!checked.ok) {
        this.refused(client, checked.reason);
        return;
      }
      this.handle(client, checked.value);
    });
  }

  constructor() {
    super();
    this.setUpMessages();
  }

  private handle(client: Client, m: ClientMessage): void {
    const seat = (client.userData as ClientData).seat;
    if (m.kind === 'start') {
      if (client.sessionId !== this.creator) return this.refused(client, 'only the creator starts');
      if (this.phase === 'playing') return this.refused(client, 'the game is on');
      this.startGame();
      return;
    }
    if (this.phase !== 'playing' || !this.nt) return this.refused(client, 'no game is on');
    const why = receive(this.nt, seat, m.kind, m.seq, m.stamp, this.now(), m.kind === 'choose' ? m.target : -1);
    if (why !== null) return this.refused(client, why);
    this.tick();
  }

  private refused(client: Client, _reason: string): void {
    this.counts.refused++;
    const data = client.userData as ClientData | undefined;
    if (data && ++data.refused > REFUSALS_ALLOWED) this.showTheDoor(client, 'too many refused messages');
  }

  private showTheDoor(client: Client, _why: string): void {
    const data = client.userData as ClientData;
    if (data.gone) return;
    data.gone = true;
    this.counts.kicked++;
    // 4003: a protocol violation; the client does not come back with a reconnection.
    client.leave(4003);
  }

  // ---- the lobby and the game ----

  private lobby(seat: Seat): Lobby {
    const creatorSeat = this.clients.find((c) => c.sessionId === this.creator)?.userData?.seat ?? -1;
    return [
      this.roomId,
      seat,
      creatorSeat,
      this.seats.map((s) => s.name),
      this.seats.map((s) => SEAT_KINDS.indexOf(s.kind)),
      this.seats.map((s) => (s.present ? 1 : 0)),
      this.setup,
    ];
  }

  private sendLobby(): void {
    for (const c of this.clients) c.send(S.lobby, this.lobby((c.userData as ClientData).seat));
  }

  private startGame(): void {
    // Seats nobody took are played by CPU players.
    for (const s of this.seats) if (s.kind === 'open') Object.assign(s, { kind: 'cpu', present: true });
    const seed = roomSettings.seed > 0 ? roomSettings.seed : randomInt(1, 0x7fffffff);
    // A rematch is dealt by the next seat, as the next game at one table is.
    if (this.nt) this.dealer = nextDealer(this.nt.table.game);
    const now = this.now();
    gameDealt(this.games);
    this.nt = newNetTable(
      {
        options: this.setup.options,
        seed,
        dealer: this.dealer,
        aiSeed: randomInt(1, 0x7fffffff),
        difficulty: this.setup.difficulty as never,
        seats: this.seats.map((s) => ({ kind: s.kind === 'person' ? 'person' : 'cpu' })),
      },
      now,
    );
    this.seats.forEach((s, seat) => {
      if (s.kind === 'person' && !s.present) setPresent(this.nt!, seat, false);
    });
    this.phase = 'playing';
    void this.lock();
    for (const c of this.clients) c.send(S.deal, this.deal((c.userData as ClientData).seat));
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = setInterval(() => this.pingAll(false), PING_MS);
    this.tick();
  }

  private deal(seat: Seat): Deal {
    const { seq, game, figures } = tableNow(this.nt!);
    return [seat, this.seats.map((s) => s.name), this.seats.map((s) => SEAT_KINDS.indexOf(s.kind)), this.setup.options, seq, publicState(game), figures, this.games.dealt];
  }

  /** Runs the table to now, sends what it did, and sets the timer for its next moment. */
  private tick(): void {
    const nt = this.nt;
    if (!nt) return;
    const now = this.now();
    const next = advance(nt, now);
    const out = drain(nt, now);
    // What this tick sends a player leaves in one write (the messages, then the ping behind a picture): a system call a player, not one a message.
    const sockets: Corkable[] = [];
    for (const c of this.clients) {
      const socket = (c.ref as unknown as { _socket?: Corkable })._socket;
      if (out.length > 0 && socket) {
        socket.cork();
        sockets.push(socket);
      }
    }
    for (const m of out) {
      // A message for everyone is encoded once.
      if (m.to === -1) this.broadcast(m.type, m.body);
      else for (const c of this.clients) if (m.to === (c.userData as ClientData).seat) c.send(m.type, m.body);
    }
    if (pingBehindPicture(nt)) this.pingAll(true);
    for (const socket of sockets) socket.uncork();
    if (nt.table.game.over !== null && this.phase === 'playing') {
      this.phase = 'results';
      const { game, figures } = tableNow(nt);
      gameEnded(this.games, publicState(game), figures);
      if (this.pinger) clearInterval(this.pinger);
      this.pinger = null;
    }
    if (next !== this.wakeAt) {
      if (this.wake) clearTimeout(this.wake);
      this.wakeAt = next;
      this.wake = next >= 0x3fffffff ? null : setTimeout(() => this.onWake(), Math.max(0, next - now));
    }
  }

  private onWake(): void {
    this.wakeAt = -1;
    this.wake = null;
    try {
      this.tick();
    } catch (e) {
      // A bug in the game must not take the server down with it: this room ends, the others play on.
      console.error(`room ${this.roomId}: ${(e as Error).stack ?? e}`);
      void this.disconnect(4500);
    }
  }

  // ---- round trips: WebSocket pings, answered by the client's network stack ----

  /** Pings every player behind a pile's picture (`behindPicture`), or those whose round ping is due (net-table.ts pingDue). */
  private pingAll(behindPicture: boolean): void {
    if (!this.nt) return;
    const now = this.now();
    for (const c of this.clients) {
      const ws = c.ref as unknown as { ping?: (data: Buffer) => void; readyState?: number };
      if (typeof ws.ping !== 'function' || ws.readyState !== 1) continue;
      const seat = (c.userData as ClientData).seat;
      if (!behindPicture && !pingDue(this.nt, seat, now)) continue;
      notePing(this.nt, seat, now);
      ws.ping(PING_PAYLOAD);
    }
  }

  private listenForPongs(client: Client): void {
    const ws = client.ref;
    ws.on('pong', (data: Buffer) => {
      // Colyseus's own keep-alive pings carry nothing; ours carry PING_PAYLOAD.
      if (!this.nt || data.length !== PING_PAYLOAD.length) return;
      notePong(this.nt, (client.userData as ClientData).seat, this.now());
      // A slap that looked too fast may have been waiting for this pong (net-table.ts pongAwaited).
      if (this.nt.queue.length > 0) this.tick();
    });
  }

  /** Tells every player the room is closing (the server stops): one clear line on every client. */
  closing(reason: 'serverStopping'): void {
    this.broadcast(S.closing, [reason]);
  }
}

const PING_PAYLOAD = Buffer.from('rs');

/** A player's TCP socket (ws keeps it as _socket): writes between cork and uncork leave together. */
interface Corkable {
  cork(): void;
  uncork(): void;
}
