// Nothing hangs, round two (issue 25): the frame and load deadlines hold in
// native code too — QuickJS's own loops (native/quickjs/patches/
// 0006-interrupt-native-loops.patch), and time inside host.load / host.save
// (native/core/vm_host.c) — and an exception that cannot be turned into a
// string is described by its type. Each case ran until a signal ended it,
// or was reported as "out of memory", before its fix; docs/reliability.md §8.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNative, BUILD_TIMEOUT_MS, runHeadless, tempDir } from '../native/headless';

const dir = tempDir('deadlines');
const C = 'var c = new Int32Array(2048 * 8);\n';
/** A bundle whose frame runs `body` (then draws one CLEAR). */
const framing = (body: string) => `${C}globalThis.ratscrew = { commands: c, frame: function (now) { ${body}; c[0] = 1; return 1; } };\n`;

function headless(source: string, extra: string[] = []) {
  const file = path.join(dir, 'b.js');
  writeFileSync(file, source);
  // A hang shows as the 60 s timeout (status null), not as a failed assertion on time.
  return runHeadless(['--bundle', file, '--frames', '5', '--no-raster', '--load-budget-ms', '400', '--frame-budget-ms', '300', ...extra], { timeoutMs: 60_000 });
}

beforeAll(() => buildNative('headless'), BUILD_TIMEOUT_MS);

const A = 'var a = "a".repeat(1 << 20); ';

describe('QuickJS\'s native loops meet the frame deadline (one case per builtin class)', () => {
  it.each([
    // The regexp engine: catastrophic backtracking, also under try/catch and in replace.
    ['regexp backtracking', '/(a+)+b/.test("a".repeat(40))'],
    ['regexp backtracking, caught in a loop', 'for (;;) { try { /(a+)+b/.test("a".repeat(40)); } catch (e) {} }'],
    ['regexp in String.prototype.replace', '"a".repeat(40).replace(/(a+)+b/g, "")'],
    // The Array builtins' generic loops over `length`.
    ['Array includes on length 9e15', 'Array.prototype.includes.call({ length: 9e15 }, 1)'],
    ['Array indexOf on length 9e15', 'Array.prototype.indexOf.call({ length: 9e15 }, 1)'],
    ['Array lastIndexOf on length 2^32 - 1', 'Array.prototype.lastIndexOf.call({ length: 4294967295 }, 1)'],
    ['Array join with an empty separator', 'Array.prototype.join.call({ length: 9e15 }, "")'],
    ['Array reverse', 'Array.prototype.reverse.call({ length: 9e15 })'],
    ['Array copyWithin', 'Array.prototype.copyWithin.call({ length: 9e15 }, 0, 1)'],
    ['Array splice', 'Array.prototype.splice.call({ length: 9e15 }, 0, 1)'],
    ['a sparse Array of 2^32 - 1', 'new Array(4294967295).indexOf(1)'],
    // String search, quadratic at worst.
    ['String indexOf', `${A}(a + a).indexOf(a + "b")`],
    ['String lastIndexOf', `${A}(a + a).lastIndexOf(a + "b")`],
    ['String includes', `${A}(a + a).includes(a + "b")`],
    ['String split', `${A}(a + a).split(a + "b")`],
    ['String replace', `${A}(a + a).replace(a + "b", "")`],
  ])('%s', (_name, body) => {
    const r = headless(framing(body));
    expect(r.signal).toBeNull();
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('ratscrew.frame ran longer than 300 ms and was stopped (interrupted)');
  });

  it('a regexp at load meets the load deadline', () => {
    const r = headless(`/(a+)+b/.test("a".repeat(40));\n${framing('')}`);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('loading the script ran longer than 400 ms and was stopped (interrupted)');
  });

  it('the polls change nothing that finishes: the same searches on small inputs', () => {
    const body = 'var s = "abcabcabd"; if (!/(a+)+b/.test("aab") || s.indexOf("abd") !== 6 || s.lastIndexOf("abc") !== 3 || '
      + '!s.includes("cab") || s.split("c").length !== 3 || [1, 2, 3].indexOf(3) !== 2 || [1, 2].includes(5) || '
      + '[3, 1, 2].sort().join("") !== "123" || Array.prototype.lastIndexOf.call({ length: 3, 1: 7 }, 7) !== 1) throw new Error("wrong")';
    const r = headless(framing(body));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

describe('host.load and host.save: a bound per frame (VM_HOST_IO_CALLS)', () => {
  it.each([
    ['host.save', 'for (;;) host.save("x")'],
    ['host.load', 'for (;;) host.load()'],
  ])('%s in an endless loop: a clear error, exit 2', (name, body) => {
    const r = headless(framing(body));
    expect(r.signal).toBeNull();
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`RangeError: ${name} was called more than 4 times during one frame`);
  });

  it('the same at load', () => {
    const r = headless(`for (;;) host.load();\n${framing('')}`);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('RangeError: host.load was called more than 4 times during loading');
  });

  it('a script that catches the error still meets its deadline', () => {
    const r = headless(framing('for (;;) { try { host.save("x"); } catch (e) {} }'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('ran longer than 300 ms');
  });

  it('four saves in every frame are allowed, frame after frame', () => {
    const r = headless(framing('for (var i = 0; i < 4; i++) host.save("{}"); host.load(); host.load()'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

describe('an exception that cannot be turned into a string is described by its type', () => {
  it.each([
    ['throw Symbol()', 'the script threw a Symbol\n(turning it into a string threw TypeError: cannot convert symbol to string)'],
    ['throw Symbol("card")', 'the script threw a Symbol (card)'],
    ['throw Object.create(null)', 'the script threw an object without a prototype'],
    ['throw new Proxy({}, { get: function () { throw new Error("trap"); }, getPrototypeOf: function () { throw 1; } })',
      'the script threw an object whose prototype cannot be read (a Proxy)\n(turning it into a string threw Error: trap)'],
    ['throw new Proxy({}, { get: function () { throw new Error("trap"); } })',
      'the script threw an object that cannot be turned into a string\n(turning it into a string threw Error: trap)'],
    ['throw { toString: function () { throw new TypeError("no"); } }', '(turning it into a string threw TypeError: no)'],
    ['throw { toString: function f() { return f(); } }', '(turning it into a string threw InternalError: stack overflow)'],
    ['throw { toString: function () { return String(this); } }', 'the script threw an object that cannot be turned into a string'],
    ['throw { toString: function () { throw Symbol("x"); } }', '(turning it into a string threw a Symbol (x))'],
  ])('%s', (body, message) => {
    for (const source of [framing(body), `${body};\n`]) {
      const r = headless(source);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr).not.toContain('out of memory');
    }
  });

  it('"out of memory" still when memory ran out', () => {
    const r = headless(framing('var k = []; for (;;) k.push({ a: k.length })'), ['--memory-limit', '1048576']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('out of memory');
  });
});
