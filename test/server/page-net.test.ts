// The page's net functions (web/src/net.ts: the host contract's netOpen,
// netSend, netReceive, netClose over colyseus.js) against the server in
// this process: what the script polls is what the room said, in order; an
// invitation in the page's address comes first; a leave is a leave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type GameServer } from '../../server/server';
import { C, S } from '../../src/net/protocol';
import { pageNet, type NetFunctions } from '../../web/src/net';

let server: GameServer;
const quiet = (): void => {};

beforeAll(async () => {
  server = await startServer({ logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } });
});
afterAll(async () => {
  await server.stop();
});

/** Polls until a line of this kind comes (the script polls once a frame). */
async function next(net: NetFunctions, kind: string, ms = 5000): Promise<unknown[]> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const line = net.netReceive();
    if (line !== null) {
      const item = JSON.parse(line) as unknown[];
      if (item[0] === kind) return item;
      continue;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no ${kind} within ${ms} ms`);
}

describe('the page\'s net functions', () => {
  it('create, join by code, the lobby, the start and the deal, a leave', async () => {
    const url = server.url.replace('http', 'ws').replace(/\/$/, '');
    const ann = pageNet({ url, search: '' });
    expect(ann.netSend(JSON.stringify([C.start, []]))).toBe(false);
    expect(ann.netOpen(JSON.stringify({ op: 'create', name: 'Ann', setup: { options: { ruleSet: 'classic', players: 3 }, cpus: 1, difficulty: 'easy' } }))).toBe(true);
    // One room at a time.
    expect(ann.netOpen(JSON.stringify({ op: 'join', code: 'X', name: 'Ann' }))).toBe(false);
    const [, code] = await next(ann, 'joined');
    expect(code).toMatch(/^[A-Z2-9]{7}$/);

    // Kim opens the room's link: the invitation comes first, then she joins with it.
    const kim = pageNet({ url, search: `?room=${String(code).toLowerCase()}` });
    expect(JSON.parse(kim.netReceive()!)).toEqual(['invite', code]);
    expect(kim.netOpen(JSON.stringify({ op: 'join', code, name: 'Kim' }))).toBe(true);
    await next(kim, 'joined');
    const lobby = await next(ann, 'm');
    expect(lobby[1]).toBe(S.lobby);

    expect(ann.netSend(JSON.stringify([C.start, []]))).toBe(true);
    const deal = await next(kim, 'm');
    // Kim's queue: her lobby lines first, then the deal.
    let m = deal;
    while (m[1] !== S.deal) m = await next(kim, 'm');
    expect((m[2] as unknown[])[0]).toBe(1);

    kim.netClose();
    expect(kim.netSend(JSON.stringify([C.move, [0, 500]]))).toBe(false);
    let away = await next(ann, 'm');
    while (away[1] !== S.away) away = await next(ann, 'm');
    expect(away[2]).toEqual([1, 1]);
    ann.netClose();
  });

  it('a code nobody holds, and a request the host cannot read', async () => {
    const url = server.url.replace('http', 'ws').replace(/\/$/, '');
    const net = pageNet({ url, search: '?room=<script>' });
    expect(net.netReceive()).toBeNull();
    expect(net.netOpen('{not json')).toBe(false);
    expect(net.netOpen(JSON.stringify({ op: 'join', code: 'NOSUCH2', name: 'Kim' }))).toBe(true);
    const [, why] = await next(net, 'closed');
    expect(String(why)).toMatch(/not found|NOSUCH2/i);
  });
});
