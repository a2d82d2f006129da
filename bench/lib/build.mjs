// The bench's C programs, built from the same sources and flags as
// native/Makefile (CORE_NAMES, QJS_NAMES, QJS_CFLAGS read from it) into
// build/bench: independent of build/native, which other builds may be
// rewriting meanwhile. Each object is recompiled only when older than its source.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BUILD, ROOT, sh } from './common.mjs';

const QJS_SRC = join(ROOT, 'build/quickjs/src');

/** The source lists and QuickJS's flags from native/Makefile. */
function nativeMakefile() {
  const mk = readFileSync(join(ROOT, 'native/Makefile'), 'utf8').replace(/\\\n/g, ' ');
  const names = (re) => re.exec(mk)[1].trim().split(/\s+/);
  return {
    qjsNames: names(/^QJS_NAMES\s*:=\s*(.*)$/m),
    coreNames: names(/^CORE_NAMES\s*:=\s*(.*)$/m),
    qjsFlags: /^QJS_CFLAGS\s*:=\s*(.*)$/m
      .exec(mk)[1]
      .trim()
      .split(/\s+/)
      .map((f) => f.replace(/\\"/g, '"')),
  };
}

/** The newest header in a folder (ms), 0 for none. */
const headerTimes = new Map();
function newestHeader(dir) {
  if (!headerTimes.has(dir)) {
    let t = 0;
    if (existsSync(dir)) for (const f of readdirSync(dir)) if (f.endsWith('.h')) t = Math.max(t, statSync(join(dir, f)).mtimeMs);
    headerTimes.set(dir, t);
  }
  return headerTimes.get(dir);
}

/**
 * compile(src, flags) -> object file in obj, with `arch` flags (['-m32'] or [])
 * first. An object is rebuilt when its source or any header in the source's
 * folder or an include folder (-I, -isystem) is newer: a struct that changed
 * in a header must not be linked against objects built with the old one.
 */
function compiler(obj, arch) {
  mkdirSync(obj, { recursive: true });
  return (src, flags) => {
    const o = join(obj, src.replace(ROOT, '').replace(/[/.]/g, '_') + '.o');
    const dirs = [dirname(src)];
    flags.forEach((f, i) => {
      if (f.startsWith('-I')) dirs.push(f.slice(2));
      else if (f === '-isystem') dirs.push(flags[i + 1]);
    });
    const newest = Math.max(statSync(src).mtimeMs, ...dirs.map(newestHeader));
    // warnings in other people's sources are theirs to see in their own build
    if (!existsSync(o) || statSync(o).mtimeMs < newest) sh('cc', [...arch, ...flags, '-c', '-o', o, src], { stdio: ['ignore', 'pipe', 'pipe'] });
    return o;
  };
}

const WRAP_MALLOC = '-Wl,--wrap=malloc,--wrap=free,--wrap=realloc,--wrap=calloc';

/**
 * frame_bench (with the PSP host's drawing when its sources are here),
 * bytecode, and the simulation bundle. Returns what "decode" counts.
 */
export function build() {
  const obj = join(BUILD, 'obj');
  if (!existsSync(join(QJS_SRC, 'quickjs.c'))) throw new Error('build/quickjs/src is missing: run "make -C native quickjs"');
  const mk = nativeMakefile();
  const compile = compiler(obj, []);
  const projectFlags = ['-std=c99', '-O2', '-g', '-Wall', '-Wextra', `-I${join(ROOT, 'native/core')}`, '-isystem', QJS_SRC];
  const qjs = mk.qjsNames.map((n) => compile(join(QJS_SRC, n + '.c'), mk.qjsFlags));
  const core = mk.coreNames.map((n) => compile(join(ROOT, 'native/core', n + '.c'), projectFlags));
  const input = compile(join(ROOT, 'native/core/input_script.c'), projectFlags);
  // the PSP host's drawing, when it exists, over a model of libgu
  const pspVideo = join(ROOT, 'native/psp/psp_video.c');
  const stubs = join(ROOT, 'test/native/psp-stubs');
  const usePsp = existsSync(pspVideo) && existsSync(join(stubs, 'pspgu.h'));
  const pspFlags = [...projectFlags, `-I${stubs}`, `-I${join(ROOT, 'native/psp')}`];
  const pspObjs = usePsp ? [compile(pspVideo, pspFlags), compile(join(ROOT, 'native/tests/psp_gu_model.c'), pspFlags)] : [];
  const benchSrc = join(ROOT, 'bench/native/frame_bench.c');
  const bench = join(obj, usePsp ? 'frame_bench_psp.o' : 'frame_bench.o');
  sh('cc', [...projectFlags, '-D_GNU_SOURCE', ...(usePsp ? ['-DBENCH_PSP_VIDEO', ...pspFlags.slice(projectFlags.length)] : []), '-c', '-o', bench, benchSrc]);
  // the build's own bytecode writer (native/tools/compile_bytecode.c)
  const bytecode = compile(join(ROOT, 'native/tools/compile_bytecode.c'), projectFlags);
  sh('cc', ['-o', join(BUILD, 'frame_bench'), bench, ...pspObjs, ...core, input, ...qjs, '-lm', '-lpthread', WRAP_MALLOC]);
  sh('cc', ['-o', join(BUILD, 'bytecode'), bytecode, ...qjs, '-lm', '-lpthread']);
  sh('npx', ['rollup', '-c', 'bench/sim/rollup.config.mjs', '--silent']);
  return usePsp
    ? "native/psp/psp_video.c psp_video_frame (the PSP host's GE display list) over a model of libgu (native/tests/psp_gu_model.c)"
    : 'a stand-in for the PSP host (bench/native/frame_bench.c psp_decode)';
}

/**
 * The same programs built with -m32 (the PSP is a 32-bit machine: QuickJS
 * NaN-boxes its values there), when the compiler can: null otherwise.
 */
export function build32() {
  const obj = join(BUILD, 'obj32');
  mkdirSync(obj, { recursive: true });
  const probe = join(obj, 'probe.c');
  writeFileSync(probe, 'int main(void) { return sizeof(void *) == 4 ? 0 : 1; }\n');
  try {
    sh('cc', ['-m32', '-o', join(obj, 'probe'), probe], { stdio: ['ignore', 'pipe', 'pipe'] });
    sh(join(obj, 'probe'), []);
  } catch {
    return null;
  }
  const mk = nativeMakefile();
  const compile = compiler(obj, ['-m32']);
  const projectFlags = ['-std=c99', '-O2', '-g', `-I${join(ROOT, 'native/core')}`, '-isystem', QJS_SRC];
  const qjs = mk.qjsNames.map((n) => compile(join(QJS_SRC, n + '.c'), mk.qjsFlags));
  const core = mk.coreNames.map((n) => compile(join(ROOT, 'native/core', n + '.c'), projectFlags));
  const input = compile(join(ROOT, 'native/core/input_script.c'), projectFlags);
  const bench = compile(join(ROOT, 'bench/native/frame_bench.c'), [...projectFlags, '-D_GNU_SOURCE']);
  const bytecode = compile(join(ROOT, 'native/tools/compile_bytecode.c'), projectFlags);
  // QuickJS as the PSP build configures it: quickjs.c keys CONFIG_ATOMICS (and
  // with it three predefined atoms, which bytecode numbers) off __PSP__
  const qjsPspObj = join(obj, 'quickjs_psp_config.o');
  const qjsMain = join(QJS_SRC, 'quickjs.c');
  if (!existsSync(qjsPspObj) || statSync(qjsPspObj).mtimeMs < Math.max(statSync(qjsMain).mtimeMs, newestHeader(QJS_SRC)))
    sh('cc', ['-m32', ...mk.qjsFlags, '-D__PSP__', '-c', '-o', qjsPspObj, qjsMain], { stdio: ['ignore', 'pipe', 'pipe'] });
  const qjsPsp = [qjsPspObj, ...qjs.slice(1)];
  const exe = {
    frameBench: join(BUILD, 'frame_bench32'),
    bytecode: join(BUILD, 'bytecode32'),
    frameBenchPsp: join(BUILD, 'frame_bench32_pspconfig'),
    bytecodePsp: join(BUILD, 'bytecode32_pspconfig'),
  };
  sh('cc', ['-m32', '-o', exe.frameBench, bench, ...core, input, ...qjs, '-lm', '-lpthread', WRAP_MALLOC]);
  sh('cc', ['-m32', '-o', exe.bytecode, bytecode, ...qjs, '-lm', '-lpthread']);
  sh('cc', ['-m32', '-o', exe.frameBenchPsp, bench, ...core, input, ...qjsPsp, '-lm', '-lpthread', WRAP_MALLOC]);
  sh('cc', ['-m32', '-o', exe.bytecodePsp, bytecode, ...qjsPsp, '-lm', '-lpthread']);
  return exe;
}
