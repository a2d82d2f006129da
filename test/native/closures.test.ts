// QuickJS patch 0008 (native/quickjs/patches/0008-var-ref-index.patch): in a
// function with 64 or more arguments and variables, closures find the
// variables they share through an index instead of a list. The index must
// give each closure the variable it names, follow per-iteration `let`
// bindings, outlive closures freed while their variable is still open, and
// free what it holds on return, throw, generator ends, and a suspended async frame. The checks
// run at load in the native host, plain and under AddressSanitizer (a
// dangling reference is a use-after-free there), in frames with 80 locals.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNative, HEADLESS, HEADLESS_ASAN, runHeadless, tempDir, BUILD_TIMEOUT_MS } from './headless';

const locals = Array.from({ length: 80 }, (_, i) => `let v${i} = ${i};`).join(' ');

/** Every check throws at load if a closure reads the wrong variable; done() reports the count. */
export const CLOSURE_CHECKS = `
var passed = 0;
function check(name, got, want) { if (got !== want) throw new Error(name + ': ' + got + ' != ' + want); passed++; }
(function top() {
  ${locals}
  const fs = [];
  for (let i = 0; i < 5; i++) fs.push(() => i + v3);
  check('per-iteration let', fs.map((f) => f()).join(','), '3,4,5,6,7');
  const a = () => v1, b = () => v1;
  v1 = 100; check('shared variable', a() + b(), 200);
  const inc = () => ++v70; inc(); inc(); check('written through a closure', v70, 72);
  let keep; { let inner = 5; keep = () => inner; inner = 6; } check('block scope', keep(), 6);
  const r = [];
  for (let k = 0; k < 3; k++) { const h = () => k * v10; r.push(h()); }
  check('closures freed while their variables are open', r.join(','), '0,10,20');
})();
function manyArgs(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, ...rest) {
  ${locals}
  const g = () => a3 + v5 + arguments.length + rest.length;
  a3 = 10; return g();
}
check('arguments', manyArgs(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), 10 + 5 + 12 + 2);
function sloppy(x0, x1) { ${locals} const g = () => arguments[0] + x1; x0 = 7; return g(); }
check('mapped arguments', sloppy(1, 2), 9);
function* gen() {
  ${locals}
  const f = () => v2 + v60;
  yield f(); v2 = 50; yield f();
  for (let k = 0; k < 3; k++) { const h = () => k * v10; yield h(); }
}
check('generator', [...gen()].join(','), '62,110,0,10,20');
const early = gen(); early.next(); early.return();
for (let t = 0; t < 3; t++) {
  try { (function () { ${locals} const q = () => v7; throw q; })(); } catch (q) { check('after a throw', q(), 7); }
}
let sum = 0;
for (let n = 0; n < 200; n++) sum += (function () { ${locals} return (() => v63 + n)(); })();
check('many calls', sum, 200 * 63 + 199 * 100);
// the host runs no promise jobs: this frame stays suspended at its await until the runtime is freed
(async function () { ${locals} const f = () => v4 + v64; v4 = 40; check('async', f(), 104); await null; })();
globalThis.ratscrew = { commands: new Int32Array(2048 * 8), frame: function () {
  if (passed !== 13) throw new Error('checks passed: ' + passed);
  return 0;
} };
`;

function run(binary: string, source: string) {
  const file = path.join(tempDir('closures'), 'closures.js');
  writeFileSync(file, source);
  return runHeadless(['--bundle', file, '--frames', '2', '--no-raster'], { binary, timeoutMs: 60_000, env: { ASAN_OPTIONS: 'detect_leaks=1' } });
}

describe('closures in big frames (QuickJS patch 0008)', () => {
  beforeAll(() => buildNative('headless', 'asan'), BUILD_TIMEOUT_MS);

  for (const binary of [HEADLESS, HEADLESS_ASAN]) {
    it(`read and write the variables they name: ${path.relative(path.join(HEADLESS, '../../..'), binary)}`, () => {
      const r = run(binary, CLOSURE_CHECKS);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    });
  }

  it('a wrong answer fails the load (the checks can fail)', () => {
    const r = run(HEADLESS, CLOSURE_CHECKS.replace("'0,10,20');\n})();", "'0,10,21');\n})();"));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('closures freed while their variables are open: 0,10,20 != 0,10,21');
  });
});
