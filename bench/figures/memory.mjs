// The memory figure: the QuickJS heap after load and over the 600-frame run,
// which frames allocate (malloc wrapped in frame_bench), and a whole
// 6-player game played to the results screen with its heap peak and RSS.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { frameTotals } from '../lib/frame-totals.mjs';
import { playScript } from '../lib/game-driver.mjs';
import { BUILD, BUNDLE, NATIVE, PLAYERS, QUICK, ROOT, fmt, max, median, readJsonl, runFrameBench, writeScript } from '../lib/common.mjs';

/** From the frames run (its lines, rows and V8 run) and, unless --quick, a whole game. */
export async function measureMemory({ lines, F, run }) {
  const header = lines[0];
  const steadyRows = F.rows.filter((r) => r.cls === 'table');
  // quiet: a table frame with no sound cue (no card played, nothing claimed) and not the game's first
  const quiet = steadyRows.filter((r, i) => i > 0 && !run.cued[r.frame]);
  return {
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
    game: QUICK ? null : await wholeGame(),
  };
}

/** A whole 6-player game (the human plays as in the 600-frame run) until the results screen. */
async function wholeGame() {
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
    worst: await worstFrames(file, run.scenes),
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

/**
 * Every frame of the whole game counted under callgrind, script + decode
 * (bench/lib/frame-totals.mjs): the dearest, and how many are over the
 * frame budget's 600,000.
 */
async function worstFrames(file, scenes) {
  const totals = await frameTotals({ inputs: file, bundle: BUNDLE, out: join(BUILD, 'game-worst.jsonl'), dir: join(BUILD, 'cg-game') });
  const rows = totals.map((total, frame) => ({ frame, scene: scenes[frame], total })).sort((a, b) => b.total - a.total);
  return { max: rows[0]?.total ?? null, counted: totals.length, over: rows.filter((r) => r.total > 600000).length, top: rows.slice(0, 8) };
}

/** The "Memory" section of bench/results.md. */
export function memoryMarkdown(r) {
  const L = [];
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
    if (g.worst) L.push(`- The whole game's dearest frames, script + decode (callgrind, every one of its ${fmt(g.worst.counted)} frames counted, one dump a frame): ${g.worst.top.map((w) => `frame ${w.frame} (${w.scene}) ${fmt(w.total)}`).join(', ')}; ${g.worst.over} frame${g.worst.over === 1 ? '' : 's'} over 600,000.`);
  }
  L.push('');
  return L;
}
