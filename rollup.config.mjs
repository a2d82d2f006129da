// One ES script for every host: QuickJS 2021-03-27 on the PSP and the
// desktop, and quickjs-emscripten under vitest. ES2020 is the newest level
// that QuickJS release runs in full, and the bundle may touch no Node or
// browser API (src/host/ is the only code that sees globalThis).
// An IIFE, not a bare script: QuickJS looks a script's top-level names up in
// the global object's hash table on every use, while an IIFE's are closure
// variables (about 10% off a steady table frame).
import typescript from '@rollup/plugin-typescript';
import { generated, stale } from './tools/contract/generate.mjs';
import { writeFileSync } from 'node:fs';

// Every bundle build first brings the generated contract files (src/contract.ts,
// tools/contract/contract.mjs, native/core/contract.h, commands_codec.h,
// host_api.h, host_api.c and vm_host.h: tools/contract/generate.mjs lists them) up to
// date with tools/contract/contract.json; unchanged files are not touched.
function contract() {
  return {
    name: 'contract',
    buildStart() {
      const files = generated();
      for (const path of stale()) writeFileSync(path, files[path]);
    },
  };
}

// Opens the IIFE as `!function () {` rather than `(function () {`. At an
// opening parenthesis QuickJS's parser scans ahead over the whole body to see
// whether it is an arrow function's parameter list: for this bundle that scan
// is about 30% of the load (bench/results.md, cold start).
function bangIife() {
  return {
    name: 'bang-iife',
    renderChunk(code) {
      const open = code.indexOf('(function () {');
      const close = code.lastIndexOf('})();');
      if (open < 0 || close < open) throw new Error('bang-iife: the bundle is not an IIFE');
      return { code: `${code.slice(0, open)}!function () {${code.slice(open + 14, close)}}();${code.slice(close + 5)}`, map: null };
    },
  };
}

export default {
  input: 'src/main.ts',
  output: {
    file: 'dist/ratscrew.js',
    format: 'iife',
    sourcemap: false,
    plugins: [bangIife()],
  },
  plugins: [
    contract(),
    // Comments stay in src/: in the bundle they only cost QuickJS parse time
    // on every start (bench/results.md, cold start).
    typescript({ tsconfig: './tsconfig.json', noEmit: false, outDir: undefined, declaration: false, removeComments: true }),
  ],
};
