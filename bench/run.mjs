// `make bench`: the benchmarks of docs/performance.md. Prints every figure
// against its budget (PASS/OVER) and writes bench/results.json and
// bench/results.md. Instruction counts (valgrind callgrind) and byte counts
// are the stable figures; wall-clock rates are printed for information.
//
//   node bench/run.mjs [--quick]     (--quick: skips the whole-game run and
//                                     shortens the simulation runs)
//
// Needs: dist/ratscrew.js and build/native (make bundle, make -C native
// headless: the top Makefile's `bench` target does both), valgrind, cc.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { headlessFrameMs as frameMs } from '../tools/contract/contract.mjs';
import { playScript } from './lib/game-driver.mjs';
import { addSelf, readDumps, top } from './lib/callgrind.mjs';
import { profileFrames } from './lib/js-profile.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILD = join(ROOT, 'build/bench');
const NATIVE = join(ROOT, 'build/native');
const DIST_BUNDLE = join(ROOT, 'dist/ratscrew.js');
/** A snapshot of dist/ratscrew.js taken at the start: every figure is of the same bundle, whatever rebuilds it meanwhile. */
const BUNDLE = join(ROOT, 'build/bench/ratscrew.js');
const QUICK = process.argv.includes('--quick');
/** What "decode" counted (set by build()). */
let decodeKind = '';

const BUDGET = {
  steadyFrameIr: 250000,
  slapWorstIr: 600000,
  steadyAllocBytes: 0,
  heapPeakBytes: 2 * 1024 * 1024,
  coldStartIr: 60000000,
  nodeGamesPerSec: 1000,
};

const PLAYERS = 6;
const RUN_FRAMES = 600;
/** A slap in this range leaves room for its whole animation inside the run. */
const SLAP_FROM = 150;
const SLAP_TO = RUN_FRAMES - 40;

function log(s) {
  process.stdout.write(s + '\n');
}

function sh(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28, ...opts });
}

function median(xs) {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}
function max(xs) {
  return xs.length ? Math.max(...xs) : null;
}
function pct(xs, p) {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))];
}
const fmt = (n) => (n === null || n === undefined ? '—' : Math.round(n).toLocaleString('en-US'));
const verdict = (ok) => (ok ? 'PASS' : 'OVER');

/** The view's animation lengths, read from the source so the slap window follows them. */
function viewConstant(name, fallback) {
  const src = readFileSync(join(ROOT, 'src/view/table-view.ts'), 'utf8');
  const m = new RegExp(`export const ${name} = (\\d+)`).exec(src);
  return m ? Number(m[1]) : fallback;
}

// ---------------------------------------------------------------- build
/**
 * Builds the bench's C programs from the same sources and flags as
 * native/Makefile (CORE_NAMES, QJS_NAMES, QJS_CFLAGS, CFLAGS_PROJECT read
 * from it), into build/bench/obj: independent of build/native, which other
 * builds may be rewriting meanwhile. Recompiles only what is older than its
 * source.
 */
