// The simulation figure: CPU-only games with no drawing (bench/sim/entry.ts
// drives the game's one table scheduler, src/table/table.ts) in V8,
// quickjs-emscripten, native QuickJS and the real headless host.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDumps } from '../lib/callgrind.mjs';
import { BUILD, NATIVE, QUICK, ROOT, fmt, hotFunctions, readJsonl, runFrameBench, sh } from '../lib/common.mjs';

export async function simulation() {
  const sim = join(BUILD, 'sim.js');
  const nodeGames = QUICK ? 300 : 2000;
  const sameGames = QUICK ? 40 : 200;
  const node = JSON.parse(sh('node', [join(ROOT, 'bench/lib/sim-node.mjs'), sim, String(nodeGames), String(sameGames)]));
  // quickjs-emscripten (the tests' engine)
  const { getQuickJS } = await import('quickjs-emscripten');
  const QJS = await getQuickJS();
  const ctx = QJS.newContext();
  const hostObj = ctx.newObject();
  ctx.setProp(ctx.global, 'host', hostObj);
  hostObj.dispose();
  ctx.unwrapResult(ctx.evalCode(readFileSync(sim, 'utf8'), 'sim.js')).dispose();
  const c0 = process.cpuUsage();
  const res = ctx.unwrapResult(ctx.evalCode(`JSON.stringify(simBench.run(${sameGames}, 4, 1))`));
  const cpu = process.cpuUsage(c0);
  const emTotals = JSON.parse(ctx.getString(res));
  res.dispose();
  ctx.dispose();
  const emSeconds = (cpu.user + cpu.system) / 1e6;
  const emscripten = { games: sameGames, seconds: emSeconds, gamesPerSec: sameGames / emSeconds, totals: emTotals };
  // native QuickJS through frame_bench: 10 games per frame
  const frames = Math.max(1, Math.round(sameGames / 10));
  const script = join(BUILD, 'sim-inputs.json');
  writeFileSync(script, JSON.stringify({ seed: 1, frames }));
  const out = join(BUILD, 'sim-frames.jsonl');
  const nat = spawnSync(join(BUILD, 'frame_bench'), ['--inputs', script, '--bundle', sim, '--out', out], { encoding: 'utf8' });
  if (nat.status !== 0) throw new Error(`frame_bench on the simulation bundle failed: ${nat.stderr}`);
  const simLines = nat.stderr.split('\n').filter((l) => l.startsWith('[script] sim '));
  const nativeTotals = simLines.length ? JSON.parse(simLines[simLines.length - 1].slice('[script] sim '.length)) : null;
  const lines = readJsonl(out).filter((l) => l.frame !== undefined);
  const ns = lines.reduce((a, l) => a + l.ns, 0);
  const native = { games: frames * 10, seconds: ns / 1e9, gamesPerSec: (frames * 10) / (ns / 1e9), totals: nativeTotals };
  // the real headless host runs the same bundle (--bundle): its whole process, user + system CPU time
  let headless = null;
  const headlessExe = join(NATIVE, 'ratscrew-headless');
  if (existsSync(headlessExe)) {
    const dir = join(BUILD, 'headless-sim');
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(script, JSON.stringify({ seed: 1, frames }));
    const t = spawnSync('/usr/bin/time', ['-f', '%U %S', headlessExe, '--inputs', script, '--bundle', sim, '--out', dir, '--no-raster'], { encoding: 'utf8' });
    const m = /([\d.]+) ([\d.]+)\s*$/.exec(t.stderr);
    if (t.status === 0 && m) {
      const seconds = Number(m[1]) + Number(m[2]);
      headless = { games: frames * 10, seconds, gamesPerSec: (frames * 10) / seconds };
    }
  }
  // instructions per game: two frames (20 games) under callgrind
  const cg = join(BUILD, 'cg-sim');
  writeFileSync(script, JSON.stringify({ seed: 1, frames: 2 }));
  runFrameBench(['--inputs', script, '--bundle', sim, '--out', out], { callgrind: cg });
  const dumps = readDumps(cg, 'cg.out', { functions: true });
  const sd = dumps.filter((d) => /^s\d+$/.test(d.label));
  native.irPerGame = sd.reduce((a, d) => a + d.total, 0) / (sd.length * 10);
  native.hot = hotFunctions(dumps, new Set(sd.map((d) => d.label)), 12);
  return {
    node,
    emscripten,
    native,
    headless,
    ratioNodeToEmscripten: node.same.gamesPerSec / emscripten.gamesPerSec,
    ratioNodeToNative: node.same.gamesPerSec / native.gamesPerSec,
    sameGamesAgree: node.same.totals.checksum === emTotals.checksum && nativeTotals !== null && nativeTotals.checksum === emTotals.checksum,
  };
}

/** The "Simulation" section of bench/results.md. */
export function simulationMarkdown(r) {
  const L = [];
  const sm = r.simulation;
  L.push('## Simulation (classic, 4 CPU players, no drawing: bench/sim/entry.ts)');
  L.push('');
  L.push('| engine | games | games per CPU second |');
  L.push('| --- | ---: | ---: |');
  L.push(`| Node ${r.machine.node} (V8), games 1..${sm.node.all.games} | ${sm.node.all.games} | ${sm.node.all.gamesPerSec.toFixed(0)} |`);
  L.push(`| Node (V8), games 1..${sm.node.same.games} | ${sm.node.same.games} | ${sm.node.same.gamesPerSec.toFixed(0)} |`);
  L.push(`| quickjs-emscripten, games 1..${sm.emscripten.games} | ${sm.emscripten.games} | ${sm.emscripten.gamesPerSec.toFixed(1)} |`);
  L.push(`| native QuickJS (frame_bench, -O2), games 1..${sm.native.games} | ${sm.native.games} | ${sm.native.gamesPerSec.toFixed(1)} |`);
  if (sm.headless) L.push(`| build/native/ratscrew-headless --bundle build/bench/sim.js (whole process, /usr/bin/time), games 1..${sm.headless.games} | ${sm.headless.games} | ${sm.headless.gamesPerSec.toFixed(1)} |`);
  L.push('');
  L.push(`V8 / quickjs-emscripten: ${sm.ratioNodeToEmscripten.toFixed(1)}x; V8 / native QuickJS: ${sm.ratioNodeToNative.toFixed(1)}x. Native QuickJS: ${fmt(sm.native.irPerGame)} instructions per game (callgrind, games 1..20). A game averages ${(sm.node.all.totals.cards / sm.node.all.games).toFixed(0)} cards played. V8, quickjs-emscripten and native QuickJS played the same games (checksum of lengths and winners): ${sm.sameGamesAgree ? 'yes' : 'NO'}.`);
  L.push('');
  return L;
}
