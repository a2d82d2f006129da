// The save folder's fixtures for the tests: a save file's bytes as the
// hosts write them (native/core/save.c; web/src/save.ts), written out here
// again so that the save code under test cannot vouch for itself, and the
// LD_PRELOAD shim (c/save-faults.c) that makes the host's save files slow or
// failing. docs/reliability.md section 8 has the folder's states.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

function fnv1a(bytes: Buffer): string {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** A save file's bytes: the text, then "\n#ratscrew-save len=<UTF-8 bytes> fnv1a=<8 hex>\n". */
export function saveBytes(text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  return Buffer.concat([body, Buffer.from(`\n#ratscrew-save len=${body.length} fnv1a=${fnv1a(body)}\n`)]);
}

/** The text of a save file whose trailer holds (save.c save_verify), or null. */
export function savedText(file: string): string | null {
  const m = /^([\s\S]*)\n#ratscrew-save len=(\d+) fnv1a=([0-9a-f]{8})\n$/.exec(file);
  if (!m) return null;
  const body = Buffer.from(m[1]!, 'utf8');
  return Number(m[2]) === body.length && m[3] === fnv1a(body) ? m[1]! : null;
}

/** Builds c/save-faults.c into dir; returns the shim's path, for LD_PRELOAD. */
export function buildSaveFaults(dir: string): string {
  const shim = path.join(dir, 'save-faults.so');
  execFileSync('cc', ['-shared', '-fPIC', '-O1', '-o', shim, path.join(HERE, 'c/save-faults.c'), '-ldl']);
  return shim;
}
