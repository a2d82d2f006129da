// bench/results.{json,md}: the budgets each figure is held to, the history
// of the headline figures across runs, and the page that puts the figures'
// sections together.
import { coldStartMarkdown } from '../figures/cold-start.mjs';
import { framesMarkdown, hotMarkdown } from '../figures/frames.mjs';
import { memoryMarkdown } from '../figures/memory.mjs';
import { mixerMarkdown } from '../figures/mixer.mjs';
import { pspStartMarkdown } from '../figures/psp-start.mjs';
import { simulationMarkdown } from '../figures/simulation.mjs';
import { sizesMarkdown } from '../figures/sizes.mjs';
import { titleMarkdown } from '../figures/title.mjs';
import { fmt } from './common.mjs';

const BUDGET = {
  steadyFrameIr: 250000,
  slapWorstIr: 600000,
  steadyAllocBytes: 0,
  heapPeakBytes: 2 * 1024 * 1024,
  coldStartIr: 20000000,
  gameWorstFrameIr: 600000,
  frameWorstIr: 600000,
  // 2,600,000 until the rooms (issues 35-37): their screens' bytecode (~37 KB) and the PSP's
  // network code with wslay (~77 KB) are the feature's real cost (docs/performance.md).
  ebootBytes: 2700000,
  pspTitleAfterMinimalMs: 250,
  nodeGamesPerSec: 1000,
};

const verdict = (ok) => (ok ? 'PASS' : 'OVER');
/** A figure this run could not measure (--quick, no PSP toolchain) meets no budget, and says so. */
const NOT_MEASURED = 'NOT MEASURED';

export function budgets(r) {
  const b = [];
  const add = (name, value, op, budget, unit) => b.push({ name, value, op, budget, unit, verdict: value === null ? NOT_MEASURED : verdict(op === '≤' ? value <= budget : value >= budget) });
  add('steady 6-player table frame, script + decode, median', r.frames.table.total.median, '≤', BUDGET.steadyFrameIr, 'instructions');
  add('worst frame of a slap and its sweep, script + decode', r.frames.slap.total.max, '≤', BUDGET.slapWorstIr, 'instructions');
  add('bytes allocated by the script in a steady table frame (median)', r.memory.steadyAllocBytesMedian, '≤', BUDGET.steadyAllocBytes, 'bytes');
  const peak = r.memory.game ? r.memory.game.heapPeakSampled : r.memory.heapPeakRun;
  add(`QuickJS heap peak${r.memory.game ? ' over a whole 6-player game' : ' over the 600-frame run'}`, peak, '≤', BUDGET.heapPeakBytes, 'bytes');
  add('cold start to the first frame (the embedded bytecode)', r.coldStart.bytecode.total, '≤', BUDGET.coldStartIr, 'instructions');
  add('worst frame of the 600-frame run (the deal, the first title frame, messages), script + decode', Math.max(r.frames.first.script + r.frames.first.decode, r.frames.table.total.max, r.frames.title.total.max, r.frames.slap.total.max), '≤', BUDGET.frameWorstIr, 'instructions');
  // without the whole-game run (--quick) the budget is not met: it is not measured
  add('worst frame of a whole 6-player game, script + decode (every frame counted)', r.memory.game && r.memory.game.worst ? r.memory.game.worst.max : null, '≤', BUDGET.gameWorstFrameIr, 'instructions');
  add('worst frame of the title\'s CPU games (the demo after 20 s idle, Watch CPUs), script + decode', r.title ? r.title.worst : null, '≤', BUDGET.gameWorstFrameIr, 'instructions');
  add('build/psp/EBOOT.PBP', r.sizes.eboot, '≤', BUDGET.ebootBytes, 'bytes');
  const start = r.pspStart && !r.pspStart.skipped ? r.pspStart.differenceMs : null;
  add('PSP clock (PPSSPP, 222 MHz): the title after main(), less the minimal sceGu homebrew\'s first frame', start, '≤', BUDGET.pspTitleAfterMinimalMs, 'ms');
  add('classic 4-player CPU-only games per CPU second in Node', r.simulation.node.all.gamesPerSec, '≥', BUDGET.nodeGamesPerSec, 'games/s');
  return b;
}

