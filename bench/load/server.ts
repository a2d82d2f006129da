// One server process of the load bench (bench/load.ts forks it with an IPC
// channel): the real server (server/server.ts), and a watch on its judging.
// For every person's slap it records when the judgment went out and what
// let the table judge it: the message whose arrival did (its key, for the
// bench to find when its client sent it) or the timer that did (when it was
// due). The time from that moment to the judgment is the slap's wait beyond
// its race window: whatever the server's own load added.
//   args: [redis url]; IPC in: 'reset' | 'stats'; IPC out: { ready, url } then the stats.
import { writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { unpackMultiple } from '@colyseus/msgpackr';
import { startServer } from '../../server/server';
import { RatscrewRoom } from '../../server/room';

/** The machine's monotonic clock in ms, the same in every process (CLOCK_MONOTONIC). */
const hrMs = (): number => Number(process.hrtime.bigint()) / 1e6;
const perfToHr = hrMs() - performance.now();

interface Trigger {
  kind: 'message' | 'timer' | 'other';
  /** The message that came (decoded only if it let a slap be judged). */
  room?: string;
  seat?: number;
  buffer?: Buffer;
  /** A timer's due time (hr ms). */
  due?: number;
  at: number;
}

/** A slap judged: [key of what let it be judged, or '' for a timer/other] with times in hr ms. */
interface Judged {
  key: string;
  due: number;
  judged: number;
  kind: Trigger['kind'];
}

let trigger: Trigger | null = null;
let judged: Judged[] = [];
const lag = monitorEventLoopDelay({ resolution: 10 });

type Internals = {
  nt: { queue: { press: { type: string } }[] } | null;
  wake: unknown;
  wakeAt: number;
  opened: number;
  roomId: string;
  tick(...call: unknown[]): void;
  onWake(): void;
  _onMessage(client: { userData?: { seat: number } }, buffer: Buffer): void;
};
const proto = RatscrewRoom.prototype as unknown as Internals;
const { tick, onWake, _onMessage } = proto;

proto._onMessage = function (this: Internals, client, buffer) {
  trigger = { kind: 'message', room: this.roomId, seat: client.userData?.seat ?? -1, buffer, at: hrMs() };
  try {
    _onMessage.call(this, client, buffer);
  } finally {
    trigger = null;
  }
};
proto.onWake = function (this: Internals) {
  trigger = { kind: 'timer', due: perfToHr + this.opened + this.wakeAt, at: hrMs() };
  try {
    onWake.call(this);
  } finally {
    trigger = null;
  }
};
proto.tick = function (this: Internals, ...call: unknown[]) {
  const nt = this.nt;
  const slaps = nt ? nt.queue.filter((q) => q.press.type === 'slap') : [];
  // A timer already due when a message came: the table could have judged then (counted from then: never less than the truth).
  const overdue = this.wake !== null && this.wakeAt >= 0 && perfToHr + this.opened + this.wakeAt < hrMs() ? perfToHr + this.opened + this.wakeAt : Infinity;
  tick.apply(this, call);
  if (slaps.length === 0) return;
  const left = new Set(this.nt ? this.nt.queue : []);
  const done = slaps.filter((q) => !left.has(q));
  if (done.length === 0) return;
  const now = hrMs();
  const t = trigger ?? { kind: 'other' as const, at: now };
  let key = '';
  if (t.kind === 'message') {
    const [type, payload] = unpackMultiple(t.buffer!.subarray(1)) as [number, number[]];
    key = `${t.room}|${t.seat}|${type}|${payload[0]}|${payload[1]}`;
  }
  const due = Math.min(overdue, t.kind === 'timer' ? t.due! : t.at);
  for (let i = 0; i < done.length; i++) judged.push({ key, due, judged: now, kind: t.kind });
};

/**
 * The socket writes the server makes (each a system call: a corked tick's
 * messages leave in one writev, a ping in one write of its own), counted
 * where every net.Socket write goes through.
 */
let writes = 0;
const sock = Socket.prototype as unknown as { _writeGeneric: (...a: unknown[]) => unknown };
const writeGeneric = sock._writeGeneric;
sock._writeGeneric = function (this: unknown, ...a: unknown[]) {
  writes++;
  return writeGeneric.apply(this, a);
};

const redis = process.argv[2] || undefined;
const quiet = (): void => {};
const server = await startServer({
  redis,
  // The bench's bots all come from 127.0.0.1.
  asks: { burst: 1e9, perMinute: 1e9 },
  logger: { info: quiet, warn: quiet, error: quiet, debug: quiet },
});
let cpu = process.cpuUsage();
let since = hrMs();
lag.enable();

// LOAD_PROFILE=dir: a V8 CPU profile of each measured window, written there (where the server's time goes).
const profiling = process.env.LOAD_PROFILE ? new Session() : null;
if (profiling) {
  profiling.connect();
  await profiling.post('Profiler.enable');
}

let recording = false;
process.on('message', async (m: string) => {
  if (profiling && m === 'reset' && !recording) {
    await profiling.post('Profiler.start');
    recording = true;
  }
  if (profiling && m === 'stats' && recording) {
    recording = false;
    const { profile } = await profiling.post('Profiler.stop');
    writeFileSync(`${process.env.LOAD_PROFILE}/server-${process.pid}-${Date.now()}.cpuprofile`, JSON.stringify(profile));
  }
  if (m === 'reset') {
    judged = [];
    writes = 0;
    cpu = process.cpuUsage();
    since = hrMs();
    lag.reset();
    process.send!({ reset: true });
  } else if (m === 'stats') {
    const used = process.cpuUsage(cpu);
    // Memory after a full collection (the bench starts this process with --expose-gc): what the rooms hold, not the garbage of the moment.
    (globalThis as { gc?: () => void }).gc?.();
    const mem = process.memoryUsage();
    process.send!({
      stats: {
        seconds: (hrMs() - since) / 1000,
        cpuSeconds: (used.user + used.system) / 1e6,
        systemSeconds: used.system / 1e6,
        writes,
        rss: mem.rss,
        heapUsed: mem.heapUsed,
        loopP99: lag.percentile(99) / 1e6,
        judged,
      },
    });
  } else if (m === 'stop') {
    void server.stop().then(() => process.exit(0));
  }
});
process.send!({ ready: true, url: server.url });
