// The game server: one HTTP server on 127.0.0.1 that serves the web page
// (build/web) and the rooms: Colyseus's matchmaking routes and WebSocket
// transport. Alone, a process keeps its rooms in memory (Colyseus's local
// presence and driver). Given a Redis, several processes share the rooms
// through Colyseus's Redis presence and driver: a code is joined through any
// of them, each room lives in the process that made it, and its players'
// WebSockets go to that process's own address (publicAddress). In front of
// the matchmaking routes, the limits Colyseus leaves to its host: how often
// one address may ask, and how big a request may be.
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, matchMaker } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { WebSocketTransport } from '@colyseus/ws-transport';
import Redis from 'ioredis';
import { PROTOCOL_VERSION, ROOM_NAME, ROOMS_PATH, S } from '../src/net/protocol';
import { RatscrewRoom, openRooms, roomSettings } from './room';
// @ts-expect-error: a plain ES module without types (web/serve.mjs)
import { staticFiles } from '../web/serve.mjs';

/** Matchmaking requests per address: a burst, and the steady rate after it (per minute). */
export const ASKS = { burst: 60, perMinute: 60 };
/**
 * Joins by a code that no room holds, per address and clock minute, counted
 * in the presence so that every process behind one proxy shares the count:
 * a player mistypes a code now and then; a guesser tries thousands
 * (docs/network.md, "Room codes").
 */
export const MISSES_PER_MINUTE = 10;
/** A matchmaking request's body: join options are a name and a few choices. */
export const BODY_MAX = 2048;
/**
 * How often (ms) a process sharing rooms looks for processes that died
 * without a word (SIGKILL, a crash): their subscriptions left Redis with
 * their connections; Colyseus's health check asks them once more (2 s) and
 * takes their rooms off the shared list, so their codes are refused as
 * unknown rather than listed forever.
 */
export const SWEEP_MS = 5000;
/** A room message (WebSocket frame) is a few bytes; anything over this closes the connection (ws maxPayload). */
export const FRAME_MAX = 1024;

export interface GameServer {
  url: string;
  port: number;
  colyseus: Server;
  /** Colyseus's id of this process (a room's listing names the process that holds it). */
  processId: string;
  /** Asks refused by the limits (for the tests and the log). */
  limited: { count: number };
  /** Tells every room it is closing, then stops. */
  stop(): Promise<void>;
}

export interface ServeOptions {
  port?: number;
  host?: string;
  /** The built web page to serve beside the rooms (build/web), or none. */
  webDir?: string;
  /** Behind a proxy that sets X-Forwarded-For: limit by that address instead of the proxy's. */
  trustProxy?: boolean;
  /** Where Colyseus reports refused joins and the like (the tests, which refuse on purpose, pass a silent one). */
  logger?: { info(...a: unknown[]): void; warn(...a: unknown[]): void; error(...a: unknown[]): void; debug(...a: unknown[]): void };
  /** Games end by the endless-game guard after this many cards (tests that play whole games quickly); 0: the rules' limit. */
  cardLimit?: number;
  /** Every game dealt from this seed, the first by seat 0 (tests that need a known deal); 0 or absent: random deals. */
  seed?: number;
  /** Other limits than ASKS and MISSES_PER_MINUTE (the tests ask a lot from one address). */
  asks?: { burst: number; perMinute: number };
  missesPerMinute?: number;
  /**
   * A Redis (redis://host:port) shared with the other processes of this
   * server: rooms are then found and joined through any of them. Without
   * one, this process is the whole server, its rooms in memory.
   */
  redis?: string;
  /**
   * Where players reach this process's WebSockets (host:port, or host/path
   * behind a proxy; no scheme): each room's listing carries it, so a player
   * whose code was looked up by another process connects here. With Redis
   * it defaults to the address this process listens on.
   */
  publicAddress?: string;
}

/** A token bucket per address, forgotten once full again. */
class Limiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly burst: number,
    private readonly perMinute: number,
  ) {}
  take(key: string, now: number): boolean {
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) * this.perMinute) / 60_000);
    b.at = now;
    if (b.tokens < 1) {
      this.buckets.set(key, b);
      return false;
    }
    b.tokens -= 1;
    if (b.tokens >= this.burst - 1 && this.buckets.size > 10_000) this.buckets.delete(key);
    else this.buckets.set(key, b);
    return true;
  }
}

function tooMany(req: IncomingMessage, res: ServerResponse, limited: { count: number }): void {
  limited.count++;
  res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '60' }).end(JSON.stringify({ code: 429, error: 'too many tries: wait a minute' }));
  req.resume();
}

function addressOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string') return forwarded.split(',')[0]!.trim();
  return req.socket.remoteAddress ?? '?';
}

/** Resolves when a Redis answers at `url`; otherwise rejects at once with why (a server without its shared rooms must not start). */
async function reachRedis(url: string): Promise<void> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 3000 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
  } catch (e) {
    throw new Error(`cannot reach Redis at ${url}: ${(e as Error).message}`);
  } finally {
    probe.disconnect();
  }
}

