// One room on Colyseus: the carrier of a room's game (src/net/room-core.ts:
// seats, lobby, the game and its judging, results and rematch, every
// message checked and rated) over Colyseus's matchmaking, seat
// reservation, reconnection and WebSocket. This file decides only what is
// Colyseus's to do: the room's code as its id, 60 s to come back after a
// drop (allowReconnection), the room locked once a game starts, Node's
// timers for the table's next moment and the round pings, WebSocket pings
// answered by the client's network stack, a tick's writes corked into one.
import { randomInt } from 'node:crypto';
import { Room, type Client } from '@colyseus/core';
import { PING_MS, type NetTable } from '../src/net/net-table';
import {
  RECONNECT_S,
  admitMessage,
  cameBack,
  closingRoom,
  forgetKept,
  joinRoom,
  leftRoom,
  mayJoin,
  openRoomCore,
  peopleSeats,
  pingRound,
  pongCame,
  refuse,
  roomMessage,
  takeDeeds,
  tickRoom,
  type RoomCore,
  type RoomSettings,
} from '../src/net/room-core';

export { CODE_ALPHABET, CODE_LENGTH } from '../src/net/protocol';
export { RATE_BURST, RATE_PER_S, RECONNECT_S, REFUSALS_ALLOWED } from '../src/net/room-core';

/** The system's random source, for the codes, the dealer and the deals. */
const systemRandom = (n: number): number => randomInt(n);

/** The server's own settings for every room (startServer sets them: src/net/room-core.ts RoomSettings). */
export const roomSettings: RoomSettings = { cardLimit: 0, seed: 0 };

/** Every room of this process, so the server can tell them all it is stopping (server/main.ts). */
export const openRooms = new Set<RatscrewRoom>();

export class RatscrewRoom extends Room {
  private core!: RoomCore;
  private wakeAt = -1;
  // Node's own timers: a room's Colyseus clock runs only with a simulation interval, which this room does not need.
  private wake: ReturnType<typeof setTimeout> | null = null;
  private pinger: ReturnType<typeof setInterval> | null = null;
  /**
   * The room's clock: whole ms since it opened. The table's times are small
   * integers (src/table/table.ts NEVER is 2^30 ms, twelve days away).
   */
  private readonly opened = performance.now();
  private now(): number {
    return Math.floor(performance.now() - this.opened);
  }
  /** Figures the tests and docs read: refused messages, clients shown the door. */
  get counts(): { refused: number; kicked: number } {
    return this.core.counts;
  }
  /** The room's table while a game is on or shown (bench/online.ts and bench/load read its figures). */
  get nt(): NetTable | null {
    return this.core.nt;
  }

  override onCreate(raw: unknown): void {
    const opened = openRoomCore(raw, roomSettings, systemRandom, (id) => this.clientById(id) !== undefined && socketOf(this.clientById(id)!).readyState === 1);
    if (!opened.ok) throw new Error(opened.reason);
    this.core = opened.room;
    this.roomId = this.core.code;
    this.maxClients = peopleSeats(this.core);
    openRooms.add(this);
  }

  override onAuth(_client: Client, raw: unknown): unknown {
    const checked = mayJoin(this.core, raw);
    if (!checked.ok) throw new Error(checked.reason);
    return checked.value;
  }

  override onJoin(client: Client, _options: unknown, auth: { name: string }): void {
    const seat = joinRoom(this.core, client.sessionId, auth.name, this.now());
    if (typeof seat === 'string') throw new Error(seat);
    // The seat, for whoever reads a client (bench/load keys the judged slaps by it).
    client.userData = { seat };
    this.listenForPongs(client);
    this.carryOut();
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    let wait = false;
    this.tick(() => (wait = leftRoom(this.core, client.sessionId, consented, this.now())));
    if (!wait) return;
    try {
      const back = await this.allowReconnection(client, RECONNECT_S);
      this.listenForPongs(back);
      this.tick(() => cameBack(this.core, back.sessionId, this.now()));
    } catch {
      // Gone for good: the seat is played for them to the end.
      forgetKept(this.core, client.sessionId);
    }
  }

  override onDispose(): void {
    openRooms.delete(this);
    if (this.wake) clearTimeout(this.wake);
    if (this.pinger) clearInterval(this.pinger);
  }

