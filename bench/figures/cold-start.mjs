// The cold-start figure: process start to the first frame drawn, from source
// and from precompiled bytecode, and whether that bytecode is portable to a
// 32-bit QuickJS and to the PSP's configuration of it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDumps } from '../lib/callgrind.mjs';
import { build32 } from '../lib/build.mjs';
import { BUILD, BUNDLE, fmt, hotFunctions, readJsonl, runFrameBench, sh } from '../lib/common.mjs';

/** Cold start from bytecode, over the frames run's script; frames: the source run's frames. */
export function measureColdStart(scriptFile, frames) {
  const bc = join(BUILD, 'ratscrew.qjsbc');
  sh(join(BUILD, 'bytecode'), ['--name', 'ratscrew.js', BUNDLE, bc]);
  const bcDir = join(BUILD, 'cg-bytecode');
  runFrameBench(['--inputs', scriptFile, '--bundle', BUNDLE, '--bytecode', bc, '--out', join(BUILD, 'bc-frames.jsonl'), '--frames', '1'], { callgrind: bcDir });
  const bcd = readDumps(bcDir, 'cg.out', { functions: true });
  const bcGet = (l) => bcd.find((d) => d.label === l).total;
  const bcFrames = readJsonl(join(BUILD, 'bc-frames.jsonl'));
  return {
    bytecode: {
      startup: bcGet('startup'),
      load: bcGet('load'),
      firstFrame: bcGet('s0') + bcGet('d0'),
      total: bcGet('startup') + bcGet('load') + bcGet('s0') + bcGet('d0'),
      sameFirstFrame: bcFrames[1] && bcFrames[1].hash === frames[0].hash,
      heapAfterLoad: bcFrames[0].loaded_malloc_size,
      on32bit: check32(scriptFile, bc, frames),
    },
    hotLoadBytecode: hotFunctions(bcd, new Set(['load']), 12),
  };
}

/**
 * Is the bytecode portable to a 32-bit QuickJS (as on the PSP)? Compiles the
 * bundle with the 32-bit build, compares the bytes with the 64-bit build's,
 * and runs the 600-frame script in the 32-bit build from source and from the
 * 64-bit bytecode: both must draw what the 64-bit build drew. Also the heap
 * on a 32-bit machine, which is nearer the PSP's than the 64-bit figures.
 */
