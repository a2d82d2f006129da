// Memory safety of the native host: the AddressSanitizer + UBSan build (with
// LeakSanitizer) replays a short script and every error path, and valgrind
// memcheck runs the plain build. Any invalid access, undefined behaviour or
// leak fails the test.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as B from './bundles';
import { BUNDLE_PATH } from '../support/quickjs-host';
import { buildNative, HEADLESS, HEADLESS_ASAN, readHashes, runHeadless, SCRIPTS_DIR, tempDir, BUILD_TIMEOUT_MS } from './headless';

const SMOKE = path.join(SCRIPTS_DIR, 'smoke.json');
const ASAN_ENV = {
  ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0:exitcode=86',
  UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1:exitcode=87',
};
const dir = tempDir('membundles');

function bundleFile(name: string, source: string): string {
  const file = path.join(dir, `${name}.js`);
  writeFileSync(file, source);
  return file;
}

function expectClean(stderr: string): void {
  expect(stderr).not.toMatch(/AddressSanitizer|LeakSanitizer|runtime error:/);
}

describe('sanitizer build', () => {
  beforeAll(() => buildNative('asan'), BUILD_TIMEOUT_MS);

  it('replays the smoke script with screenshots: no invalid access, no leak', () => {
    const r = runHeadless(['--inputs', SMOKE, '--frames', '120', '--shots', '0,119'], {
      binary: HEADLESS_ASAN, env: ASAN_ENV, timeoutMs: 180_000,
    });
    expectClean(r.stderr);
    expect(r.status).toBe(0);
    expect(readHashes(r.out)).toHaveLength(120);
  });

  it('runs the probe (load, save, sounds, flipped sprites) cleanly', () => {
    const r = runHeadless(['--bundle', bundleFile('probe', B.PROBE), '--frames', '40', '--shots', '39'], {
      binary: HEADLESS_ASAN, env: ASAN_ENV,
    });
    expectClean(r.stderr);
    expect(r.status).toBe(0);
  });

  const failures: [string, string, string[]][] = [
    ['throw at load', B.THROW_AT_LOAD, []],
    ['throw in frame', B.THROW_IN_FRAME, []],
    ['loop forever', B.LOOP_FOREVER, ['--frame-budget-ms', '300']],
    ['allocate forever', B.ALLOCATE_FOREVER, ['--memory-limit', String(4 << 20)]],
    ['grow per frame', B.GROW_PER_FRAME, ['--memory-limit', String(4 << 20)]],
    ['recurse forever', B.RECURSE_FOREVER, []],
    ['bad count', B.BAD_COUNT, []],
  ];
  for (const [name, source, extra] of failures) {
    it(`frees everything after a script error: ${name}`, () => {
      const r = runHeadless(['--bundle', bundleFile(name.replace(/ /g, '-'), source), '--frames', '60', ...extra], {
        binary: HEADLESS_ASAN, env: ASAN_ENV,
      });
      expectClean(r.stderr);
      expect(r.status).toBe(2);
    });
  }
});

// Memory limits at which loading the game once crashed QuickJS 2021-03-27
// (native/quickjs/patches/0002-*.patch, core/vm.c's compile headroom and
// runtime parking): each must now end in a clean report, with no invalid
// access and no leak.
const LOAD_LIMITS = [67840, 96256, 127488, 137216, 321024, 464896, 517120, 557056, 612352, 634880, 655360, 675840];

describe('out of memory while loading the game (sanitizer build)', () => {
  beforeAll(() => buildNative('asan'), BUILD_TIMEOUT_MS);

  it('reports it (exit 2, "out of memory") or runs; never a crash', () => {
    const outOfMemory: number[] = [];
    for (const limit of LOAD_LIMITS) {
      const r = runHeadless(['--bundle', BUNDLE_PATH, '--frames', '30', '--no-raster', '--memory-limit', String(limit)], {
        binary: HEADLESS_ASAN, env: ASAN_ENV,
      });
      expectClean(r.stderr);
      expect([0, 2], `limit ${limit}: ${r.signal ?? r.status}`).toContain(r.status);
      if (r.status === 2) {
        expect(r.stderr).toContain('out of memory');
        outOfMemory.push(limit);
      }
    }
    // The case under test happened: memory ran out while loading, at least at
    // every limit below 512 KB (the bundle alone compiles to more than that).
    expect(outOfMemory).toEqual(expect.arrayContaining(LOAD_LIMITS.filter((limit) => limit < 512 * 1024)));
  });
});

describe('valgrind memcheck', () => {
  beforeAll(() => buildNative('headless'), BUILD_TIMEOUT_MS);

  it('replays the smoke script with no memory errors and no leaks', () => {
    const r = runHeadless(['--inputs', SMOKE, '--frames', '30', '--shots', '29', '--frame-budget-ms', '60000'], {
      binary: HEADLESS,
      wrapper: ['valgrind', '-q', '--error-exitcode=99', '--leak-check=full',
        '--errors-for-leak-kinds=definite,indirect,possible', '--show-leak-kinds=definite,indirect,possible'],
      timeoutMs: 240_000,
    });
    expect(r.stderr).not.toMatch(/==\d+== (Invalid|Conditional|.*definitely lost)/);
    expect(r.status).toBe(0);
  });
});
