// Nothing lost: the desktop host's save (native/core/save.c: write
// save.json.new with a trailer, flush, fsync, close, rename over save.json)
// killed at every single file operation, as a power cut would (a write cut in
// half, a close or rename that never happens). After each kill, the hosts'
// own loader (save_read, compiled from native/core/save.c) must return either
// the last save that completed or the one being written, intact — never
// nothing, never half. Also with rename unable to replace a file (the PSP's
// FAT: remove, then rename). The crash points come from an LD_PRELOAD shim
// (test/reliability/c/crash-shim.c) around the real headless host.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNative, HEADLESS, ROOT, tempDir } from '../native/headless';

const HERE = path.dirname(fileURLToPath(import.meta.url));
// The shim needs Linux (LD_PRELOAD, dlsym) and a C compiler, which the native build needs anyway.
const haveTools = process.platform === 'linux' && spawnSync('cc', ['--version']).status === 0;

/** A stand-in bundle that saves generation 1, 2, 3 ... about every third frame, of varying length. */
const SAVER = `
var c = new Int32Array(2048 * 8);
var gen = 0;
function textOf(g) { var pad = ''; for (var i = 0; i < (g * 977) % 3000; i++) pad += String.fromCharCode(97 + (i * g) % 26); return '{"gen":' + g + ',"pad":"' + pad + '"}'; }
globalThis.ratscrew = { commands: c, frame: function (now, buttons) {
  if (now > 0 && (now / 50 | 0) !== ((now - 17) / 50 | 0)) { gen++; host.save(textOf(gen)); }
  c[0] = 1; c[1] = gen; return 1;
} };
`;

function textOf(g: number): string {
  let pad = '';
  for (let i = 0; i < (g * 977) % 3000; i++) pad += String.fromCharCode(97 + ((i * g) % 26));
  return `{"gen":${g},"pad":"${pad}"}`;
}

let shim = '';
let reader = '';
let bundle = '';

beforeAll(() => {
  if (!haveTools) return;
  buildNative('headless');
  const dir = tempDir('crash');
  shim = path.join(dir, 'shim.so');
  reader = path.join(dir, 'save-read');
  bundle = path.join(dir, 'saver.js');
  execFileSync('cc', ['-shared', '-fPIC', '-O1', '-o', shim, path.join(HERE, 'c/crash-shim.c'), '-ldl']);
  execFileSync('cc', ['-O1', '-I', path.join(ROOT, 'native/core'), '-o', reader, path.join(HERE, 'c/save-read.c'), path.join(ROOT, 'native/core/save.c')]);
  writeFileSync(bundle, SAVER);
});

interface CrashRun {
  status: number | null;
  ops: { n: number; op: string; path: string }[];
  crashed: boolean;
  out: string;
}

function runWithCrash(crashAt: number, noReplace: boolean): CrashRun {
  const out = tempDir('crash-out');
  // --rename-cannot-replace: the save ops of a platform whose rename cannot
  // replace a file (SaveOps.remove_before_rename, as the PSP sets it).
  const psp = noReplace ? ['--rename-cannot-replace'] : [];
  const r = spawnSync(HEADLESS, ['--bundle', bundle, '--frames', '40', '--no-raster', ...psp, '--out', out], {
    encoding: 'utf8',
    env: { ...process.env, LD_PRELOAD: shim, CRASH_AT: String(crashAt), ...(noReplace ? { RENAME_NO_REPLACE: '1' } : {}) },
    timeout: 20_000,
  });
  const ops = [...r.stderr.matchAll(/^shim (\d+) (\w+) (.*)$/gm)].map((m) => ({ n: Number(m[1]), op: m[2]!, path: m[3]! }));
  return { status: r.status, ops, crashed: /shim crash/.test(r.stderr), out };
}

/** What the hosts' loader finds in `out`: the text, or null. */
function load(out: string): string | null {
  const r = spawnSync(reader, [path.join(out, 'save.json')], { encoding: 'utf8' });
  if (r.status === 3) return null;
  if (r.status !== 0) throw new Error(`save-read failed: ${r.status} ${r.stderr}`);
  return r.stdout;
}

describe.skipIf(!haveTools)('the save file survives a crash at every file operation', () => {
  it.each([
    ['rename replaces the file (desktop)', false],
    ['rename cannot replace it: remove, then rename (PSP FAT)', true],
  ])('%s', (_name, noReplace) => {
    // A run without a crash: how many operations, and which end a save.
    const clean = runWithCrash(0, noReplace);
    expect(clean.status).toBe(0);
    const saves = countCompleted(clean.ops, Infinity, noReplace);
    expect(saves).toBeGreaterThanOrEqual(10); // a save about every third frame
    expect(load(clean.out)).toBe(textOf(saves));
    const total = clean.ops.length;
    const outcomes = new Set<string>();
    for (let k = 1; k <= total; k++) {
      const run = runWithCrash(k, noReplace);
      expect(run.crashed, `crash point ${k}`).toBe(true);
      expect(run.status).toBe(77);
      const completedGen = countCompleted(clean.ops, k, noReplace);
      const text = load(run.out);
      const op = clean.ops[k - 1]!;
      if (completedGen === 0) {
        expect([null, textOf(1)], `crash at ${k} (${op.op} ${path.basename(op.path)})`).toContain(text);
      } else {
        expect([textOf(completedGen), textOf(completedGen + 1)], `crash at ${k} (${op.op} ${path.basename(op.path)})`).toContain(text);
      }
      outcomes.add(text === null ? 'none' : text === textOf(completedGen) ? 'last complete save' : 'the save being written');
    }
    // The old save kept; on FAT also the new one found as save.json.new after
    // the old was removed. Where rename replaces, the rename is the one
    // moment the new save appears (each writer's temporary file is its own,
    // save.json.new-<pid>, and is never read).
    expect(outcomes).toContain('last complete save');
    if (noReplace) expect(outcomes).toContain('the save being written');
    // Every kind of operation was interrupted.
    const kinds = new Set(clean.ops.map((o) => o.op));
    for (const kind of ['fopen', 'fwrite', 'fflush', 'fsync', 'fclose', 'rename']) expect(kinds).toContain(kind);
    if (noReplace) expect(kinds).toContain('remove');
  });
});

/**
 * How many saves had completed before operation k: a save is complete once
 * its file is in place as save.json — the rename onto save.json that
 * succeeded (with RENAME_NO_REPLACE the first rename of each save after the
 * first fails; the one after the remove succeeds).
 */
function countCompleted(ops: CrashRun['ops'], k: number, noReplace: boolean): number {
  let completed = 0;
  let exists = false;
  let pendingRemove = false;
  for (const o of ops) {
    if (o.n >= k) break;
    if (o.op === 'remove' && o.path.endsWith('save.json')) {
      pendingRemove = true;
      exists = false;
    }
    if (o.op === 'rename' && o.path.endsWith('save.json')) {
      if (noReplace && exists && !pendingRemove) continue; // failed: EEXIST
      completed++;
      exists = true;
      pendingRemove = false;
    }
  }
  return completed;
}
