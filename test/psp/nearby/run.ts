// Two PSPs in a nearby room, no server (test/psp/nearby.test.ts): two
// native emulators running the probe build (build/psp-probe), the hosting
// one with test/psp/nearby/host.js in the game's place, the joining one with
// join.js. Ad hoc needs an address per emulator (headless PPSSPPs on one
// loopback all take the same ad-hoc address and ports: docs/network.md), so
// this run makes a network namespace of its own (the host PSP at 10.0.0.1,
// with PPSSPP's built-in ad-hoc server) and a second one inside it for the
// joining PSP (10.0.0.2), joined by a veth pair; both paced to the wall
// clock (native.mjs --realtime: each waits for the other in real time). The
// joining PSP boots once the host's room is open (a PSP joins a room whose
// code it was shown). Prints both scripts' lines and the C's ("host: ...",
// "join: ...") and one last line, "nearby: ok" or "nearby: FAIL <why>".
//
//   npx tsx test/psp/nearby/run.ts EBOOT OUT   (re-runs itself under unshare)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ownNetwork } from '../../../tools/psp-emulator/netns.mjs';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '../../..');
const [eboot, out] = process.argv.slice(2).map((a) => path.resolve(a));

ownNetwork(HERE, 'nearby');

const say = (line: string): boolean => process.stdout.write(line + '\n');
const NODE = [process.execPath, '--experimental-websocket', '--no-warnings=ExperimentalWarning', path.join(ROOT, 'tools/psp-emulator/native.mjs')];

/** A PSP's folder: the EBOOT, its probe script beside it (run in the game's place, native/psp/main.c). */
function game(name: string, probe: string): string {
  const dir = path.join(out!, name, 'game');
  mkdirSync(dir, { recursive: true });
  copyFileSync(eboot!, path.join(dir, 'EBOOT.PBP'));
  copyFileSync(path.join(ROOT, 'test/psp/nearby', probe), path.join(dir, 'probe.js'));
  return path.join(dir, 'EBOOT.PBP');
}

function ip(...args: string[]): void {
  const r = spawnSync('ip', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ip ${args.join(' ')}: ${r.stderr.trim()}`);
}

/** What the game printed so far: its script's lines and the nearby C's. */
function printed(name: string): string[] {
  const log = path.join(out!, name, 'run/console.log');
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8').split('\n').flatMap((l) => {
    const m = /Printf: stdout: (\[script\] .*|psp: nearby: .*|psp: probe: .*)$/.exec(l);
    return m ? [m[1]!.replace(/^\[script\] /, '')] : [];
  });
}

async function seen(name: string, re: RegExp, ms: number, alive: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (printed(name).some((l) => re.test(l))) return;
    if (!alive()) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the ${name} PSP never logged ${re}`);
}

const ended = (c: ChildProcess): Promise<void> => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.on('exit', () => r())));

async function main(): Promise<void> {
  rmSync(out!, { recursive: true, force: true });
  const hostEboot = game('host', 'host.js');
  const joinEboot = game('join', 'join.js');
  const go = path.join(out!, 'join', 'go');
  const common = { ...process.env, RATSCREW_PSP_NETNS: '1', PPSSPP_ADHOC_SERVER: '10.0.0.1' };
  ip('link', 'set', 'lo', 'up');
  // The joining PSP's namespace first (it waits for its end of the veth pair, then for "go").
  const joinCmd = [...NODE, '--eboot', joinEboot, '--out', path.join(out!, 'join', 'run'), '--realtime', '--until-ms', '150000', '--timeout', '240'];
  const join = spawn('unshare', ['--net', 'sh', '-c',
    'ip link set lo up; while ! ip link show veth1 >/dev/null 2>&1; do sleep 0.05; done; ip addr add 10.0.0.2/24 dev veth1 && ip link set veth1 up && ' +
    'while [ ! -f "$GO" ]; do sleep 0.1; done; exec "$@"', 'sh', ...joinCmd], {
    env: { ...common, GO: go, PPSSPP_MAC: '02:00:00:00:00:0b', PPSSPP_NICKNAME: 'Kim' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  let joinSaid = '';
  join.stdout!.on('data', (d) => (joinSaid += d));
  let hostSaid = '';
  let host: ChildProcess | null = null;
  try {
    // Its end of the pair goes into its namespace once unshare has made it.
    const ns = (pid: number | string): string => readlinkSync(`/proc/${pid}/ns/net`);
    for (let i = 0; i < 100 && ns(join.pid!) === ns('self'); i++) await new Promise((r) => setTimeout(r, 20));
    ip('link', 'add', 'veth0', 'type', 'veth', 'peer', 'name', 'veth1', 'netns', String(join.pid));
    ip('addr', 'add', '10.0.0.1/24', 'dev', 'veth0');
    ip('link', 'set', 'veth0', 'up');
    host = spawn(NODE[0]!, [...NODE.slice(1), '--eboot', hostEboot, '--out', path.join(out!, 'host', 'run'), '--realtime', '--until-ms', '150000', '--timeout', '240'], {
      env: { ...common, PPSSPP_BUILTIN_ADHOC_SERVER: '1', PPSSPP_MAC: '02:00:00:00:00:0a', PPSSPP_NICKNAME: 'Psp' }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    host.stdout!.on('data', (d) => (hostSaid += d));
    const hostAlive = (): boolean => host!.exitCode === null;
    const joinAlive = (): boolean => join.exitCode === null;
    await seen('host', /^nearby \["open"\]$/, 60_000, hostAlive);
    writeFileSync(go, '');
    await seen('join', /^done$/, 120_000, joinAlive);
    await seen('host', /^closed the room/, 10_000, hostAlive);
    // Both quit by themselves (their scripts' QUIT); the driver's time limit is the backstop.
    await Promise.race([Promise.all([ended(host), ended(join)]), new Promise((r) => setTimeout(r, 20_000))]);
    for (const l of printed('host')) say(`host: ${l}`);
    for (const l of printed('join')) say(`join: ${l}`);
    say('nearby: ok');
  } catch (e) {
    for (const l of printed('host')) say(`host: ${l}`);
    for (const l of printed('join')) say(`join: ${l}`);
    say(`host driver: ${hostSaid.trim()}`);
    say(`join driver: ${joinSaid.trim()}`);
    say(`nearby: FAIL ${(e as Error).message}`);
    process.exitCode = 1;
  } finally {
    // Ended by their process ids (native.mjs ends its emulator on SIGTERM).
    for (const c of [host, join]) if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await Promise.race([Promise.all([host ? ended(host) : Promise.resolve(), ended(join)]), new Promise((r) => setTimeout(r, 8000))]);
    for (const c of [host, join]) if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
}

await main();
