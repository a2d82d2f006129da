// The game server: one HTTP server on 127.0.0.1 that serves the web page
// (build/web) and the rooms: Colyseus's matchmaking routes and WebSocket
// transport, in one process with its rooms in memory (Colyseus's local
// presence and driver; issue 36 adds Redis for many processes). In front of
// the matchmaking routes, the limits Colyseus leaves to its host: how often
// one address may ask, and how big a request may be.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, matchMaker } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { ROOM_NAME, S } from '../src/net/protocol';
import { RatscrewRoom, openRooms, roomSettings } from './room';
// @ts-expect-error: a plain ES module without types (web/serve.mjs)
import { staticFiles } from '../web/serve.mjs';

/** Matchmaking requests per address: a burst, and the steady rate after it (per minute). */
export const ASKS = { burst: 60, perMinute: 60 };
/**
 * Joins by a code that no room holds, per address: a player mistypes a
 * code now and then; a guesser tries thousands (docs/network.md, "Room
 * codes").
 */
export const MISSES = { burst: 10, perMinute: 10 };
/** A matchmaking request's body: join options are a name and a few choices. */
export const BODY_MAX = 2048;
/** A room message (WebSocket frame) is a few bytes; anything over this closes the connection (ws maxPayload). */
export const FRAME_MAX = 1024;

export interface GameServer {
  url: string;
  port: number;
  colyseus: Server;
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
  /** Other limits than ASKS and MISSES (the tests ask a lot from one address). */
  asks?: { burst: number; perMinute: number };
  misses?: { burst: number; perMinute: number };
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

export async function startServer(opts: ServeOptions = {}): Promise<GameServer> {
  const http = createServer();
  const asks = opts.asks ?? ASKS;
  const misses = opts.misses ?? MISSES;
  const limiter = new Limiter(asks.burst, asks.perMinute);
  const missLimiter = new Limiter(misses.burst, misses.perMinute);
  const limited = { count: 0 };
  const page = opts.webDir ? staticFiles(opts.webDir) : null;
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/matchmake')) return;
    if (page && (req.method === 'GET' || req.method === 'HEAD')) page(req, res);
    else res.writeHead(page ? 405 : 404).end();
  });
  const colyseus = new Server({
    transport: new WebSocketTransport({ server: http, maxPayload: FRAME_MAX }),
    greet: false,
    gracefullyShutdown: false,
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
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
        matchMaker
          .query({ roomId: byCode[1]! })
          .then((rooms) => {
            if (rooms.length === 0 && !missLimiter.take(address, Date.now())) return tooMany(req, res, limited);
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
  colyseus.define(ROOM_NAME, RatscrewRoom);
  await colyseus.listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}/`,
    port,
    colyseus,
    limited,
    async stop() {
      for (const room of openRooms) room.closing('serverStopping');
      // Give the closing line a moment on the wire before the sockets close.
      await new Promise((r) => setTimeout(r, 100));
      await colyseus.gracefullyShutdown(false);
    },
  };
}

export { S, matchMaker };