function listen(http: HttpServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve((http.address() as AddressInfo).port);
    });
  });
}

export async function startServer(opts: ServeOptions = {}): Promise<GameServer> {
  const host = opts.host ?? '127.0.0.1';
  if (opts.redis && !opts.publicAddress && (host === '0.0.0.0' || host === '::')) {
    throw new Error(`listening on ${host}, players cannot be sent to it: give this process its public address`);
  }
  if (opts.redis) await reachRedis(opts.redis);
  const http = createServer();
  const asks = opts.asks ?? ASKS;
  const missesPerMinute = opts.missesPerMinute ?? MISSES_PER_MINUTE;
  const limiter = new Limiter(asks.burst, asks.perMinute);
  const limited = { count: 0 };
  const page = opts.webDir ? staticFiles(opts.webDir) : null;
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/matchmake')) return;
    // The page asks whether rooms are served beside it (its Online row: web/src/main.ts).
    if (req.url === ROOMS_PATH && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ protocol: PROTOCOL_VERSION }));
      return;
    }
    if (page && (req.method === 'GET' || req.method === 'HEAD')) page(req, res);
    else res.writeHead(page ? 405 : 404).end();
  });
  // The transport before the listening: it starts its keep-alive pings on the server's 'listening'.
  const transport = new WebSocketTransport({ server: http, maxPayload: FRAME_MAX });
  // Listening first: with port 0 the address a room's listing carries is known only now.
  const port = await listen(http, opts.port ?? 0, host);
  const publicAddress = opts.publicAddress ?? (opts.redis ? `${host}:${port}` : undefined);
  const colyseus = new Server({
    transport,
    greet: false,
    gracefullyShutdown: false,
    ...(opts.redis ? { presence: new RedisPresence(opts.redis), driver: new RedisDriver(opts.redis) } : {}),
    // A room lives in the process its creator asked (Colyseus would pick the one with the fewest rooms, by
    // counts up to a second old, over Redis, and wait 2 s on one that died): spreading the creators is the
    // proxy's part, and nothing waits on another process to open a room.
    selectProcessIdToCreateRoom: async () => matchMaker.processId,
    ...(publicAddress ? { publicAddress } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  /** A join by a code nobody holds, counted for its address in this clock minute; false past the limit. */
  const missAllowed = async (address: string): Promise<boolean> => {
    const minute = Math.floor(Date.now() / 60_000);
    const count = await matchMaker.presence.hincrbyex(`ratscrew:misses:${minute}`, address, 1, 120);
    return count <= missesPerMinute;
  };
  // Colyseus answers /matchmake itself; put the limits in front of it.
  const colyseusListeners = http.listeners('request').slice();
  http.removeAllListeners('request');
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/matchmake') && req.method === 'POST') {
      const length = Number(req.headers['content-length'] ?? NaN);
      if (!(length >= 0 && length <= BODY_MAX)) {
        limited.count++;
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify({ code: 413, error: 'request too large' }));
        req.destroy();
        return;
      }
      const address = addressOf(req, opts.trustProxy === true);
      if (!limiter.take(address, Date.now())) return tooMany(req, res, limited);
      const byCode = /^\/matchmake\/(?:joinById|reconnect)\/([^/?]+)/.exec(req.url);
      if (byCode) {
        // Colyseus reads the body as it arrives: hold it until the code is looked up.
        req.pause();
        Promise.resolve(matchMaker.getRoomById(byCode[1]!))
          .then(async (room) => {
            if (!room && !(await missAllowed(address))) return tooMany(req, res, limited);
            passOn(req, res);
            req.resume();
          })
          .catch(() => tooMany(req, res, limited));
        return;
      }
    }
    passOn(req, res);
  });
  const passOn = (req: IncomingMessage, res: ServerResponse): void => {
    for (const l of colyseusListeners) (l as (a: IncomingMessage, b: ServerResponse) => void).call(http, req, res);
  };
  roomSettings.cardLimit = opts.cardLimit ?? 0;
  roomSettings.seed = opts.seed ?? 0;
  colyseus.define(ROOM_NAME, RatscrewRoom);
  // What colyseus.listen does, less the listening (done above).
  await matchMaker.accept();
  const sweep = opts.redis ? setInterval(() => void matchMaker.healthCheckAllProcesses().catch(() => {}), SWEEP_MS) : null;
  return {
    url: `http://${host}:${port}/`,
    port,
    colyseus,
    processId: matchMaker.processId,
    limited,
    async stop() {
      if (sweep) clearInterval(sweep);
      for (const room of openRooms) room.closing('serverStopping');
      // Give the closing line a moment on the wire before the sockets close.
      await new Promise((r) => setTimeout(r, 100));
      await colyseus.gracefullyShutdown(false);
    },
  };
}

export { S, matchMaker };
