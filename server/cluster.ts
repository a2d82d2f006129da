// `make serve SERVERS=N`: N server processes sharing their rooms through one
// Redis, on consecutive ports from --port, each serving the page and the
// matchmaking, so a code is joined through any of them:
//   node --import tsx server/cluster.ts --servers N [--port P] [--host H]
//        [--redis redis://host:port] [--public 'game.example.org/s{n}'] [--trust-proxy] [--no-page]
// Without --redis it starts a private redis-server of its own (and stops it
// last). --public names where players reach process n (1..N) behind a proxy
// (README: "Many processes"); without it, each process's own host:port.
// Ctrl+C (or SIGTERM) stops every process, each telling its rooms first. A
// process that dies on its own ends only its rooms: the others play on.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startRedis, type RedisServer } from './redis-server';

const args = process.argv.slice(2);
function arg(name: string, fallback: string): string {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1]! : fallback;
}
const servers = Number(arg('--servers', '2'));
const port = Number(arg('--port', process.env.PORT ?? '8080'));
const host = arg('--host', '127.0.0.1');
const publicPattern = arg('--public', '');
if (!Number.isInteger(servers) || servers < 1 || servers > 64) {
  console.error(`serve: SERVERS is a number of processes, 1 to 64 (not ${arg('--servers', '')})`);
  process.exit(64);
}

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
let redis: RedisServer | null = null;
const children: ChildProcess[] = [];
let stopping = false;

async function run(): Promise<void> {
  let url = arg('--redis', process.env.REDIS ?? '');
  if (!url) {
    redis = await startRedis();
    url = redis.url;
    console.log(`serve: a private Redis at ${url} (pid ${redis.pid})`);
  }
  for (let n = 1; n <= servers; n++) {
    const extra = [...(publicPattern ? ['--public-address', publicPattern.replace('{n}', String(n))] : []), ...['--trust-proxy', '--no-page'].filter((a) => args.includes(a))];
    const child = spawn(process.execPath, ['--import', 'tsx', main, '--port', String(port + n - 1), '--host', host, '--redis', url, ...extra], { stdio: 'inherit' });
    children.push(child);
    child.once('exit', (code, signal) => {
      if (!stopping) console.error(`serve: process ${n} (pid ${child.pid}) ended (${signal ?? code}): its rooms are over, the others play on`);
      if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) void finish(stopping ? 0 : 1);
    });
  }
}

async function finish(code: number): Promise<void> {
  if (redis) await redis.stop();
  redis = null;
  process.exit(code);
}

function stop(): void {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  if (children.length === 0) void finish(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

run().catch((e: Error) => {
  console.error(`serve: ${e.message}`);
  stop();
  void finish(1);
});
