#!/usr/bin/env node
// Fetches the QuickJS 2021-03-27 C sources for the native hosts.
//
//   node tools/native/fetch-quickjs.mjs OUT_DIR [--from QUICKJS_DIR]
//
// By default the sources come from the npm package qjsc@0.3.0 (the registry
// is the only source we can reach), whose tarball is checked against the
// registry's pinned sha512 before anything is extracted. --from copies another
// QuickJS checkout instead. Either way the patches in native/quickjs/patches/
// are applied to the copy under OUT_DIR/src, never to the original, and a
// stamp records what was built so repeated builds do nothing.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = 'qjsc@0.3.0';
const INTEGRITY =
  'sha512-a7+cU6/IVcZbIejffdt/wZVMX6LL2MDL3HQ9Zb5Gm23G9DvBMS/z9GHFxz39bAvp2PvMOM+ypSOAyokt2DdZ2w==';
const SUBDIR = 'package/deps/quickjs_2021_03_27';
const FILES = [
  'quickjs.c', 'quickjs.h', 'quickjs-atom.h', 'quickjs-opcode.h',
  'libregexp.c', 'libregexp.h', 'libregexp-opcode.h',
  'libunicode.c', 'libunicode.h', 'libunicode-table.h',
  'cutils.c', 'cutils.h', 'list.h', 'libbf.c', 'libbf.h', 'VERSION', 'LICENSE',
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const patchDir = path.join(root, 'native/quickjs/patches');

function usage() {
  console.error('usage: fetch-quickjs.mjs OUT_DIR [--from QUICKJS_DIR]');
  process.exit(64);
}

function integrityOf(file) {
  return 'sha512-' + createHash('sha512').update(fs.readFileSync(file)).digest('base64');
}

function patches() {
  return fs.readdirSync(patchDir).filter((f) => f.endsWith('.patch')).sort()
    .map((f) => path.join(patchDir, f));
}

/** What the stamp records: the source and the exact patch texts. */
function recipe(from) {
  const h = createHash('sha256');
  h.update(from ?? `${PACKAGE} ${INTEGRITY}`);
  for (const p of patches()) h.update(fs.readFileSync(p));
  return h.digest('hex');
}

/** Downloads the package tarball and returns the directory of the QuickJS sources in it. */
function fromRegistry(outDir) {
  const pkgDir = path.join(outDir, 'pkg');
  fs.mkdirSync(pkgDir, { recursive: true });
  const tgz = path.join(pkgDir, 'qjsc-0.3.0.tgz');
  if (!fs.existsSync(tgz) || integrityOf(tgz) !== INTEGRITY) {
    console.error(`quickjs: npm pack ${PACKAGE}`);
    execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', pkgDir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const got = integrityOf(tgz);
  if (got !== INTEGRITY) {
    fs.rmSync(tgz, { force: true });
    throw new Error(`quickjs: ${tgz} integrity mismatch\n  expected ${INTEGRITY}\n  got      ${got}`);
  }
  const extract = path.join(pkgDir, 'x');
  fs.rmSync(extract, { recursive: true, force: true });
  fs.mkdirSync(extract);
  execFileSync('tar', ['-xzf', tgz, '-C', extract, SUBDIR]);
  return path.join(extract, SUBDIR);
}

function applyPatches(srcDir, fromCustom) {
  for (const p of patches()) {
    try {
      execFileSync('patch', ['-p1', '--forward', '--quiet', '-d', srcDir, '-i', p], { stdio: 'pipe' });
      console.error(`quickjs: applied ${path.basename(p)}`);
    } catch (e) {
      // Another QuickJS version may already contain these changes or differ
      // around them; the desktop does not need them, the PSP does.
      if (!fromCustom) throw new Error(`quickjs: ${path.basename(p)} did not apply:\n${e.stdout}${e.stderr}`);
      console.error(`quickjs: WARNING ${path.basename(p)} did not apply to ${fromCustom} (already applied, or another version): continuing without it`);
    }
  }
}

function main() {
  const args = process.argv.slice(2);
  const outDir = args[0];
  if (!outDir) usage();
  let from = null;
  if (args[1] === '--from') from = args[2] ? path.resolve(args[2]) : usage();
  else if (args.length > 1) usage();

  const srcDir = path.join(outDir, 'src');
  const stamp = path.join(outDir, 'stamp');
  const want = recipe(from);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return;

  const origin = from ?? fromRegistry(outDir);
  fs.rmSync(srcDir, { recursive: true, force: true });
  fs.mkdirSync(srcDir, { recursive: true });
  for (const f of FILES) {
    const src = path.join(origin, f);
    if (fs.existsSync(src)) fs.copyFileSync(src, path.join(srcDir, f));
    else if (f.endsWith('.c') && f !== 'libbf.c') throw new Error(`quickjs: ${src} is missing`);
  }
  applyPatches(srcDir, from);
  fs.writeFileSync(stamp, want);
  console.error(`quickjs: sources ready in ${srcDir}`);
}

try {
  main();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
