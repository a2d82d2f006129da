// The PSP's network layer (native/psp/psp_net.c, core/net_link.c over
// wslay) in PPSSPP's native emulator, which has real host sockets: the check
// EBOOT (native/psp/net_check.c) loads the net modules, connects through
// the system's connection dialog, and runs the same checks as
// test/native/net-link.test.ts over sceNetInet against
// test/native/net-server.mjs on 127.0.0.1, both in a network namespace of
// their own (tools/psp-emulator/net-check.mjs). PPSSPP in Chromium has no
// sockets: there these checks are skipped, saying so.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../native/headless';
import { DRIVER, makePsp, missing, OUTPUT } from './ppsspp';

const why = missing() ?? (DRIVER === 'native' ? null : 'PPSSPP in Chromium has no sockets: the network checks need the native emulator (PPSSPP_HEADLESS)');
const OUT = path.join(OUTPUT, 'net-check');
let lines: string[] = [];
let status: number | null = null;

describe.skipIf(why !== null)('the PSP network layer in the native PPSSPP', () => {
  beforeAll(() => {
    makePsp('psp-net-check');
    const r = spawnSync(process.execPath, [path.join(ROOT, 'tools/psp-emulator/net-check.mjs'), '--eboot', path.join(ROOT, 'build/psp-net-check/EBOOT.PBP'), '--out', OUT], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    lines = r.stdout.trim().split('\n');
    status = r.status;
  }, 1_800_000);

  it('loads the net modules and connects through the system dialog, which finishes by itself in the emulator', () => {
    expect(lines[0]).toBe('NET ok modules loaded');
    expect(lines[1]).toMatch(/^NET ok connection through the dialog in \d+ frames, address 127\.0\.0\.1$/);
    expect(existsSync(path.join(OUT, 'connection-dialog.png'))).toBe(true);
  });

  it('passes every check over sceNetInet: requests, the WebSocket, each misbehaving server in its line', () => {
    expect(lines.filter((l) => l.startsWith('NET FAIL'))).toEqual([]);
    expect(lines.slice(2, -1).map((l) => l.split(' ')[2])).toEqual(['request', 'chunked', 'websocket', 'masked', 'too-big', 'unknown-kind', 'bad-length',
      'closed-by-server', 'dropped', 'silent', 'stalled', 'not-websocket', 'bad-accept', 'not-http', 'server-gone', '0']);
    expect(lines.at(-1)).toBe('net-check: ok');
    expect(status).toBe(0);
  });
});
