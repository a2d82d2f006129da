// An honest player for the server tests: a colyseus.js client running the
// game script's own online table (src/net/client.ts) on a 60 Hz frame
// clock, with no screen: a slappable pile is slapped a reaction time after
// its face was drawn, a card is played soon after the turn comes, and the
// script answers the server's asks itself.
import { Client, type Room } from 'colyseus.js';
import { C, PROTOCOL_VERSION, ROOM_NAME, S, type Deal, type Lobby, type Step } from '../../src/net/protocol';
import { onlineFrame, onlineMessage, onlineTable, type OnlineTable } from '../../src/net/client';
import { canSlap, slapPattern } from '../../src/rules';

export interface BotLog {
  messages: number;
  cardsSeen: number;
  /** The longest time between two messages once the game was on (ms). */
  longestGap: number;
  errors: string[];
  closed: number | null;
  /** The reasons of every closing line the server sent (S.closing). */
  closing: string[];
  over: boolean;
}

/**
 * A client whose room hears its messages from the first: colyseus.js drops
 * a message that comes in the same read as the join's answer, before a
 * handler could be set (the lobby, sent as the player joins).
 */
class ListeningClient extends Client {
  constructor(
    url: string,
    private readonly onRoom: (room: Room) => void,
  ) {
    super(url);
  }

  protected override createRoom<T>(roomName: string, rootSchema?: Parameters<Client['create']>[2]): Room<T> {
    const room = super.createRoom<T>(roomName, rootSchema as never);
    this.onRoom(room);
    return room;
  }
}

export class Bot {
  room!: Room;
  /** The game as this player's script holds it (src/net/client.ts), from the deal on. */
  table: OnlineTable | null = null;
  /** The last lobby the room showed this player, and how many it showed. */
  lobby: Lobby | null = null;
  lobbiesHeard = 0;
  /** What else the room said, in order: [type, payload, ms] (S.away, S.race, S.ended, S.deal). */
  readonly heard: [number, unknown, number][] = [];
  private timers: ReturnType<typeof setTimeout>[] = [];
  private frames: ReturnType<typeof setInterval> | null = null;
  private lastMessage = 0;
  /** The frame the bot means to slap on, and to press its move button on. */
  private slapAt = -1;
  private moveAt = -1;
  private plannedSeq = -1;
  readonly log: BotLog = { messages: 0, cardsSeen: 0, longestGap: 0, errors: [], closed: null, closing: [], over: false };

  constructor(
    readonly url: string,
    readonly name: string,
    readonly reaction = 300,
    /** From the turn coming to the move button (ms). */
    readonly movePause = 120,
    /** Presses nothing (answers the server's asks all the same): a player who sits and watches. */
    readonly passive = false,
  ) {}

  async create(setup: object): Promise<string> {
    this.room = await new Client(this.url).create(ROOM_NAME, { v: PROTOCOL_VERSION, name: this.name, setup });
    this.listen();
    return this.room.roomId;
  }

  async join(code: string): Promise<void> {
    this.room = await new ListeningClient(this.url, (room) => {
      this.room = room;
      this.listen();
    }).joinById(code, { v: PROTOCOL_VERSION, name: this.name });
  }

  get seat(): number {
    return this.table ? this.table.you : -1;
  }

  /** Comes back after a drop, through whichever server `url` is (the room may live in another process). */
  async rejoin(url: string): Promise<void> {
    const token = this.room.reconnectionToken;
    this.room.removeAllListeners();
    this.room = await new Client(url).reconnect(token);
    this.log.closed = null;
    this.listen();
  }

  start(): void {
    this.room.send(C.start, []);
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.length = 0;
    if (this.frames) clearInterval(this.frames);
    this.frames = null;
  }

  private listen(): void {
    this.room.onError((code, message) => this.log.errors.push(`${code} ${message}`));
    this.room.onLeave((code) => (this.log.closed = code));
    this.room.onMessage('*', (type, body) => {
      const now = Math.round(performance.now());
      if (this.table !== null && this.lastMessage > 0) this.log.longestGap = Math.max(this.log.longestGap, now - this.lastMessage);
      this.lastMessage = now;
      this.log.messages++;
      if (type === S.lobby) {
        this.lobby = body as Lobby;
        this.lobbiesHeard++;
      }
      if (type === S.away || type === S.race || type === S.ended || type === S.deal) this.heard.push([type as number, body, now]);
      if (type === S.closing) {
        this.log.closing.push(String((body as [string])[0]));
        this.stop();
        return;
      }
      if (type === S.deal) {
        this.table = onlineTable(body as Deal, now);
        // A game that ended while this player was away comes back as its last state: its results, nothing to press.
        if (this.table.game.over !== null) {
          this.log.over = true;
          this.stop();
        } else if (!this.frames) this.frames = setInterval(() => this.frame(), 16);
        return;
      }
      if (!this.table) return;
      const flying = this.table.flying?.seq ?? -1;
      onlineMessage(this.table, type as number, body, now);
      // A played card's face came.
      if (type === S.step && (body as Step)[0] === flying) this.log.cardsSeen++;
      if (this.table.game.over !== null) {
        this.log.over = true;
        this.stop();
      }
    });
  }

  /** A frame of the bot's screen: it looks at the pile as its script holds it and presses. */
  private frame(): void {
    const t = this.table;
    if (!t) return;
    const now = Math.round(performance.now());
    const presses = { slap: false, move: false, choose: -1 };
    if (!this.passive && t.readableAt >= 0 && t.flying === null) {
      const game = t.game;
      if (this.plannedSeq !== t.seq || this.plannedSeq < 0) {
        this.plannedSeq = t.seq;
        this.slapAt = slapPattern(game) !== null && canSlap(game, t.you) ? t.readableAt + this.reaction : -1;
        this.moveAt = -1;
      }
      const mine = game.pendingCollect !== null ? game.pendingCollect.seat === t.you : game.pendingChoice === null && game.turn === t.you;
      if (this.slapAt >= 0 && now >= this.slapAt) {
        presses.slap = true;
        this.slapAt = -1;
      } else if (mine && this.slapAt < 0) {
        if (this.moveAt < 0) this.moveAt = now + this.movePause;
        if (now >= this.moveAt) {
          presses.move = true;
          // Pressed when the server's table had moved on: look again in a second.
          this.moveAt = now + 1000;
        }
      }
    }
    onlineFrame(t, now, presses);
    for (const [type, payload] of t.out.splice(0)) this.room.send(type, payload);
  }
}
