// The frames figure: a 600-frame 6-player table run, each frame's script
// (ratscrew.frame) and decode (the PSP host's display list) counted by
// callgrind, grouped as title, steady table, slap and sweep, first frame;
// and where the instructions go, by C function and by JS function.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { headlessFrameMs as frameMs } from '../../tools/contract/contract.mjs';
import { readDumps } from '../lib/callgrind.mjs';
import { playScript } from '../lib/game-driver.mjs';
import { profileFrames } from '../lib/js-profile.mjs';
import { BUILD, BUNDLE, PLAYERS, ROOT, RUN_FRAMES, fmt, hotFunctions, max, median, pct, readJsonl, runFrameBench, writeScript } from '../lib/common.mjs';

/** A slap in this range leaves room for its whole animation inside the run. */
const SLAP_FROM = 150;
const SLAP_TO = RUN_FRAMES - 40;

/**
 * The first seed whose 600-frame 6-player run has two slaps that win a pile
 * well inside the run (else the first with one): the slap figure is then the
 * worse of two.
 */
export function tableInputs() {
  let one = null;
  for (let seed = 1; seed <= 100; seed++) {
    const run = playScript({ bundlePath: BUNDLE, seed, players: PLAYERS, frames: RUN_FRAMES });
    const inside = run.slapClaims.filter((f) => f >= SLAP_FROM && f <= SLAP_TO).length;
    if (inside >= 2) return run;
    if (inside >= 1 && !one) one = run;
  }
  if (one) return one;
  throw new Error('no seed in 1..100 gives a slap inside the run');
}

/**
 * Runs the 600-frame input under callgrind. run: the V8 run that wrote the
 * input (scenes, slaps, hashes); lines: frame_bench's output lines.
 */
export async function measureFrames() {
  const run = tableInputs();
  const scriptFile = join(ROOT, 'bench/inputs/table-6p.json');
  mkdirSync(join(ROOT, 'bench/inputs'), { recursive: true });
  writeScript(scriptFile, run.script);
  const out = join(BUILD, 'table-frames.jsonl');
  const cgDir = join(BUILD, 'cg-table');
  runFrameBench(['--inputs', scriptFile, '--bundle', BUNDLE, '--out', out, '--raster', join(ROOT, 'assets/build/atlas.rgba')], { callgrind: cgDir });
  const lines = readJsonl(out);
  const frames = lines.filter((l) => l.frame !== undefined);
  const mismatches = frames.filter((fr, i) => fr.hash !== run.hashes[i].toString(16).padStart(8, '0')).length;
  const dumps = readDumps(cgDir, 'cg.out', { functions: true });
  const F = await frameFigures(run, frames, dumps);
  const startup = dumps.find((d) => d.label === 'startup').total;
  const load = dumps.find((d) => d.label === 'load').total;
  // per-phase hot functions (C level)
  const steadyLabels = new Set(F.rows.filter((r) => r.cls === 'table').map((r) => `s${r.frame}`));
  const slapLabels = new Set(F.rows.filter((r) => r.cls === 'slap').map((r) => `s${r.frame}`));
  const hot = {
    steadyScript: hotFunctions(dumps, steadyLabels),
    slapScript: hotFunctions(dumps, slapLabels),
    load: hotFunctions(dumps, new Set(['startup', 'load'])),
  };
  // which JS functions: an instrumented copy of the bundle on chosen frames
  const jsProfile = profileJs(run, scriptFile, F, frames);
  return { run, scriptFile, lines, frames, mismatches, F, startup, load, hot, jsProfile };
}

