// The PSP host online (native/psp/psp_room.c: the room of native/core/net,
// the PSP's own connection over sceNetInet, the system's connection dialog)
// in PPSSPP's native emulator, against the real rooms server on 127.0.0.1
// behind a proxy that cuts the PSP's connection once: the release EBOOT's
// loop with a probe script (test/psp/online/probe.js) creates a room, a
// second player (the page's net functions) joins it by its code, the probe
// starts the game and gets the deal, the cut shows as ["away"] and the
// room takes its seat back (["back"]), the probe leaves, and a code nobody
// holds is refused in the server's words (test/psp/online/run.ts, paced to
// the wall clock: the server's clock is real). The probe build prints each
// frame's hash and its net functions' log (native/core/net/log.h), and the
// headless host replaying that log draws every frame the same. PPSSPP in Chromium has no
// sockets: skipped there, saying so.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNative, ROOT } from '../native/headless';
import { DRIVER, makePsp, missing, OUTPUT } from './ppsspp';

const why = missing() ?? (DRIVER === 'native' ? null : 'PPSSPP in Chromium has no sockets: the online check needs the native emulator (PPSSPP_HEADLESS)');
let lines: string[] = [];
let status: number | null = null;

describe.skipIf(why !== null)('the PSP host online in the native PPSSPP', () => {
  beforeAll(() => {
    makePsp('psp-probe');
    buildNative('headless');
    const r = spawnSync('npx', ['tsx', path.join(ROOT, 'test/psp/online/run.ts'), path.join(ROOT, 'build/psp-probe/EBOOT.PBP'), path.join(OUTPUT, 'online')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 300_000,
    });
    lines = `${r.stdout}${r.stderr}`.trim().split('\n');
    status = r.status;
  }, 1_800_000);

  it('has the network, creates a room through the connection dialog, is joined, starts, drops and comes back, sleeps and comes back, leaves', () => {
    expect(lines.at(-1)).toBe('online: ok');
    expect(lines).toContain('psp: caps={"glyphs":true,"keys":null,"pads":0,"touch":[],"network":true,"nearby":true}');
    expect(lines).toContain('psp: open true');
    expect(lines.some((l) => /^psp: net \["joined","[A-Z2-9]{7}"\]$/.test(l))).toBe(true);
    expect(lines).toContain('second player: dealt, seats Psp,Kim');
    expect(lines).toContain('second player: the PSP\'s seat away [0,1]');
    expect(lines).toContain('second player: the PSP\'s seat back [0,0]');
    expect(lines).toContain('psp: send while away false');
    expect(lines).toContain('second player: the PSP\'s seat away after its sleep [0,1]');
    expect(lines).toContain('second player: the PSP\'s seat back after its sleep [0,0]');
    expect(lines).toContain('host: psp: net: the PSP slept: the connection is gone');
    expect(lines).toContain('second player: the PSP left [0,1]');
    expect(status).toBe(0);
  });

  it('every frame the PSP drew is the headless host\'s, replaying the PSP\'s own net log', () => {
    expect(lines.some((l) => /^headless replay of the PSP's net log: \d+ frames, every hash equal$/.test(l))).toBe(true);
  });

  it('a code nobody holds ends in the server\'s words', () => {
    expect(lines).toContain('psp: net ["closed","room \\"NOSUCH2\\" not found"]');
  });
});
