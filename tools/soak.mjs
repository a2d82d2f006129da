// make soak: the long reliability runs (docs/reliability.md). Needs
// dist/ratscrew.js and build/native/ratscrew-headless (the Makefile builds both).
//   node tools/soak.mjs [--frames N] [--valgrind-frames N] [--asan-frames N]
//                       [--button-frames N] [--rules-actions N] [--seed S] [--no-write]
//                       [--heap-games N] [--only STAGE,...]
// --only runs some stages: long, demo, heap (these three together measure the
// heap between games), valgrind, asan, buttons, buttons-native, rules; a
// shortened run of the heap check, for instance:
//   node tools/soak.mjs --only long,demo,heap --frames 800000 --heap-games 25 --no-write
// 1. Long play: N frames (default 3,600,000, about 16.7 hours of game time,
//    over 100 games) of the title's idle demo (CPU-only games, one after
//    another) in the native headless host with --stats: QuickJS heap at the
//    start, per window and at the end, frame times, exit status.
//    The same frames in the bundle under quickjs-emscripten (tools/fuzz/demo.ts)
//    count the games, their endings, and check invariants and liveness, and
//    say where each game starts: the heap's low point in each game (native)
//    must stay flat within 1 KB over 100 games (issue 25).
// 2. The same host under valgrind --leak-check=full (shorter), and the
//    AddressSanitizer/LeakSanitizer build (build/native-asan) if it builds.
// 3. The button fuzzer for 1,000,000 frames; 50,000 fuzzed frames replayed in the
//    sanitizer build with the rasterizer on (tools/fuzz/buttons-native.ts); the
//    rules fuzzer for 20,000,000 actions; one fresh seed (printed; rerun with --seed).
// Rewrites the results section of docs/reliability.md; exits 1 if anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HEADLESS = path.join(ROOT, 'build/native/ratscrew-headless');
const HEADLESS_ASAN = path.join(ROOT, 'build/native-asan/ratscrew-headless');
const BUNDLE = path.join(ROOT, 'dist/ratscrew.js');
const DOC = path.join(ROOT, 'docs/reliability.md');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const FRAMES = Number(arg('frames', 3_600_000));
/** Games whose heap low points are compared, and how far they may rise. */
const HEAP_GAMES = Number(arg('heap-games', 100));
const HEAP_FLAT_BYTES = 1024;
/** Where the long play's --stats and the demo's game starts meet. */
const work = mkdtempSync(path.join(tmpdir(), 'ratscrew-soak-'));
const STATS = path.join(work, 'stats.jsonl');
const STARTS = path.join(work, 'starts.json');
const VALGRIND_FRAMES = Number(arg('valgrind-frames', 60_000));
const ASAN_FRAMES = Number(arg('asan-frames', 1_000_000));
const BUTTON_FRAMES = Number(arg('button-frames', 1_000_000));
const RULES_ACTIONS = Number(arg('rules-actions', 20_000_000));
const SEED = Number(arg('seed', Math.floor(Math.random() * 2 ** 32))) >>> 0;
const WRITE = !process.argv.includes('--no-write');
const ONLY = arg('only', null)?.split(',') ?? null;
const stage = (name) => ONLY === null || ONLY.includes(name);

const results = [];
let failed = false;
function report(name, ok, lines) {
  if (!ok) failed = true;
  results.push({ name, ok, lines });
  console.log(`\n== ${name}: ${ok ? 'ok' : 'FAILED'}`);
  for (const l of lines) console.log(`   ${l}`);
}

/** Runs a command to completion (streaming nothing), with a wall-clock timeout. */
function run(cmd, args, timeoutMs) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout = (stdout + d).slice(-1_000_000)));
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-1_000_000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}

const fmtKB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** Reads the --stats JSONL: heap per window, frame time percentiles. */
async function readStats(file, windowFrames) {
  const windows = [];
  const times = [];
  let first = null;
  let last = null;
  let peak = 0;
  const rl = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line) continue;
    const s = JSON.parse(line);
    if (!first) first = s;
    last = s;
    const w = Math.floor(s.frame / windowFrames);
    const win = (windows[w] ??= { from: w * windowFrames, minUsed: Infinity, maxUsed: 0, maxMalloc: 0, maxCount: 0, endUsed: 0 });
    win.minUsed = Math.min(win.minUsed, s.memory_used_size);
    win.maxUsed = Math.max(win.maxUsed, s.memory_used_size);
    win.maxMalloc = Math.max(win.maxMalloc, s.malloc_size);
    win.maxCount = Math.max(win.maxCount, s.malloc_count);
    win.endUsed = s.memory_used_size;
    peak = Math.max(peak, s.malloc_size);
    if (s.frame % 7 === 0) times.push(s.frame_us);
  }
  times.sort((a, b) => a - b);
  return { windows, first, last, peak, frameUs: { p50: pct(times, 0.5), p99: pct(times, 0.99), max: times[times.length - 1] } };
}

