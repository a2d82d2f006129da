// One ES script for every host: QuickJS 2021-03-27 on the PSP and the
// desktop, and quickjs-emscripten under vitest. ES2020 is the newest level
// that QuickJS release runs in full, and the bundle may touch no Node or
// browser API (src/host/ is the only code that sees globalThis).
// An IIFE, not a bare script: QuickJS looks a script's top-level names up in
// the global object's hash table on every use, while an IIFE's are closure
// variables (about 10% off a steady table frame).
import typescript from '@rollup/plugin-typescript';

export default {
  input: 'src/main.ts',
  output: {
    file: 'dist/ratscrew.js',
    format: 'iife',
    sourcemap: false,
  },
  plugins: [
    typescript({ tsconfig: './tsconfig.json', noEmit: false, outDir: undefined, declaration: false }),
  ],
};
