// A private Redis for server processes that share their rooms: Debian's
// redis-server started on 127.0.0.1, on a free port of its own, keeping
// nothing on disk, and stopped by its own PID. `make serve SERVERS=N`
// (server/cluster.ts) and the tests (test/server/redis.test.ts) use it; a
// real deployment points the processes at its own Redis (--redis).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';

export interface RedisServer {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/** Starts redis-server on a free port (another, if a process took the port between the look and the start). */
export async function startRedis(binary = 'redis-server'): Promise<RedisServer> {
  let why = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'ratscrew-redis-'));
    const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const failed = new Promise<string>((resolve) => {
      child.once('error', (e) => resolve(e.message));
      child.once('exit', (code) => resolve(`exited with ${code}: ${stderr.trim().slice(-200)}`));
    });
    const url = `redis://127.0.0.1:${port}`;
    const up = (async () => {
      for (let i = 0; i < 100; i++) {
        if (await answers(url)) return true;
        await new Promise((r) => setTimeout(r, 50));
      }
      return false;
    })();
    const outcome = await Promise.race([up, failed]);
    if (outcome === true) {
      const pid = child.pid!;
      return {
        url,
        port,
        pid,
        async stop() {
          child.kill('SIGTERM');
          await exited(child);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    child.kill('SIGKILL');
    await exited(child);
    rmSync(dir, { recursive: true, force: true });
    why = outcome === false ? 'no answer in 5 s' : outcome;
    if (why.includes('ENOENT')) break;
  }
  throw new Error(`cannot start ${binary}: ${why}${why.includes('ENOENT') ? ' (install Debian\'s redis-server: tools/setup/debian-packages.sh test)' : ''}`);
}
