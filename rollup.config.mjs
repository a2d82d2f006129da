// One ES script for every host: QuickJS 2021-03-27 on the PSP and the
// desktop, and quickjs-emscripten under vitest. ES2020 is the newest level
// that QuickJS release runs in full, and the bundle may touch no Node or
// browser API (src/host/ is the only code that sees globalThis).
import typescript from '@rollup/plugin-typescript';

export default {
  input: 'src/main.ts',
  output: {
    file: 'dist/ratscrew.js',
    format: 'es',
    sourcemap: false,
  },
  plugins: [
    typescript({ tsconfig: './tsconfig.json', noEmit: false, outDir: undefined, declaration: false }),
  ],
};
