// A process of the load bench's players (bench/load.ts forks a few): many
// four-seat rooms of people (four, or fewer and CPU players: argv[2]), every person a lean client of the
// rooms' protocol (ws and MessagePack directly, no colyseus.js) holding the
// game as the game script does (src/net/client.ts) and pressing when a
// player would: a slap a reaction time after the card lands face up (250-450 ms), the move
// button 120 ms after the turn comes, the server's asks answered when its
// clock gets there. Events, not frames: a frame clock per player would cost
// the bench more than the server. The creator deals again 2 s after the
// results (a game night's rematch), so the rooms stay busy.
// Each message sent is logged by its key (room|seat|type|seq|stamp) with the
// machine's monotonic time, for the bench to time the server's judgments.
//   IPC in: { rooms, urls } (open that many more rooms: created through
//   urls[i % n], joined through urls[(i + 1) % n]) | 'reset' | { lookup: keys } | 'stats' | 'stop'
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { pack, unpackMultiple } from '@colyseus/msgpackr';
import { C, PROTOCOL_VERSION, ROOM_NAME, S, type Deal, type Lobby } from '../../src/net/protocol';
import { onlineFrame, onlineMessage, onlineTable, type OnlineTable } from '../../src/net/client';
import { canSlap, slapPattern } from '../../src/rules';
import { LAND_MS } from '../../src/table/table';

const hrMs = (): number => Number(process.hrtime.bigint()) / 1e6;
const ROOM_DATA = 13;
const JOIN_ROOM = 10;
/** People a four-seat room holds (argv[2], 1-4); the other seats are CPU players. */
const PEOPLE = Number(process.argv[2] ?? 4);
const SETUP = { options: { ruleSet: 'classic', players: 4 }, cpus: 4 - PEOPLE, difficulty: 'hard' };

let sent = new Map<string, number>();
const counts = { errors: 0, closed: 0, messages: 0, games: 0 };
/** How late each player's planned press or answer came (ms): the bots' own load, which would make the rooms quieter than players. */
let late: number[] = [];
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const players: Player[] = [];

interface Seat {
  room: { processId: string; roomId: string; publicAddress?: string };
  sessionId: string;
}

