// The headless host replays one PSP's run frame for frame (the online and
// nearby runs: test/psp/online/run.ts, online/title-run.ts,
// nearby/game-run.ts): the probe build (native/psp/psp_game.c) prints its
// seed (SEED), the caps that change what the script draws (CAPS nearby),
// each change of the buttons the script got (MASK), each frame's
// command-list hash (HASH) and its net and nearby functions' log (NETLOG:
// native/core/net/log.h; a hosting PSP's room is in it as nearby-* lines, a
// joining PSP's as the online client's), and ratscrew-headless, given the
// same save and script, replays those buttons and answers those functions
// from that log (--net-log) at the frames recorded. Every frame's hash must
// be the PSP's.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HEADLESS } from '../native/headless';
import { readNetLog } from '../support/net-log';

/** What one replay found: the frames compared and the log's calls, or why it failed. */
export interface Replayed {
  frames: number;
  /** How many lines of each kind the log holds (open, recv, nearby-send, ...), to say what was replayed. */
  calls: Map<string, number>;
  failed: string | null;
}

export interface PspRun {
  /** PPSSPP's log of the run (console.log: the probe build's lines). */
  consoleLog: string;
  /** The save the PSP started from (its text), or null for none. */
  saved: string | null;
  /** The script the PSP ran in the game's place (the probe build's probe.js); the game's own without it. */
  bundle?: string;
}

/** Replays the PSP's run with the headless host in `dir` (its net log, inputs and hashes there). */
export function replayPsp({ consoleLog, saved, bundle }: PspRun, dir: string): Replayed {
  const all = readFileSync(consoleLog, 'utf8').split('\n');
  const line = (re: RegExp): RegExpExecArray[] => all.flatMap((l) => { const m = re.exec(l); return m ? [m] : []; });
  const hashes = line(/Printf: stdout: HASH (\d+) ([0-9a-f]{8})$/).map((m) => `${m[1]} ${m[2]}`);
  const seed = Number(line(/Printf: stdout: SEED (\d+)$/)[0]?.[1] ?? NaN);
  // The Online menu's rows follow host.caps.nearby, which the PSP has when its ad-hoc modules load.
  const nearby = line(/Printf: stdout: CAPS nearby (\d)$/)[0]?.[1] === '1';
  const inputs = line(/Printf: stdout: MASK (\d+) (\d+)$/).map((m) => [Number(m[1]), Number(m[2])]);
  const netLog = line(/Printf: stdout: NETLOG (.*)$/).map((m) => m[1]!);
  const calls = new Map<string, number>();
  const said = (failed: string | null): Replayed => ({ frames: hashes.length, calls, failed });
  if (!Number.isFinite(seed) || hashes.length === 0) return said(`the PSP printed no seed or no frame hashes (${consoleLog})`);
  try {
    for (const e of readNetLog(netLog.join('\n') + '\n')) calls.set(e.kind, (calls.get(e.kind) ?? 0) + 1);
  } catch (e) {
    return said(`the PSP's net log does not read: ${(e as Error).message}`);
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'net.log'), netLog.join('\n') + '\n');
  writeFileSync(path.join(dir, 'inputs.json'), JSON.stringify({ seed, frames: hashes.length, inputs, saved }));
  const r = spawnSync(HEADLESS, ['--inputs', path.join(dir, 'inputs.json'), '--net-log', path.join(dir, 'net.log'), '--out', path.join(dir, 'out'), '--no-raster',
    ...(nearby ? ['--nearby-caps'] : []), ...(bundle ? ['--bundle', bundle] : [])], { encoding: 'utf8' });
  if (r.status !== 0) return said(`the headless replay failed (status ${r.status}): ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  const replayed = readFileSync(path.join(dir, 'out/hashes.txt'), 'utf8').trim().split('\n');
  const found = hashes.findIndex((h, i) => h !== replayed[i]);
  const first = found >= 0 ? found : hashes.length;
  if (replayed.length !== hashes.length || found >= 0)
    return said(`the headless replay differs: ${hashes.length} PSP frames, ${replayed.length} replayed, the first difference at frame ${first} (PSP ${hashes[first] ?? 'none'} / replayed ${replayed[first] ?? 'none'})`);
  return said(null);
}
