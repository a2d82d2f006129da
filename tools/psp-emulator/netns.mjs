// A network namespace of the calling script's own: only a loopback, so a
// server on 127.0.0.1 is the emulated PSP's 127.0.0.1 and nothing else is
// reachable (PPSSPP's host sockets), and no port is shared with a
// teammate's run. The script re-runs itself there (unshare as an
// unprivileged user); this returns only inside it.

import { spawnSync } from 'node:child_process';

const INSIDE = 'RATSCREW_PSP_NETNS';

/**
 * Returns when inside a namespace of its own; otherwise re-runs `file` (the
 * script, with the node options it ran with and `nodeFlags`) inside one and
 * exits with its status; `tool` names it in the line a failure prints.
 */
export function ownNetwork(file, tool, nodeFlags = []) {
  if (process.env[INSIDE] === '1') return;
  const r = spawnSync('unshare', ['--user', '--map-root-user', '--net', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh',
    process.execPath, ...process.execArgv, ...nodeFlags, file, ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, [INSIDE]: '1' } });
  if (r.error || r.status === null) {
    process.stdout.write(`${tool}: FAIL cannot make a network namespace (unshare --user --net, ip): ${r.error?.message ?? `signal ${r.signal}`}\n`);
    process.exit(1);
  }
  process.exit(r.status);
}
