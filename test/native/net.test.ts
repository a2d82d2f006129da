// The C client's reading of the network (native/core/net: the wire and the
// room), which the desktop's and the PSP's clients share: fed seeds and
// their mutations under AddressSanitizer and UBSan (native/tests/net_fuzz.c),
// every reader must answer with a value or a reason and never touch memory
// it was not given, MessagePack that converts to JSON converts back to the
// same JSON, and the room fed any run of events hands the script only JSON
// arrays; so does the nearby room's C (native/core/net/nearby.c), a hosting
// and a joining PSP's, fed any run of link events and bytes. The exact
// cases are in native/tests/core_test.c (core.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILD_TIMEOUT_MS = 300_000;

describe('the C client\'s reading of the network', () => {
  it('takes any bytes from a server or a script: fuzzed under ASan and UBSan, round trips exact', () => {
    mkdirSync(path.join(ROOT, 'build'), { recursive: true });
    const build = spawnSync('flock', [path.join(ROOT, 'build/.native-build.lock'), 'make', '-s', '-C', path.join(ROOT, 'native'), 'net-fuzz'], {
      encoding: 'utf8',
      timeout: BUILD_TIMEOUT_MS,
    });
    expect(build.status, build.stderr).toBe(0);
    const r = spawnSync(path.join(ROOT, 'build/native/net-fuzz'), ['50000'], { encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/50000 inputs, no fault \(([1-9]\d*) joined a room/);
    // The nearby runs got as far as a PSP's hello (past the frames' and the JSON's checks).
    expect(r.stdout).toMatch(/nearby: ([1-9]\d*) hellos/);
    expect(r.status).toBe(0);
  }, BUILD_TIMEOUT_MS);
});
