// The save folder's fixtures for the tests: a save file's bytes as the
// hosts write them (native/core/save.c; web/src/save.ts), written out here
// again so that the save code under test cannot vouch for itself, and the
// LD_PRELOAD shim (c/save-faults.c) that makes the host's save files slow or
// failing. docs/reliability.md section 8 has the folder's states.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/** Whether this machine lets a test mount a tmpfs of its own (in a new user and mount namespace). */
export const canMountTmpfs: boolean = process.platform === 'linux'
  && spawnSync('unshare', ['-rm', 'sh', '-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=64k none "$d"'], { stdio: 'ignore' }).status === 0;

/**
 * Runs the shell command `command` with the folder `dir` on a full device: a
 * small tmpfs mounted over it (in a user and mount namespace of its own,
 * nothing outside sees it) holding dir's files, then filled up — its
 * blocks ('space': every write of a byte more fails with ENOSPC) or its
 * inodes ('inodes': every new file fails with ENOSPC, while existing files
 * can still grow and be renamed). Afterwards dir holds what the device
 * held (the filler files left out). The command's output is returned.
 */
export function onFullDevice(dir: string, kind: 'space' | 'inodes', command: string, env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } {
  const after = mkdtempSync(path.join(tmpdir(), 'ratscrew-full-'));
  const fill = kind === 'space'
    ? 'dd if=/dev/zero of="$D/.fill" bs=4096 2>/dev/null || true'
    : 'n=0; while (: > "$D/.fill-$n") 2>/dev/null; do n=$((n+1)); done';
  const script = [
    'set -e',
    'stash=$(mktemp -d)',
    'cp -a "$D/." "$stash/"',
    `mount -t tmpfs -o ${kind === 'space' ? 'size=256k,nr_inodes=4096' : 'size=1m,nr_inodes=64'} ratscrew-full "$D"`,
    'cp -a "$stash/." "$D/"',
    fill,
    'set +e',
    `sh -c "$COMMAND"; status=$?`,
    'rm -f "$D"/.fill*',
    'cp -a "$D/." "$AFTER/"',
    'exit $status',
  ].join('\n');
  const r = spawnSync('unshare', ['-rm', 'sh', '-c', script], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ...env, D: dir, AFTER: after, COMMAND: command },
  });
  rmSync(dir, { recursive: true, force: true });
  cpSync(after, dir, { recursive: true });
  rmSync(after, { recursive: true, force: true });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
