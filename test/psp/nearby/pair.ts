// Two PSPs close by, for the nearby runs (test/psp/nearby/run.ts, game-run.ts):
// two of PPSSPP's native emulators, each with an address of its own (headless
// PPSSPPs on one loopback all take the same ad-hoc address and ports:
// docs/network.md, "Two PSPs without a server"): the calling script's own
// network namespace (ownNetwork) holds the hosting PSP at 10.0.0.1, with
// PPSSPP's built-in ad-hoc server; a namespace inside it holds the joining
// PSP at 10.0.0.2; a veth pair joins them. Both run at the wall clock's pace
// (native.mjs --realtime: each waits for the other in real time), with
// --live commands on stdin. The joining PSP boots when `boot()` says so (a
// PSP joins a room whose code it was shown). Each is ended by its process id.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NODE = [process.execPath, '--experimental-websocket', '--no-warnings=ExperimentalWarning', path.join(ROOT, 'tools/psp-emulator/native.mjs')];

export interface PspSetup {
  eboot: string;
  /** The emulator's output folder (console.log, pictures). */
  out: string;
  /** A save put on its Memory Stick (native.mjs --save). */
  save?: string;
  /** Emulated ms it runs at most. */
  untilMs: number;
}

export interface Psp {
  readonly name: string;
  /** A native.mjs --live command: "press cross", "shot NAME". */
  tell(command: string): void;
  /** What the game printed so far: its script's lines (without "[script] ") and the nearby C's. */
  printed(): string[];
  alive(): boolean;
  /** What its driver said (its one line). */
  said(): string;
  /** Live presses the driver has done so far ("[harness] press ... (live)" in its log). */
  pressed(): number;
}

export interface Pair {
  host: Psp;
  join: Psp;
  /** The joining PSP boots now. */
  boot(): void;
  /** Both emulators ended (by themselves within `graceMs`, else by their process ids). */
  close(graceMs: number): Promise<void>;
}

function ip(...args: string[]): void {
  const r = spawnSync('ip', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ip ${args.join(' ')}: ${r.stderr.trim()}`);
}

const ended = (c: ChildProcess): Promise<void> => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.on('exit', () => r())));

function psp(name: string, child: ChildProcess, out: string): Psp {
  let said = '';
  child.stdout!.on('data', (d) => (said += d));
  const log = path.join(out, 'console.log');
  return {
    name,
    tell: (command) => void child.stdin!.write(command + '\n'),
    printed: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8').split('\n').flatMap((l) => {
            const m = /Printf: stdout: (\[script\] .*|psp: nearby: .*|psp: probe: .*|psp: sound \d+|psp: first frame shown.*)$/.exec(l);
            return m ? [m[1]!.replace(/^\[script\] /, '')] : [];
          })
        : [],
    alive: () => child.exitCode === null && child.signalCode === null,
    said: () => said.trim(),
    pressed: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((l) => / \[harness\] press .* \(live\)$/.test(l)).length : 0),
  };
}

/** Must run inside the caller's own network namespace (ownNetwork), as root there. */
export async function startPair(host: PspSetup, join: PspSetup, go: string): Promise<Pair> {
  const common = { ...process.env, RATSCREW_PSP_NETNS: '1', PPSSPP_ADHOC_SERVER: '10.0.0.1' };
  const args = (s: PspSetup): string[] => ['--eboot', s.eboot, '--out', s.out, ...(s.save ? ['--save', s.save] : []), '--realtime', '--live',
    '--until-ms', String(s.untilMs), '--timeout', String(Math.ceil(s.untilMs / 1000) + 120)];
  ip('link', 'set', 'lo', 'up');
  // The joining PSP's namespace first: it waits for its end of the veth pair, then for `go`.
  const joining = spawn('unshare', ['--net', 'sh', '-c',
    'ip link set lo up; while ! ip link show veth1 >/dev/null 2>&1; do sleep 0.05; done; ip addr add 10.0.0.2/24 dev veth1 && ip link set veth1 up && ' +
    'while [ ! -f "$GO" ]; do sleep 0.1; done; exec "$@"', 'sh', ...NODE, ...args(join)], {
    env: { ...common, GO: go, PPSSPP_MAC: '02:00:00:00:00:0b', PPSSPP_NICKNAME: 'Kim' }, stdio: ['pipe', 'pipe', 'inherit'],
  });
  const ns = (pid: number | string): string => readlinkSync(`/proc/${pid}/ns/net`);
  for (let i = 0; i < 100 && ns(joining.pid!) === ns('self'); i++) await new Promise((r) => setTimeout(r, 20));
  let hosting: ChildProcess | null = null;
  try {
    ip('link', 'add', 'veth0', 'type', 'veth', 'peer', 'name', 'veth1', 'netns', String(joining.pid));
    ip('addr', 'add', '10.0.0.1/24', 'dev', 'veth0');
    ip('link', 'set', 'veth0', 'up');
    hosting = spawn(NODE[0]!, [...NODE.slice(1), ...args(host)], {
      env: { ...common, PPSSPP_BUILTIN_ADHOC_SERVER: '1', PPSSPP_MAC: '02:00:00:00:00:0a', PPSSPP_NICKNAME: 'Psp' }, stdio: ['pipe', 'pipe', 'inherit'],
    });
  } catch (e) {
    joining.kill('SIGKILL');
    throw e;
  }
  const children = [hosting, joining];
  return {
    host: psp('host', hosting, host.out),
    join: psp('join', joining, join.out),
    boot: () => writeFileSync(go, ''),
    async close(graceMs: number): Promise<void> {
      const all = (): Promise<unknown> => Promise.all(children.map(ended));
      await Promise.race([all(), new Promise((r) => setTimeout(r, graceMs))]);
      // native.mjs ends its emulator on SIGTERM; the joining one may still be its waiting shell.
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
      await Promise.race([all(), new Promise((r) => setTimeout(r, 8000))]);
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    },
  };
}

/** Until some line the PSP printed matches, or it ends, or ms pass: throws saying which. */
export async function seen(p: Psp, re: RegExp, ms: number): Promise<string> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const line = p.printed().find((l) => re.test(l));
    if (line !== undefined) return line;
    if (!p.alive()) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the ${p.name} PSP never logged ${re}`);
}
