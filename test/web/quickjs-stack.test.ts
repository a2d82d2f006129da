// The page's QuickJS engine (web/src/engine/quickjs.ts, `?engine=quickjs`)
// and a script that recurses deeper than WebAssembly's stack (issue 33,
// item 2): a JSON.parse nested 1,000,000 deep used to run the browser's
// stack out inside QuickJS and abort the WebAssembly ("Assertion failed:
// list_empty(&rt->gc_obj_list)" when the runtime was freed). Now QuickJS's
// own stack limit comes first: the script gets its catchable stack
// overflow, as on the C hosts, and an uncaught one is a clear error. In
// Node (the same WebAssembly module as the page's).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CAPABILITIES, headlessFrameMs, type Host } from '../../src/contract';
import { ROOT } from '../native/headless';
import { QuickJsEngine } from '../../web/src/engine/quickjs';
import { NO_NETWORK, NOT_NEARBY } from '../../web/src/net';

function host(logs: string[]): Host {
  return { seed: 1, caps: DEFAULT_CAPABILITIES, load: () => null, save: () => true, log: (t) => void logs.push(t), problem: () => null, keepDamaged: () => true, chosen: () => {}, ...NO_NETWORK, ...NOT_NEARBY };
}

const C = 'var c = new Int32Array(2048 * 8), n = 0;\n';
const DEEP = "JSON.parse('['.repeat(1000000) + ']'.repeat(1000000))";
const inFrame = (body: string) => `${C}globalThis.ratscrew = { commands: c, frame: function () { if (++n === 2) { ${body} } c[0] = 1; return 1; } };`;

describe('QuickJS in WebAssembly and a script deeper than its stack', () => {
  it('an uncaught JSON.parse 1,000,000 deep in a frame: a stack overflow error; the engine is freed without an abort', async () => {
    const e = await QuickJsEngine.create(inFrame(DEEP), host([]));
    expect(e.frame(0, 0)).toBe(1);
    let err: unknown = null;
    try {
      e.frame(16, 0);
    } catch (x) {
      err = x;
    }
    expect(String((err as Error).message)).toMatch(/stack overflow/i);
    expect(String((err as Error).message)).not.toMatch(/Assertion|Aborted|Maximum call stack/);
    expect(() => e.dispose()).not.toThrow();
  });

  it('caught, as on the C hosts: the script goes on', async () => {
    const logs: string[] = [];
    const e = await QuickJsEngine.create(inFrame(`try { ${DEEP}; } catch (x) { host.log('caught ' + x); }`), host(logs));
    for (let i = 0; i < 4; i++) expect(e.frame(i * 16, 0)).toBe(1);
    expect(logs).toEqual([expect.stringMatching(/^caught \w*Error: stack overflow/)]);
    e.dispose();
  });

  it('at load, uncaught: a clear error from create', async () => {
    await expect(QuickJsEngine.create(`${C}${DEEP};`, host([]))).rejects.toThrow(/stack overflow/);
  });

  it('plain recursion 5,000 deep: the same catchable overflow', async () => {
    const logs: string[] = [];
    const e = await QuickJsEngine.create(inFrame("function f(k) { return k ? f(k - 1) + 1 : 0; } try { f(5000); host.log('no overflow'); } catch (x) { host.log('caught ' + x); }"), host(logs));
    e.frame(0, 0);
    e.frame(16, 0);
    expect(logs).toEqual([expect.stringMatching(/^caught InternalError: stack overflow/)]);
    e.dispose();
  });

  it('a whole game runs within the limit (test/scripts/full-game-classic.json)', async () => {
    const script = JSON.parse(readFileSync(path.join(ROOT, 'test/scripts/full-game-classic.json'), 'utf8')) as { seed: number; frames: number; inputs: [number, number][] };
    const e = await QuickJsEngine.create(readFileSync(path.join(ROOT, 'dist/ratscrew.js'), 'utf8'), { ...host([]), seed: script.seed });
    let k = 0;
    let mask = 0;
    for (let i = 0; i < script.frames; i++) {
      while (k < script.inputs.length && script.inputs[k]![0] <= i) mask = script.inputs[k++]![1];
      expect(e.frame(headlessFrameMs(i), mask)).toBeGreaterThan(0);
    }
    e.dispose();
  });

  it('the real game given a save nested 5,000 deep: its reader catches the overflow (the notice), as on the C hosts, no crash', async () => {
    const logs: string[] = [];
    const saved = `{"version":1,"settings":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const e = await QuickJsEngine.create(readFileSync(path.join(ROOT, 'dist/ratscrew.js'), 'utf8'), { ...host(logs), load: () => saved });
    for (let i = 0; i < 30; i++) expect(e.frame(headlessFrameMs(i), 0)).toBeGreaterThan(0);
    expect(logs).toContain('saved data was damaged; defaults used where unreadable');
    e.dispose();
  });
});