function check32(scriptFile, bytecode64, frames64) {
  const exe = build32();
  if (!exe) return null;
  const bc32 = join(BUILD, 'ratscrew32.qjsbc');
  sh(exe.bytecode, ['--name', 'ratscrew.js', BUNDLE, bc32]);
  const sameBytes = Buffer.compare(readFileSync(bc32), readFileSync(bytecode64)) === 0;
  const run = (extra, out) => {
    sh(exe.frameBench, ['--inputs', scriptFile, '--bundle', BUNDLE, '--out', out, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
    return readJsonl(out);
  };
  const src = run([], join(BUILD, 'src32.jsonl'));
  const bc = run(['--bytecode', bytecode64], join(BUILD, 'bc64on32.jsonl'));
  // the PSP's configuration: its own bytecode, and the desktop's
  const bcPsp = join(BUILD, 'ratscrew-pspconfig.qjsbc');
  sh(exe.bytecodePsp, ['--name', 'ratscrew.js', BUNDLE, bcPsp]);
  const runPsp = (bcFile, out) => {
    try {
      sh(exe.frameBenchPsp, ['--inputs', scriptFile, '--bundle', BUNDLE, '--bytecode', bcFile, '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
      return readJsonl(out);
    } catch {
      return null;
    }
  };
  const pspOwn = runPsp(bcPsp, join(BUILD, 'pspconfig-own.jsonl'));
  const pspDesktop = runPsp(bytecode64, join(BUILD, 'pspconfig-desktop.jsonl'));
  const hashes = (lines) => lines.filter((l) => l.frame !== undefined).map((l) => l.hash);
  const h64 = frames64.map((f) => f.hash);
  const same = (a) => a.length === h64.length && a.every((h, i) => h === h64[i]);
  return {
    sameBytecodeBytes: sameBytes,
    sourceFramesSame: same(hashes(src)),
    bytecode64FramesSame: same(hashes(bc)),
    heapAfterLoadSource: src[0].loaded_malloc_size,
    heapAfterLoadBytecode: bc[0].loaded_malloc_size,
    heapPeakRun: src[src.length - 1].heap_peak_sampled,
    pspConfig: {
      sameBytesAsDesktop: Buffer.compare(readFileSync(bcPsp), readFileSync(bytecode64)) === 0,
      ownBytecodeFramesSame: pspOwn !== null && same(hashes(pspOwn)),
      desktopBytecodeLoads: pspDesktop !== null,
      desktopBytecodeFramesSame: pspDesktop !== null && same(hashes(pspDesktop)),
    },
  };
}

/** The "Cold start" section of bench/results.md. */
export function coldStartMarkdown(r) {
  const L = [];
  const c = r.coldStart;
  L.push('## Cold start (process start to the first frame drawn)');
  L.push('');
  L.push('| | startup (libc, runtime, context, host object) | load (bundle) | first frame | total |');
  L.push('| --- | ---: | ---: | ---: | ---: |');
  L.push(`| source (JS_Eval of dist/ratscrew.js) | ${fmt(c.startup)} | ${fmt(c.load)} | ${fmt(c.firstFrame)} | ${fmt(c.total)} |`);
  L.push(`| bytecode, as every host loads it (vm_load_bytecode) | ${fmt(c.bytecode.startup)} | ${fmt(c.bytecode.load)} | ${fmt(c.bytecode.firstFrame)} | ${fmt(c.bytecode.total)} |`);
  L.push('');
  L.push(`Bytecode first frame identical to the source's: ${c.bytecode.sameFirstFrame ? 'yes' : 'NO'}. Heap after load: source ${fmt(r.memory.heapAfterLoad)} B, bytecode ${fmt(c.bytecode.heapAfterLoad)} B.`);
  const b32 = c.bytecode.on32bit;
  L.push('');
  if (b32) L.push(`32-bit check (the same programs built with -m32; the PSP is 32-bit): the 32-bit build writes ${b32.sameBytecodeBytes ? 'the same bytecode, byte for byte,' : 'DIFFERENT bytecode'} as the 64-bit one; run in the 32-bit build, the 600-frame script draws the 64-bit frames from source: ${b32.sourceFramesSame ? 'yes' : 'NO'}, from the 64-bit bytecode: ${b32.bytecode64FramesSame ? 'yes' : 'NO'}. 32-bit heap after load: source ${fmt(b32.heapAfterLoadSource)} B, bytecode ${fmt(b32.heapAfterLoadBytecode)} B; peak over the run ${fmt(b32.heapPeakRun)} B.`);
  if (b32) {
    const pc = b32.pspConfig;
    L.push('');
    L.push(`QuickJS in the PSP's configuration (32-bit, \`-D__PSP__\`: CONFIG_ATOMICS off, which removes three predefined atoms that bytecode refers to by number): its bytecode ${pc.sameBytesAsDesktop ? 'equals' : 'differs from'} the desktop build's; it runs its own bytecode drawing the same frames: ${pc.ownBytecodeFramesSame ? 'yes' : 'NO'}; the desktop build's bytecode ${pc.desktopBytecodeLoads ? (pc.desktopBytecodeFramesSame ? 'loads and draws the same frames' : 'loads but draws DIFFERENT frames') : 'is refused by JS_ReadObject'}. So PSP bytecode must be written by a QuickJS built with the PSP's configuration.`);
  }
  if (!b32) L.push('32-bit check skipped: this compiler cannot build -m32 programs (apt-get install gcc-multilib).');
  L.push('');
  return L;
}
