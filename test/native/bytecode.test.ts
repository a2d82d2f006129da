// The hosts run the game from bytecode written at build time
// (native/tools/compile_bytecode.c, docs/native.md "Bytecode"): it must
// draw what the source draws, keep the file names and line numbers that
// backtraces show, refuse bytecode another QuickJS wrote, and the build must
// stop when the QuickJS writing the PSP's bytecode numbers atoms or opcodes
// differently from the PSP's own (tools/native/bytecode-abi.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { abiOf, compareAbi } from '../../tools/native/bytecode-abi.mjs';
import * as B from './bundles';
import { buildNative, readHashes, ROOT, runHeadless, tempDir, BUILD_TIMEOUT_MS } from './headless';

const TOOL = path.join(ROOT, 'build/native/compile-bytecode');
const PSP_TOOL_QJS = path.join(ROOT, 'build/psp-bytecode/qjs/quickjs.o');
const DESKTOP_QJS = path.join(ROOT, 'build/native/qjs/quickjs.o');
const PSP_QJS = path.join(ROOT, 'build/psp-quickjs/quickjs.o');
const BUNDLE = path.join(ROOT, 'dist/ratscrew.js');
const dir = tempDir('bytecode');

function compile(name: string, source: string, extra: string[] = []) {
  const js = path.join(dir, `${name}.js`);
  const bc = path.join(dir, `${name}.qjsbc`);
  writeFileSync(js, source);
  // named as the source run names it (--bundle's path), to compare the two
  const r = spawnSync(TOOL, [...extra, '--name', js, js, bc], { encoding: 'utf8' });
  return { js, bc, ...r };
}

describe('bytecode in the hosts', () => {
  beforeAll(() => buildNative('headless', 'psp-bytecode-tool'), BUILD_TIMEOUT_MS);

  it('the embedded bytecode draws the frames the source draws', () => {
    const script = path.join(ROOT, 'test/scripts/smoke.json');
    const fromBytecode = runHeadless(['--inputs', script, '--no-raster']);
    const fromSource = runHeadless(['--bundle', BUNDLE, '--inputs', script, '--no-raster']);
    expect(fromBytecode.status, fromBytecode.stderr).toBe(0);
    expect(fromSource.status, fromSource.stderr).toBe(0);
    const hashes = readHashes(fromBytecode.out);
    expect(hashes.length).toBeGreaterThan(100);
    expect(hashes).toEqual(readHashes(fromSource.out));
  });

  it('the headless binary carries bytecode, not the bundle text', () => {
    const binary = readFileSync(path.join(ROOT, 'build/native/ratscrew-headless'));
    const bundle = readFileSync(BUNDLE, 'utf8');
    // a stretch of the bundle's own text, long enough to be nowhere else
    const sample = bundle.slice(Math.floor(bundle.length / 2), Math.floor(bundle.length / 2) + 80);
    expect(binary.includes(Buffer.from(sample))).toBe(false);
    expect(binary.includes(readFileSync(path.join(ROOT, 'build/native/gen/ratscrew.qjsbc')))).toBe(true);
  });

  for (const [label, source, frames] of [
    ['an exception while loading', B.THROW_AT_LOAD, '10'],
    ['an exception in a frame', B.THROW_IN_FRAME, '60'],
    ['a stack overflow', B.RECURSE_FOREVER, '60'],
  ] as const) {
    it(`${label}: the same message, backtrace with file and lines, and error screen as from source`, () => {
      const name = label.replace(/\W+/g, '-');
      const c = compile(name, source);
      expect(c.status, c.stderr).toBe(0);
      const fromSource = runHeadless(['--bundle', c.js, '--frames', frames], { timeoutMs: 60_000 });
      const fromBytecode = runHeadless(['--bytecode', c.bc, '--frames', frames], { timeoutMs: 60_000 });
      expect(fromSource.status).toBe(2);
      expect(fromBytecode.status).toBe(2);
      expect(fromBytecode.stderr).toMatch(new RegExp(`/${name}\\.js:\\d+\\)`));
      expect(fromBytecode.stderr).toBe(fromSource.stderr);
      expect(readFileSync(path.join(fromBytecode.out, 'error.png'))).toEqual(readFileSync(path.join(fromSource.out, 'error.png')));
    });
  }

  it('stripped bytecode (what the debug information is for) loses the lines', () => {
    const c = compile('stripped', B.THROW_IN_FRAME, ['--strip']);
    expect(c.status, c.stderr).toBe(0);
    const r = runHeadless(['--bytecode', c.bc, '--frames', '60', '--no-raster']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('TypeError: broken in frame');
    expect(r.stderr).not.toMatch(/stripped\.js:\d+/);
  });

  it('a script that does not compile stops the build step with its position', () => {
    const c = compile('broken', 'var a = 1;\nvar b = (;\n');
    expect(c.status).toBe(2);
    expect(c.stderr).toContain('SyntaxError');
    expect(c.stderr).toContain('broken.js:2');
    expect(existsSync(c.bc)).toBe(false);
  });

  it('bytecode of another format is refused with a message, not a crash', () => {
    const c = compile('versioned', B.THROW_IN_FRAME);
    const bytes = readFileSync(c.bc);
    bytes[0] = bytes[0]! ^ 0x02; // BC_VERSION: 1 here, 2 with CONFIG_BIGNUM
    writeFileSync(c.bc, bytes);
    const r = runHeadless(['--bytecode', c.bc, '--frames', '10', '--no-raster']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('failed to load');
    expect(r.stderr).toMatch(/invalid version/);
  });
});

describe('the bytecode ABI check (tools/native/bytecode-abi.mjs)', () => {
  beforeAll(() => buildNative('headless', 'psp-bytecode-tool'), BUILD_TIMEOUT_MS);

  const check = (writer: string, reader: string) =>
    spawnSync('node', [path.join(ROOT, 'tools/native/bytecode-abi.mjs'), writer, reader, 'the PSP'], { encoding: 'utf8' });

  it('names the format version, the atoms and the opcodes', () => {
    const abi = abiOf(DESKTOP_QJS);
    expect(abi).toMatch(/^QuickJS bytecode ABI\nconfig 2021-03-27\nversion 1\natoms\nnull\n/);
    expect(abi).toContain('\nopcodes\ninvalid 1 0 0 none\n');
  });

  it('stops the build when the writer is configured like the desktop (CONFIG_ATOMICS on) and the reader like the PSP', () => {
    const r = check(DESKTOP_QJS, PSP_TOOL_QJS);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('the bytecode for the PSP would be misread');
    expect(r.stderr).toContain('in the atoms');
    expect(compareAbi(abiOf(DESKTOP_QJS), abiOf(PSP_TOOL_QJS))).not.toBeNull();
  });

  it('passes a writer built like its reader', () => {
    expect(check(PSP_TOOL_QJS, PSP_TOOL_QJS).status).toBe(0);
    expect(check(DESKTOP_QJS, DESKTOP_QJS).status).toBe(0);
  });

  it.skipIf(!existsSync(PSP_QJS))("passes the PSP writer against the PSP's own quickjs.o (MIPS, from make psp)", () => {
    const r = check(PSP_TOOL_QJS, PSP_QJS);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(check(DESKTOP_QJS, PSP_QJS).status).toBe(1);
  });

  it('refuses an object without the section', () => {
    const r = check(path.join(ROOT, 'build/native/core/vm.o'), DESKTOP_QJS);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('has no .qjs_bytecode_abi section');
  });
});
