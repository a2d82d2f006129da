// Which JavaScript functions of the bundle the instructions of a frame go
// to, in native QuickJS under callgrind. QuickJS runs every JS function in
// one interpreter loop (JS_CallInternal), so callgrind's C-level profile
// cannot tell them apart; instead a copy of the bundle is instrumented:
// chosen top-level functions are renamed and wrapped so that they call
// __bench_mark(1, id) on entry and __bench_mark(0, id) on exit, and
// frame_bench --marks dumps the counts at each call in the profiled frames.
//
// Pass 1 (V8, node:vm) counts calls per function in the profiled frames;
// pass 2 wraps only functions called at most MAX_CALLS times in any of
// them (wrapping the small helpers called hundreds of times a frame would
// cost more than they do), so their cost stays with their caller. Each
// wrapped call costs instructions of its own (the wrapper's JS call and two
// calls into C); "corrected" inclusive counts subtract that cost, estimated
// per frame as (instrumented - plain) / wrapped calls, once for every wrapped
// call made inside the function. Self counts are raw.
import { readFileSync, writeFileSync } from 'node:fs';
import vm from 'node:vm';
import { headlessFrameMs as frameMs } from '../../tools/contract/contract.mjs';

const MAX_CALLS = 25;

/**
 * Renames the bundle's top-level functions (all, or those in `wanted`) and
 * adds wrappers under the old names. Handles the rollup formats: a plain
 * script (functions at column 0, wrappers appended) and an IIFE, opened as
 * `(function () {` or as `!function () {` (rollup.config.mjs's bangIife)
 * (functions indented one level, wrappers inserted before the closing
 * `})();` or `}();`).
 */
export function instrument(source, wanted) {
  const bang = /^\s*!function \(\) \{/.test(source);
  const iife = bang || /^\s*\(function \(\) \{/.test(source);
  const indent = iife ? /\n( +)\S/.exec(source)[1] : '';
  const fnRe = new RegExp(`^${indent}function ([A-Za-z0-9_$]+)\\(`, 'gm');
  const names = [];
  const text = source.replace(fnRe, (m, name) => {
    if (wanted && !wanted.has(name)) return m;
    names.push(name);
    return `${indent}function ${name}__bi(`;
  });
  // every argument passed on as given: a fixed list of parameters cut off
  // the 11th argument of drawLayer (src/view/table-view.ts)
  const wrappers = names
    .map((name, id) => `${indent}function ${name}(...a){__bench_mark(1,${id});const r=${name}__bi(...a);__bench_mark(0,${id});return r;}`)
    .join('\n');
  if (!iife) return { text: text + '\n' + wrappers + '\n', names };
  const end = text.lastIndexOf(bang ? '}();' : '})();');
  return { text: text.slice(0, end) + wrappers + '\n' + text.slice(end), names };
}

function maskAt(inputs, f) {
  let m = 0;
  for (const [at, mask] of inputs) if (at <= f) m = mask;
  return m;
}

/** Pass 1: calls per function in each profiled frame, in V8. */
function countCalls(source, script, frames) {
  const { text, names } = instrument(source, null);
  const want = new Set(frames);
  const last = Math.max(...frames);
  let counts = null;
  const perFrame = new Map();
  const ctx = {
    host: { seed: script.seed, load: () => script.saved, save: () => true, log: () => {} },
    __bench_mark: (enter, id) => {
      if (counts && enter === 1) counts[id]++;
    },
  };
  vm.createContext(ctx);
  vm.runInContext(text, ctx);
  for (let f = 0; f <= last; f++) {
    counts = want.has(f) ? new Array(names.length).fill(0) : null;
    ctx.ratscrew.frame(frameMs(f), maskAt(script.inputs, f));
    if (counts) perFrame.set(f, counts);
  }
  const maxCalls = names.map((_, id) => Math.max(...[...perFrame.values()].map((c) => c[id])));
  return { names, maxCalls };
}

/**
 * Profiles `frames` of the input script. runNative(bundleFile, marks, lastFrame)
 * runs frame_bench under callgrind and returns its dumps in order.
 * Returns, per profiled frame and over all of them, each wrapped function's
 * self and inclusive instructions (the frame's own top level is "(frame)").
 */
export function profileFrames({ bundlePath, script, frames, outFile, runNative, plain }) {
  const source = readFileSync(bundlePath, 'utf8');
  const { names, maxCalls } = countCalls(source, script, frames);
  const chosen = new Set(names.filter((n, id) => maxCalls[id] <= MAX_CALLS));
  const skipped = names.filter((n, id) => maxCalls[id] > MAX_CALLS).map((n) => `${n} (${maxCalls[names.indexOf(n)]})`);
  const inst = instrument(source, chosen);
  writeFileSync(outFile, inst.text);
  const dumps = runNative(outFile, frames, Math.max(...frames));
  const result = { wrapped: inst.names.length, unwrapped: skipped, frames: {} };
  const total = new Map();
  for (const f of frames) {
    const self = new Map();
    const incl = new Map();
    const calls = new Map();
    /** wrapped calls made while a function is on the stack (its own included) */
    const inner = new Map();
    let allCalls = 0;
    const stack = ['(frame)'];
    let sum = 0;
    for (const d of dumps) {
      const m = /^p(\d+)_(\d)_(\d+)$/.exec(d.label);
      const isEnd = d.label === `s${f}`;
      if (!(m && Number(m[1]) === f) && !isEnd) continue;
      const top = stack[stack.length - 1];
      self.set(top, (self.get(top) ?? 0) + d.total);
      for (const n of new Set(stack)) incl.set(n, (incl.get(n) ?? 0) + d.total);
      sum += d.total;
      if (isEnd) break;
      const name = inst.names[Number(m[3])];
      if (m[2] === '1') {
        stack.push(name);
        calls.set(name, (calls.get(name) ?? 0) + 1);
        allCalls++;
        for (const n of new Set(stack)) inner.set(n, (inner.get(n) ?? 0) + 1);
      } else {
        const i = stack.lastIndexOf(name);
        if (i > 0) stack.length = i;
      }
    }
    // the instrumentation's cost per wrapped call, from this frame's plain count
    const perCall = allCalls ? Math.max(0, (sum - plain[f]) / allCalls) : 0;
    const rows = [...incl.keys()]
      .map((n) => ({
        fn: n,
        calls: calls.get(n) ?? 1,
        self: self.get(n) ?? 0,
        inclusive: incl.get(n),
        corrected: Math.max(0, Math.round(incl.get(n) - perCall * (inner.get(n) ?? allCalls))),
      }))
      .sort((a, b) => b.inclusive - a.inclusive);
    result.frames[f] = { total: sum, plain: plain[f], perCall: Math.round(perCall), wrappedCalls: allCalls, rows };
    for (const r of rows) {
      const t = total.get(r.fn) ?? { fn: r.fn, calls: 0, self: 0, inclusive: 0 };
      t.calls += r.calls;
      t.self += r.self;
      t.inclusive += r.inclusive;
      t.corrected = (t.corrected ?? 0) + r.corrected;
      total.set(r.fn, t);
    }
  }
  result.all = [...total.values()].sort((a, b) => b.corrected - a.corrected);
  return result;
}