function build() {
  const obj = join(BUILD, 'obj');
  mkdirSync(obj, { recursive: true });
  const mk = readFileSync(join(ROOT, 'native/Makefile'), 'utf8').replace(/\\\n/g, ' ');
  const names = (re) => re.exec(mk)[1].trim().split(/\s+/);
  const qjsSrc = join(ROOT, 'build/quickjs/src');
  if (!existsSync(join(qjsSrc, 'quickjs.c'))) throw new Error('build/quickjs/src is missing: run "make -C native quickjs"');
  const qjsFlags = /^QJS_CFLAGS\s*:=\s*(.*)$/m
    .exec(mk)[1]
    .trim()
    .split(/\s+/)
    .map((f) => f.replace(/\\"/g, '"'));
  const projectFlags = ['-std=c99', '-O2', '-g', '-Wall', '-Wextra', `-I${join(ROOT, 'native/core')}`, '-isystem', qjsSrc];
  const compile = (src, flags) => {
    const o = join(obj, src.replace(ROOT, '').replace(/[/.]/g, '_') + '.o');
    // warnings in other people's sources are theirs to see in their own build
    if (!existsSync(o) || statSync(o).mtimeMs < statSync(src).mtimeMs) sh('cc', [...flags, '-c', '-o', o, src], { stdio: ['ignore', 'pipe', 'pipe'] });
    return o;
  };
  const qjs = names(/^QJS_NAMES\s*:=\s*(.*)$/m).map((n) => compile(join(qjsSrc, n + '.c'), qjsFlags));
  const core = names(/^CORE_NAMES\s*:=\s*(.*)$/m).map((n) => compile(join(ROOT, 'native/core', n + '.c'), projectFlags));
  const input = compile(join(ROOT, 'native/desktop/input_script.c'), projectFlags);
  // the PSP host's drawing, when it exists, over a model of libgu
  const pspVideo = join(ROOT, 'native/psp/psp_video.c');
  const stubs = join(ROOT, 'test/native/psp-stubs');
  const usePsp = existsSync(pspVideo) && existsSync(join(stubs, 'pspgu.h'));
  const pspFlags = [...projectFlags, `-I${stubs}`, `-I${join(ROOT, 'native/psp')}`];
  const pspObjs = usePsp ? [compile(pspVideo, pspFlags), compile(join(ROOT, 'bench/native/psp_gu_model.c'), pspFlags)] : [];
  const benchSrc = join(ROOT, 'bench/native/frame_bench.c');
  const bench = join(obj, usePsp ? 'frame_bench_psp.o' : 'frame_bench.o');
  sh('cc', [...projectFlags, '-D_GNU_SOURCE', ...(usePsp ? ['-DBENCH_PSP_VIDEO', ...pspFlags.slice(projectFlags.length)] : []), '-c', '-o', bench, benchSrc]);
  decodeKind = usePsp
    ? 'native/psp/psp_video.c psp_video_frame (the PSP host\'s GE display list) over a model of libgu (bench/native/psp_gu_model.c)'
    : 'a stand-in for the PSP host (bench/native/frame_bench.c psp_decode)';
  const bytecode = compile(join(ROOT, 'bench/native/bytecode.c'), projectFlags);
  sh('cc', ['-o', join(BUILD, 'frame_bench'), bench, ...pspObjs, ...core, input, ...qjs, '-lm', '-lpthread',
    '-Wl,--wrap=malloc,--wrap=free,--wrap=realloc,--wrap=calloc']);
  const save = compile(join(ROOT, 'native/core/save.c'), projectFlags);
  sh('cc', ['-o', join(BUILD, 'bytecode'), bytecode, save, ...qjs, '-lm', '-lpthread']);
  sh('npx', ['rollup', '-c', 'bench/sim/rollup.config.mjs', '--silent']);
}

/**
 * The same programs built with -m32 (the PSP is a 32-bit machine: QuickJS
 * NaN-boxes its values there), when the compiler can: null otherwise.
 */
function build32() {
  const obj = join(BUILD, 'obj32');
  mkdirSync(obj, { recursive: true });
  const probe = join(obj, 'probe.c');
  writeFileSync(probe, 'int main(void) { return sizeof(void *) == 4 ? 0 : 1; }\n');
  try {
    sh('cc', ['-m32', '-o', join(obj, 'probe'), probe], { stdio: ['ignore', 'pipe', 'pipe'] });
    sh(join(obj, 'probe'), []);
  } catch {
    return null;
  }
  const mk = readFileSync(join(ROOT, 'native/Makefile'), 'utf8').replace(/\\\n/g, ' ');
  const names = (re) => re.exec(mk)[1].trim().split(/\s+/);
  const qjsSrc = join(ROOT, 'build/quickjs/src');
  const qjsFlags = /^QJS_CFLAGS\s*:=\s*(.*)$/m.exec(mk)[1].trim().split(/\s+/).map((f) => f.replace(/\\"/g, '"'));
  const projectFlags = ['-std=c99', '-O2', '-g', `-I${join(ROOT, 'native/core')}`, '-isystem', qjsSrc];
  const compile = (src, flags) => {
    const o = join(obj, src.replace(ROOT, '').replace(/[/.]/g, '_') + '.o');
    if (!existsSync(o) || statSync(o).mtimeMs < statSync(src).mtimeMs) sh('cc', ['-m32', ...flags, '-c', '-o', o, src], { stdio: ['ignore', 'pipe', 'pipe'] });
    return o;
  };
  const qjs = names(/^QJS_NAMES\s*:=\s*(.*)$/m).map((n) => compile(join(qjsSrc, n + '.c'), qjsFlags));
  const core = names(/^CORE_NAMES\s*:=\s*(.*)$/m).map((n) => compile(join(ROOT, 'native/core', n + '.c'), projectFlags));
  const input = compile(join(ROOT, 'native/desktop/input_script.c'), projectFlags);
  const bench = compile(join(ROOT, 'bench/native/frame_bench.c'), [...projectFlags, '-D_GNU_SOURCE']);
  const bytecode = compile(join(ROOT, 'bench/native/bytecode.c'), projectFlags);
  const save = compile(join(ROOT, 'native/core/save.c'), projectFlags);
  // QuickJS as the PSP build configures it: quickjs.c keys CONFIG_ATOMICS (and
  // with it three predefined atoms, which bytecode numbers) off __PSP__
  const qjsPspObj = join(obj, 'quickjs_psp_config.o');
  const qjsMain = join(qjsSrc, 'quickjs.c');
  if (!existsSync(qjsPspObj) || statSync(qjsPspObj).mtimeMs < statSync(qjsMain).mtimeMs)
    sh('cc', ['-m32', ...qjsFlags, '-D__PSP__', '-c', '-o', qjsPspObj, qjsMain], { stdio: ['ignore', 'pipe', 'pipe'] });
  const qjsPsp = [qjsPspObj, ...qjs.slice(1)];
  const exe = {
    frameBench: join(BUILD, 'frame_bench32'),
    bytecode: join(BUILD, 'bytecode32'),
    frameBenchPsp: join(BUILD, 'frame_bench32_pspconfig'),
    bytecodePsp: join(BUILD, 'bytecode32_pspconfig'),
  };
  const wrap = '-Wl,--wrap=malloc,--wrap=free,--wrap=realloc,--wrap=calloc';
  sh('cc', ['-m32', '-o', exe.frameBench, bench, ...core, input, ...qjs, '-lm', '-lpthread', wrap]);
  sh('cc', ['-m32', '-o', exe.bytecode, bytecode, save, ...qjs, '-lm', '-lpthread']);
  sh('cc', ['-m32', '-o', exe.frameBenchPsp, bench, ...core, input, ...qjsPsp, '-lm', '-lpthread', wrap]);
  sh('cc', ['-m32', '-o', exe.bytecodePsp, bytecode, save, ...qjsPsp, '-lm', '-lpthread']);
  return exe;
}

/**
 * Is the bytecode portable to a 32-bit QuickJS (as on the PSP)? Compiles the
 * bundle with the 32-bit build, compares the bytes with the 64-bit build's,
 * and runs the 600-frame script in the 32-bit build from source and from the
 * 64-bit bytecode: both must draw what the 64-bit build drew. Also the heap
 * on a 32-bit machine, which is nearer the PSP's than the 64-bit figures.
 */
function check32(scriptFile, bytecode64, frames64) {
  const exe = build32();
  if (!exe) return null;
  const bc32 = join(BUILD, 'ratscrew32.qjsbc');
  sh(exe.bytecode, [BUNDLE, bc32]);
  const sameBytes = Buffer.compare(readFileSync(bc32), readFileSync(bytecode64)) === 0;
  const run = (extra, out) => {
    sh(exe.frameBench, ['--inputs', scriptFile, '--bundle', BUNDLE, '--out', out, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
    return readJsonl(out);
  };
  const src = run([], join(BUILD, 'src32.jsonl'));
  const bc = run(['--bytecode', bytecode64], join(BUILD, 'bc64on32.jsonl'));
  // the PSP's configuration: its own bytecode, and the desktop's
  const bcPsp = join(BUILD, 'ratscrew-pspconfig.qjsbc');
  sh(exe.bytecodePsp, [BUNDLE, bcPsp]);
  const runPsp = (bcFile, out) => {
    try {
      sh(exe.frameBenchPsp, ['--inputs', scriptFile, '--bundle', BUNDLE, '--bytecode', bcFile, '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
      return readJsonl(out);
    } catch {
      return null;
    }
  };
  const pspOwn = runPsp(bcPsp, join(BUILD, 'pspconfig-own.jsonl'));
  const pspDesktop = runPsp(bytecode64, join(BUILD, 'pspconfig-desktop.jsonl'));
  const hashes = (lines) => lines.filter((l) => l.frame !== undefined).map((l) => l.hash);
  const h64 = frames64.map((f) => f.hash);
  const same = (a) => a.length === h64.length && a.every((h, i) => h === h64[i]);
  return {
    sameBytecodeBytes: sameBytes,
    sourceFramesSame: same(hashes(src)),
    bytecode64FramesSame: same(hashes(bc)),
    heapAfterLoadSource: src[0].loaded_malloc_size,
    heapAfterLoadBytecode: bc[0].loaded_malloc_size,
    heapPeakRun: src[src.length - 1].heap_peak_sampled,
    pspConfig: {
      sameBytesAsDesktop: Buffer.compare(readFileSync(bcPsp), readFileSync(bytecode64)) === 0,
      ownBytecodeFramesSame: pspOwn !== null && same(hashes(pspOwn)),
      desktopBytecodeLoads: pspDesktop !== null,
      desktopBytecodeFramesSame: pspDesktop !== null && same(hashes(pspDesktop)),
    },
  };
}

// ---------------------------------------------------------------- inputs
/**
 * The first seed whose 600-frame 6-player run has two slaps that win a pile
 * well inside the run (else the first with one): the slap figure is then the
 * worse of two.
 */
function tableInputs() {
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

function writeScript(file, script) {
  writeFileSync(file, JSON.stringify(script, null, 0).replace(/\],\[/g, '],\n['), 'utf8');
}

function readJsonl(file) {
  return readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
}

function runFrameBench(args, { callgrind = null } = {}) {
  const exe = join(BUILD, 'frame_bench');
  if (!callgrind) return sh(exe, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  rmSync(callgrind, { recursive: true, force: true });
  mkdirSync(callgrind, { recursive: true });
  return sh('valgrind', [
    '--tool=callgrind', '--quiet', `--callgrind-out-file=${join(callgrind, 'cg.out')}`,
    '--compress-strings=no', '--compress-pos=no', '--dump-instr=no', '--dump-line=no', exe, ...args,
  ], { stdio: ['ignore', 'pipe', 'pipe'] });
}

// ---------------------------------------------------------------- figures
function frameFigures(run, frames, dumps) {
  const byLabel = new Map(dumps.map((d) => [d.label, d]));
  const handMs = viewConstant('HAND_MS', 420);
  const sweepMs = viewConstant('SWEEP_MS', 320);
  const windowMs = Math.max(handMs, sweepMs);
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

function hotFunctions(dumps, labels, n = 15) {
  const self = new Map();
  for (const d of dumps) if (labels.has(d.label) && d.self) addSelf(self, d.self);
  return top(self, n);
}

// ---------------------------------------------------------------- sizes
function sizes() {
  const file = (p) => (existsSync(join(ROOT, p)) ? statSync(join(ROOT, p)).size : null);
  const gz = (p) => (existsSync(join(ROOT, p)) ? gzipSync(readFileSync(join(ROOT, p)), { level: 9 }).length : null);
  const soundsDir = join(ROOT, 'assets/build/sounds');
  let sounds = null;
  let soundsS16 = null;
  if (existsSync(soundsDir)) {
    sounds = 0;
    soundsS16 = 0;
    for (const f of readdirSync(soundsDir)) {
      const n = statSync(join(soundsDir, f)).size;
      sounds += n;
      if (f.endsWith('.s16')) soundsS16 += n;
    }
  }
  return {
    bundle: file('build/bench/ratscrew.js'),
    bundleGzip: gz('build/bench/ratscrew.js'),
    bytecode: file('build/bench/ratscrew.qjsbc'),
    bytecodeGzip: gz('build/bench/ratscrew.qjsbc'),
    atlasPng: file('assets/build/atlas.png'),
    atlasRgba: file('assets/build/atlas.rgba'),
    atlasPsp: file('assets/build/atlas.psp'),
    soundsS16,
    soundsDirAll: sounds,
    headless: file('build/native/ratscrew-headless'),
    headlessStripped: strippedSize(join(ROOT, 'build/native/ratscrew-headless')),
    desktop: file('build/native/ratscrew'),
    eboot: file('build/psp/EBOOT.PBP'),
  };
}

/** Bytes of a binary without its debug information (the builds use -g). */
function strippedSize(path) {
  if (!existsSync(path)) return null;
  const out = join(BUILD, 'stripped.tmp');
  try {
    sh('strip', ['-o', out, path]);
    return statSync(out).size;
  } catch {
    return null;
  } finally {
    rmSync(out, { force: true });
  }
}

// ---------------------------------------------------------------- simulation
async function simulation() {
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

// ---------------------------------------------------------------- main
async function main() {
  const started = Date.now();
  const head = sh('git', ['rev-parse', '--short', 'HEAD']).trim();
  const dirty = sh('git', ['status', '--porcelain', '--', 'src', 'native']).trim() !== '';
  mkdirSync(BUILD, { recursive: true });
  const bundleText = readFileSync(DIST_BUNDLE);
  writeFileSync(BUNDLE, bundleText);
  const bundleSha = createHash('sha256').update(bundleText).digest('hex').slice(0, 12);
  log(`ratscrew benchmarks at ${head}${dirty ? ' (src/ or native/ has uncommitted changes)' : ''}, bundle sha256 ${bundleSha}`);
  build();

  // 1. the 600-frame 6-player run
  const run = tableInputs();
  const scriptFile = join(ROOT, 'bench/inputs/table-6p.json');
  mkdirSync(join(ROOT, 'bench/inputs'), { recursive: true });
  writeScript(scriptFile, run.script);
  const out = join(BUILD, 'table-frames.jsonl');
  const cgDir = join(BUILD, 'cg-table');
  runFrameBench(['--inputs', scriptFile, '--bundle', BUNDLE, '--out', out, '--raster', join(ROOT, 'assets/build/atlas.rgba')], { callgrind: cgDir });
  const lines = readJsonl(out);
  const header = lines[0];
  const frames = lines.filter((l) => l.frame !== undefined);
  const mismatches = frames.filter((fr, i) => fr.hash !== run.hashes[i].toString(16).padStart(8, '0')).length;
  const dumps = readDumps(cgDir, 'cg.out', { functions: true });
  const F = frameFigures(run, frames, dumps);
  const startup = dumps.find((d) => d.label === 'startup').total;
  const load = dumps.find((d) => d.label === 'load').total;
  const cold = startup + load + F.first.script + F.first.decode;

  // per-phase hot functions (C level)
  const steadyLabels = new Set(F.rows.filter((r) => r.cls === 'table').map((r) => `s${r.frame}`));
  const slapLabels = new Set(F.rows.filter((r) => r.cls === 'slap').map((r) => `s${r.frame}`));
  const hot = {
    steadyScript: hotFunctions(dumps, steadyLabels),
    slapScript: hotFunctions(dumps, slapLabels),
    load: hotFunctions(dumps, new Set(['startup', 'load'])),
  };
  const bcHot = () => hotFunctions(bcd, new Set(['load']), 12);

  // which JS functions: an instrumented copy of the bundle on chosen frames
  const jsProfile = profileJs(run, scriptFile, F, frames);

  // 2. cold start from precompiled bytecode
  const bc = join(BUILD, 'ratscrew.qjsbc');
  sh(join(BUILD, 'bytecode'), [BUNDLE, bc]);
  const bcDir = join(BUILD, 'cg-bytecode');
  runFrameBench(['--inputs', scriptFile, '--bundle', BUNDLE, '--bytecode', bc, '--out', join(BUILD, 'bc-frames.jsonl'), '--frames', '1'], { callgrind: bcDir });
  const bcd = readDumps(bcDir, 'cg.out', { functions: true });
  const bcGet = (l) => bcd.find((d) => d.label === l).total;
  const bcFrames = readJsonl(join(BUILD, 'bc-frames.jsonl'));
  const coldBytecode = {
    startup: bcGet('startup'),
    load: bcGet('load'),
    firstFrame: bcGet('s0') + bcGet('d0'),
    total: bcGet('startup') + bcGet('load') + bcGet('s0') + bcGet('d0'),
    sameFirstFrame: bcFrames[1] && bcFrames[1].hash === frames[0].hash,
    heapAfterLoad: bcFrames[0].loaded_malloc_size,
  };
  hot.loadBytecode = bcHot();
  // what-if: rollup's IIFE opened without a parenthesis (no arrow-function lookahead over the body)
  const bundleSrc = readFileSync(BUNDLE, 'utf8');
  if (/^\(function \(\) \{\n/.test(bundleSrc) && /\}\)\(\);\s*$/.test(bundleSrc)) {
    const bang = join(BUILD, 'ratscrew-bang.js');
    writeFileSync(bang, '!function () {\n' + bundleSrc.slice('(function () {\n'.length).replace(/\}\)\(\);\s*$/, '}();\n'));
    const bangDir = join(BUILD, 'cg-bang');
    const bangOut = join(BUILD, 'bang-frames.jsonl');
    runFrameBench(['--inputs', scriptFile, '--bundle', bang, '--out', bangOut, '--frames', '1'], { callgrind: bangDir });
    const bd = readDumps(bangDir, 'cg.out', { functions: false });
    const get = (l) => bd.find((d) => d.label === l).total;
    coldBytecode.bangWhatIf = {
      load: get('load'),
      total: get('startup') + get('load') + get('s0') + get('d0'),
      sameFirstFrame: readJsonl(bangOut)[1].hash === frames[0].hash,
    };
  }
  coldBytecode.on32bit = check32(scriptFile, bc, frames);

  // 3. memory: the 600-frame run, and a whole 6-player game
  const steadyRows = F.rows.filter((r) => r.cls === 'table');
  // quiet: a table frame with no sound cue (no card played, nothing claimed) and not the game's first
  const quiet = steadyRows.filter((r, i) => i > 0 && !run.cued[r.frame]);
  let game = null;
  if (!QUICK) game = wholeGame();

  const mem = {
    heapAfterLoad: header.loaded_malloc_size,
    heapUsedAfterLoad: header.loaded_memory_used_size,
    heapPeakRun: lines[lines.length - 1].heap_peak_sampled,
    steadyFrames: steadyRows.length,
    steadyFramesAllocating: steadyRows.filter((r) => r.allocBytes > 0).length,
    steadyAllocBytesMedian: median(steadyRows.map((r) => r.allocBytes)),
    steadyAllocBytesMean: steadyRows.reduce((a, r) => a + r.allocBytes, 0) / Math.max(1, steadyRows.length),
    quietFrames: quiet.length,
    quietFramesAllocating: quiet.filter((r) => r.allocBytes > 0).map((r) => ({ frame: r.frame, allocs: r.allocs, bytes: r.allocBytes })),
    allocatingFrames: F.rows.filter((r) => r.allocBytes > 0).map((r) => ({ frame: r.frame, cls: r.cls, allocs: r.allocs, bytes: r.allocBytes })),
    benchRssKb: lines[lines.length - 1].rss_kb,
  };

  const sz = sizes();
  const simr = await simulation();

  const results = {
    commit: head,
    dirty,
    bundleSha,
    date: new Date().toISOString(),
    machine: { cpu: cpuModel(), node: process.version, valgrind: sh('valgrind', ['--version']).trim() },
    run: {
      decode: decodeKind,
      script: 'bench/inputs/table-6p.json',
      seed: run.script.seed,
      players: PLAYERS,
      frames: frames.length,
      slapClaims: run.slapClaims,
      slapWindowMs: F.windowMs,
      hashMismatchesV8vsNative: mismatches,
      damagedSave: run.damagedSave,
    },
    frames: { title: F.title, table: F.table, tableQuiet: F.tableQuiet, tableEvent: F.tableEvent, slap: F.slap, first: F.first },
    coldStart: { startup, load, firstFrame: F.first.script + F.first.decode, total: cold, bytecode: coldBytecode },
    memory: { ...mem, game },
    sizes: sz,
    simulation: simr,
    hot,
    jsProfile,
    perFrame: F.rows.map((r) => [r.frame, r.cls, r.commands, r.script, r.decode, r.raster, r.allocBytes]),
  };
  results.budgets = budgets(results);
  results.seconds = (Date.now() - started) / 1000;

  const prev = existsSync(join(ROOT, 'bench/results.json')) ? JSON.parse(readFileSync(join(ROOT, 'bench/results.json'), 'utf8')) : null;
  results.history = historyWith(prev, results);
  writeFileSync(join(ROOT, 'bench/results.json'), JSON.stringify(results, null, 1) + '\n');
  writeFileSync(join(ROOT, 'bench/results.md'), markdown(results));
  log('');
  for (const b of results.budgets) log(`${b.verdict}  ${b.name}: ${fmt(b.value)} ${b.unit} (budget ${b.op} ${fmt(b.budget)})`);
  log('');
  log(readFileSync(join(ROOT, 'bench/results.md'), 'utf8').split('\n## Budgets')[0].split('\n').slice(2).join('\n'));
  log(`wrote bench/results.json and bench/results.md in ${results.seconds.toFixed(0)} s`);
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

/** A whole 6-player game (the human plays as in the 600-frame run) until the results screen. */
function wholeGame() {
  const maxFrames = 120000;
  const run = playScript({ bundlePath: BUNDLE, seed: 1, players: PLAYERS, frames: maxFrames, untilResults: true });
  const file = join(ROOT, 'bench/inputs/game-6p.json');
  writeScript(file, run.script);
  const out = join(BUILD, 'game-frames.jsonl');
  runFrameBench(['--inputs', file, '--bundle', BUNDLE, '--out', out]);
  const lines = readJsonl(out);
  const frames = lines.filter((l) => l.frame !== undefined);
  const trailer = lines[lines.length - 1];
  const mismatches = frames.filter((fr, i) => fr.hash !== run.hashes[i].toString(16).padStart(8, '0')).length;
  const table = frames.filter((fr, i) => run.scenes[i] === 'table');
  const allocating = table.filter((fr) => fr.alloc_bytes > 0);
  // the real headless host on the same script: peak RSS, and its hashes
  const tmp = join(BUILD, 'headless-game');
  rmSync(tmp, { recursive: true, force: true });
  const t = spawnSync('/usr/bin/time', ['-v', join(NATIVE, 'ratscrew-headless'), '--inputs', file, '--bundle', BUNDLE, '--out', tmp, '--no-raster'], { encoding: 'utf8' });
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(t.stderr);
  let headlessMismatches = null;
  if (existsSync(join(tmp, 'hashes.txt'))) {
    const hl = readFileSync(join(tmp, 'hashes.txt'), 'utf8').trim().split('\n');
    headlessMismatches = hl.filter((l, i) => l.split(' ')[1] !== run.hashes[i].toString(16).padStart(8, '0')).length;
  }
  const heap = frames.map((f) => f.malloc_size);
  return {
    script: 'bench/inputs/game-6p.json',
    frames: frames.length,
    minutes: frames.length / 3600,
    finished: run.scenes[run.scenes.length - 1] === 'results',
    hashMismatchesV8vsNative: mismatches,
    hashMismatchesV8vsHeadless: headlessMismatches,
    heapPeakSampled: trailer.heap_peak_sampled,
    heapMedian: median(heap),
    liveMallocPeakDuringFrames: trailer.live_peak_bytes,
    tableFrames: table.length,
    tableFramesAllocating: allocating.length,
    allocBytesPerTableFrameMean: table.reduce((a, f) => a + f.alloc_bytes, 0) / Math.max(1, table.length),
    allocBytesMedian: median(table.map((f) => f.alloc_bytes)),
    allocBytesMax: max(table.map((f) => f.alloc_bytes)),
    scriptUsMedian: median(frames.map((f) => f.ns / 1000)),
    headlessPeakRssKb: rss ? Number(rss[1]) : null,
    benchPeakRssKb: trailer.rss_kb,
  };
}

function cpuModel() {
  try {
    return /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))[1];
  } catch {
    return 'unknown';
  }
}

function budgets(r) {
  const b = [];
  const add = (name, value, op, budget, unit) => b.push({ name, value, op, budget, unit, verdict: verdict(value !== null && (op === '≤' ? value <= budget : value >= budget)) });
  add('steady 6-player table frame, script + decode, median', r.frames.table.total.median, '≤', BUDGET.steadyFrameIr, 'instructions');
  add('worst frame of a slap and its sweep, script + decode', r.frames.slap.total.max, '≤', BUDGET.slapWorstIr, 'instructions');
  add('bytes allocated by the script in a steady table frame (median)', r.memory.steadyAllocBytesMedian, '≤', BUDGET.steadyAllocBytes, 'bytes');
  const peak = r.memory.game ? r.memory.game.heapPeakSampled : r.memory.heapPeakRun;
  add(`QuickJS heap peak${r.memory.game ? ' over a whole 6-player game' : ' over the 600-frame run'}`, peak, '≤', BUDGET.heapPeakBytes, 'bytes');
  add('cold start to the first frame (source)', r.coldStart.total, '≤', BUDGET.coldStartIr, 'instructions');
  add('classic 4-player CPU-only games per CPU second in Node', r.simulation.node.all.gamesPerSec, '≥', BUDGET.nodeGamesPerSec, 'games/s');
  return b;
}

function historyWith(prev, r) {
  const h = prev && Array.isArray(prev.history) ? prev.history.slice() : [];
  const row = {
    commit: r.commit + (r.dirty ? '+' : ''),
    bundleSha: r.bundleSha,
    decode: r.run.decode.startsWith('native/psp') ? 'psp_video' : 'stand-in',
    heapOver: r.memory.game ? 'game' : '600 frames',
    date: r.date.slice(0, 16).replace('T', ' '),
    steadyMedian: r.frames.table.total.median,
    steadyMax: r.frames.table.total.max,
    slapMax: r.frames.slap.total.max,
    titleMedian: r.frames.title.total.median,
    coldStart: r.coldStart.total,
    coldStartBytecode: r.coldStart.bytecode.total,
    heapPeak: r.memory.game ? r.memory.game.heapPeakSampled : r.memory.heapPeakRun,
    steadyAllocMedian: r.memory.steadyAllocBytesMedian,
    bundle: r.sizes.bundle,
    nodeGamesPerSec: Math.round(r.simulation.node.all.gamesPerSec),
    nativeIrPerGame: Math.round(r.simulation.native.irPerGame),
  };
  const last = h[h.length - 1];
  const same = last && last.bundleSha === row.bundleSha;
  // a --quick run of the same bundle keeps the whole-game heap figure it cannot measure
  if (same && row.heapOver !== 'game' && last.heapOver === 'game') {
    row.heapPeak = last.heapPeak;
    row.heapOver = last.heapOver;
  }
  if (same) h[h.length - 1] = row;
  else h.push(row);
  return h;
}

function markdown(r) {
  const L = [];
  const f = r.frames;
  L.push('# Benchmark results');
  L.push('');
  L.push(`Written by \`make bench\` (bench/run.mjs) at ${r.commit}${r.dirty ? ' with uncommitted changes in src/ or native/' : ''} (dist/ratscrew.js sha256 ${r.bundleSha}), ${r.date.slice(0, 16).replace('T', ' ')} UTC, on ${r.machine.cpu}, ${r.machine.node}, ${r.machine.valgrind}. Instruction counts are x86-64 instructions counted by callgrind (repeatable); see docs/performance.md for what they mean on a PSP.`);
  L.push('');
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
  const c = r.coldStart;
  L.push('## Cold start (process start to the first frame drawn)');
  L.push('');
  L.push('| | startup (libc, runtime, context, host object) | load (bundle) | first frame | total |');
  L.push('| --- | ---: | ---: | ---: | ---: |');
  L.push(`| source (JS_Eval of dist/ratscrew.js) | ${fmt(c.startup)} | ${fmt(c.load)} | ${fmt(c.firstFrame)} | ${fmt(c.total)} |`);
  L.push(`| precompiled bytecode (JS_ReadObject + JS_EvalFunction) | ${fmt(c.bytecode.startup)} | ${fmt(c.bytecode.load)} | ${fmt(c.bytecode.firstFrame)} | ${fmt(c.bytecode.total)} |`);
  if (c.bytecode.bangWhatIf) L.push(`| what-if: source with the IIFE opened as \`!function () {\` (no arrow-function lookahead over the body; first frame same: ${c.bytecode.bangWhatIf.sameFirstFrame ? 'yes' : 'NO'}) | | ${fmt(c.bytecode.bangWhatIf.load)} | | ${fmt(c.bytecode.bangWhatIf.total)} |`);
  L.push('');
  L.push(`Bytecode first frame identical to the source's: ${c.bytecode.sameFirstFrame ? 'yes' : 'NO'}. Heap after load: source ${fmt(r.memory.heapAfterLoad)} B, bytecode ${fmt(c.bytecode.heapAfterLoad)} B.`);
  const b32 = c.bytecode.on32bit;
  L.push('');
  if (b32) L.push(`32-bit check (the same programs built with -m32; the PSP is 32-bit): the 32-bit build writes ${b32.sameBytecodeBytes ? 'the same bytecode, byte for byte,' : 'DIFFERENT bytecode'} as the 64-bit one; run in the 32-bit build, the 600-frame script draws the 64-bit frames from source: ${b32.sourceFramesSame ? 'yes' : 'NO'}, from the 64-bit bytecode: ${b32.bytecode64FramesSame ? 'yes' : 'NO'}. 32-bit heap after load: source ${fmt(b32.heapAfterLoadSource)} B, bytecode ${fmt(b32.heapAfterLoadBytecode)} B; peak over the run ${fmt(b32.heapPeakRun)} B.`);
  if (b32) {
    const pc = b32.pspConfig;
    L.push('');
    L.push(`QuickJS in the PSP's configuration (32-bit, \`-D__PSP__\`: CONFIG_ATOMICS off, which removes three predefined atoms that bytecode refers to by number): its bytecode ${pc.sameBytesAsDesktop ? 'equals' : 'differs from'} the desktop build's; it runs its own bytecode drawing the same frames: ${pc.ownBytecodeFramesSame ? 'yes' : 'NO'}; the desktop build's bytecode ${pc.desktopBytecodeLoads ? (pc.desktopBytecodeFramesSame ? 'loads and draws the same frames' : 'loads but draws DIFFERENT frames') : 'is refused by JS_ReadObject'}. So PSP bytecode must be written by a QuickJS built with the PSP's configuration.`);
  }
  if (!b32) L.push('32-bit check skipped: this compiler cannot build -m32 programs (apt-get install gcc-multilib).');
  L.push('');
  const m = r.memory;
  L.push('## Memory');
  L.push('');
  L.push(`- QuickJS heap (JS_ComputeMemoryUsage malloc_size) after load: ${fmt(m.heapAfterLoad)} B (memory_used_size ${fmt(m.heapUsedAfterLoad)} B); peak sampled after each frame of the 600-frame run: ${fmt(m.heapPeakRun)} B.`);
  L.push(`- Allocation in steady table frames of the 600-frame run (malloc calls made during \`ratscrew.frame\`, counted by wrapping malloc): ${m.steadyFramesAllocating} of ${m.steadyFrames} frames allocate; median ${fmt(m.steadyAllocBytesMedian)} B, mean ${fmt(m.steadyAllocBytesMean)} B per frame.`);
  L.push(`- Quiet table frames (no sound cue: no card played, no claim, no slap): ${m.quietFramesAllocating.length} of ${m.quietFrames} allocate: ${m.quietFramesAllocating.map((a) => `${a.frame} (${a.allocs} allocations, ${fmt(a.bytes)} B)`).join(', ') || 'none'}.`);
  L.push(`- Frames that allocate: ${m.allocatingFrames.map((a) => `${a.frame} (${a.cls}, ${a.allocs} allocations, ${fmt(a.bytes)} B)`).join(', ')}.`);
  if (m.game) {
    const g = m.game;
    L.push(`- A whole 6-player game (${g.script}, ${fmt(g.frames)} frames = ${g.minutes.toFixed(1)} min${g.finished ? ', played to the results screen' : ', NOT finished within the frame cap'}): heap peak ${fmt(g.heapPeakSampled)} B sampled after each frame (median ${fmt(g.heapMedian)} B), live malloc peak during frames ${fmt(g.liveMallocPeakDuringFrames)} B (whole bench process, inside frames too); ${fmt(g.tableFramesAllocating)} of ${fmt(g.tableFrames)} table frames allocate, mean ${fmt(g.allocBytesPerTableFrameMean)} B per table frame, max ${fmt(g.allocBytesMax)} B. Native matches V8: ${g.hashMismatchesV8vsNative === 0 ? 'yes' : 'NO'}; the real headless host matches: ${g.hashMismatchesV8vsHeadless === 0 ? 'yes' : `NO (${g.hashMismatchesV8vsHeadless})`}.`);
    L.push(`- Peak RSS: build/native/ratscrew-headless --no-raster over the whole game ${fmt(g.headlessPeakRssKb)} KiB (/usr/bin/time -v); the bench driver ${fmt(g.benchPeakRssKb)} KiB.`);
  }
  L.push('');
  const s = r.sizes;
  L.push('## Sizes (bytes)');
  L.push('');
  L.push('| file | bytes |');
  L.push('| --- | ---: |');
  L.push(`| dist/ratscrew.js (as measured) | ${fmt(s.bundle)} |`);
  L.push(`| dist/ratscrew.js gzip -9 | ${fmt(s.bundleGzip)} |`);
  L.push(`| the bundle as QuickJS bytecode (build/bench/ratscrew.qjsbc) | ${fmt(s.bytecode)} (gzip ${fmt(s.bytecodeGzip)}) |`);
  L.push(`| assets/build/atlas.png | ${fmt(s.atlasPng)} |`);
  L.push(`| assets/build/atlas.rgba (embedded, desktop) | ${fmt(s.atlasRgba)} |`);
  L.push(`| assets/build/atlas.psp (embedded, PSP) | ${fmt(s.atlasPsp)} |`);
  L.push(`| assets/build/sounds/*.s16 (embedded) | ${fmt(s.soundsS16)} |`);
  L.push(`| build/native/ratscrew-headless (with -g; stripped ${fmt(s.headlessStripped)}) | ${fmt(s.headless)} |`);
  L.push(`| build/native/ratscrew (SDL2 desktop) | ${s.desktop === null ? 'not built' : fmt(s.desktop)} |`);
  L.push(`| build/psp/EBOOT.PBP | ${s.eboot === null ? 'not built' : fmt(s.eboot)} |`);
  L.push('');
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
  L.push('## Budgets');
  L.push('');
  L.push('| budget | measured | limit | |');
  L.push('| --- | ---: | ---: | --- |');
  for (const b of r.budgets) L.push(`| ${b.name} | ${fmt(b.value)} ${b.unit} | ${b.op} ${fmt(b.budget)} | ${b.verdict} |`);
  L.push('');
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
  L.push('## History (before/after)');
  L.push('');
  L.push('Frame figures are script + decode instructions; "decode" says what decode counted (stand-in: a simpler vertex writer, about 11,000 instructions per frame cheaper than the PSP host\'s psp_video_frame). The heap peak is over a whole game, or over the 600-frame run for `--quick` runs. Node games/s is CPU time (wall clock before b1ad29f) and noisy.');
  L.push('');
  L.push('| commit (bundle) | date (UTC) | decode | steady median | steady max | slap max | title median | cold start | cold (bytecode) | heap peak (over) | steady alloc B | bundle B | Node games/s | Ir/game (QuickJS) |');
  L.push('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const h of r.history) L.push(`| ${h.commit} (${h.bundleSha ?? '?'}) | ${h.date} | ${h.decode ?? 'stand-in'} | ${fmt(h.steadyMedian)} | ${fmt(h.steadyMax)} | ${fmt(h.slapMax)} | ${fmt(h.titleMedian)} | ${fmt(h.coldStart)} | ${fmt(h.coldStartBytecode)} | ${fmt(h.heapPeak)} (${h.heapOver ?? '?'}) | ${fmt(h.steadyAllocMedian)} | ${fmt(h.bundle)} | ${fmt(h.nodeGamesPerSec)} | ${fmt(h.nativeIrPerGame)} |`);
  L.push('');
  return L.join('\n');
}

main().catch((e) => {
  process.stderr.write(`bench: ${e.stack || e}\n`);
  process.exit(1);
});