/** The frames grouped by what they show; the slap window is the view's own hand and sweep durations. */
async function frameFigures(run, frames, dumps) {
  const byLabel = new Map(dumps.map((d) => [d.label, d]));
  const { HAND_MS, SWEEP_MS } = await tsImport('../../src/view/table-view.ts', import.meta.url);
  const windowMs = Math.max(HAND_MS, SWEEP_MS);
  const inSlap = new Set();
  for (const c of run.slapClaims) for (let f = c; f < frames.length && frameMs(f) - frameMs(c) < windowMs; f++) inSlap.add(f);
  const cls = frames.map((fr, i) => (run.scenes[i] === 'title' ? 'title' : run.scenes[i] === 'table' ? (inSlap.has(i) ? 'slap' : 'table') : 'other'));
  const rows = frames.map((fr, i) => {
    const s = byLabel.get(`s${i}`);
    const d = byLabel.get(`d${i}`);
    const r = byLabel.get(`r${i}`);
    return { frame: i, cls: cls[i], commands: fr.commands, script: s ? s.total : null, decode: d ? d.total : null, raster: r ? r.total : null, allocs: fr.allocs, allocBytes: fr.alloc_bytes };
  });
  const group = (name, skipFirst, keep = () => true) => {
    const g = rows.filter((r) => r.cls === name && !(skipFirst && r.frame === 0) && keep(r));
    const tot = g.map((r) => r.script + r.decode);
    return {
      frames: g.length,
      script: { median: median(g.map((r) => r.script)), max: max(g.map((r) => r.script)) },
      decode: { median: median(g.map((r) => r.decode)), max: max(g.map((r) => r.decode)) },
      total: { median: median(tot), p90: pct(tot, 90), max: max(tot) },
      commands: { median: median(g.map((r) => r.commands)), max: max(g.map((r) => r.commands)) },
      raster: { median: median(g.map((r) => r.raster).filter((x) => x !== null)) },
      worstFrame: g.length ? g.reduce((a, b) => (a.script + a.decode >= b.script + b.decode ? a : b)).frame : null,
    };
  };
  return {
    rows,
    windowMs,
    title: group('title', true),
    table: group('table', false),
    tableQuiet: group('table', false, (r) => !run.cued[r.frame]),
    tableEvent: group('table', false, (r) => run.cued[r.frame]),
    slap: group('slap', false),
    first: rows[0],
  };
}

/**
 * The frames worth explaining: the first table frame (the deal), each slap
 * that wins a pile, the three dearest other table frames, quiet frames that
 * allocate, and a median one.
 */
function profileJs(run, scriptFile, F, frames) {
  const table = F.rows.filter((r) => r.cls === 'table');
  const firstTable = table.length ? table[0].frame : null;
  const pick = new Map();
  const add = (f, why) => {
    if (f !== null && f !== undefined && !pick.has(f)) pick.set(f, why);
  };
  add(firstTable, 'first table frame (the deal)');
  for (const c of run.slapClaims) add(c, 'a slap wins the pile');
  const dear = table.filter((r) => r.frame !== firstTable).sort((a, b) => b.script - a.script);
  for (const r of dear.slice(0, 3)) add(r.frame, 'one of the dearest table frames');
  // quiet frames (no sound cue) that allocate: the dearest two, and the cheapest one
  const quietAlloc = table.filter((r) => r.frame !== firstTable && !run.cued[r.frame] && r.allocBytes > 0).sort((a, b) => b.script - a.script);
  for (const r of quietAlloc.slice(0, 2)) add(r.frame, 'a quiet frame (no sound cue) that allocates');
  if (quietAlloc.length > 2) add(quietAlloc[quietAlloc.length - 1].frame, 'a quiet frame (no sound cue) that allocates');
  const byScript = [...table].sort((a, b) => a.script - b.script);
  if (byScript.length) add(byScript[Math.floor(byScript.length / 2)].frame, 'a median table frame');
  const list = [...pick.keys()].sort((a, b) => a - b);
  const outJsonl = join(BUILD, 'profile-frames.jsonl');
  const prof = profileFrames({
    bundlePath: BUNDLE,
    script: run.script,
    frames: list,
    outFile: join(BUILD, 'ratscrew-instrumented.js'),
    plain: Object.fromEntries(list.map((f) => [f, F.rows[f].script])),
    runNative: (bundleFile, marks, last) => {
      const dir = join(BUILD, 'cg-profile');
      runFrameBench(['--inputs', scriptFile, '--bundle', bundleFile, '--out', outJsonl, '--frames', String(last + 1), '--marks', marks.join(',')], { callgrind: dir });
      return readDumps(dir, 'cg.out', { functions: false });
    },
  });
  const inst = readJsonl(outJsonl).filter((l) => l.frame !== undefined);
  prof.sameFrames = inst.every((l) => l.hash === frames[l.frame].hash);
  prof.why = Object.fromEntries(pick);
  prof.uninstrumented = Object.fromEntries(list.map((f) => [f, F.rows[f].script]));
  return prof;
}