async function longPlay() {
  const out = mkdtempSync(path.join(tmpdir(), 'ratscrew-soak-'));
  const stats = STATS;
  const r = await run(HEADLESS, ['--bundle', BUNDLE, '--seed', String(SEED), '--frames', String(FRAMES), '--no-raster', '--stats', stats, '--out', out], 3_600_000);
  const lines = [`${FRAMES} frames (${(FRAMES / 60 / 3600).toFixed(1)} h of game time) of the idle demo, seed ${SEED}: exit ${r.status}${r.signal ? ` (${r.signal})` : ''} in ${(r.ms / 1000).toFixed(0)} s`];
  let ok = r.status === 0;
  if (!ok) lines.push(`stderr: ${r.stderr.slice(-2000)}`);
  if (existsSync(stats)) {
    const window = Math.max(1000, Math.floor(FRAMES / 20));
    const s = await readStats(stats, window);
    const hashes = readFileSync(path.join(out, 'hashes.txt'), 'utf8');
    const frames = hashes.split('\n').filter(Boolean).length;
    const distinct = new Set(hashes.split('\n').map((l) => l.slice(-8))).size;
    // Flat heap: after the first window (start-up, first demo game) no window's
    // peak or low point is more than 10% or 64 KB above the first's.
    const base = s.windows[1] ?? s.windows[0];
    const lastW = s.windows[s.windows.length - 1];
    const growthMax = lastW.maxUsed - base.maxUsed;
    const growthMin = lastW.minUsed - base.minUsed;
    const slack = Math.max(64 * 1024, base.maxUsed * 0.1);
    const flat = s.windows.slice(1).every((w) => w.maxUsed - base.maxUsed <= slack && w.minUsed - base.minUsed <= slack);
    ok = ok && flat && frames === FRAMES;
    lines.push(
      `frames run ${frames}, distinct frame hashes ${distinct}`,
      `QuickJS heap (memory_used_size) at frame 0: ${fmtKB(s.first.memory_used_size)}; at the end: ${fmtKB(s.last.memory_used_size)}; malloc peak ${fmtKB(s.peak)}`,
      `per ${window}-frame window, lowest..highest heap: ${s.windows.map((w) => `${Math.round(w.minUsed / 1024)}..${Math.round(w.maxUsed / 1024)}`).join(', ')} KB`,
      `growth from window 2 to the last: peak ${fmtKB(growthMax)}, low point ${fmtKB(growthMin)} (allowed ${fmtKB(slack)}): ${flat ? 'flat' : 'GROWING'}`,
      `frame time in the native host (x86-64): p50 ${s.frameUs.p50} us, p99 ${s.frameUs.p99} us, max ${s.frameUs.max} us`,
    );
  }
  rmSync(out, { recursive: true, force: true });
  report('Long play (native headless, CPU-only demo games)', ok, lines);
}

function summarizeValgrind(text) {
  const pick = (re) => (re.exec(text)?.[1] ?? '?').replace(/,/g, '');
  return {
    definitely: pick(/definitely lost: ([\d,]+) bytes/),
    indirectly: pick(/indirectly lost: ([\d,]+) bytes/),
    possibly: pick(/possibly lost: ([\d,]+) bytes/),
    reachable: pick(/still reachable: ([\d,]+) bytes/),
    errors: pick(/ERROR SUMMARY: ([\d,]+) errors/),
    allHeapFreed: /All heap blocks were freed/.test(text),
  };
}

async function valgrind() {
  if (spawnSync('valgrind', ['--version']).status !== 0) return report('valgrind', true, ['valgrind is not installed: skipped']);
  const out = mkdtempSync(path.join(tmpdir(), 'ratscrew-vg-'));
  const r = await run(
    'valgrind',
    ['--leak-check=full', '--show-leak-kinds=definite,indirect,possible', '--errors-for-leak-kinds=definite,indirect', '--error-exitcode=99',
      HEADLESS, '--bundle', BUNDLE, '--seed', String(SEED), '--frames', String(VALGRIND_FRAMES), '--no-raster', '--out', out],
    3_600_000,
  );
  const v = summarizeValgrind(r.stderr);
  const clean = v.allHeapFreed || (v.definitely === '0' && v.indirectly === '0' && v.possibly === '0');
  const ok = r.status === 0 && v.errors === '0' && clean;
  report(`valgrind --leak-check=full (${VALGRIND_FRAMES} frames)`, ok, [
    `exit ${r.status} in ${(r.ms / 1000).toFixed(0)} s; ${v.errors} errors; ` +
      (v.allHeapFreed ? 'all heap blocks were freed' : `definitely lost ${v.definitely} B, indirectly ${v.indirectly} B, possibly ${v.possibly} B, still reachable ${v.reachable} B`),
    ...(ok ? [] : [r.stderr.slice(-3000)]),
  ]);
  rmSync(out, { recursive: true, force: true });
}