export function historyWith(prev, r) {
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
    gameWorst: r.memory.game && r.memory.game.worst ? r.memory.game.worst.max : null,
    titleWorst: r.title ? r.title.worst : null,
    eboot: r.sizes.eboot,
    pspTitleMs: r.pspStart && !r.pspStart.skipped ? r.pspStart.titleUs / 1000 : null,
    pspMinimalMs: r.pspStart && !r.pspStart.skipped ? r.pspStart.minimalUs / 1000 : null,
  };
  const last = h[h.length - 1];
  // one row per commit and bundle: the hosts' changes (bytecode, ADPCM, the
  // CLUT atlas) leave the bundle as it was and still need their own row
  const same = last && last.bundleSha === row.bundleSha && last.commit === row.commit;
  // a --quick run of the same bundle keeps the whole-game heap figure it cannot measure
  if (same && row.heapOver !== 'game' && last.heapOver === 'game') {
    row.heapPeak = last.heapPeak;
    row.heapOver = last.heapOver;
  }
  if (same) h[h.length - 1] = row;
  else h.push(row);
  return h;
}

export function markdown(r) {
  const L = [];
  L.push('# Benchmark results');
  L.push('');
  L.push(`Written by \`make bench\` (bench/run.mjs) at ${r.commit}${r.dirty ? ' with uncommitted changes in src/ or native/' : ''} (dist/ratscrew.js sha256 ${r.bundleSha}), ${r.date.slice(0, 16).replace('T', ' ')} UTC, on ${r.machine.cpu}, ${r.machine.node}, ${r.machine.valgrind}. Instruction counts are x86-64 instructions counted by callgrind (repeatable); see docs/performance.md for what they mean on a PSP.`);
  L.push('');
  L.push(...framesMarkdown(r), ...coldStartMarkdown(r), ...memoryMarkdown(r), ...titleMarkdown(r), ...sizesMarkdown(r), ...mixerMarkdown(r), ...pspStartMarkdown(r), ...simulationMarkdown(r));
  L.push('## Budgets');
  L.push('');
  L.push('| budget | measured | limit | |');
  L.push('| --- | ---: | ---: | --- |');
  for (const b of r.budgets) L.push(`| ${b.name} | ${fmt(b.value)} ${b.unit} | ${b.op} ${fmt(b.budget)} | ${b.verdict} |`);
  L.push('');
  L.push(...hotMarkdown(r));
  L.push('## History (before/after)');
  L.push('');
  L.push('Frame figures are script + decode instructions; "decode" says what decode counted (stand-in: a simpler vertex writer, about 11,000 instructions per frame cheaper than the PSP host\'s psp_video_frame). The heap peak is over a whole game, or over the 600-frame run for `--quick` runs. Node games/s is CPU time (wall clock before b1ad29f) and noisy.');
  L.push('');
  L.push('| commit (bundle) | date (UTC) | decode | steady median | steady max | slap max | title median | cold start | cold (bytecode) | heap peak (over) | steady alloc B | bundle B | Node games/s | Ir/game (QuickJS) | game worst frame | title CPU games worst | EBOOT B | PSP title ms (minimal) |');
  L.push('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const h of r.history) L.push(`| ${h.commit} (${h.bundleSha ?? '?'}) | ${h.date} | ${h.decode ?? 'stand-in'} | ${fmt(h.steadyMedian)} | ${fmt(h.steadyMax)} | ${fmt(h.slapMax)} | ${fmt(h.titleMedian)} | ${fmt(h.coldStart)} | ${fmt(h.coldStartBytecode)} | ${fmt(h.heapPeak)} (${h.heapOver ?? '?'}) | ${fmt(h.steadyAllocMedian)} | ${fmt(h.bundle)} | ${fmt(h.nodeGamesPerSec)} | ${fmt(h.nativeIrPerGame)} | ${fmt(h.gameWorst)} | ${fmt(h.titleWorst)} | ${fmt(h.eboot)} | ${h.pspTitleMs == null ? '—' : `${h.pspTitleMs.toFixed(1)} (${h.pspMinimalMs.toFixed(1)})`} |`);
  L.push('');
  return L.join('\n');
}