/** The "Frames" section of bench/results.md. */
export function framesMarkdown(r) {
  const L = [];
  const f = r.frames;
  L.push(`## Frames (${r.run.players}-player classic, ${r.run.frames} frames, ${r.run.script}, seed ${r.run.seed})`);
  L.push('');
  L.push(`Script = \`ratscrew.frame\` called through \`vm_frame\`; decode = ${r.run.decode}. Slap frames: from the frame a slap wins the pile (frames ${r.run.slapClaims.join(', ')}) for ${r.run.slapWindowMs} ms (the hand and sweep animations). Native and V8 runs drew identical frames: ${r.run.hashMismatchesV8vsNative === 0 ? 'yes' : `NO (${r.run.hashMismatchesV8vsNative} differ)`}.`);
  L.push('');
  L.push('| frames | count | script median | script max | decode median | decode max | total median | total max | commands median |');
  L.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const row = (name, g) => L.push(`| ${name} | ${g.frames} | ${fmt(g.script.median)} | ${fmt(g.script.max)} | ${fmt(g.decode.median)} | ${fmt(g.decode.max)} | ${fmt(g.total.median)} | ${fmt(g.total.max)} | ${fmt(g.commands.median)} |`);
  row('title (after frame 0)', f.title);
  row('steady table (every table frame outside a slap)', f.table);
  if (f.tableQuiet) row('— of which quiet (no sound cue)', f.tableQuiet);
  if (f.tableEvent) row('— of which a card is played or a pile taken (sound cue)', f.tableEvent);
  row('slap + sweep', f.slap);
  L.push(`| first frame (0) | 1 | ${fmt(f.first.script)} | | ${fmt(f.first.decode)} | | ${fmt(f.first.script + f.first.decode)} | | ${f.first.commands} |`);
  L.push('');
  L.push(`Steady table total p90: ${fmt(f.table.total.p90)}; worst steady frame: ${f.table.worstFrame}; worst slap frame: ${f.slap.worstFrame}. For information, the headless/desktop software rasterizer (not used on the PSP) costs a median ${fmt(f.table.raster.median)} instructions per table frame.`);
  L.push('');
  return L;
}

/** Where the instructions go: C functions per phase, then JS functions on chosen frames. */
export function hotMarkdown(r) {
  const L = [];
  L.push('## Where the instructions go (self instructions per C function, callgrind)');
  L.push('');
  const hotTable = (title, list) => {
    L.push(`${title}:`);
    L.push('');
    L.push('| function | instructions | share |');
    L.push('| --- | ---: | ---: |');
    for (const h of list) L.push(`| ${h.fn} | ${fmt(h.ir)} | ${(100 * h.share).toFixed(1)}% |`);
    L.push('');
  };
  hotTable('Steady table frames, script', r.hot.steadyScript);
  hotTable('Slap + sweep frames, script', r.hot.slapScript);
  hotTable('Startup and bundle load (source)', r.hot.load);
  if (r.hot.loadBytecode) hotTable('Bundle load from bytecode', r.hot.loadBytecode);
  hotTable('Simulation (native QuickJS)', r.simulation.native.hot);
  const jp = r.jsProfile;
  L.push('## Where the script instructions go (JS functions, instrumented bundle)');
  L.push('');
  L.push(`bench/lib/js-profile.mjs wraps ${jp.wrapped} top-level functions of a copy of the bundle with marks (frames drawn unchanged: ${jp.sameFrames ? 'yes' : 'NO'}); helpers called more than 25 times in a profiled frame stay unwrapped and count in their caller (calls in the dearest frame): ${jp.unwrapped.join(', ')}. "corrected" subtracts the instrumentation's own cost per wrapped call (estimated per frame from the plain count); "self" is raw and includes it. Class methods (TextSlot.draw, Reader) are not wrapped: they count in their caller.`);
  L.push('');
  for (const [f, p] of Object.entries(jp.frames)) {
    L.push(`Frame ${f} (${jp.why[f]}; plain script ${fmt(p.plain)}, instrumented ${fmt(p.total)}, ${p.wrappedCalls} wrapped calls at about ${fmt(p.perCall)} each):`);
    L.push('');
    L.push('| function | calls | inclusive (corrected) | inclusive | self (raw) |');
    L.push('| --- | ---: | ---: | ---: | ---: |');
    for (const row of [...p.rows].sort((a, b) => b.corrected - a.corrected).slice(0, 16)) L.push(`| ${row.fn} | ${row.calls} | ${fmt(row.corrected)} | ${fmt(row.inclusive)} | ${fmt(row.self)} |`);
    L.push('');
  }
  return L;
}
