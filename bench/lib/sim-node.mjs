// The simulation bundle (build/bench/sim.js) in Node's own V8, in a fresh
// process so nothing else is warm or resident: games 1..N after a warm-up
// run of the same games, and games 1..M on their own (the set the other
// engines play, for the ratio). Prints JSON.
//   node bench/lib/sim-node.mjs build/bench/sim.js N M
import { readFileSync } from 'node:fs';

const [file, n, m] = process.argv.slice(2);
globalThis.host = { seed: 1 };
(0, eval)(readFileSync(file, 'utf8'));
const bench = globalThis.simBench;

function timed(count) {
  bench.reset();
  const t0 = process.hrtime.bigint();
  const totals = bench.run(count, 4, 1);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { games: count, seconds, gamesPerSec: count / seconds, totals };
}

timed(Number(n)); // warm-up: the same games
const all = timed(Number(n));
const same = timed(Number(m));
process.stdout.write(JSON.stringify({ all, same }) + '\n');
