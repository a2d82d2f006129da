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
//   npx tsx bench/load.ts [--steps 100,250,...] [--window 20] [--only 1|2]
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
const STEPS = arg('--steps', '100,250,500,750,1000,1250,1500').split(',').map(Number);
const WINDOW_S = Number(arg('--window', '20'));
const SETTLE_S = 6;
const LIMIT_MS = 50;
const BOT_PROCESSES = 2;
/**
 * How the server processes are scheduled: 'rr' puts them in the real-time
 * round-robin class (chrt -r 1, as root), which stands in for a core of their
 * own on a machine shared with other work (see the section's text); a number
 * is a nice value.
 */
const SERVER_SCHED = arg('--server-sched', 'rr');
const RESULTS = fileURLToPath(new URL('./results.md', import.meta.url));
const HEADING = '## Online: rooms one server process holds';

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
  byTimer: number;
  unmatched: number;
  serverCpu: number;
  botsCpu: number;
  rss: number;
  loopP99: number;
  bytesPerPlayerMinute: number;
  closed: number;
  botsLateP99: number;
  messagesPerRoomS: number;
}

async function run(processes: number): Promise<{ steps: Step[]; baseRss: number }> {
  let redis: RedisServer | null = null;
  if (processes > 1) redis = await startRedis();
  const servers = await Promise.all(Array.from({ length: processes }, () => start('./load/server.ts', redis ? [redis.url] : [])));
  for (const s of servers) {
    if (SERVER_SCHED === 'rr') execFileSync('chrt', ['-r', '-a', '-p', '1', String(s.child.proc.pid!)]);
    else setPriority(s.child.proc.pid!, Number(SERVER_SCHED));
  }
  const urls = servers.map((s) => s.ready.url as string);
  const bots = await Promise.all(Array.from({ length: BOT_PROCESSES }, () => start('./load/bots.ts', [])));
  const steps: Step[] = [];
  await new Promise((r) => setTimeout(r, 2000));
  const baseRss = (await Promise.all(servers.map((s) => s.child.ask('stats', 'stats')))).reduce((a, m) => a + (m.stats as { rss: number }).rss, 0);
  let rooms = 0;
  for (const target of STEPS) {
    const more = target - rooms;
    const opened = await Promise.all(bots.map((b, i) => b.child.ask({ rooms: Math.floor(more / BOT_PROCESSES) + (i < more % BOT_PROCESSES ? 1 : 0), urls }, 'opened')));
    const failed = opened.reduce((a, m) => a + (m.failed as number), 0);
    rooms = target - failed;
    await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
    await Promise.all([...servers, ...bots].map((c) => c.child.ask('reset', 'reset')));
    const load0 = loadavg()[0]!;
    await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
    const load1 = loadavg()[0]!;
    const sStats = (await Promise.all(servers.map((s) => s.child.ask('stats', 'stats')))).map((m) => m.stats as { seconds: number; cpuSeconds: number; rss: number; loopP99: number; judged: { key: string; due: number; judged: number; kind: string }[] });
    const bStats = (await Promise.all(bots.map((b) => b.child.ask('stats', 'stats')))).map((m) => m.stats as { seconds: number; cpuSeconds: number; bytes: number; players: number; closed: number; lateP99: number; messages: number });
    const judged = sStats.flatMap((s) => s.judged);
    const keys = judged.filter((j) => j.kind === 'message').map((j) => j.key);
    const found = await Promise.all(bots.map((b) => b.child.ask({ lookup: keys }, 'found')));
    const sentAt = keys.map((_, i) => Math.max(...found.map((f) => (f.found as number[])[i]!)));
    const waits: number[] = [];
    let unmatched = 0;
    let k = 0;
    for (const j of judged) {
      let from = j.due;
      if (j.kind === 'message') {
        const s = sentAt[k++]!;
        if (s < 0) {
          unmatched++;
          continue;
        }
        from = Math.min(s, j.due);
      }
      waits.push(j.judged - from);
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
      byTimer: judged.filter((j) => j.kind !== 'message').length,
      unmatched,
      serverCpu: sStats.reduce((a, s) => a + s.cpuSeconds, 0) / seconds,
      botsCpu: bStats.reduce((a, b) => a + b.cpuSeconds, 0) / seconds,
      rss: sStats.reduce((a, s) => a + s.rss, 0),
      loopP99: Math.max(...sStats.map((s) => s.loopP99)),
      bytesPerPlayerMinute: (bStats.reduce((a, b) => a + b.bytes, 0) / players / seconds) * 60,
      closed: bStats.reduce((a, b) => a + b.closed, 0),
      botsLateP99: Math.max(...bStats.map((b) => b.lateP99)),
      messagesPerRoomS: bStats.reduce((a, b) => a + b.messages, 0) / rooms / seconds,
    };
    steps.push(step);
    console.log(
      `load: ${processes} process(es), ${rooms} rooms (${failed} failed to open): judged ${step.judged}, p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, max ${step.max.toFixed(0)} ms; ` +
        `server CPU ${(step.serverCpu * 100).toFixed(0)}%, bots ${(step.botsCpu * 100).toFixed(0)}% (late p99 ${step.botsLateP99.toFixed(0)} ms), msgs/room/s ${step.messagesPerRoomS.toFixed(1)}, RSS ${(step.rss / 2 ** 20).toFixed(0)} MiB, loop p99 ${step.loopP99.toFixed(1)} ms; load ${load0.toFixed(1)}-${load1.toFixed(1)}`,
    );
    if (!(step.p99 <= LIMIT_MS) || failed > 0) break;
  }
  await Promise.all(bots.map((b) => new Promise((r) => (b.child.proc.once('exit', r), b.child.proc.send('stop')))));
  await Promise.all(servers.map((s) => new Promise((r) => (s.child.proc.once('exit', r), s.child.proc.send('stop')))));
  await redis?.stop();
  return { steps, baseRss };
}

