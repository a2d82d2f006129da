// The online rooms' wire in C (native/core/net_wire.c), which the desktop's
// and the PSP's clients read the server's bytes with: fed seeds and their
// mutations under AddressSanitizer and UBSan (native/tests/net_wire_fuzz.c),
// every reader must answer with a value or a reason and never touch memory
// it was not given; MessagePack that converts to JSON converts back to the
// same JSON. Its exact cases are in native/tests/core_test.c (core.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILD_TIMEOUT_MS = 300_000;

describe('the rooms wire in C', () => {
  it('takes any bytes from a server or a script: fuzzed under ASan and UBSan, round trips exact', () => {
    mkdirSync(path.join(ROOT, 'build'), { recursive: true });
    const build = spawnSync('flock', [path.join(ROOT, 'build/.native-build.lock'), 'make', '-s', '-C', path.join(ROOT, 'native'), 'net-wire-fuzz'], {
      encoding: 'utf8',
      timeout: BUILD_TIMEOUT_MS,
    });
    expect(build.status, build.stderr).toBe(0);
    const r = spawnSync(path.join(ROOT, 'build/native/net-wire-fuzz'), ['50000'], { encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/50000 inputs, no fault/);
    expect(r.status).toBe(0);
  }, BUILD_TIMEOUT_MS);
});
