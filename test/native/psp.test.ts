// What can be checked of the PSP build on a machine without the pspdev
// toolchain: the PSP layer compiles (against declarations of the PSPSDK API,
// see psp-stubs/README.md), `make psp` explains how to get the toolchain,
// the PSP decoder survives fuzzed command lists, and the release zip writer
// produces a valid archive.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS, ROOT, tempDir } from './headless';

describe('PSP build without the toolchain', () => {
  it('compiles the PSP layer, the core and patched QuickJS with __PSP__ (stub syntax check)', () => {
    mkdirSync(path.join(ROOT, 'build'), { recursive: true });
    const r = spawnSync('flock', [path.join(ROOT, 'build/.native-build.lock'), 'make', '-s', '-C', path.join(ROOT, 'native'), 'psp-check'], {
      encoding: 'utf8',
      timeout: BUILD_TIMEOUT_MS,
    });
    expect(r.stderr).not.toMatch(/error/);
    expect(r.status).toBe(0);
  }, BUILD_TIMEOUT_MS);

  it('the PSP decoder takes any command list: fuzzed under ASan and UBSan, every vertex where the GE can draw', () => {
    const build = spawnSync('flock', [path.join(ROOT, 'build/.native-build.lock'), 'make', '-s', '-C', path.join(ROOT, 'native'), 'psp-video-fuzz'], {
      encoding: 'utf8',
      timeout: BUILD_TIMEOUT_MS,
    });
    expect(build.status, build.stderr).toBe(0);
    const r = spawnSync(path.join(ROOT, 'build/native/psp-video-fuzz'), { encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/all passed/);
    expect(r.status).toBe(0);
  }, BUILD_TIMEOUT_MS);

  it('make psp says how to install pspdev and fails when PSPDEV is unset', () => {
    const env = { ...process.env };
    delete env.PSPDEV;
    const r = spawnSync('make', ['-s', '-C', path.join(ROOT, 'native'), 'psp'], { encoding: 'utf8', env, timeout: 60_000 });
    expect(r.status).not.toBe(0);
    expect(r.stdout).toContain('https://github.com/pspdev/pspdev/releases');
    expect(r.stdout).toContain('export PSPDEV=');
  });
});

/** Reads every entry of a zip: names and inflated contents, CRC checked. */
function readZip(buf: Buffer): Map<string, Buffer> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const nameLen = buf.readUInt16LE(at + 28);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    const size = buf.readUInt32LE(local + 18);
    const data = buf.subarray(local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28), local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28) + size);
    const content = zlib.inflateRawSync(data);
    expect(content.length).toBe(buf.readUInt32LE(local + 22));
    files.set(name, content);
    at += 46 + nameLen + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return files;
}

describe('release zip writer (tools/native/zip.mjs)', () => {
  it('stores the EBOOT under PSP/GAME/RATSCREW/ intact', () => {
    const dir = tempDir('zip');
    const eboot = Buffer.alloc(200_000);
    for (let i = 0; i < eboot.length; i++) eboot[i] = (i * 31 + (i >> 9)) & 0xff;
    writeFileSync(path.join(dir, 'EBOOT.PBP'), eboot);
    const out = path.join(dir, 'ratscrew-psp.zip');
    execFileSync('node', [path.join(ROOT, 'tools/native/zip.mjs'), out, `PSP/GAME/RATSCREW/EBOOT.PBP=${path.join(dir, 'EBOOT.PBP')}`], { stdio: 'ignore' });
    const files = readZip(readFileSync(out));
    expect([...files.keys()]).toEqual(['PSP/GAME/RATSCREW/EBOOT.PBP']);
    expect(files.get('PSP/GAME/RATSCREW/EBOOT.PBP')!.equals(eboot)).toBe(true);
    const unzip = spawnSync('unzip', ['-tq', out], { encoding: 'utf8' });
    if (!unzip.error) expect(unzip.status).toBe(0); // a second opinion where unzip exists
  });
});