async function matchmake(url: string, method: string, body: object): Promise<Seat> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${url}matchmake/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await res.json()) as Seat & { error?: string };
    if (json.room) return json;
    if (attempt >= 5) throw new Error(`${method}: ${json.error ?? res.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

class Player {
  ws!: WebSocket;
  table: OnlineTable | null = null;
  seat = -1;
  code = '';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Infinity;
  /** When the timer should fire: its moment, or when it was set if that moment had passed. */
  private fireAt = Infinity;
  private plannedSeq = -1;
  private slapAt = -1;
  private moveAt = -1;
  private lobbyFull: (() => void) | null = null;

  constructor(
    readonly reaction: number,
    readonly creator: boolean,
  ) {}

  connect(url: string, s: Seat): Promise<void> {
    this.code = s.room.roomId;
    const base = s.room.publicAddress ? `ws://${s.room.publicAddress}/` : url.replace('http', 'ws');
    this.ws = new WebSocket(`${base}${s.room.processId}/${s.room.roomId}?sessionId=${s.sessionId}`, { perMessageDeflate: false });
    this.ws.binaryType = 'nodebuffer';
    return new Promise((resolve, reject) => {
      this.ws.once('error', reject);
      this.ws.on('close', () => {
        counts.closed++;
        this.stop();
      });
      this.ws.on('message', (data: Buffer) => {
        if (data[0] === JOIN_ROOM) {
          this.ws.send(Uint8Array.of(JOIN_ROOM));
          resolve();
          return;
        }
        if (data[0] !== ROOM_DATA) return;
        counts.messages++;
        const [type, body] = unpackMultiple(data.subarray(1)) as [number, unknown];
        this.onMessage(type, body);
      });
    });
  }

  /** Resolves when the lobby shows every seat taken (the creator then deals). */
  whenFull(): Promise<void> {
    return new Promise((r) => (this.lobbyFull = r));
  }

  private onMessage(type: number, body: unknown): void {
    const now = Math.round(performance.now());
    if (type === S.lobby) {
      const kinds = (body as Lobby)[4];
      if (this.lobbyFull && kinds.every((k) => k !== 0)) {
        this.lobbyFull();
        this.lobbyFull = null;
      }
      return;
    }
    if (type === S.deal) {
      this.table = onlineTable(body as Deal, now);
      this.seat = this.table.you;
      this.plannedSeq = -1;
    } else if (this.table) {
      onlineMessage(this.table, type, body, now);
      this.table.shown.length = 0;
    } else return;
    if (this.table.game.over !== null) {
      this.clear();
      counts.games += this.creator ? 1 : 0;
      if (this.creator) setTimeout(() => this.ws.readyState === WebSocket.OPEN && this.send(C.start, []), 2000);
      return;
    }
    this.plan(now);
  }

  /** When this player next presses or answers, from the game as they hold it. */
  private plan(now: number): void {
    const t = this.table!;
    if (t.readableAt >= 0 && t.flying === null && this.plannedSeq !== t.seq) {
      this.plannedSeq = t.seq;
      this.slapAt = slapPattern(t.game) !== null && canSlap(t.game, t.you) ? t.readableAt + this.reaction : -1;
      this.moveAt = -1;
    }
    const g = t.game;
    const mine = t.readableAt >= 0 && t.flying === null && (g.pendingCollect !== null ? g.pendingCollect.seat === t.you : g.pendingChoice === null && g.turn === t.you);
    if (mine && this.slapAt < 0 && this.moveAt < 0) this.moveAt = now + 120;
    if (!mine) this.moveAt = -1;
    let at = Infinity;
    // A card whose face has come lands when its flight ends (src/net/client.ts): a frame then lands it.
    if (t.flying !== null && t.flying.face) at = Math.min(at, t.flying.start + LAND_MS);
    if (this.slapAt >= 0) at = Math.min(at, this.slapAt);
    if (this.moveAt >= 0) at = Math.min(at, this.moveAt);
    if (t.ask !== null) at = Math.min(at, t.seq > t.ask[0] || t.readableAt < 0 ? now : t.readableAt + t.ask[1]);
    this.wakeAt(at);
  }

  private wakeAt(at: number): void {
    if (at === this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = at;
    if (at === Infinity) return;
    const now = performance.now();
    this.fireAt = Math.max(at, now);
    this.timer = setTimeout(() => this.frame(), Math.max(0, at - now));
  }

  private frame(): void {
    late.push(performance.now() - this.fireAt);
    this.timer = null;
    this.timerAt = Infinity;
    const t = this.table;
    if (!t || this.ws.readyState !== WebSocket.OPEN) return;
    const now = Math.round(performance.now());
    const presses = { slap: false, move: false, choose: -1 };
    if (this.slapAt >= 0 && now >= this.slapAt) {
      presses.slap = true;
      this.slapAt = -1;
    } else if (this.moveAt >= 0 && now >= this.moveAt) {
      presses.move = true;
      // Pressed when the server's table had moved on: look again in a second.
      this.moveAt = now + 1000;
    }
    // Russian jokers are not in the classic game played here; nobody names a taker.
    onlineFrame(t, now, presses);
    for (const [type, payload] of t.out.splice(0)) this.send(type, payload as number[]);
    this.plan(now);
  }

  send(type: number, payload: number[]): void {
    this.ws.send(Buffer.concat([Buffer.from([ROOM_DATA]), pack(type), pack(payload)]));
    if (payload.length >= 2) sent.set(`${this.code}|${this.seat}|${type}|${payload[0]}|${payload[1]}`, hrMs());
  }

  bytes(): number {
    const s = (this.ws as unknown as { _socket?: { bytesRead: number; bytesWritten: number } })._socket;
    return s ? s.bytesRead + s.bytesWritten : 0;
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }

  stop(): void {
    this.clear();
    this.table = null;
  }
}

