// The simulation benchmark bundle (bench/sim/entry.ts -> build/bench/sim.js):
// run from the repository root by bench/lib/build.mjs.
import typescript from '@rollup/plugin-typescript';

export default {
  input: 'bench/sim/entry.ts',
  output: { file: 'build/bench/sim.js', format: 'es', sourcemap: false },
  plugins: [typescript({ tsconfig: './bench/sim/tsconfig.json', noEmit: false, outDir: undefined, declaration: false })],
};
