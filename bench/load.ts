// How many rooms the online server holds (issue 36, item 3), measured over
// 127.0.0.1 with bot players (bench/load/bots.ts, in processes of their own)
// against real server processes (bench/load/server.ts: server/server.ts and
// a watch on its judging): four-seat rooms of four people, added in steps;
// at each step, after the new rooms have settled, a window of play in which
// every person's slap is timed from the moment the server had all it needed
// to judge it (the last word the race waited for, sent; or the timer that
// let it judge, due) to the judgment going out: its wait beyond the race
// window. A step holds if that wait's 99th percentile is at most 50 ms. Also
// each server's CPU and memory per room and the bytes a player's connection
// carries a minute. Then the same with two processes sharing the rooms
// through Redis, each room created through one and joined through the other.
// Writes its section into bench/results.md.
//   npx tsx bench/load.ts [--steps 50,100,...] [--window 15] [--only 1|2] [--server-sched rr|NICE]
// How many rooms the online server holds (issue 36, item 3), measured over
// 127.0.0.1 with bot players (bench/load/bots.ts, in processes of their own)
// against real server processes (bench/load/server.ts: server/server.ts and
// a watch on its judging): four-seat rooms (four people, or fewer and CPU
// players: --people), added in steps; at each step, after the new rooms have
// settled, a window of play in which every person's slap is timed from the
// moment the server had all it needed to judge it (the last word the race
// waited for, sent; or the timer that let it judge, due) to the judgment
// going out: its wait beyond the race window. A step holds if that wait's
// 99th percentile is at most 50 ms. Also each server's CPU seconds a room-
// minute, its memory a room, the time it stood ready but waited for a CPU
// (the machine's other work), and the bytes a player's connection carries a
// minute. Then the same with two processes sharing the rooms through Redis,
// each room created through one and joined through the other.
// Everything runs at the bench's own priority: run it as
//   nice -n 10 npx tsx bench/load.ts [--people 4] [--steps 50,100,...] [--window 15] [--only 1|2] [--minutes 9]
// It stops adding rooms when a step's wait passes the bar, when the bots
// could no longer play at the pace of the steps before, or after --minutes in all.
// Writes its section into bench/results.md.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, getPriority, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startRedis, type RedisServer } from '../server/redis-server';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1]! : fallback;
};
const STEPS = arg('--steps', '50,100,200,300,400,500,600,800,1000').split(',').map(Number);
const WINDOW_S = Number(arg('--window', '15'));
const SETTLE_S = 6;
const LIMIT_MS = 50;
/** A step whose rooms saw a fifth fewer messages than a step before was not driven as players drive it (the bots fell behind): the bench stops there. */
const ACTIVITY_KEPT = 0.8;
/** Fewer messages a person a second than this at the first step, with the bots on time, is rooms that hardly play (bots out of step with the game's client), not a load: they see 4-7. */
const PLAYING_MIN = 3.5;
/** A server whose event loop stood ready this long a second (ms) waiting for a CPU was held back by the machine's other work. */
const SERVER_HELD_MS = 250;
/** Bots whose presses came at most this late (p99, ms) were not starved: rooms slower than before then stalled. */
const BOTS_ON_TIME_MS = 100;
const BOT_PROCESSES = 2;
/**
 * A server using this much of a core is its own limit when its wait passes
 * the bar; below it, a wait past the bar is the machine's other work (the
 * column "waited for a CPU" says how much), and the bench goes on to measure
 * the rooms' cost up to ten times the bar.
 */
const SATURATED = 0.8;
/** The whole run's time (both compositions): no step starts after it. */
const MINUTES = Number(arg('--minutes', '9'));
/** People in each four-seat room (the rest CPU players). */
const PEOPLE = Number(arg('--people', '4'));
const RESULTS = fileURLToPath(new URL('./results.md', import.meta.url));
const HEADING = `## Online: rooms one server process holds, ${PEOPLE === 4 ? 'four people a room' : `${['', 'one person', 'two people', 'three people'][PEOPLE]} and ${4 - PEOPLE} CPU players a room`}`;

type Msg = Record<string, unknown>;

