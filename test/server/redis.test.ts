// Many server processes, one set of rooms (issue 36, item 2): three real
// server processes (server/main.ts) share their rooms through a private
// Debian redis-server, started here on a port of its own and stopped by its
// PID. A room lives in the process its creator asked; its code is joined,
// and a dropped player comes back, through another. A process stopped
// (SIGTERM) tells each of its players once and takes its rooms off the
// shared list at once; a process killed (SIGKILL) ends only its own rooms,
// whose players' connections end, and the others find its codes gone. The
// rooms of the other processes play on through both, untouched.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'colyseus.js';
import { PROTOCOL_VERSION } from '../../src/net/protocol';
import { startRedis, type RedisServer } from '../../server/redis-server';
import { Bot } from './bot';

interface Proc {
  name: string;
  url: string;
  ws: string;
  processId: string;
  child: ChildProcess;
  output: string[];
}

const main = fileURLToPath(new URL('../../server/main.ts', import.meta.url));
let redis: RedisServer;
let listings: Redis;
const procs: Proc[] = [];
const bots: Bot[] = [];
const setup = { options: { ruleSet: 'classic', players: 4 }, cpus: 2, difficulty: 'hard' };

function startProcess(name: string, redisUrl: string): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', main, '--port', '0', '--no-page', '--trust-proxy', '--redis', redisUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${output.join('\n')}`)), 20_000);
    const read = (d: Buffer): void => {
      for (const line of d.toString().split('\n')) {
        if (line.trim() === '') continue;
        output.push(line);
        const m = /at (http:\/\/\S+)\/, sharing rooms through \S+ as process (\S+) /.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve({ name, url: m[1]!, ws: m[1]!.replace('http', 'ws'), processId: m[2]!, child, output });
        }
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${output.join('\n')}`)));
  });
}

function ended(p: Proc): Promise<void> {
  return p.child.exitCode !== null || p.child.signalCode !== null ? Promise.resolve() : new Promise((r) => p.child.once('exit', () => r()));
}

/** Which process holds a room, by the shared listing. */
async function holder(code: string): Promise<string | null> {
  const listing = await listings.hget('roomcaches', code);
  return listing === null ? null : (JSON.parse(listing) as { processId: string }).processId;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await wait(50);
  }
}

/** A started game of two bots: its creator through `via`, the other player through `joinVia`. */
async function game(via: Proc, joinVia: Proc, name: string): Promise<{ code: string; creator: Bot; joiner: Bot }> {
  const creator = new Bot(via.ws, `${name}1`, 290);
  const joiner = new Bot(joinVia.ws, `${name}2`, 330);
  bots.push(creator, joiner);
  const code = await creator.create(setup);
  await joiner.join(code);
  creator.start();
  await until(`${name}'s first cards`, () => creator.log.cardsSeen >= 3 && joiner.log.cardsSeen >= 3);
  return { code, creator, joiner };
}

/** A game plays on: more cards reach both of its players, with no error and no close. */
async function playsOn(g: { creator: Bot; joiner: Bot }): Promise<void> {
  const [a, b] = [g.creator.log.cardsSeen, g.joiner.log.cardsSeen];
  await until('more cards', () => g.creator.log.over || (g.creator.log.cardsSeen >= a + 3 && g.joiner.log.cardsSeen >= b + 3));
  for (const bot of [g.creator, g.joiner]) {
    expect(bot.log.errors).toEqual([]);
    expect(bot.log.closed).toBeNull();
    expect(bot.log.closing).toEqual([]);
  }
}

beforeAll(async () => {
  redis = await startRedis();
  listings = new Redis(redis.url);
  procs.push(...(await Promise.all(['A', 'B', 'C'].map((n) => startProcess(n, redis.url)))));
}, 60_000);

afterAll(async () => {
  for (const b of bots) b.stop();
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(procs.map(ended));
  listings?.disconnect();
  await redis?.stop();
});

describe('three processes behind one Redis', () => {
  let onA: Awaited<ReturnType<typeof game>>;
  let onB: Awaited<ReturnType<typeof game>>;
  let onC: Awaited<ReturnType<typeof game>>;

  it('a room created through one process is joined through another, and both play', async () => {
    const [A, B, C] = procs as [Proc, Proc, Proc];
    onA = await game(A, B, 'Ann');
    onB = await game(B, C, 'Bob');
    onC = await game(C, A, 'Cat');
    expect(await holder(onA.code)).toBe(A.processId);
    expect(await holder(onB.code)).toBe(B.processId);
    expect(await holder(onC.code)).toBe(C.processId);
    // The joiner looked the code up in another process and was sent to the room's own.
    expect(onA.joiner.seat).toBe(1);
  });

  it('guessing codes is limited per address across every process, not per process', async () => {
    const minute = Math.floor(Date.now() / 60_000);
    let passed = 0;
    for (let i = 0; i < 30; i++) {
      const p = procs[i % 3]!;
      const res = await fetch(`${p.url}/matchmake/joinById/GUESS${i}A`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.1.2.3' },
        body: JSON.stringify({ v: PROTOCOL_VERSION, name: 'Guess' }),
      });
      await res.text();
      if (res.status !== 429) passed++;
    }
    // Ten a clock minute for the address, whichever process it asks (twenty if a minute turned meanwhile).
    expect(passed).toBeLessThanOrEqual(Math.floor(Date.now() / 60_000) === minute ? 10 : 20);
  });

  it('a dropped player comes back through another process to the game as it stands', async () => {
    const [, , C] = procs as [Proc, Proc, Proc];
    const bot = onA.joiner;
    bot.room.connection.close();
    await until('the drop', () => bot.log.closed !== null);
    await bot.rejoin(C.ws);
    const seen = bot.log.cardsSeen;
    await until('cards after coming back', () => bot.log.cardsSeen >= seen + 3);
    expect(bot.seat).toBe(1);
    expect(bot.log.errors).toEqual([]);
  });

  it('a process stopped (SIGTERM) tells each of its players once; its rooms leave the list; the others play on', async () => {
    const [, , C] = procs as [Proc, Proc, Proc];
    C.child.kill('SIGTERM');
    await ended(C);
    for (const bot of [onC.creator, onC.joiner]) {
      expect(bot.log.closing).toEqual(['serverStopping']);
      await until('the close', () => bot.log.closed !== null);
    }
    expect(await holder(onC.code)).toBeNull();
    await playsOn(onA);
    await playsOn(onB);
  });

  it('a process killed (SIGKILL) ends only its rooms: their connections end, its codes are refused elsewhere, the others play on', async () => {
    const [A, B] = procs as [Proc, Proc, Proc];
    A.child.kill('SIGKILL');
    await ended(A);
    for (const bot of [onA.creator, onA.joiner]) await until('the connection to end', () => bot.log.closed !== null);
    // Refused at once (a started game takes no one new); the others find the process dead and take its rooms off the list.
    const join = (): Promise<string> =>
      new Client(B.ws).joinById(onA.code, { v: PROTOCOL_VERSION, name: 'Late' }).then(
        () => 'joined',
        (e: Error) => e.message,
      );
    expect(await join()).not.toBe('joined');
    await until('its rooms off the list', async () => (await holder(onA.code)) === null, 15_000);
    expect(await join()).toMatch(/not found/);
    await playsOn(onB);
    // And the survivor still opens rooms.
    const fresh = new Bot(B.ws, 'New', 300);
    bots.push(fresh);
    const code = await fresh.create(setup);
    expect(await holder(code)).toBe(B.processId);
  });
});
