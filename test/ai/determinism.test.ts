// The CPU players must decide bit-identically under QuickJS (the PSP and
// desktop hosts) and V8 (Node): the same bundle of src/ai + src/rules runs a
// whole table in quickjs-emscripten and in Node, and the traces must match.
import typescript from '@rollup/plugin-typescript';
import { getQuickJS } from 'quickjs-emscripten';
import { rollup } from 'rollup';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = '\0ai-determinism-entry';

/** src/ai, src/rules and the table driver as one ES2020 IIFE defining `aiTest`. */
async function bundle(): Promise<string> {
  const build = await rollup({
    input: ENTRY,
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => (id === ENTRY ? id : null),
        load: (id) =>
          id === ENTRY
            ? `export { reactionTime, playDelay, planSlaps, chooseTaker } from ${JSON.stringify(ROOT + 'src/ai/index.ts')};
               export { defaultOptions } from ${JSON.stringify(ROOT + 'src/rules/index.ts')};
               export { runTable } from ${JSON.stringify(ROOT + 'test/ai/table.ts')};`
            : null,
      },
      typescript({
        // Only the bundled files: no tsconfig (its include would pull in this Node-typed test).
        tsconfig: false,
        include: [ROOT + 'src/**/*.ts', ROOT + 'test/ai/table.ts'],
        compilerOptions: {
          target: 'ES2020',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2020'],
          strict: true,
          types: [],
          noEmitOnError: true,
        },
      }),
    ],
    onwarn: () => {},
  });
  const { output } = await build.generate({ format: 'iife', name: 'aiTest' });
  await build.close();
  return output[0].code;
}

/** Everything the CPU players decide, as one JSON string; evaluated the same way in both engines. */
const DRIVER = `(function () {
  var out = [];
  var ds = ['hard', 'medium', 'easy'];
  var rules = ['pair', 'sandwich', 'topBottom', 'tens', 'sandwichTens', 'marriage', 'divorce', 'hoagie', 'run', 'flush', 'joker'];
  for (var i = 0; i < ds.length; i++) {
    var rng = 2021;
    for (var k = 0; k < 3000; k++) {
      var r = aiTest.reactionTime(ds[i], rules[k % rules.length], rng);
      rng = r.rng;
      out.push(r.ms);
      var d = aiTest.playDelay(ds[i], rng);
      rng = d.rng;
      out.push(d.delay);
    }
    out.push(rng);
    for (var seed = 1; seed <= 2; seed++) {
      var run = aiTest.runTable(aiTest.defaultOptions('classic', 4), seed, ds[i], null, 1500);
      out.push(run.trace.length, run.cpuValidSlaps, run.cpuWrongSlaps, run.problems.length);
      out.push(run.trace.join(','));
    }
  }
  return JSON.stringify(out);
})()`;

describe('CPU decisions are identical in QuickJS and Node', () => {
  it('draws the same reaction times, delays and table of play', async () => {
    const code = await bundle();

    const inNode = new Function(`${code}; return ${DRIVER};`)() as string;

    const qjs = await getQuickJS();
    const vm = qjs.newContext();
    try {
      const result = vm.evalCode(`${code}; ${DRIVER}`, 'ai.js');
      const handle = vm.unwrapResult(result);
      const inQuickJS = vm.getString(handle);
      handle.dispose();
      expect(inQuickJS.length).toBeGreaterThan(10_000);
      expect(inQuickJS).toBe(inNode);
      const parsed = JSON.parse(inNode) as unknown[];
      expect(parsed.filter((x) => typeof x === 'string' && x.length > 100).length).toBe(6); // six real table traces
    } finally {
      vm.dispose();
    }
  });
});

describe('src/ai source', () => {
  it('uses no floating-point transcendental functions, no Math.random and no clock', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = ROOT + 'src/ai/';
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const code = readFileSync(dir + file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, ''); // comments may name what the code avoids
      expect(code, file).not.toMatch(/Math\.(exp|expm1|log|log1p|log2|log10|pow|sqrt|cbrt|sin|cos|tan|atan2?|asin|acos|sinh|cosh|tanh|hypot|random)\b|\*\*|Date|performance/);
    }
  });
});
