// Runs the C unit tests of native/core (native/tests/core_test.c), plain and
// under AddressSanitizer + UBSan.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNative, ROOT, tempDir, BUILD_TIMEOUT_MS } from './headless';

function run(binary: string) {
  return spawnSync(path.join(ROOT, binary), [tempDir('core')], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1', UBSAN_OPTIONS: 'halt_on_error=1' },
  });
}

describe('native core unit tests', () => {
  beforeAll(() => buildNative('core-test', 'asan'), BUILD_TIMEOUT_MS);

  for (const binary of ['build/native/core-test', 'build/native-asan/core-test']) {
    it(binary, () => {
      const r = run(binary);
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain('all passed');
      expect(r.status).toBe(0);
    });
  }
});