async function asan() {
  if (!existsSync(HEADLESS_ASAN)) {
    const b = spawnSync('make', ['-s', '-C', path.join(ROOT, 'native'), 'asan'], { encoding: 'utf8' });
    if (b.status !== 0 || !existsSync(HEADLESS_ASAN)) return report('AddressSanitizer + LeakSanitizer', true, ['the sanitized build is not available: skipped']);
  }
  const out = mkdtempSync(path.join(tmpdir(), 'ratscrew-asan-'));
  const t0 = Date.now();
  const r = spawnSync(HEADLESS_ASAN, ['--bundle', BUNDLE, '--seed', String(SEED), '--frames', String(ASAN_FRAMES), '--no-raster', '--out', out], {
    encoding: 'utf8',
    env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0:exitcode=98', UBSAN_OPTIONS: 'halt_on_error=1' },
    timeout: 3_600_000,
    maxBuffer: 64 << 20,
  });
  const leak = /LeakSanitizer|ERROR: AddressSanitizer|runtime error/.exec(r.stderr);
  const ok = r.status === 0 && !leak;
  report(`AddressSanitizer + LeakSanitizer + UBSan (${ASAN_FRAMES} frames)`, ok, [
    `exit ${r.status} in ${((Date.now() - t0) / 1000).toFixed(0)} s; ${leak ? 'reports: ' + r.stderr.slice(leak.index, leak.index + 1500) : 'no leak, no memory error, no undefined behaviour reported'}`,
  ]);
  rmSync(out, { recursive: true, force: true });
}

/**
 * The heap's low point in each demo game (issue 25): the lowest
 * memory_used_size from the frame a game is first seen to the next game's.
 * Games 2..HEAP_GAMES+1 are compared (the first includes the start-up); the
 * low point may not rise by more than HEAP_FLAT_BYTES: the mean of the last
 * ten against the first ten, and the last against the lowest.
 */
async function heapBetweenGames() {
  if (!existsSync(STATS) || !existsSync(STARTS)) return report('Heap between games', false, ['no --stats or game starts to compare']);
  const starts = JSON.parse(readFileSync(STARTS, 'utf8'));
  const lows = new Array(Math.max(0, starts.length - 1)).fill(Infinity);
  const rl = createInterface({ input: createReadStream(STATS), crlfDelay: Infinity });
  let g = 0;
  for await (const line of rl) {
    if (!line) continue;
    const s = JSON.parse(line);
    while (g + 1 < starts.length && s.frame >= starts[g + 1]) g++;
    if (g + 1 < starts.length && s.frame >= starts[g]) lows[g] = Math.min(lows[g], s.memory_used_size);
  }
  const games = lows.slice(1, 1 + HEAP_GAMES);
  if (games.length < HEAP_GAMES) {
    return report('Heap between games', false, [`only ${games.length} complete games after the first in ${FRAMES} frames; ${HEAP_GAMES} needed (raise --frames)`]);
  }
  const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
  const growth = mean(games.slice(-10)) - mean(games.slice(0, 10));
  const aboveLowest = games[games.length - 1] - Math.min(...games);
  const ok = growth <= HEAP_FLAT_BYTES && aboveLowest <= HEAP_FLAT_BYTES;
  report(`Heap between games (the low point of each of ${HEAP_GAMES} demo games, native): ${ok ? 'flat' : 'GROWING'}`, ok, [
    `games 2 to ${HEAP_GAMES + 1} of ${starts.length} started: low points ${fmtKB(Math.min(...games))} to ${fmtKB(Math.max(...games))}; first ${fmtKB(games[0])}, last ${fmtKB(games[games.length - 1])}`,
    `mean of the last ten minus the first ten: ${(growth / 1024).toFixed(2)} KB; the last above the lowest: ${(aboveLowest / 1024).toFixed(2)} KB (allowed ${(HEAP_FLAT_BYTES / 1024).toFixed(1)} KB each)`,
    `per game (KB): ${games.map((b) => (b / 1024).toFixed(1)).join(' ')}`,
  ]);
}

