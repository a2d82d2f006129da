// The simulation bundle (build/bench/sim.js) in Node's own V8, in a fresh
// process so nothing else is warm or resident: games 1..N after a warm-up
// run of the same games (best of three runs), and games 1..M on their own (the set the other
// engines play, for the ratio). Prints JSON.
//   node bench/lib/sim-node.mjs build/bench/sim.js N M
import { readFileSync } from 'node:fs';

const [file, n, m] = process.argv.slice(2);
globalThis.host = { seed: 1 };
(0, eval)(readFileSync(file, 'utf8'));
const bench = globalThis.simBench;

function timed(count) {
  bench.reset();
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const totals = bench.run(count, 4, 1);
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  // CPU seconds of this process: less at the mercy of other processes than the wall clock
  const seconds = (c.user + c.system) / 1e6;
  return { games: count, seconds, wallSeconds: wall, gamesPerSec: count / seconds, totals };
}

/** Best of three: time on a shared machine only ever runs slow. */
function best(count) {
  let b = null;
  for (let i = 0; i < 3; i++) {
    const t = timed(count);
    if (!b || t.seconds < b.seconds) b = t;
  }
  return b;
}

timed(Number(n)); // warm-up: the same games
const all = best(Number(n));
const same = best(Number(m));
process.stdout.write(JSON.stringify({ all, same }) + '\n');
