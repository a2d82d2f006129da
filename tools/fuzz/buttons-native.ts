// Replays a button fuzz session in the native headless host: the recording's
// masks become an input script, and the host's per-frame hashes must equal
// those of the bundle in quickjs-emscripten (the cross-check, under fuzzed
// input), with the software rasterizer drawing every frame, optionally in
// the sanitizer build.
//   npx tsx tools/fuzz/buttons-native.ts [--seed S] [--frames N] [--asan]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buttonFuzz, type Recording } from './buttons-fuzz';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const HEADLESS = path.join(ROOT, 'build/native/ratscrew-headless');
export const HEADLESS_ASAN = path.join(ROOT, 'build/native-asan/ratscrew-headless');
const BUNDLE = path.join(ROOT, 'dist/ratscrew.js');

/** Run-length input script for the headless host. */
export function inputScript(rec: Recording): { seed: number; frames: number; inputs: [number, number][]; saved: string | null } {
  const inputs: [number, number][] = [];
  let last = -1;
  rec.masks.forEach((m, f) => {
    if (m !== last) inputs.push([f, m]);
    last = m;
  });
  return { seed: rec.seed, frames: rec.masks.length, inputs, saved: rec.saved };
}

export interface NativeReplay {
  status: number | null;
  stderr: string;
  /** First frame whose hash differs, -1 when all agree. */
  firstDiff: number;
  frames: number;
  ms: number;
}

export function replayNative(rec: Recording, opts: { asan?: boolean; raster?: boolean } = {}): NativeReplay {
  const dir = mkdtempSync(path.join(tmpdir(), 'ratscrew-btn-'));
  try {
    const script = path.join(dir, 'script.json');
    writeFileSync(script, JSON.stringify(inputScript(rec)));
    const args = ['--bundle', BUNDLE, '--inputs', script, '--out', dir, ...(opts.raster === false ? ['--no-raster'] : [])];
    const t0 = Date.now();
    const r = spawnSync(opts.asan ? HEADLESS_ASAN : HEADLESS, args, {
      encoding: 'utf8',
      timeout: 3_600_000,
      maxBuffer: 64 << 20,
      env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1:exitcode=86', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1:exitcode=87' },
    });
    const ms = Date.now() - t0;
    let hashes: string[] = [];
    try {
      hashes = readFileSync(path.join(dir, 'hashes.txt'), 'utf8').split('\n').filter(Boolean).map((l) => l.slice(-8));
    } catch {
      /* no hashes: the status says why */
    }
    let firstDiff = -1;
    const n = Math.max(hashes.length, rec.hashes.length);
    for (let i = 0; i < n; i++)
      if (hashes[i] !== rec.hashes[i]) {
        firstDiff = i;
        break;
      }
    return { status: r.status, stderr: r.stderr, firstDiff, frames: hashes.length, ms };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('buttons-native.ts')) {
  const arg = (n: string) => {
    const i = process.argv.indexOf(`--${n}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const seed = Number(arg('seed') ?? Math.floor(Math.random() * 2 ** 32)) >>> 0;
  const frames = Number(arg('frames') ?? 100_000);
  const asan = process.argv.includes('--asan');
  const fuzz = await buttonFuzz({ seed, frames, record: true });
  console.log(`button fuzz seed ${seed}: ${fuzz.recordings.length} sessions, ${fuzz.frames} frames; fuzz ${fuzz.failure ? 'FAILED' : 'ok'}`);
  if (fuzz.failure) console.log(fuzz.failure);
  let bad = !!fuzz.failure;
  let replayed = 0;
  let ms = 0;
  for (const [i, rec] of fuzz.recordings.entries()) {
    const r = replayNative(rec, { asan });
    replayed += r.frames;
    ms += r.ms;
    if (r.status !== 0 || r.firstDiff >= 0) {
      bad = true;
      console.log(`session ${i} (seed ${rec.seed}, ${rec.masks.length} frames): exit ${r.status}, first differing frame ${r.firstDiff}\n${r.stderr.slice(-3000)}`);
    }
  }
  console.log(`native ${asan ? 'sanitizer ' : ''}host with raster: ${replayed} frames in ${(ms / 1000).toFixed(0)} s, ${bad ? 'FAILED' : 'every session exit 0, every frame hash equal'}`);
  process.exit(bad ? 1 : 0);
}
