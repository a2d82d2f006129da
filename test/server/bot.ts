// An honest player for the server tests: a colyseus.js client that plays
// the protocol (src/net/protocol.ts) as the game's own clients do, with no
// screen: a pile is readable when its face arrives, a slappable pile is
// slapped after a reaction time, a card is played soon after the turn
// comes, and the server's asks are answered when its stamp gets there.
import { Client, type Room } from 'colyseus.js';
import { C, PROTOCOL_VERSION, ROOM_NAME, S, gameFromPublic, type Deal, type PublicState, type Step } from '../../src/net/protocol';
import { canSlap, slapPattern } from '../../src/rules';
import type { GameOptions } from '../../src/rules/types';

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

export class Bot {
  room!: Room;
  seat = -1;
  private options: GameOptions | null = null;
  private state: PublicState | null = null;
  private seq = 0;
  private readable = -1;
  private last: [number, number] = [0, -0x3fffffff];
  private timers: ReturnType<typeof setTimeout>[] = [];
  private lastMessage = 0;
  readonly log: BotLog = { messages: 0, cardsSeen: 0, longestGap: 0, errors: [], closed: null, closing: [], over: false };

  constructor(
    readonly url: string,
    readonly name: string,
    readonly reaction = 300,
  ) {}

  async create(setup: object): Promise<string> {
    this.room = await new Client(this.url).create(ROOM_NAME, { v: PROTOCOL_VERSION, name: this.name, setup });
    this.listen();
    return this.room.roomId;
  }

  async join(code: string): Promise<void> {
    this.room = await new Client(this.url).joinById(code, { v: PROTOCOL_VERSION, name: this.name });
    this.listen();
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
  }

  private later(ms: number, f: () => void): void {
    this.timers.push(setTimeout(f, ms));
  }

  private listen(): void {
    this.room.onError((code, message) => this.log.errors.push(`${code} ${message}`));
    this.room.onLeave((code) => (this.log.closed = code));
    this.room.onMessage('*', (type, body) => {
      const now = performance.now();
      if (this.state !== null && this.lastMessage > 0) this.log.longestGap = Math.max(this.log.longestGap, now - this.lastMessage);
      this.lastMessage = now;
      this.log.messages++;
      this.onMessage(type as number, body, now);
    });
  }

  private stamp(now: number): number {
    if (this.readable < 0) return -1;
    const s = Math.round(now - this.readable);
    return this.last[0] === this.seq ? Math.max(s, this.last[1]) : s;
  }

  private send(type: number, stamp: number, extra?: number): void {
    this.last = [this.seq, stamp];
    this.room.send(type, extra === undefined ? [this.seq, stamp] : [this.seq, stamp, extra]);
  }

  private onMessage(type: number, body: unknown, now: number): void {
    if (type === S.deal) {
      const d = body as Deal;
      this.seat = d[0];
      this.options = d[3];
      this.seq = d[4];
      this.state = d[5];
      this.readable = now;
      this.act(now);
    } else if (type === S.fly) {
      this.seq = (body as [number, number])[0];
      this.readable = -1;
    } else if (type === S.step) {
      const [seq, , state] = body as Step;
      if (seq !== this.seq || this.readable < 0) {
        this.seq = seq;
        this.readable = now;
        this.log.cardsSeen++;
      }
      this.state = state;
      if (state[13] !== 0) {
        this.log.over = true;
        this.stop();
        return;
      }
      this.act(now);
    } else if (type === S.closing) {
      this.log.closing.push(String((body as [string])[0]));
      this.stop();
    } else if (type === S.ask) {
      const [seq, through] = body as [number, number];
      const answer = (): void => {
        if (this.seq > seq || this.stamp(performance.now()) >= through) this.send(C.heard, this.stamp(performance.now()));
        else this.later(5, answer);
      };
      answer();
    }
  }

  private act(now: number): void {
    if (!this.state || !this.options) return;
    const game = gameFromPublic(this.options, this.state);
    const seq = this.seq;
    if (slapPattern(game) !== null && canSlap(game, this.seat)) {
      this.later(this.reaction, () => {
        if (this.seq === seq) this.send(C.slap, this.stamp(performance.now()));
      });
      return;
    }
    const mine = game.pendingCollect !== null ? game.pendingCollect.seat === this.seat : game.pendingChoice === null && game.turn === this.seat;
    if (!mine) return;
    this.later(120, () => {
      if (this.seq !== seq) return;
      this.send(C.move, this.stamp(performance.now()));
      // Pressed when the server's table had moved on: look again.
      this.later(1000, () => this.seq === seq && this.act(performance.now()));
    });
    void now;
  }
}
