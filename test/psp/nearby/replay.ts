// The headless host replays one PSP's run of the nearby game
// (test/psp/nearby/game-run.ts) frame for frame: the probe build prints its
// seed, its caps (CAPS nearby), each change of the buttons the script got
// (MASK), each frame's command-list hash (HASH) and its net and nearby
// functions' log (NETLOG: native/core/net/log.h; a hosting PSP's room is in
// it as nearby-* lines, a joining PSP's as the online client's), and
// ratscrew-headless, given the same save, replays those buttons and
// answers those functions from that log (--net-log) at the frames recorded.
// Every frame's hash must be the PSP's.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** What one replay found: the frames compared and the log's lines, or why it failed. */
export interface Replayed {
  frames: number;
  /** The log's lines of each call (open, recv, nearby-send, ...), to say what was replayed. */
  calls: Map<string, number>;
  failed: string | null;
}

/** Replays the run in `consoleLog` (PPSSPP's, the probe build's lines) with the save text `saved`, in `dir`. */
export function replayPsp(consoleLog: string, saved: string, dir: string): Replayed {
  const all = readFileSync(consoleLog, 'utf8').split('\n');
  const line = (re: RegExp): RegExpExecArray[] => all.flatMap((l) => { const m = re.exec(l); return m ? [m] : []; });
  const hashes = line(/Printf: stdout: HASH (\d+) ([0-9a-f]{8})$/).map((m) => `${m[1]} ${m[2]}`);
  const seed = Number(line(/Printf: stdout: SEED (\d+)$/)[0]?.[1] ?? NaN);
  const nearby = line(/Printf: stdout: CAPS nearby (\d)$/)[0]?.[1] === '1';
  const inputs = line(/Printf: stdout: MASK (\d+) (\d+)$/).map((m) => [Number(m[1]), Number(m[2])]);
  const netLog = line(/Printf: stdout: NETLOG (.*)$/).map((m) => m[1]!);
  const calls = new Map<string, number>();
  for (const l of netLog.slice(1)) {
    const kind = l.split(' ')[1]!;
    calls.set(kind, (calls.get(kind) ?? 0) + 1);
  }
  const said = (failed: string | null): Replayed => ({ frames: hashes.length, calls, failed });
  if (!Number.isFinite(seed) || hashes.length === 0) return said(`the PSP printed no seed or no frame hashes (${consoleLog})`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'net.log'), netLog.join('\n') + '\n');
  writeFileSync(path.join(dir, 'inputs.json'), JSON.stringify({ seed, frames: hashes.length, inputs, saved }));
  const r = spawnSync(path.join(ROOT, 'build/native/ratscrew-headless'), ['--inputs', path.join(dir, 'inputs.json'), '--net-log', path.join(dir, 'net.log'),
    '--out', path.join(dir, 'out'), '--no-raster', ...(nearby ? ['--nearby-caps'] : [])], { encoding: 'utf8' });
  if (r.status !== 0) return said(`the headless replay failed (status ${r.status}): ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  const replayed = readFileSync(path.join(dir, 'out/hashes.txt'), 'utf8').trim().split('\n');
  const first = hashes.findIndex((h, i) => h !== replayed[i]);
  if (replayed.length !== hashes.length || first >= 0)
    return said(`the headless replay differs: ${hashes.length} PSP frames, ${replayed.length} replayed, first difference at ${first} (${hashes[first]} / ${replayed[first]})`);
  return said(null);
}