async function demoGames() {
  const r = await run('npx', ['tsx', 'tools/fuzz/demo.ts', '--seed', String(SEED), '--frames', String(FRAMES), '--starts', STARTS], 3_600_000);
  const lines = [...r.stdout.split('\n').filter(Boolean).map((l) => l.replace(/^demo /, ''))];
  if (r.status !== 0) lines.push(r.stderr.slice(-2000));
  report('The same demo games in the bundle (quickjs-emscripten): games, endings, invariants, liveness', r.status === 0, lines);
}

async function buttonFuzz() {
  const r = await run('npx', ['tsx', 'tools/fuzz/buttons.ts', '--seed', String(SEED), '--frames', String(BUTTON_FRAMES)], 3_600_000);
  const summary = /\n(\{[\s\S]*\n\})\n/.exec(r.stdout);
  let lines = [`seed ${SEED}, ${BUTTON_FRAMES} frames: exit ${r.status} in ${(r.ms / 1000).toFixed(0)} s`];
  if (summary) {
    const s = JSON.parse(summary[1]);
    lines.push(
      `sessions ${s.sessions}, games finished ${s.gamesFinished}, frames per scene ${JSON.stringify(s.sceneFrames)}, demo frames ${s.demoFrames}`,
      `escape probes ${JSON.stringify(s.probes)}; Start did not leave (Circle did) ${JSON.stringify(s.startDidNotLeave)}`,
    );
  }
  if (r.status !== 0) lines.push(r.stdout.slice(-3000), r.stderr.slice(-1000));
  report('Button fuzzing (bundle in quickjs-emscripten)', r.status === 0, lines);
}

async function buttonsNative() {
  const frames = Math.min(BUTTON_FRAMES, 50_000);
  const r = await run('npx', ['tsx', 'tools/fuzz/buttons-native.ts', '--seed', String(SEED), '--frames', String(frames), '--asan'], 3_600_000);
  const lines = [`seed ${SEED}, ${frames} frames: exit ${r.status} in ${(r.ms / 1000).toFixed(0)} s`, ...r.stdout.split('\n').filter((l) => /sessions|native/.test(l))];
  if (r.status !== 0) lines.push(r.stdout.slice(-3000), r.stderr.slice(-1000));
  report('Button fuzz replayed in the sanitizer build with the rasterizer (hashes equal to quickjs-emscripten)', r.status === 0, lines);
}

async function rulesFuzz() {
  const r = await run('npx', ['tsx', 'tools/fuzz/rules.ts', '--seed', String(SEED), '--actions', String(RULES_ACTIONS)], 3_600_000);
  const lines = [`seed ${SEED}: exit ${r.status} in ${(r.ms / 1000).toFixed(0)} s`, ...r.stdout.split('\n').filter((l) => /actions in|known finding/.test(l))];
  if (r.status !== 0) lines.push(r.stdout.slice(-4000), r.stderr.slice(-1000));
  report('Rules engine fuzzing', r.status === 0, lines);
}

function writeDoc() {
  if (!WRITE || !existsSync(DOC)) return;
  const doc = readFileSync(DOC, 'utf8');
  const begin = '<!-- soak:begin -->';
  const end = '<!-- soak:end -->';
  const a = doc.indexOf(begin);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) return console.log(`docs/reliability.md has no ${begin} ... ${end} section: not written`);
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const body = [
    '',
    `Last \`make soak\`: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}, commit ${git}, seed ${SEED}, ${process.platform} ${process.arch}, Node ${process.version}.`,
    '',
    ...results.flatMap((r) => [`**${r.name}: ${r.ok ? 'ok' : 'FAILED'}**`, '', ...r.lines.map((l) => `- ${l.replace(/\n/g, ' ')}`), '']),
  ].join('\n');
  writeFileSync(DOC, doc.slice(0, a + begin.length) + '\n' + body + doc.slice(b));
  console.log('\nresults written to docs/reliability.md');
}

console.log(`make soak: seed ${SEED}`);
if (!existsSync(HEADLESS) || !existsSync(BUNDLE)) {
  console.error('build first: make bundle headless');
  process.exit(1);
}
if (stage('long')) await longPlay();
if (stage('demo')) await demoGames();
if (stage('heap')) await heapBetweenGames();
rmSync(work, { recursive: true, force: true });
if (stage('valgrind')) await valgrind();
if (stage('asan')) await asan();
if (stage('buttons')) await buttonFuzz();
if (stage('buttons-native')) await buttonsNative();
if (stage('rules')) await rulesFuzz();
writeDoc();
process.exit(failed ? 1 : 0);
