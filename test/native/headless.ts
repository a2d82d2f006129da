// Runs the native headless host (build/native/ratscrew-headless) for the
// tests in test/native, and reads what it wrote.
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const HEADLESS = path.join(ROOT, 'build/native/ratscrew-headless');
export const HEADLESS_ASAN = path.join(ROOT, 'build/native-asan/ratscrew-headless');
export const SCRIPTS_DIR = path.join(ROOT, 'test/scripts');

/** Time allowed for a native build in a beforeAll hook: test files run in
 * parallel and wait for each other's builds (flock), and a first build of
 * QuickJS plain, sanitized and 32-bit takes minutes on two cores. */
export const BUILD_TIMEOUT_MS = 900_000;

/** Builds the given native targets (incremental: quick when up to date).
 * Test files run in parallel workers: flock keeps their builds from racing
 * in the same build folder. */
export function buildNative(...targets: string[]): void {
  mkdirSync(path.join(ROOT, 'build'), { recursive: true });
  execFileSync('flock', [path.join(ROOT, 'build/.native-build.lock'), 'make', '-s', '-C', path.join(ROOT, 'native'), ...targets], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export interface InputScript {
  seed?: number;
  frames?: number;
  inputs?: [number, number][];
  shots?: number[];
  saved?: string | null;
}

export function readScript(file: string): InputScript {
  return JSON.parse(readFileSync(file, 'utf8')) as InputScript;
}

export function scriptFiles(): string[] {
  return readdirSync(SCRIPTS_DIR).filter((f) => f.endsWith('.json')).sort()
    .map((f) => path.join(SCRIPTS_DIR, f));
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `ratscrew-${prefix}-`));
}

export interface HeadlessRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  out: string;
}

/** Runs a headless binary with args plus --out DIR (a fresh temp dir). */
export function runHeadless(args: string[], opts: { binary?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv; wrapper?: string[] } = {}): HeadlessRun {
  const out = tempDir('out');
  const binary = opts.binary ?? HEADLESS;
  const argv = [...(opts.wrapper ?? []), binary, ...args, '--out', out];
  const t0 = Date.now();
  const r: SpawnSyncReturns<string> = spawnSync(argv[0]!, argv.slice(1), {
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 60_000,
    env: { ...process.env, ...opts.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - t0, out };
}

/** hashes.txt as an array indexed by frame: 8-hex-digit strings. */
export function readHashes(out: string): string[] {
  const lines = readFileSync(path.join(out, 'hashes.txt'), 'utf8').split('\n').filter(Boolean);
  return lines.map((line, i) => {
    const m = /^(\d+) ([0-9a-f]{8})$/.exec(line);
    if (!m || Number(m[1]) !== i) throw new Error(`hashes.txt line ${i + 1} is malformed: ${line}`);
    return m[2]!;
  });
}

/** The held mask at each frame, as the headless host computes it. */
export function maskAt(inputs: [number, number][], frame: number): number {
  let mask = 0;
  for (const [f, m] of inputs) {
    if (f > frame) break;
    mask = m;
  }
  return mask;
}