const only = arg('--only', '');
const one = only === '2' ? null : await run(1);
const two = only === '1' ? null : await run(2);

const held = (r: { steps: Step[] } | null): Step | null => (r ? [...r.steps].reverse().find((s) => s.p99 <= LIMIT_MS) ?? null : null);
const L: string[] = [HEADING, ''];
L.push(`Bot players over 127.0.0.1 (bench/load.ts; ${BOT_PROCESSES} bot processes, bench/load/bots.ts) against real server processes`);
L.push('(bench/load/server.ts); every room four seats of four people, classic, each person slapping 250-450 ms after the face,');
L.push('moving 120 ms after the turn, answering the asks; a rematch 2 s after each result. Rooms added in steps; at each step');
L.push(`${SETTLE_S} s to settle, then ${WINDOW_S} s measured. **A slap's wait** is the time from the moment the server had all it needed to judge`);
L.push('it (the last word its race waited for, as its client sent it; or the timer that let the table judge, as it was due) to');
L.push(`the judgment going out: what the server's load added beyond the race window. A step holds while its 99th percentile is at most ${LIMIT_MS} ms.`);
L.push(`The machine: ${cpus().length} cores shared with the team's other work (the load average, 1 min, at the window's start and end, is in each row).`);
L.push('');
const table = (title: string, r: { steps: Step[]; baseRss: number }, processes: number): void => {
  L.push(`### ${title}`);
  L.push('');
  L.push('| rooms | people | slaps timed | wait p50 | wait p99 | wait max | server CPU | CPU per room | memory (RSS) | per room | loop delay p99 | bots\' CPU | load avg |');
  L.push('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const s of r.steps) {
    L.push(
      `| ${s.rooms} | ${s.rooms * 4} | ${s.judged} | ${s.p50.toFixed(1)} ms | ${s.p99.toFixed(1)} ms | ${s.max.toFixed(0)} ms | ${(s.serverCpu * 100).toFixed(0)}% | ${((s.serverCpu * 1000) / s.rooms).toFixed(2)} ms/s | ${(s.rss / 2 ** 20).toFixed(0)} MiB | ${((s.rss - r.baseRss) / s.rooms / 1024).toFixed(0)} KiB | ${s.loopP99.toFixed(1)} ms | ${(s.botsCpu * 100).toFixed(0)}% | ${s.load[0].toFixed(1)}-${s.load[1].toFixed(1)} |`,
    );
  }
  L.push('');
  void processes;
};
if (one) table('One process, rooms in memory', one, 1);
if (two) table('Two processes sharing the rooms through Redis (each room created through one, joined through the other)', two, 2);
const h1 = held(one);
const h2 = held(two);
const bytes = one?.steps[0]?.bytesPerPlayerMinute ?? two?.steps[0]?.bytesPerPlayerMinute ?? NaN;
L.push(`Bytes a player's connection carries (both ways, WebSocket frames with their headers, pings included; TCP/IP headers not): **${(bytes / 1024).toFixed(0)} KiB a minute** (at the first step).`);
L.push('');
L.push(`Held with the wait's p99 at most ${LIMIT_MS} ms: one process **${h1 ? h1.rooms : 'none of the steps'}** rooms; two processes **${h2 ? h2.rooms : 'none of the steps'}** rooms${h1 && h2 ? ` (${(h2.rooms / h1.rooms).toFixed(2)}×)` : ''}.`);
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
