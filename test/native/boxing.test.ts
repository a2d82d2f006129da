// The PSP is a 32-bit machine, where QuickJS stores values NaN-boxed in 64
// bits instead of as 128-bit structs. The headless host built with -m32
// (make -C native headless32, needs Debian's gcc-multilib) runs the same
// representation on this machine: it must draw the same frames as the
// 64-bit build. A kernel without 32-bit support (some VMs) runs it under
// qemu-i386 (Debian's qemu-user). Skipped, with a warning, where gcc cannot
// build 32-bit code or nothing can run it.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROBE } from './bundles';
import { buildNative, HEADLESS, readHashes, ROOT, runHeadless, SCRIPTS_DIR, tempDir, BUILD_TIMEOUT_MS } from './headless';

const HEADLESS_32 = path.join(ROOT, 'build/native-32/ratscrew-headless');

/** How to run a 32-bit program here: directly, under qemu-i386, or not at all. */
function runner32(): string[] | null {
  const dir = tempDir('m32');
  const exe = path.join(dir, 'a');
  writeFileSync(path.join(dir, 'a.c'), '#include <stdio.h>\nint main(void) { return 0; }\n');
  if (spawnSync('cc', ['-m32', '-o', exe, path.join(dir, 'a.c')]).status !== 0) {
    console.warn('test/native/boxing: cc -m32 does not work (apt-get install gcc-multilib): skipped');
    return null;
  }
  if (spawnSync(exe).status === 0) return [];
  if (spawnSync('qemu-i386', [exe]).status === 0) return ['qemu-i386'];
  console.warn('test/native/boxing: this kernel cannot run 32-bit programs (apt-get install qemu-user): skipped');
  return null;
}

const wrapper32 = runner32();
const has32 = wrapper32 !== null;

describe.skipIf(!has32)('32-bit (NaN-boxing) QuickJS, as on the PSP', () => {
  beforeAll(() => buildNative('headless', 'headless32'), BUILD_TIMEOUT_MS);

  it('draws the smoke script exactly as the 64-bit build', () => {
    const args = ['--inputs', path.join(SCRIPTS_DIR, 'smoke.json'), '--no-raster', '--shots', ''];
    const a = runHeadless(args, { binary: HEADLESS });
    const b = runHeadless(args, { binary: HEADLESS_32, wrapper: wrapper32 ?? [] });
    expect(b.stderr).not.toMatch(/failed/);
    expect([a.status, b.status]).toEqual([0, 0]);
    expect(readHashes(b.out)).toEqual(readHashes(a.out));
  });

  it('draws the probe (doubles, seed above 2^31, saved text) exactly as the 64-bit build', () => {
    const bundle = path.join(tempDir('probe32'), 'probe.js');
    writeFileSync(bundle, PROBE);
    const saved = path.join(path.dirname(bundle), 'saved.txt');
    writeFileSync(saved, '{"old":[1.5,2e300,-0.1]}');
    const args = ['--bundle', bundle, '--frames', '90', '--seed', '4000000000', '--saved', saved, '--no-raster'];
    const a = runHeadless(args, { binary: HEADLESS });
    const b = runHeadless(args, { binary: HEADLESS_32, wrapper: wrapper32 ?? [] });
    expect([a.status, b.status]).toEqual([0, 0]);
    expect(readHashes(b.out)).toEqual(readHashes(a.out));
  });
});
