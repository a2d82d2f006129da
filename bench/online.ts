// Online rhythm (issue 35, item 5): two people, each behind a proxy that
// delays their connection 100 ms each way with ±30 ms of jitter (a 200 ms
// round trip), and a hard CPU play a classic game on the server in this
// process, each person through the game script's own online table
// (src/net/client.ts) on a 60 Hz frame clock. Measured: the frames on which
// a card that had flown its full flight still waited face down for its face
// (the table waiting on the network), and how long the server held races
// for the players' word. Writes its section into bench/results.md.
//   npx tsx bench/online.ts [cards]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from '../server/server';
import { openRooms } from '../server/room';
import { Bot } from '../test/server/bot';
import { delayingProxy } from '../test/server/proxy';
import { rng } from '../test/server/sim';

const cards = Number(process.argv[2] ?? 150);
const RESULTS = fileURLToPath(new URL('./results.md', import.meta.url));
const HEADING = '## Online: cards at a 200 ms round trip';
const quiet = (): void => {};

const server = await startServer({ cardLimit: cards, logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } });
const proxies = [await delayingProxy(server.port, { latency: 100, jitter: 30 }, rng(1)), await delayingProxy(server.port, { latency: 100, jitter: 30 }, rng(2))];
const a = new Bot(`ws://127.0.0.1:${proxies[0]!.port}`, 'Ann', 280, 150);
const code = await a.create({ options: { ruleSet: 'classic', players: 3 }, cpus: 1, difficulty: 'hard' });
const b = new Bot(`ws://127.0.0.1:${proxies[1]!.port}`, 'Kim', 320, 150);
await b.join(code);
const started = Date.now();
a.start();
while (!(a.log.over && b.log.over) && Date.now() - started < 600_000) await new Promise((r) => setTimeout(r, 200));
const seconds = (Date.now() - started) / 1000;
const room = [...openRooms].find((r) => r.roomId === code)!;
const nt = room['nt' as never] as { counts: { waits: number; waitedMs: number; asks: number }; table: { game: { cardsPlayed: number } } };
const played = nt.table.game.cardsPlayed;
const L = [HEADING, ''];
L.push('Two people behind proxies delaying each way 100 ms ±30 ms (test/server/proxy.ts) and a hard CPU, classic, on the server in one process');
L.push('(bench/online.ts); each person plays through the game script\'s online table (src/net/client.ts) on a 60 Hz frame clock.');
L.push('A card flies 180 ms face down from its `fly` message and lands when its face comes; a frame on which it has flown its 180 ms');
L.push('and still waits for its face is a frame the table waited on the network.');
L.push('');
L.push('| | Ann | Kim |');
L.push('| --- | ---: | ---: |');
L.push(`| cards played | ${played} | ${played} |`);
L.push(`| frames a landed card waited for its face | ${a.table!.waitedFrames} | ${b.table!.waitedFrames} |`);
L.push(`| per card (frames) | ${(a.table!.waitedFrames / played).toFixed(2)} | ${(b.table!.waitedFrames / played).toFixed(2)} |`);
L.push('');
L.push(`Races the server held for the players' word: ${nt.counts.waits}, ${Math.round(nt.counts.waitedMs / Math.max(1, nt.counts.waits))} ms each on average (asks sent: ${nt.counts.asks}). ${played} cards in ${seconds.toFixed(0)} s.`);
L.push('');
const section = L.join('\n');
a.stop();
b.stop();
for (const p of proxies) await p.close();
await server.stop();
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
