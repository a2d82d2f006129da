// `make bench`: the benchmarks of docs/performance.md. Prints every figure
// against its budget (PASS/OVER) and writes bench/results.json and
// bench/results.md (its own sections only: bench/lib/keep.mjs). Instruction counts (valgrind callgrind) and byte counts
// are the stable figures; wall-clock rates are printed for information.
// Each figure lives in bench/figures/ (frames, cold start, memory, sizes,
// simulation); bench/lib/report.mjs holds the budgets and the page.
//
//   node bench/run.mjs [--quick]     (--quick: skips the whole-game and title
//                                     runs and shortens the simulation runs)
//
// Needs: dist/ratscrew.js and build/native (make bundle, make -C native
// headless: the top Makefile's `bench` target does both), valgrind, cc.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureColdStart } from './figures/cold-start.mjs';
import { measureFrames } from './figures/frames.mjs';
import { measureMemory } from './figures/memory.mjs';
import { mixerCost } from './figures/mixer.mjs';
import { pspStart } from './figures/psp-start.mjs';
import { simulation } from './figures/simulation.mjs';
import { sizes } from './figures/sizes.mjs';
import { measureTitle } from './figures/title.mjs';
import { build } from './lib/build.mjs';
import { BUILD, BUNDLE, DIST_BUNDLE, PLAYERS, QUICK, ROOT, cpuModel, fmt, log, sh } from './lib/common.mjs';
import { mergeResults } from './lib/keep.mjs';
import { budgets, historyWith, markdown } from './lib/report.mjs';

async function main() {
  const started = Date.now();
  const head = sh('git', ['rev-parse', '--short', 'HEAD']).trim();
  const dirty = sh('git', ['status', '--porcelain', '--', 'src', 'native']).trim() !== '';
  mkdirSync(BUILD, { recursive: true });
  const bundleText = readFileSync(DIST_BUNDLE);
  writeFileSync(BUNDLE, bundleText);
  const bundleSha = createHash('sha256').update(bundleText).digest('hex').slice(0, 12);
  log(`ratscrew benchmarks at ${head}${dirty ? ' (src/ or native/ has uncommitted changes)' : ''}, bundle sha256 ${bundleSha}`);
  const decode = build();

  const fr = await measureFrames();
  const F = fr.F;
  const cold = measureColdStart(fr.scriptFile, fr.frames);
  const memory = await measureMemory(fr);
  const title = QUICK ? null : await measureTitle();
  const sz = sizes();
  const mixer = mixerCost();
  const simr = await simulation();
  const psp = pspStart();

  const results = {
    commit: head,
    dirty,
    bundleSha,
    date: new Date().toISOString(),
    machine: { cpu: cpuModel(), node: process.version, valgrind: sh('valgrind', ['--version']).trim() },
    run: {
      decode,
      script: 'bench/inputs/table-6p.json',
      seed: fr.run.script.seed,
      players: PLAYERS,
      frames: fr.frames.length,
      slapClaims: fr.run.slapClaims,
      slapWindowMs: F.windowMs,
      hashMismatchesV8vsNative: fr.mismatches,
      damagedSave: fr.run.damagedSave,
    },
    frames: { title: F.title, table: F.table, tableQuiet: F.tableQuiet, tableEvent: F.tableEvent, slap: F.slap, first: F.first },
    coldStart: {
      startup: fr.startup,
      load: fr.load,
      firstFrame: F.first.script + F.first.decode,
      total: fr.startup + fr.load + F.first.script + F.first.decode,
      bytecode: cold.bytecode,
    },
    memory,
    title,
    sizes: sz,
    mixer,
    simulation: simr,
    pspStart: psp,
    hot: { ...fr.hot, loadBytecode: cold.hotLoadBytecode },
    jsProfile: fr.jsProfile,
    perFrame: F.rows.map((r) => [r.frame, r.cls, r.commands, r.script, r.decode, r.raster, r.allocBytes]),
  };
  results.budgets = budgets(results);
  results.seconds = (Date.now() - started) / 1000;

  const prev = existsSync(join(ROOT, 'bench/results.json')) ? JSON.parse(readFileSync(join(ROOT, 'bench/results.json'), 'utf8')) : null;
  results.history = historyWith(prev, results);
  writeFileSync(join(ROOT, 'bench/results.json'), JSON.stringify(results, null, 1) + '\n');
  const page = join(ROOT, 'bench/results.md');
  writeFileSync(page, mergeResults(existsSync(page) ? readFileSync(page, 'utf8') : '', markdown(results)));
  log('');
  for (const b of results.budgets) log(`${b.verdict}  ${b.name}: ${fmt(b.value)} ${b.unit} (budget ${b.op} ${fmt(b.budget)})`);
  log('');
  log(readFileSync(join(ROOT, 'bench/results.md'), 'utf8').split('\n## Budgets')[0].split('\n').slice(2).join('\n'));
  log(`wrote bench/results.json and bench/results.md in ${results.seconds.toFixed(0)} s`);
}

main().catch((e) => {
  process.stderr.write(`bench: ${e.stack || e}\n`);
  process.exit(1);
});
