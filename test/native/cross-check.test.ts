// The native host and the tests' engines must draw the same frames: for every
// input script in test/scripts/, the per-frame FNV-1a hashes written by
// ratscrew-headless equal those of the same seed, saved text and button
// masks run in Node (the engine most tests drive, test/support/engine.ts),
// and for the parity set (test/support/parity.ts) in quickjs-emscripten too
// (docs/host-api.md §5, docs/testing.md).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type EngineKind } from '../support/engine';
import { PARITY_SCRIPTS } from '../support/parity';
import { frameTime, hashCommands } from '../support/quickjs-host';
import { PROBE } from './bundles';
import { buildNative, readHashes, readScript, runHeadless, scriptFiles, tempDir, type InputScript, BUILD_TIMEOUT_MS } from './headless';

const OP_QUIT = 6;

function hasQuit(cmds: Int32Array): boolean {
  for (let i = 0; i < cmds.length; i += 8) if (cmds[i] === OP_QUIT) return true;
  return false;
}

/** What a test engine draws for the script: one hash per frame until QUIT. */
async function engineHashes(engine: EngineKind, script: InputScript, source?: string): Promise<string[]> {
  const vm = await createEngine({ engine, seed: script.seed ?? 1, saved: script.saved ?? null, source });
  const inputs = script.inputs ?? [];
  const hashes: string[] = [];
  let cursor = 0;
  let mask = 0;
  try {
    for (let i = 0; i < (script.frames ?? 60); i++) {
      while (cursor < inputs.length && inputs[cursor]![0] <= i) mask = inputs[cursor++]![1];
      const cmds = vm.frame(frameTime(i), mask);
      hashes.push(hashCommands(cmds).toString(16).padStart(8, '0'));
      if (hasQuit(cmds)) break;
    }
  } finally {
    vm.dispose();
  }
  return hashes;
}

describe('native headless host vs Node, and vs quickjs-emscripten for the parity set', () => {
  beforeAll(() => buildNative('headless'), BUILD_TIMEOUT_MS);

  const files = scriptFiles();
  it('has input scripts to replay, the parity set among them', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((f) => path.basename(f))).toEqual(expect.arrayContaining([...PARITY_SCRIPTS]));
  });

  for (const file of files) {
    const engines: EngineKind[] = PARITY_SCRIPTS.includes(path.basename(file)) ? ['node', 'quickjs'] : ['node'];
    it(`draws the same frames for ${path.basename(file)} (${engines.join(', ')})`, async () => {
      const script = readScript(file);
      // Only the shot frames are rasterized (the hashes are of the command
      // lists): drawing every frame cost 24 s of CPU here, and the
      // rasterizer's safety on any command is core_test's, under ASan.
      const run = runHeadless(['--inputs', file, '--no-raster'], { timeoutMs: 300_000 });
      expect(run.stderr).not.toMatch(/failed/);
      expect(run.status).toBe(0);
      const native = readHashes(run.out);
      for (const engine of engines) {
        const expected = await engineHashes(engine, script);
        expect(native.length, engine).toBe(expected.length);
        const firstDiff = native.findIndex((h, i) => h !== expected[i]);
        expect(firstDiff, `${engine}: first differing frame: ${firstDiff}`).toBe(-1);
      }
      for (const shot of script.shots ?? []) {
        if (shot < native.length) expect(existsSync(path.join(run.out, `frame-${String(shot).padStart(5, '0')}.png`))).toBe(true);
      }
    }, 600_000);
  }
});

// The probe bundle feeds every host input (seed, time, buttons, saved text,
// save) into its commands, so this holds even while the game is a placeholder.
describe('the probe bundle', () => {
  beforeAll(() => buildNative('headless'), BUILD_TIMEOUT_MS);

  const script: InputScript = {
    seed: 0x9e3779b9,
    frames: 90,
    inputs: [[0, 0], [5, 0x4000], [9, 0x4008], [20, 0], [40, 0x8000], [41, 0]],
    saved: '{"old":true}',
  };

  it('draws the same frames natively and in quickjs-emscripten', async () => {
    const dir = tempDir('probe');
    const bundle = path.join(dir, 'probe.js');
    const inputs = path.join(dir, 'probe.json');
    writeFileSync(bundle, PROBE);
    writeFileSync(inputs, JSON.stringify(script));
    const run = runHeadless(['--bundle', bundle, '--inputs', inputs, '--shots', '3,60']);
    expect(run.stderr).not.toMatch(/failed/);
    expect(run.status).toBe(0);
    const native = readHashes(run.out);
    expect(native).toHaveLength(90);
    expect(new Set(native).size).toBeGreaterThan(30); // the frames differ
    expect(native).toEqual(await engineHashes('quickjs', script, PROBE));
    // host.save wrote the save file: the text and its checked trailer.
    const saved = readFileSync(path.join(run.out, 'save.json'), 'utf8');
    expect(saved).toMatch(/^\{"probe":500\}\n#ratscrew-save len=13 fnv1a=[0-9a-f]{8}\n$/);
  });

  it('changes the hashes when the seed changes (flags override the script)', () => {
    const dir = tempDir('probe-seed');
    const bundle = path.join(dir, 'probe.js');
    writeFileSync(bundle, PROBE);
    const a = runHeadless(['--bundle', bundle, '--frames', '10', '--seed', '1', '--no-raster']);
    const b = runHeadless(['--bundle', bundle, '--frames', '10', '--seed', '2', '--no-raster']);
    expect(a.status).toBe(0);
    expect(b.status).toBe(0);
    expect(readHashes(a.out)).not.toEqual(readHashes(b.out));
  });
});
