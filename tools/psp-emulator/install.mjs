#!/usr/bin/env node
// Installs the emulator's npm packages (package-lock.json beside this file)
// into tools/psp-emulator/node_modules, once: the PSP stage runs this before
// it boots anything, and the desktop's `npm ci` never fetches them. A second
// run finds npm's record of the last install (node_modules/.package-lock.json)
// and leaves the packages alone when the lock asks for the same ones.
// Without --omit=optional npm would add every other EmulatorJS core (~340 MB).
// Prints one line; exits non-zero when npm failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** name -> version of every package a lock file lists as installed. */
function versions(file) {
  if (!existsSync(file)) return null;
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const out = {};
  for (const [where, p] of Object.entries(lock.packages ?? {})) if (where && !p.optional) out[where] = p.version;
  return out;
}

export function installed() {
  const want = versions(path.join(HERE, 'package-lock.json'));
  const have = versions(path.join(HERE, 'node_modules/.package-lock.json'));
  if (!have) return false;
  return Object.entries(want).every(([where, v]) => have[where] === v);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (installed()) {
    console.log('psp-emulator: packages already installed (tools/psp-emulator/node_modules)');
  } else {
    const r = spawnSync('npm', ['ci', '--omit=optional', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: HERE, encoding: 'utf8' });
    if (r.status !== 0) {
      console.log(`psp-emulator: npm ci failed in tools/psp-emulator: ${(r.stderr || r.stdout || String(r.error)).trim().split('\n').slice(-3).join(' | ')}`);
      process.exit(1);
    }
    console.log('psp-emulator: packages installed (tools/psp-emulator/node_modules)');
  }
}
