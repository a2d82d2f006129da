// The release EBOOT online from its title in PPSSPP's native emulator
// (test/psp/online/title-run.ts): Title > Online > Create > Start, the
// system's connection dialog, its lobby, where a second player (the page's
// net functions) joins by the code and sees it, then the game with CPU
// seats played on a fixed beat to its results, against the real rooms
// server on 127.0.0.1, paced to the wall clock. PPSSPP in Chromium has no
// sockets: skipped there, saying so.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../native/headless';
import { DRIVER, makePsp, missing, OUTPUT } from './ppsspp';

const why = missing() ?? (DRIVER === 'native' ? null : 'PPSSPP in Chromium has no sockets: the online check needs the native emulator (PPSSPP_HEADLESS)');
let lines: string[] = [];

describe.skipIf(why !== null)('the PSP online from its title in the native PPSSPP', () => {
  beforeAll(() => {
    makePsp('psp');
    const r = spawnSync('npx', ['tsx', path.join(ROOT, 'test/psp/online/title-run.ts'), path.join(ROOT, 'build/psp/EBOOT.PBP'), path.join(OUTPUT, 'online-title')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 400_000,
    });
    lines = `${r.stdout}${r.stderr}`.trim().split('\n');
  }, 1_800_000);

  it('opens a room from the title, is seen in its lobby by a second player, plays to the results', () => {
    expect(lines.at(-1)).toBe('online-title: ok');
    expect(lines.some((l) => /^second player: the lobby of [A-Z2-9]{7}: Psp,Kim/.test(l))).toBe(true);
    expect(lines.find((l) => l.startsWith('psp scenes: '))).toMatch(/online create lobby onlineTable onlineResults/);
  });
});
