// core/net_link.c (the PSP's connection to the rooms server: HTTP/1.1 and
// WebSocket over wslay) built for the desktop under ASan and UBSan: the
// checks of native/tests/net_link_checks.c against test/native/net-server.mjs
// over POSIX sockets (the PSP runs the same checks over sceNetInet,
// test/psp/net.test.ts), and a fuzzer feeding random and mutated bytes as
// the server's answers and frames.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS, ROOT } from './headless';

const BIN = path.join(ROOT, 'build/native/net-link-test');
let server: ReturnType<typeof spawn> | null = null;
let ports: [number, number] = [0, 0];

describe('the PSP network link on the desktop (ASan, UBSan)', () => {
  beforeAll(async () => {
    const r = spawnSync('flock', [path.join(ROOT, 'build/.native-build.lock'), 'make', '-s', '-C', path.join(ROOT, 'native'), 'net-link-test'], {
      encoding: 'utf8',
      timeout: BUILD_TIMEOUT_MS,
    });
    if (r.status !== 0) throw new Error(`make net-link-test failed:\n${r.stdout}${r.stderr}`);
    server = spawn(process.execPath, [path.join(ROOT, 'test/native/net-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
    ports = await new Promise((resolve, reject) => {
      let text = '';
      server!.stdout!.on('data', (d) => {
        text += d;
        const m = /net-server (\d+) (\d+)/.exec(text);
        if (m) resolve([Number(m[1]), Number(m[2])]);
      });
      server!.on('exit', () => reject(new Error('net-server.mjs ended before it listened')));
    });
  }, BUILD_TIMEOUT_MS);

  afterAll(() => {
    server?.kill();
  });

  it('passes every check against the check server: requests, the WebSocket, each misbehaving server in its line', () => {
    const r = spawnSync(BIN, ['127.0.0.1', String(ports[0]), String(ports[1])], { encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    const lines = r.stdout.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('NET FAIL'))).toEqual([]);
    expect(lines.map((l) => l.split(' ')[2])).toEqual(['request', 'chunked', 'websocket', 'masked', 'too-big', 'unknown-kind', 'bad-length',
      'closed-by-server', 'dropped', 'silent', 'stalled', 'not-websocket', 'bad-accept', 'not-http', 'server-gone', '0']);
    expect(lines.at(-1)).toBe('NET done 0');
    expect(r.status).toBe(0);
  }, 60_000);

  it('ends every input of random and mutated server bytes with a message, an answer or a reason, never a crash', () => {
    const r = spawnSync(BIN, ['fuzz', '50000', '1'], { encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/fuzz: 50000 inputs: \d+ answers, \d+ messages, \d+ closed, \d+ failed; all passed/);
    expect(r.status).toBe(0);
  }, 120_000);
});