/** A forked process and a way to ask it something and wait for the answer that has `key`. */
class Child {
  private waiting: { key: string; resolve: (m: Msg) => void }[] = [];
  constructor(readonly proc: ChildProcess) {
    proc.on('message', (m: Msg) => {
      const i = this.waiting.findIndex((w) => w.key in m);
      if (i >= 0) this.waiting.splice(i, 1)[0]!.resolve(m);
    });
  }
  ask(message: unknown, key: string): Promise<Msg> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, resolve });
      this.proc.once('exit', (code) => reject(new Error(`a bench process exited (${code})`)));
      if (message !== null) this.proc.send(message as never);
    });
  }
}

function start(script: string, argv: string[], node: string[] = []): Promise<{ child: Child; ready: Msg }> {
  const proc = fork(fileURLToPath(new URL(script, import.meta.url)), argv, { execArgv: ['--import', 'tsx', ...node], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const child = new Child(proc);
  return child.ask(null, 'ready').then((ready) => ({ child, ready }));
}

/** A process's CPU seconds so far (user + system, all its threads), from /proc. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * How long the process's main thread (the event loop: the judging) has stood
 * ready to run while the CPUs ran something else, in seconds (the kernel's
 * run-queue delay, /proc/PID/schedstat). What the machine's other work took
 * from the server, whatever the server's own load.
 */
function readyWaitOf(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return NaN;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Step {
  rooms: number;
  load: [number, number];
  judged: number;
  p50: number;
  p99: number;
  max: number;
  /** The servers' CPU, in cores (CPU seconds a second), all processes together. */
  serverCpu: number;
  /** The share of the servers' CPU spent in the kernel (system time: the sockets' system calls). */
  kernel: number;
  /** The servers' socket writes a room a second. */
  writesPerRoomS: number;
  /** The busiest server's CPU, in cores. */
  busiest: number;
  /** The most any one server's event loop stood ready but waited for a CPU, in ms a second. */
  readyWait: number;
  redisCpu: number;
  botsCpu: number;
  rss: number;
  heap: number;
  loopP99: number;
  bytesPerPlayerMinute: number;
  closed: number;
  botsLateP99: number;
  messagesPerRoomS: number;
  /** Why the bench stopped after this step, if it did. */
  stop: string;
}

interface ServerStats {
  seconds: number;
  cpuSeconds: number;
  systemSeconds: number;
  writes: number;
  rss: number;
  heapUsed: number;
  loopP99: number;
  judged: { key: string; due: number; judged: number; kind: string }[];
}
interface BotStats {
  seconds: number;
  cpuSeconds: number;
  bytes: number;
  players: number;
  closed: number;
  lateP99: number;
  loopP99: number;
  messages: number;
}
interface Run {
  processes: number;
  steps: Step[];
  /** The servers' RSS and heap, and their CPU in cores, with no room open. */
  baseRss: number;
  baseHeap: number;
  baseCpu: number;
}

const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
/** Whether a step held, and if not whose the wait was. */
const holds = (s: Step): string => (s.p99 <= LIMIT_MS ? 'yes' : s.busiest >= SATURATED ? 'no: the server' : 'no: the machine');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const began = Date.now();

async function run(processes: number, until: number): Promise<Run> {
  let redis: RedisServer | null = null;
  if (processes > 1) redis = await startRedis();
  const servers = await Promise.all(Array.from({ length: processes }, () => start('./load/server.ts', redis ? [redis.url] : [], ['--expose-gc'])));
  const pids = servers.map((s) => s.child.proc.pid!);
  const urls = servers.map((s) => s.ready.url as string);
  const bots = await Promise.all(Array.from({ length: BOT_PROCESSES }, () => start('./load/bots.ts', [String(PEOPLE)])));
  const steps: Step[] = [];
  // The idle processes: what a server costs before its first room (its runtime, Colyseus's keep-alives, Redis's connections).
  await sleep(2000);
  await Promise.all(servers.map((s) => s.child.ask('reset', 'reset')));
  await sleep(5000);
  const idle = (await Promise.all(servers.map((s) => s.child.ask('stats', 'stats')))).map((m) => m.stats as ServerStats);
  const baseRss = idle.reduce((a, s) => a + s.rss, 0);
  const baseHeap = idle.reduce((a, s) => a + s.heapUsed, 0);
  const baseCpu = idle.reduce((a, s) => a + s.cpuSeconds / s.seconds, 0);
  let rooms = 0;
  for (const target of STEPS) {
    if (Date.now() > until) {
      if (steps.length) steps[steps.length - 1]!.stop = `the run's time (${MINUTES} minutes with both compositions) was up`;
      break;
    }
    const more = target - rooms;
    const opened = await Promise.all(bots.map((b, i) => b.child.ask({ rooms: Math.floor(more / BOT_PROCESSES) + (i < more % BOT_PROCESSES ? 1 : 0), urls }, 'opened')));
    const failed = opened.reduce((a, m) => a + (m.failed as number), 0);
    rooms = target - failed;
    await sleep(SETTLE_S * 1000);
    await Promise.all([...servers, ...bots].map((c) => c.child.ask('reset', 'reset')));
    const redis0 = redis ? cpuOf(redis.pid) : 0;
    const ready0 = pids.map(readyWaitOf);
    const load0 = loadavg()[0]!;
    await sleep(WINDOW_S * 1000);
    const load1 = loadavg()[0]!;
    const ready1 = pids.map(readyWaitOf);
    const redisSeconds = redis ? cpuOf(redis.pid) - redis0 : 0;
    const sStats = (await Promise.all(servers.map((s) => s.child.ask('stats', 'stats')))).map((m) => m.stats as ServerStats);
    const bStats = (await Promise.all(bots.map((b) => b.child.ask('stats', 'stats')))).map((m) => m.stats as BotStats);
    const judged = sStats.flatMap((s) => s.judged);
    const keys = judged.filter((j) => j.kind === 'message').map((j) => j.key);
    const found = await Promise.all(bots.map((b) => b.child.ask({ lookup: keys }, 'found')));
    const sentAt = keys.map((_, i) => Math.max(...found.map((f) => (f.found as number[])[i]!)));
    const waits: number[] = [];
    let k = 0;
    for (const j of judged) {
      let from = j.due;
      if (j.kind === 'message') {
        const s = sentAt[k++]!;
        // A message no bot logged (none: every key is a press or an answer): counted from its arrival.
        if (s >= 0) from = Math.min(s, j.due);
      }
      waits.push(j.judged - from);
    }
    if (process.env.LOAD_DEBUG) {
      const by = (kind: string): string => {
        const w = judged.map((j, i) => [j, waits[i]!] as const).filter(([j]) => j.kind === kind).map(([, w]) => w).sort((a, b) => a - b);
        return `${kind} ${w.length}: p50 ${percentile(w, 50)?.toFixed(1)} p99 ${percentile(w, 99)?.toFixed(1)}`;
      };
      console.log(`debug: ${by('message')}; ${by('timer')}; ${by('other')}; unmatched ${sentAt.filter((x) => x < 0).length}`);
    }
    waits.sort((a, b) => a - b);
    const seconds = sStats[0]!.seconds;
    const players = bStats.reduce((a, b) => a + b.players, 0);
    const step: Step = {
      rooms,
      load: [load0, load1],
      judged: waits.length,
      p50: percentile(waits, 50),
      p99: percentile(waits, 99),
      max: waits.length ? waits[waits.length - 1]! : NaN,
      serverCpu: sStats.reduce((a, s) => a + s.cpuSeconds / s.seconds, 0),
      busiest: Math.max(...sStats.map((s) => s.cpuSeconds / s.seconds)),
      kernel: sStats.reduce((a, s) => a + s.systemSeconds, 0) / sStats.reduce((a, s) => a + s.cpuSeconds, 0),
      writesPerRoomS: sStats.reduce((a, s) => a + s.writes / s.seconds, 0) / rooms,
      readyWait: Math.max(...ready1.map((r, i) => ((r - ready0[i]!) / seconds) * 1000)),
      redisCpu: redisSeconds / seconds,
      botsCpu: bStats.reduce((a, b) => a + b.cpuSeconds / b.seconds, 0),
      rss: sStats.reduce((a, s) => a + s.rss, 0),
      heap: sStats.reduce((a, s) => a + s.heapUsed, 0),
      loopP99: Math.max(...sStats.map((s) => s.loopP99)),
      bytesPerPlayerMinute: (bStats.reduce((a, b) => a + b.bytes, 0) / players / seconds) * 60,
      closed: bStats.reduce((a, b) => a + b.closed, 0),
      botsLateP99: Math.max(...bStats.map((b) => b.lateP99)),
      messagesPerRoomS: bStats.reduce((a, b) => a + b.messages, 0) / rooms / seconds,
      stop: '',
    };
    const pace = Math.max(0, ...steps.map((x) => x.messagesPerRoomS));
    if (steps.length === 0 && !(step.messagesPerRoomS / PEOPLE >= PLAYING_MIN) && step.botsLateP99 <= BOTS_ON_TIME_MS) step.stop = `the rooms hardly played (${step.messagesPerRoomS.toFixed(1)} messages a room a second): the bots are out of step with the game's client`;
    else if (failed > 0) step.stop = `${failed} rooms failed to open (${opened.map((m) => m.why).find(Boolean)})`;
    else if (step.closed > 0) step.stop = `${step.closed} players' connections closed`;
    else if (!(step.p99 <= LIMIT_MS) && step.busiest >= SATURATED) step.stop = `the wait's p99 passed ${LIMIT_MS} ms with a server at ${pct(step.busiest)} of a core: the server's own limit`;
    else if (!(step.p99 <= 10 * LIMIT_MS)) step.stop = `the wait's p99 passed ${10 * LIMIT_MS} ms with the busiest server at ${pct(step.busiest)} of a core, waiting ${step.readyWait.toFixed(0)} ms a second for a CPU: the machine's other work`;
    else if (steps.length > 0 && step.messagesPerRoomS < ACTIVITY_KEPT * pace)
      step.stop =
        step.botsLateP99 > BOTS_ON_TIME_MS
          ? 'the bots fell behind the pace of the steps before (the machine had no more CPU for them)'
          : step.readyWait >= SERVER_HELD_MS
            ? `the rooms played slower than before, the bots on time and the server waiting ${step.readyWait.toFixed(0)} ms a second for a CPU (the machine's other work)`
            : `the rooms played slower than before with the bots on time and the server not held back: they stalled (bots out of step with the game's client?)`;
    steps.push(step);
    console.log(
      `load: ${processes} process(es), ${rooms} rooms: judged ${step.judged}, p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, max ${step.max.toFixed(0)} ms; ` +
        `server CPU ${(step.serverCpu * 100).toFixed(0)}% (idle ${(baseCpu * 100).toFixed(1)}%, kernel ${pct(step.kernel)}, writes/room/s ${step.writesPerRoomS.toFixed(1)}), waited for a CPU ${step.readyWait.toFixed(0)} ms/s, redis ${(step.redisCpu * 100).toFixed(1)}%, bots ${(step.botsCpu * 100).toFixed(0)}% (late p99 ${step.botsLateP99.toFixed(0)} ms, loop p99 ${Math.max(...bStats.map((b) => b.loopP99)).toFixed(0)} ms), ` +
        `msgs/room/s ${step.messagesPerRoomS.toFixed(1)}, RSS ${(step.rss / 2 ** 20).toFixed(0)} MiB, heap ${(step.heap / 2 ** 20).toFixed(0)} MiB, loop p99 ${step.loopP99.toFixed(1)} ms; load ${load0.toFixed(1)}-${load1.toFixed(1)}${step.stop ? `; stop: ${step.stop}` : ''}`,
    );
    if (step.stop) break;
  }
  await Promise.all(bots.map((b) => new Promise((r) => (b.child.proc.once('exit', r), b.child.proc.send('stop')))));
  await Promise.all(servers.map((s) => new Promise((r) => (s.child.proc.once('exit', r), s.child.proc.send('stop')))));
  await redis?.stop();
  return { processes, steps, baseRss, baseHeap, baseCpu };
}

const only = arg('--only', '');
const deadline = began + MINUTES * 60_000;
const one = only === '2' ? null : await run(1, only === '1' ? deadline : began + (MINUTES * 60_000) / 2);
const two = only === '1' ? null : await run(2, deadline);

/** The players' pace: the most messages a room a second any step saw (a step the machine starved sees fewer). */
const paceOf = (r: Run): number => Math.max(...r.steps.map((s) => s.messagesPerRoomS));
/** The CPU a room costs its server (seconds a room-minute, the idle process's own cost taken out). */
const perRoomMinute = (r: Run, s: Step): number => ((s.serverCpu - r.baseCpu) * 60) / s.rooms;
/**
 * The same at the players' pace: where the bots fell behind, fewer messages
 * passed, and a room's cost is scaled by the pace's messages a room
 * over the step's (the server's work follows the messages it relays). An
 * estimate from the measurements, said as one.
 */
const atPace = (r: Run, s: Step): number => perRoomMinute(r, s) * (paceOf(r) / s.messagesPerRoomS);
/** The largest step that held: its wait's p99 within the bar, with the bots at pace, every room open and every player connected. */
const held = (r: Run | null): Step | null =>
  r ? ([...r.steps].reverse().find((s) => s.p99 <= LIMIT_MS && s.messagesPerRoomS >= ACTIVITY_KEPT * paceOf(r) && s.closed === 0 && !s.stop.includes('failed to open')) ?? null) : null;
const largest = (r: Run): Step => r.steps.reduce((a, s) => (s.rooms > a.rooms ? s : a));
/**
 * The step a room's CPU is taken from: the largest that held, else the
 * first. Not a step past the bar: a server held back from the CPUs relays
 * more messages a wake-up, in fewer writes, and so costs less a room than
 * one that keeps its players' time (see the writes column).
 */
const costStep = (r: Run): Step => held(r) ?? r.steps[0]!;
/** The range of a room's CPU at pace over the steps where the bots kept the pace (ms a room-minute): how steady it was. */
const costRange = (r: Run): string => {
  const at = r.steps.filter((s) => s.messagesPerRoomS >= ACTIVITY_KEPT * paceOf(r)).map((s) => atPace(r, s) * 1000);
  return at.length > 1 ? `; ${Math.round(Math.min(...at))}-${Math.round(Math.max(...at))} ms over the ${at.length} steps at pace` : '';
};
/** Rooms a process holds on a core of its own, from its cost a room at pace: a core's worth, less the idle process's own. */
const roomsACore = (r: Run): number => ((1 - r.baseCpu / r.processes) * 60) / atPace(r, costStep(r));

const cond = (): string => {
  const loads = [...(one?.steps ?? []), ...(two?.steps ?? [])].flatMap((s) => s.load);
  return `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`;
};
const L: string[] = [HEADING, ''];
L.push(`Bot players over 127.0.0.1 (bench/load.ts; ${BOT_PROCESSES} bot processes, bench/load/bots.ts) against real server processes (bench/load/server.ts):`);
L.push(`every room four seats: ${PEOPLE === 4 ? 'four people' : `${PEOPLE} people and ${4 - PEOPLE} hard CPU players`}, classic, each person slapping`);
L.push('250-450 ms after the face, moving 120 ms after the turn, answering the asks; a rematch 2 s after each result. Rooms are');
L.push(`added in steps; at each step ${SETTLE_S} s to settle, then ${WINDOW_S} s measured. **A slap's wait** is the time from the moment the server had`);
L.push('all it needed to judge it (the last word its race waited for, as its client sent it, on the machine\'s monotonic clock; or the');
L.push('timer that let the table judge, as it was due) to the judgment going out: what the server added beyond the race window. A step');
L.push(`holds while its p99 is at most ${LIMIT_MS} ms. **CPU a room-minute** is the servers' CPU seconds (user + system) a minute over the idle`);
L.push('processes\' own, divided by the rooms; **memory a room** the growth of the servers\' RSS (and of the V8 heap in use), after a');
L.push('full collection, over the idle processes\', divided by the rooms. **Waited for a CPU** is how long a server\'s event loop stood ready while the CPUs ran other');
L.push('work (the kernel\'s run-queue delay, /proc/PID/schedstat): the machine\'s share in the wait. A step that did not hold is the');
L.push(`server's own limit when its busiest process used ${pct(SATURATED)} of a core or more, else the machine's; the bench goes on past the`);
L.push(`machine's up to a wait of ${10 * LIMIT_MS} ms, for the rooms' cost.`);
L.push('');
L.push(`Run on ${new Date(began).toISOString().slice(0, 16).replace('T', ' ')} UTC, every process at nice ${getPriority()}, on ${cpus().length} cores shared with the team's other work (1-minute load`);
L.push(`average ${cond()} during the windows; each row has its own). The bots need about as much CPU as the server they drive, so on`);
L.push('this machine they and the server share the same two cores; a step where the bots\' rooms saw a fifth fewer messages than a');
L.push('step before is where the machine had no more CPU to drive the server with, and the bench stops there. The players\' pace is the');
L.push('most messages a room a second of any step.');
L.push('');
const table = (title: string, r: Run): void => {
  const redis = r.processes > 1;
  L.push(`### ${title}`);
  L.push('');
  L.push(`Idle (no room): ${(r.baseCpu * 100).toFixed(1)}% of a core, RSS ${(r.baseRss / 2 ** 20).toFixed(0)} MiB, heap ${(r.baseHeap / 2 ** 20).toFixed(0)} MiB${redis ? ' (both processes)' : ''}.`);
  L.push('');
  L.push(`| rooms | people | slaps timed | wait p50 | wait p99 | wait max | server CPU | in the kernel | socket writes a room a second | CPU a room-minute | waited for a CPU | RSS | a room | heap a room | loop delay p99 |${redis ? ' Redis CPU |' : ''} bots' CPU | bots late p99 | messages a room a second | bytes a player a minute | load avg | holds |`);
  L.push(`| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${redis ? ' ---: |' : ''} ---: | ---: | ---: | ---: | ---: | --- |`);
  for (const s of r.steps) {
    L.push(
      `| ${s.rooms} | ${s.rooms * PEOPLE} | ${s.judged} | ${s.p50.toFixed(1)} ms | ${s.p99.toFixed(1)} ms | ${s.max.toFixed(0)} ms | ${pct(s.serverCpu)} | ${pct(s.kernel)} | ${s.writesPerRoomS.toFixed(1)} | ${(perRoomMinute(r, s) * 1000).toFixed(0)} ms | ${s.readyWait.toFixed(0)} ms/s | ${(s.rss / 2 ** 20).toFixed(0)} MiB | ${((s.rss - r.baseRss) / s.rooms / 1024).toFixed(0)} KiB | ${((s.heap - r.baseHeap) / s.rooms / 1024).toFixed(0)} KiB | ${s.loopP99.toFixed(1)} ms |${redis ? ` ${(s.redisCpu * 100).toFixed(1)}% |` : ''} ${pct(s.botsCpu)} | ${s.botsLateP99.toFixed(0)} ms | ${s.messagesPerRoomS.toFixed(1)} | ${(s.bytesPerPlayerMinute / 1024).toFixed(1)} KiB | ${s.load[0].toFixed(1)}-${s.load[1].toFixed(1)} | ${holds(s)} |`,
    );
  }
  const last = r.steps[r.steps.length - 1];
  if (last?.stop) L.push('', `Stopped after ${last.rooms} rooms: ${last.stop}.`);
  L.push('');
};
if (one) table('One process, rooms in memory', one);
if (two) table('Two processes sharing the rooms through Redis (each room created through one, joined through the other)', two);
const busiest = [...(one?.steps ?? []), ...(two?.steps ?? [])].reduce<Step | null>((a, s) => (a === null || s.messagesPerRoomS > a.messagesPerRoomS ? s : a), null);
const first = busiest;
if (first) L.push(`Bytes a player's connection carries at the players' pace (the step of the most messages a room), both ways (WebSocket frames with their headers, pings included; TCP/IP headers not): **${(first.bytesPerPlayerMinute / 1024).toFixed(1)} KiB a minute**.`, '');
const h1 = held(one);
const h2 = held(two);
L.push(`Shown here, the wait's p99 at most ${LIMIT_MS} ms with the bots at pace: one process **${h1 ? `${h1.rooms} rooms (p99 ${h1.p99.toFixed(1)} ms, ${pct(h1.serverCpu)} of a core)` : 'none of the steps'}**${two ? `, two processes **${h2 ? `${h2.rooms} rooms (p99 ${h2.p99.toFixed(1)} ms, ${pct(h2.serverCpu)} of a core between them)` : 'none of the steps'}**` : ''}.`);
L.push('');
if (one && one.steps.length) {
  const s = costStep(one);
  const m = largest(one);
  L.push(
    `From ${s === h1 ? 'the largest step that held' : 'the first step (none held)'} (${s.rooms} rooms), a room costs one process **${(atPace(one, s) * 1000).toFixed(0)} ms of CPU a room-minute at the players' pace** ` +
      `(${(perRoomMinute(one, s) * 1000).toFixed(0)} ms measured at ${s.messagesPerRoomS.toFixed(1)} messages a room a second, the pace ${paceOf(one).toFixed(1)}${costRange(one)}), and from the largest (${m.rooms} rooms) **${((m.rss - one.baseRss) / m.rooms / 1024).toFixed(0)} KiB** of memory (RSS; ${((m.heap - one.baseHeap) / m.rooms / 1024).toFixed(0)} KiB of heap): ` +
      `its CPU bounds one process on a core of its own to about **${Math.round(roomsACore(one))} rooms** (all of the core; an estimate from the measured cost, not a measured step).`,
  );
}
if (two && two.steps.length) {
  const s = costStep(two);
  const ratio = one && one.steps.length ? roomsACore(two) / roomsACore(one) : NaN;
  L.push(
    `Two processes behind Redis, from ${s === h2 ? 'the largest step that held' : 'the first step (none held)'} (${s.rooms} rooms): **${(atPace(two, s) * 1000).toFixed(0)} ms a room-minute** between them${costRange(two) ? ` (${costRange(two).slice(2)})` : ''}, so two cores of their own would hold about **${Math.round(2 * roomsACore(two))} rooms**` +
      `${Number.isFinite(ratio) ? ` (**${(2 * ratio).toFixed(2)}×** one process's core; estimated likewise, from steps of unequal rooms a process)` : ''}; Redis itself used ${(Math.max(...two.steps.map((x) => x.redisCpu)) * 100).toFixed(1)}% of a core at most: nothing of a game's path goes through it.`,
  );
}
if (one && two) {
  // The fair comparison: the same rooms a process (a process's cost a room falls as it holds more), both at pace.
  const atPaceOf = (r: Run, x: Step): boolean => x.messagesPerRoomS >= ACTIVITY_KEPT * paceOf(r);
  const pairs = two.steps.flatMap((t) => {
    const o = one.steps.find((x) => 2 * x.rooms === t.rooms && atPaceOf(one, x));
    return o && atPaceOf(two, t) ? [{ o, t, r: (t.serverCpu - two.baseCpu) / (2 * (o.serverCpu - one.baseCpu)) }] : [];
  });
  if (pairs.length > 0) {
    const rs = pairs.map((p) => p.r);
    L.push(
      `At the same rooms a process: ${pairs.map(({ o, t }) => `${t.rooms} rooms in two processes used ${pct(t.serverCpu / 2)} of a core each, ${o.rooms} in one ${pct(o.serverCpu)}`).join('; ')}. ` +
        `A room cost two processes **${rs.length > 1 ? `${Math.min(...rs).toFixed(2)}-` : ''}${Math.max(...rs).toFixed(2)}×** what it cost one at the same rooms a process` +
        (Math.max(...rs) <= 1 ? ': no more, so two processes on two cores hold **twice** the rooms of one on one, by the CPU (an estimate, not a measured step).' : `: two cores hold about **${(2 / Math.max(...rs)).toFixed(2)}×** one core's rooms, by the CPU (an estimate, not a measured step).`),
    );
  }
}
L.push('');
const section = L.join('\n');
let md = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
const at = md.indexOf(HEADING);
if (at >= 0) {
  const next = md.indexOf('\n## ', at + HEADING.length);
  md = md.slice(0, at) + (next >= 0 ? md.slice(next + 1) : '');
}
md = md.replace(/\n*$/, '\n\n') + section;
writeFileSync(RESULTS, md);
console.log(section);
process.exit(0);
