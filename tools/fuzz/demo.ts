// The title's idle demo (CPU-only games, one after another) in the bundle under
// quickjs-emscripten, with no input at all: counts the games and how they
// ended, checks the rules invariants on the table's game and that it keeps
// moving. With the same seed the native headless host draws the same frames
// (test/native/cross-check), so these are the games of the soak's long play.
//   npx tsx tools/fuzz/demo.ts [--seed S] [--frames N] [--starts FILE]
// --starts writes the frame at which each game was first seen (every 30th
// frame is looked at) as JSON: make soak measures the native heap between
// games with it.
import { writeFileSync } from 'node:fs';
import { BundleVM, frameTime } from '../../test/support/quickjs-host';
import type { GameState } from '../../src/rules';
import { checkState, factsOf } from './invariants';

export interface DemoResult {
  frames: number;
  games: number;
  finished: number;
  endings: Record<string, number>;
  cardsPlayed: number[];
  /** The frame each game was first seen at (within `every` frames of its start). */
  starts: number[];
  longestStillFrames: number;
  failure: string | null;
}

export async function demoRun(seed: number, frames: number, every = 30): Promise<DemoResult> {
  const vm = await BundleVM.create({ seed });
  const res: DemoResult = { frames: 0, games: 0, finished: 0, endings: {}, cardsPlayed: [], starts: [], longestStillFrames: 0, failure: null };
  let gameSeed = -1;
  let lastOver: GameState | null = null;
  let sig = '';
  let since = 0;
  try {
    for (let i = 0; i < frames; i++) {
      vm.frame(frameTime(i), 0);
      res.frames++;
      if (i % every !== 0) continue;
      const d = vm.debug();
      if (d.scene !== 'title') throw new Error(`the idle title left to ${d.scene}`);
      const g = d.table?.game as GameState | undefined;
      if (!d.demo || !g) continue;
      checkState(g, factsOf(g), null, null);
      if (g.seed !== gameSeed) {
        if (lastOver?.over) {
          res.finished++;
          res.endings[lastOver.over.endedBy] = (res.endings[lastOver.over.endedBy] ?? 0) + 1;
          res.cardsPlayed.push(lastOver.cardsPlayed);
        } else if (gameSeed !== -1) throw new Error(`a demo game was replaced before it ended (${lastOver?.cardsPlayed} cards played)`);
        gameSeed = g.seed;
        res.games++;
        res.starts.push(i);
      }
      lastOver = g;
      const s = `${g.seed}|${g.cardsPlayed}|${g.pile.length}|${g.pendingCollect?.seat}|${g.over ? 1 : 0}`;
      if (s !== sig) {
        sig = s;
        since = i;
      }
      res.longestStillFrames = Math.max(res.longestStillFrames, i - since);
      if (i - since > 600) throw new Error(`the demo stalled for ${i - since} frames at ${s}`);
    }
  } catch (e) {
    res.failure = `demo failure at frame ${res.frames - 1}, seed ${seed}: ${(e as Error).message}`;
  } finally {
    vm.dispose();
  }
  return res;
}

if (process.argv[1]?.endsWith('demo.ts')) {
  const arg = (n: string) => {
    const i = process.argv.indexOf(`--${n}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const seed = Number(arg('seed') ?? 1) >>> 0;
  const frames = Number(arg('frames') ?? 1_000_000);
  const t0 = Date.now();
  const r = await demoRun(seed, frames);
  const startsFile = arg('starts');
  if (startsFile) writeFileSync(startsFile, JSON.stringify(r.starts));
  const sorted = r.cardsPlayed.slice().sort((a, b) => a - b);
  console.log(
    `demo seed ${seed}: ${r.frames} frames, ${r.games} games started, ${r.finished} finished, endings ${JSON.stringify(r.endings)}, ` +
      `cards played median ${sorted[sorted.length >> 1] ?? '-'} max ${sorted[sorted.length - 1] ?? '-'}, longest still ${r.longestStillFrames} frames, ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  if (r.failure) {
    console.log(r.failure);
    process.exit(1);
  }
}
