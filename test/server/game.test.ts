// Whole games over the network (issue 35, item 7, in Node): the server in
// this process, each player behind a proxy that delays their connection
// (test/server/proxy.ts: 100 ms one way ±30 ms, a 200 ms round trip, and 20 ms ±10 ms), each
// playing through the game script's own online table (src/net/client.ts).
// Both rule sets, to the results; what each player's script holds at the
// end is what the server holds. The games end by the endless-game guard
// after 30 cards, so that a test plays one in seconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type GameServer } from '../../server/server';
import { openRooms } from '../../server/room';
import { S, publicState, type Deal, type Ended } from '../../src/net/protocol';
import { delayingProxy, type Proxy } from './proxy';
import { Bot } from './bot';
import { rng } from './sim';

/** Waits until done() holds (checked every 50 ms), for at most ms. */
async function until(what: string, done: () => boolean, ms = 20_000): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > ms) throw new Error(`no ${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let server: GameServer;
const proxies: Proxy[] = [];
const quiet = (): void => {};

beforeAll(async () => {
  server = await startServer({ cardLimit: 30, logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } });
  proxies.push(await delayingProxy(server.port, { latency: 100, jitter: 30 }, rng(1)));
  proxies.push(await delayingProxy(server.port, { latency: 20, jitter: 10 }, rng(2)));
});

afterAll(async () => {
  for (const p of proxies) await p.close();
  await server.stop();
});

async function playToResults(setup: object): Promise<{ a: Bot; b: Bot; waited: number }> {
  const a = new Bot(`ws://127.0.0.1:${proxies[0]!.port}`, 'Ann', 260, 40);
  const code = await a.create(setup);
  const b = new Bot(`ws://127.0.0.1:${proxies[1]!.port}`, 'Kim', 300, 40);
  await b.join(code);
  a.start();
  const started = Date.now();
  while (!(a.log.over && b.log.over) && Date.now() - started < 90_000) await new Promise((r) => setTimeout(r, 100));
  a.stop();
  b.stop();
  const room = [...openRooms].find((r) => r.roomId === code)!;
  const nt = room['nt' as never] as { table: { game: Parameters<typeof publicState>[0] } };
  for (const bot of [a, b]) {
    expect(bot.log.errors).toEqual([]);
    expect(bot.log.over).toBe(true);
    expect(publicState(bot.table!.game)).toEqual(publicState(nt.table.game));
  }
  return { a, b, waited: a.table!.waitedFrames + b.table!.waitedFrames };
}

describe('a whole game over delayed connections', () => {
  it('classic, two people and a CPU, to the results', async () => {
    const { a, waited } = await playToResults({ options: { ruleSet: 'classic', players: 3 }, cpus: 1, difficulty: 'hard' });
    expect(a.table!.game.over!.endedBy).toBeDefined();
    console.log(`classic: ${a.table!.game.cardsPlayed} cards; frames a landed card waited for its face: ${waited} (Ann, 200 ms round trip ±60: ${a.table!.waitedFrames})`);
  });

  it('Russian, two people, to the results', async () => {
    const { a, waited } = await playToResults({ options: { ruleSet: 'russian', players: 2 }, cpus: 0, difficulty: 'hard' });
    expect(a.table!.game.over).not.toBeNull();
    console.log(`russian: ${a.table!.game.cardsPlayed} cards; frames waited: ${waited}`);
  });

  it('a player away when the game ends comes back to its results (its last state), not to a lobby', async () => {
    const a = new Bot(`ws://127.0.0.1:${proxies[0]!.port}`, 'Ann', 260, 40);
    const code = await a.create({ options: { ruleSet: 'classic', players: 3 }, cpus: 1, difficulty: 'hard' });
    const b = new Bot(`ws://127.0.0.1:${proxies[1]!.port}`, 'Kim', 300, 40);
    await b.join(code);
    a.start();
    await until('Kim to see cards', () => b.log.cardsSeen >= 18);
    // Kim's network goes (her proxy cuts her connection); her seat plays itself to the end.
    proxies[1]!.cut();
    await until('the drop', () => b.log.closed !== null);
    b.stop();
    await until('the game to end without her', () => a.log.over, 90_000);
    const lobbies = b.lobbiesHeard;
    await b.rejoin(`ws://127.0.0.1:${proxies[1]!.port}`);
    const deals = (): number => b.heard.filter(([type]) => type === S.deal).length;
    await until('word from the room', () => deals() === 2 || b.lobbiesHeard > lobbies);
    expect(b.lobbiesHeard).toBe(lobbies);
    expect(deals()).toBe(2);
    const room = [...openRooms].find((r) => r.roomId === code)!;
    const nt = room['nt' as never] as { table: { game: Parameters<typeof publicState>[0] } };
    // What she gets is the finished game, as the server holds it: her script shows its results.
    expect(publicState(b.table!.game)).toEqual(publicState(nt.table.game));
    expect(b.table!.game.over).not.toBeNull();
    expect(b.log.over).toBe(true);
    expect(b.log.errors).toEqual([]);
    a.stop();
  });

  it('a player away while a rematch starts comes back to the rematch as it stands, told how the game they left ended', async () => {
    const a = new Bot(`ws://127.0.0.1:${proxies[0]!.port}`, 'Ann', 260, 40);
    const code = await a.create({ options: { ruleSet: 'classic', players: 3 }, cpus: 1, difficulty: 'hard' });
    const b = new Bot(`ws://127.0.0.1:${proxies[1]!.port}`, 'Kim', 300, 40);
    await b.join(code);
    a.start();
    await until('Kim to see cards', () => b.log.cardsSeen >= 18);
    proxies[1]!.cut();
    await until('the drop', () => b.log.closed !== null);
    b.stop();
    await until('the game to end without her', () => a.log.over, 90_000);
    const first = publicState(a.table!.game);
    // Ann, the creator, starts a rematch from the results; it is on when Kim comes back.
    const annDeals = (): [number, unknown, number][] => a.heard.filter(([type]) => type === S.deal);
    a.start();
    await until('the rematch', () => annDeals().length === 2);
    expect((annDeals()[1]![1] as Deal)[7]).toBe(2);
    await b.rejoin(`ws://127.0.0.1:${proxies[1]!.port}`);
    const deals = (): [number, unknown, number][] => b.heard.filter(([type]) => type === S.deal);
    await until('the deal', () => deals().length === 2);
    // First the game she left, as it ended (her seat was played for her to its end) ...
    const back = b.heard.slice(b.heard.indexOf(deals()[0]!) + 1).filter(([type]) => type !== S.away);
    expect(back.map(([type]) => type)).toEqual([S.ended, S.deal]);
    const [game, state, figures] = back[0]![1] as Ended;
    expect(game).toBe(1);
    expect(state).toEqual(first);
    expect(figures[0].reduce((x, y) => x + y, 0)).toBeGreaterThan(0);
    // ... then the rematch, numbered, as it stands: her script plays on in it.
    const deal = back[1]![1] as Deal;
    expect(deal[7]).toBe(2);
    expect(deal[5][13]).toBe(0);
    await until('a card of the rematch', () => b.table!.game.cardsPlayed > deal[5][12]);
    expect(publicState(b.table!.game).slice(0, 13)).not.toEqual(first.slice(0, 13));
    expect(b.log.errors).toEqual([]);
    a.stop();
    b.stop();
  });
});
