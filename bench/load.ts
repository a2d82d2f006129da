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
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, setPriority } from 'node:os';
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
/** A step whose rooms saw a fifth fewer messages than at the first step was not driven as players drive it (the bots fell behind): the bench stops there. */
const ACTIVITY_KEPT = 0.8;
const BOT_PROCESSES = 2;
/**
 * How the server processes are scheduled: 'rr' puts them in the real-time
 * round-robin class (chrt -r 1, as root), which stands in for a core of their
 * own on a machine shared with other work (see the section's text); a number
 * is a nice value.
 */
const SERVER_SCHED = arg('--server-sched', 'rr');
/** The bots' nice value: above the machine's other work, below the servers, so that the load they make is the players' (see the section's text). */
const BOTS_NICE = Number(arg('--bots-nice', '-10'));
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

function start(script: string, argv: string[]): Promise<{ child: Child; ready: Msg }> {
  const proc = fork(fileURLToPath(new URL(script, import.meta.url)), argv, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const child = new Child(proc);
  return child.ask(null, 'ready').then((ready) => ({ child, ready }));
}

let scheduled = SERVER_SCHED === 'rr' ? 'the real-time round-robin class (chrt -r 1)' : `nice ${SERVER_SCHED}`;
let botsNice = `nice ${BOTS_NICE}`;
function schedule(pid: number): void {
  if (SERVER_SCHED === 'rr') {
    try {
      execFileSync('chrt', ['-r', '-a', '-p', '1', String(pid)], { stdio: 'ignore' });
      return;
    } catch {
      scheduled = 'the normal class (chrt -r refused: not root)';
      return;
    }
  }
  setPriority(pid, Number(SERVER_SCHED));
}

/** A process's CPU seconds so far (user + system), from /proc. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
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
  serverCpu: number;
  redisCpu: number;
  botsCpu: number;
  rss: number;
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
  rss: number;
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

async function run(processes: number): Promise<{ steps: Step[]; baseRss: number }> {
  let redis: RedisServer | null = null;
  if (processes > 1) redis = await startRedis();
  const servers = await Promise.all(Array.from({ length: processes }, () => start('./load/server.ts', redis ? [redis.url] : [])));
  for (const s of servers) schedule(s.child.proc.pid!);
  const urls = servers.map((s) => s.ready.url as string);
  const bots = await Promise.all(Array.from({ length: BOT_PROCESSES }, () => start('./load/bots.ts', [String(PEOPLE)])));
  for (const b of bots) {
    try {
      setPriority(b.child.proc.pid!, BOTS_NICE);
    } catch {
      botsNice = 'the normal class (a lower nice value was refused: not root)';
    }
  }
  const steps: Step[] = [];
  await new Promise((r) => setTimeout(r, 2000));
  const baseRss = (await Promise.all(servers.map((s) => s.child.ask('stats', 'stats')))).reduce((a, m) => a + (m.stats as ServerStats).rss, 0);
  let rooms = 0;
  for (const target of STEPS) {
    const more = target - rooms;
    const opened = await Promise.all(bots.map((b, i) => b.child.ask({ rooms: Math.floor(more / BOT_PROCESSES) + (i < more % BOT_PROCESSES ? 1 : 0), urls }, 'opened')));
    const failed = opened.reduce((a, m) => a + (m.failed as number), 0);
    rooms = target - failed;
    await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
    await Promise.all([...servers, ...bots].map((c) => c.child.ask('reset', 'reset')));
    const redis0 = redis ? cpuOf(redis.pid) : 0;
    const load0 = loadavg()[0]!;
    await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
    const load1 = loadavg()[0]!;
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
      serverCpu: sStats.reduce((a, s) => a + s.cpuSeconds, 0) / seconds,
      redisCpu: redisSeconds / seconds,
      botsCpu: bStats.reduce((a, b) => a + b.cpuSeconds, 0) / seconds,
      rss: sStats.reduce((a, s) => a + s.rss, 0),
      loopP99: Math.max(...sStats.map((s) => s.loopP99)),
      bytesPerPlayerMinute: (bStats.reduce((a, b) => a + b.bytes, 0) / players / seconds) * 60,
      closed: bStats.reduce((a, b) => a + b.closed, 0),
      botsLateP99: Math.max(...bStats.map((b) => b.lateP99)),
      messagesPerRoomS: bStats.reduce((a, b) => a + b.messages, 0) / rooms / seconds,
      stop: '',
    };
    if (failed > 0) step.stop = `${failed} rooms failed to open (${opened.map((m) => m.why).find(Boolean)})`;
    else if (!(step.p99 <= LIMIT_MS)) step.stop = `the wait's p99 passed ${LIMIT_MS} ms`;
    else if (steps.length > 0 && step.messagesPerRoomS < ACTIVITY_KEPT * steps[0]!.messagesPerRoomS) step.stop = 'the bots fell behind (the machine had no more for them)';
    steps.push(step);
    console.log(
      `load: ${processes} process(es), ${rooms} rooms: judged ${step.judged}, p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, max ${step.max.toFixed(0)} ms; ` +
        `server CPU ${(step.serverCpu * 100).toFixed(0)}%, redis ${(step.redisCpu * 100).toFixed(1)}%, bots ${(step.botsCpu * 100).toFixed(0)}% (late p99 ${step.botsLateP99.toFixed(0)} ms, loop p99 ${Math.max(...bStats.map((b) => b.loopP99)).toFixed(0)} ms), ` +
        `msgs/room/s ${step.messagesPerRoomS.toFixed(1)}, RSS ${(step.rss / 2 ** 20).toFixed(0)} MiB, loop p99 ${step.loopP99.toFixed(1)} ms; load ${load0.toFixed(1)}-${load1.toFixed(1)}${step.stop ? `; stop: ${step.stop}` : ''}`,
    );
    if (step.stop) break;
  }
  await Promise.all(bots.map((b) => new Promise((r) => (b.child.proc.once('exit', r), b.child.proc.send('stop')))));
  await Promise.all(servers.map((s) => new Promise((r) => (s.child.proc.once('exit', r), s.child.proc.send('stop')))));
  await redis?.stop();
  return { steps, baseRss };
}

const only = arg('--only', '');
const one = only === '2' ? null : await run(1);
const two = only === '1' ? null : await run(2);

const held = (r: { steps: Step[] } | null): Step | null => (r ? [...r.steps].reverse().find((s) => s.p99 <= LIMIT_MS && !s.stop.startsWith('the bots')) ?? null : null);
const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
const L: string[] = [HEADING, ''];
L.push(`Bot players over 127.0.0.1 (bench/load.ts; ${BOT_PROCESSES} bot processes, bench/load/bots.ts) against real server processes (bench/load/server.ts):`);
L.push(`every room four seats: ${PEOPLE === 4 ? 'four people' : `${PEOPLE} people and ${4 - PEOPLE} hard CPU players`}, classic, each person slapping`);
L.push('250-450 ms after the face, moving 120 ms after the');
L.push(`turn, answering the asks; a rematch 2 s after each result. Rooms are added in steps; at each step ${SETTLE_S} s to settle, then`);
L.push(`${WINDOW_S} s measured. **A slap's wait** is the time from the moment the server had all it needed to judge it (the last word its race`);
L.push('waited for, as its client sent it, on the machine\'s monotonic clock; or the timer that let the table judge, as it was due) to');
L.push(`the judgment going out: what the server's load added beyond the race window. A step holds while its p99 is at most ${LIMIT_MS} ms.`);
L.push('');
L.push(`The machine: ${cpus().length} cores shared with the team's other work (its 1-minute load average at the window's start and end is in each row).`);
L.push(`The server processes ran in ${scheduled}, standing in for a core of their own: in the normal class, at that load, the`);
L.push('scheduler alone kept a ready server from running for over 100 ms now and then, with 20 rooms (wait p99 1.6 s at nice 0).');
L.push(`The bots ran at ${botsNice}; how late their presses came is in each row, and a step where their rooms saw a fifth`);
L.push('fewer messages than at the first step is where this machine had no more to drive the server with: the bench stops there.');
L.push('');
const table = (title: string, r: { steps: Step[]; baseRss: number }, redis: boolean): void => {
  L.push(`### ${title}`);
  L.push('');
  L.push(`| rooms | people | slaps timed | wait p50 | wait p99 | wait max | server CPU | per room | memory (RSS) | per room | loop delay p99 |${redis ? ' Redis CPU |' : ''} bots' CPU | bots late p99 | messages a room a second | load avg |`);
  L.push(`| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${redis ? ' ---: |' : ''} ---: | ---: | ---: | ---: |`);
  for (const s of r.steps) {
    L.push(
      `| ${s.rooms} | ${s.rooms * PEOPLE} | ${s.judged} | ${s.p50.toFixed(1)} ms | ${s.p99.toFixed(1)} ms | ${s.max.toFixed(0)} ms | ${pct(s.serverCpu)} | ${((s.serverCpu * 1000) / s.rooms).toFixed(2)} ms/s | ${(s.rss / 2 ** 20).toFixed(0)} MiB | ${((s.rss - r.baseRss) / s.rooms / 1024).toFixed(0)} KiB | ${s.loopP99.toFixed(1)} ms |${redis ? ` ${pct(s.redisCpu)} |` : ''} ${pct(s.botsCpu)} | ${s.botsLateP99.toFixed(0)} ms | ${s.messagesPerRoomS.toFixed(1)} | ${s.load[0].toFixed(1)}-${s.load[1].toFixed(1)} |`,
    );
  }
  const last = r.steps[r.steps.length - 1];
  if (last?.stop) L.push('', `Stopped after ${last.rooms} rooms: ${last.stop}.`);
  L.push('');
};
if (one) table('One process, rooms in memory', one, false);
if (two) table('Two processes sharing the rooms through Redis (each room created through one, joined through the other)', two, true);
const h1 = held(one);
const h2 = held(two);
const bytes = one?.steps[0]?.bytesPerPlayerMinute ?? two?.steps[0]?.bytesPerPlayerMinute ?? NaN;
L.push(`Bytes a player's connection carries, both ways (WebSocket frames with their headers, pings included; TCP/IP headers not): **${(bytes / 1024).toFixed(0)} KiB a minute**.`);
L.push('');
/**
 * A room's server CPU at full pace: the bots fell behind as rooms were added
 * (fewer messages a room), so the CPU per message delivered at the largest
 * step, times the first step's messages a room a second; and the rooms a
 * core's worth of it makes. An estimate from the measurements, said as one.
 */
const atPace = (r: { steps: Step[] } | null): { perRoom: number; perCore: number } | null => {
  if (!r || r.steps.length === 0) return null;
  const last = r.steps[r.steps.length - 1]!;
  const perMessage = (last.serverCpu * 1000) / (last.rooms * last.messagesPerRoomS);
  const perRoom = perMessage * r.steps[0]!.messagesPerRoomS;
  return { perRoom, perCore: 1000 / perRoom };
};
const p1 = atPace(one);
const p2 = atPace(two);
if (p1) L.push(`At the first step's pace, a room costs one process about **${p1.perRoom.toFixed(2)} ms of CPU a second** (the largest step's CPU per message delivered, times the first step's messages a room): a core's worth, all of it, is about **${Math.round(p1.perCore)} rooms**.`);
if (p2) L.push(`Two processes behind Redis: about ${p2.perRoom.toFixed(2)} ms a room a second between them, so two cores' worth is about **${Math.round(2 * p2.perCore)} rooms**${p1 ? ` (${((2 * p2.perCore) / p1.perCore).toFixed(2)}× one process's core)` : ''}; Redis itself used ${pct(Math.max(...two!.steps.map((s) => s.redisCpu)))} of a core at most: nothing shared is in a game's path.`);
if (p1 || p2) L.push('');
L.push(`Measured here with the wait's p99 at most ${LIMIT_MS} ms: one process **${h1 ? h1.rooms : 'none of the steps'}** rooms, two processes **${h2 ? h2.rooms : 'none of the steps'}** rooms (the largest step that held, where the bots kept up).`);
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