let opened = 0;
async function openRoom(urls: string[]): Promise<void> {
  const i = opened++;
  const via = urls[i % urls.length]!;
  const joinVia = urls[(i + 1) % urls.length]!;
  const reaction = (): number => 250 + Math.floor(Math.random() * 200);
  const creator = new Player(reaction(), true);
  const made = await matchmake(via, `create/${ROOM_NAME}`, { v: PROTOCOL_VERSION, name: `R${i}a`, setup: SETUP });
  await creator.connect(via, made);
  const full = creator.whenFull();
  const others: Player[] = [];
  for (let k = 1; k < PEOPLE; k++) {
    const p = new Player(reaction(), false);
    await p.connect(joinVia, await matchmake(joinVia, `joinById/${made.room.roomId}`, { v: PROTOCOL_VERSION, name: `R${i}${'abcd'[k]}` }));
    others.push(p);
  }
  await full;
  players.push(creator, ...others);
  creator.send(C.start, []);
}

let bytesAt = 0;
let cpu = process.cpuUsage();
let since = hrMs();
const totalBytes = (): number => players.reduce((s, p) => s + p.bytes(), 0);

// LOAD_PROFILE=dir: a V8 CPU profile of each measured window, written there.
const profiling = process.env.LOAD_PROFILE ? new Session() : null;
if (profiling) {
  profiling.connect();
  await profiling.post('Profiler.enable');
}
let recording = false;
process.on('message', async (m: { rooms?: number; urls?: string[]; lookup?: string[] } | string) => {
  if (profiling && m === 'reset' && !recording) {
    await profiling.post('Profiler.start');
    recording = true;
  }
  if (profiling && m === 'stats' && recording) {
    recording = false;
    const { profile } = await profiling.post('Profiler.stop');
    writeFileSync(`${process.env.LOAD_PROFILE}/bots-${process.pid}-${Date.now()}.cpuprofile`, JSON.stringify(profile));
  }
  if (typeof m === 'object' && m.rooms !== undefined) {
    const want = m.rooms;
    const urls = m.urls!;
    void (async () => {
      let failed = 0;
      let why = '';
      // A few at a time, as players arrive.
      const batch = 8;
      for (let done = 0; done < want; done += batch) {
        const n = Math.min(batch, want - done);
        const results = await Promise.allSettled(Array.from({ length: n }, () => openRoom(urls)));
        for (const r of results) {
          if (r.status !== 'rejected') continue;
          failed++;
          why ||= String((r.reason as Error)?.message ?? r.reason);
        }
      }
      process.send!({ opened: want - failed, failed, why });
    })();
  } else if (typeof m === 'object' && m.lookup) {
    process.send!({ found: m.lookup.map((k) => sent.get(k) ?? -1) });
  } else if (m === 'reset') {
    sent = new Map();
    bytesAt = totalBytes();
    cpu = process.cpuUsage();
    since = hrMs();
    counts.errors = counts.closed = counts.messages = counts.games = 0;
    late = [];
    loop.reset();
    process.send!({ reset: true });
  } else if (m === 'stats') {
    const used = process.cpuUsage(cpu);
    late.sort((a, b) => a - b);
    const lateP99 = late.length ? late[Math.floor(late.length * 0.99)]! : 0;
    process.send!({ stats: { lateP99, loopP99: loop.percentile(99) / 1e6, seconds: (hrMs() - since) / 1000, cpuSeconds: (used.user + used.system) / 1e6, bytes: totalBytes() - bytesAt, players: players.length, ...counts } });
  } else if (m === 'stop') {
    for (const p of players) {
      p.stop();
      p.ws.terminate();
    }
    process.exit(0);
  }
});
process.send!({ ready: true });