  /** Rates every room message before Colyseus decodes it; nothing a client sends can throw out of here. */
  protected override _onMessage(client: Parameters<Room['_onMessage']>[0], buffer: Buffer): void {
    if (!admitMessage(this.core, client.sessionId, this.now())) {
      this.carryOut();
      return;
    }
    try {
      super._onMessage(client, buffer);
    } catch {
      refuse(this.core, client.sessionId, 'undecodable message');
      this.carryOut();
    }
  }

  /** Registered in the constructor's place: one handler for every type, which the room's core checks. */
  protected setUpMessages(): void {
    this.onMessage('*', (client: Client, type: string | number, payload: unknown) => {
      this.tick(() => roomMessage(this.core, client.sessionId, type, payload, this.now()));
    });
  }

  constructor() {
    super();
    this.setUpMessages();
  }

  /**
   * A call into the room's core (by default: run its table to now), which
   * runs the table when the call moves the game; then what it did, carried
   * out, and the timer for the table's next moment. Every call that can
   * judge a slap goes through here (bench/load/server.ts times them here).
   */
  private tick(call: () => void = () => tickRoom(this.core, this.now())): void {
    call();
    this.carryOut();
    this.schedule(this.core.next);
  }

  private schedule(next: number): void {
    const phase = this.core.phase;
    if (phase === 'playing' && this.pinger === null) {
      // A started game takes no one new; its round pings begin.
      void this.lock();
      this.pinger = setInterval(() => this.pingAll(), PING_MS);
    } else if (phase !== 'playing' && this.pinger !== null) {
      clearInterval(this.pinger);
      this.pinger = null;
    }
    if (this.core.nt === null || next === this.wakeAt) return;
    if (this.wake) clearTimeout(this.wake);
    this.wakeAt = next;
    this.wake = next >= 0x3fffffff ? null : setTimeout(() => this.onWake(), Math.max(0, next - this.now()));
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

  /**
   * Does what the room's core asked: its messages (one for everyone encoded
   * once), the door, the pings. What one call sends a player leaves in one
   * write (the messages, then the ping behind a picture): a system call a
   * player, not one a message.
   */
  private carryOut(): void {
    const deeds = takeDeeds(this.core);
    if (deeds.length === 0) return;
    const sockets: Corkable[] = [];
    if (deeds.some((d) => d.kind === 'send')) {
      for (const c of this.clients) {
        const socket = (c.ref as unknown as { _socket?: Corkable })._socket;
        if (socket) {
          socket.cork();
          sockets.push(socket);
        }
      }
    }
    for (const d of deeds) {
      if (d.kind === 'send') {
        if (d.to === null) this.broadcast(d.type, d.body);
        else this.clientById(d.to)?.send(d.type, d.body);
      } else if (d.kind === 'ping') {
        const c = this.clientById(d.to);
        if (c) socketOf(c).ping?.(PING_PAYLOAD);
      } else {
        // 4003: a protocol violation; the client does not come back with a reconnection.
        this.clientById(d.to)?.leave(4003);
      }
    }
    for (const socket of sockets) socket.uncork();
  }

  private clientById(id: string): Client | undefined {
    for (const c of this.clients) if (c.sessionId === id) return c;
    return undefined;
  }

  // ---- round trips: WebSocket pings, answered by the client's network stack ----

  /** The round of pings: those whose ping is due (net-table.ts pingDue). */
  private pingAll(): void {
    pingRound(this.core, this.now());
    this.carryOut();
  }

  private listenForPongs(client: Client): void {
    socketOf(client).on('pong', (data: Buffer) => {
      // Colyseus's own keep-alive pings carry nothing; ours carry PING_PAYLOAD.
      if (data.length !== PING_PAYLOAD.length) return;
      this.tick(() => pongCame(this.core, client.sessionId, this.now()));
    });
  }

  /** Tells every player the room is closing (the server stops): one clear line on every client. */
  closing(reason: 'serverStopping'): void {
    closingRoom(this.core, reason);
    this.carryOut();
  }
}

const PING_PAYLOAD = Buffer.from('rs');

/** A client's WebSocket (ws): its pings and pongs, whether it is open. */
function socketOf(client: Client): { ping?: (data: Buffer) => void; readyState?: number; on: (event: 'pong', fn: (data: Buffer) => void) => void } {
  return client.ref as unknown as { ping?: (data: Buffer) => void; readyState?: number; on: (event: 'pong', fn: (data: Buffer) => void) => void };
}

/** A player's TCP socket (ws keeps it as _socket): writes between cork and uncork leave together. */
interface Corkable {
  cork(): void;
  uncork(): void;
}
