// The title's own games: left alone, the title deals a CPU-only demo game
// behind its menu (src/app/scenes/title.ts, DEMO_AFTER_MS), and its Watch
// CPUs row deals one with the saved settings. Neither is in the 600-frame
// run or the whole game, so this run (bench/lib/game-driver.mjs playTitle)
// counts every frame of them under callgrind, script + decode: the idle
// title, the demo's deal and play, the menu coming back, Watch CPUs' deal
// and play. The frame budget holds here too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { frameTotals } from '../lib/frame-totals.mjs';
import { DEMO_FRAMES, WATCH_FRAMES, playTitle } from '../lib/game-driver.mjs';
import { BUILD, BUNDLE, PLAYERS, ROOT, fmt, max, median, readJsonl, writeScript } from '../lib/common.mjs';

/**
 * The Watch CPUs row of the title menu, read from its rows as the headless
 * host has them (no network: ITEMS, not ITEMS_ONLINE).
 */
function watchRow() {
  const src = readFileSync(join(ROOT, 'src/app/scenes/title.ts'), 'utf8');
  const m = /const ITEMS: [^=]*= \[([^\]]*)\]/.exec(src);
  const row = m ? m[1].split(',').map((s) => s.trim().replace(/^'|'$/g, '')).indexOf('watch') : -1;
  if (row < 0) throw new Error("bench: src/app/scenes/title.ts's ITEMS has no 'watch' row (bench/figures/title.mjs reads it)");
  return row;
}

const PARTS = {
  idle: 'the title, untouched',
  demo: 'the CPU demo (its deal first)',
  menu: 'the menu back after the demo, moving to Watch CPUs',
  watch: 'Watch CPUs (its deal first)',
};

export async function measureTitle() {
  const run = playTitle({ bundlePath: BUNDLE, seed: 1, players: PLAYERS, watchRow: watchRow() });
  const file = join(ROOT, 'bench/inputs/title-6p.json');
  writeScript(file, run.script);
  const out = join(BUILD, 'title-frames.jsonl');
  const totals = await frameTotals({ inputs: file, bundle: BUNDLE, out, dir: join(BUILD, 'cg-title') });
  const frames = readJsonl(out).filter((l) => l.frame !== undefined);
  const mismatches = frames.filter((fr, i) => fr.hash !== run.hashes[i].toString(16).padStart(8, '0')).length;
  const partOf = (f) => run.phase[f];
  const parts = Object.keys(PARTS).map((part) => {
    const rows = totals.map((total, frame) => ({ frame, total })).filter((r) => partOf(r.frame) === part);
    const worst = rows.reduce((a, b) => (b.total > a.total ? b : a), rows[0]);
    return { part, frames: rows.length, first: rows[0]?.frame ?? null, median: median(rows.map((r) => r.total)), max: max(rows.map((r) => r.total)), worstFrame: worst?.frame ?? null };
  });
  return {
    script: 'bench/inputs/title-6p.json',
    frames: totals.length,
    demoFrames: DEMO_FRAMES,
    watchFrames: WATCH_FRAMES,
    players: PLAYERS,
    hashMismatchesV8vsNative: mismatches,
    parts,
    worst: max(totals),
    over: totals.filter((t) => t > 600000).length,
  };
}

/** The "The title's CPU games" section of bench/results.md. */
export function titleMarkdown(r) {
  const t = r.title;
  if (!t) return [];
  const L = ['## The title\'s CPU games (the demo, Watch CPUs)', ''];
  L.push(`${t.script}: the title left alone until its CPU demo deals (4 players, classic), the demo watched ${t.demoFrames} frames, Circle, the menu back, Down to Watch CPUs and Cross (${t.players} players, the saved settings), watched ${t.watchFrames} frames: ${fmt(t.frames)} frames, each counted under callgrind, script + decode. Native and V8 runs drew identical frames: ${t.hashMismatchesV8vsNative === 0 ? 'yes' : `NO (${t.hashMismatchesV8vsNative})`}.`);
  L.push('');
  L.push('| part | frames | from frame | median | max | at frame |');
  L.push('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const p of t.parts) L.push(`| ${PARTS[p.part]} | ${fmt(p.frames)} | ${fmt(p.first)} | ${fmt(p.median)} | ${fmt(p.max)} | ${fmt(p.worstFrame)} |`);
  L.push('');
  L.push(`${t.over} frame${t.over === 1 ? '' : 's'} over 600,000.`);
  L.push('');
  return L;
}
