// What every figure of `make bench` shares: the paths, running a command,
// the frame bench (under callgrind when asked), small statistics.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addSelf, top } from './callgrind.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BUILD = join(ROOT, 'build/bench');
export const NATIVE = join(ROOT, 'build/native');
export const DIST_BUNDLE = join(ROOT, 'dist/ratscrew.js');
/** The bundle as measured: a copy of dist/ratscrew.js, which other builds may rewrite meanwhile. */
export const BUNDLE = join(ROOT, 'build/bench/ratscrew.js');
/** --quick: skips the whole-game run and shortens the simulation runs. */
export const QUICK = process.argv.includes('--quick');

export const PLAYERS = 6;
export const RUN_FRAMES = 600;

export function log(s) {
  process.stdout.write(s + '\n');
}

export function sh(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28, ...opts });
}

export function median(xs) {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}

export function max(xs) {
  return xs.length ? Math.max(...xs) : null;
}

export function pct(xs, p) {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))];
}

export const fmt = (n) => (n === null || n === undefined ? '—' : Math.round(n).toLocaleString('en-US'));

export function writeScript(file, script) {
  writeFileSync(file, JSON.stringify(script, null, 0).replace(/\],\[/g, '],\n['), 'utf8');
}

export function readJsonl(file) {
  return readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
}

export function runFrameBench(args, { callgrind = null, instrumentFrom = -1 } = {}) {
  const exe = join(BUILD, 'frame_bench');
  if (!callgrind) return sh(exe, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  rmSync(callgrind, { recursive: true, force: true });
  mkdirSync(callgrind, { recursive: true });
  // instrumentFrom: callgrind instruments from that frame on (the frames before run uncounted, several times faster)
  const late = instrumentFrom >= 0 ? ['--instr-atstart=no'] : [];
  const from = instrumentFrom >= 0 ? ['--instrument-from', String(instrumentFrom)] : [];
  return sh('valgrind', [
    '--tool=callgrind', '--quiet', ...late, `--callgrind-out-file=${join(callgrind, 'cg.out')}`,
    '--compress-strings=no', '--compress-pos=no', '--dump-instr=no', '--dump-line=no', exe, ...args, ...from,
  ], { stdio: ['ignore', 'pipe', 'pipe'] });
}

export function hotFunctions(dumps, labels, n = 15) {
  const self = new Map();
  for (const d of dumps) if (labels.has(d.label) && d.self) addSelf(self, d.self);
  return top(self, n);
}

export function cpuModel() {
  try {
    return /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))[1];
  } catch {
    return 'unknown';
  }
}
