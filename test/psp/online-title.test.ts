// The game's EBOOT online from its title in PPSSPP's native emulator
// (test/psp/online/title-run.ts): Title > Online > Create > Start, the
// system's connection dialog, its lobby, where the web page (the built
// web/, served beside the rooms as make serve does, in Debian's chromium)
// joins by the room's link; a whole two-seat game played to its results on
// both by the PSP's live buttons and the page's player's keys, each pressed
// as the table stands on the page (its test hook), against the real rooms
// server on 127.0.0.1, paced to the wall clock, all in a network namespace
// of the run's own. In the middle of it the PSP sleeps during a slap race
// (the probe build's power callback, four seconds, Wi-Fi off), and in a
// later race loses its access point without a sleep (the probe build's
// WLAN); at the results HOME (the probe build's exit callback) leaves the
// room. The headless host then replays the PSP's seed, buttons and net log
// to the same frames. The EBOOT is the probe build (build/psp-probe: the
// release code and the game's bundle, frame i at the headless host's time,
// and its replay's lines). PPSSPP in Chromium has no sockets: skipped
// there, saying so; so is a machine without chromium.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNative, ROOT } from '../native/headless';
import { DRIVER, makePsp, missing, OUTPUT } from './ppsspp';
import { buildWeb, missing as noBrowser } from '../web/chromium';

const why = missing() ?? (DRIVER === 'native' ? noBrowser() : 'PPSSPP in Chromium has no sockets: the online check needs the native emulator (PPSSPP_HEADLESS)');
let lines: string[] = [];

describe.skipIf(why !== null)('the PSP online from its title in the native PPSSPP', () => {
  beforeAll(() => {
    makePsp('psp-probe');
    buildNative('headless');
    buildWeb();
    const r = spawnSync('npx', ['tsx', path.join(ROOT, 'test/psp/online/title-run.ts'), path.join(ROOT, 'build/psp-probe/EBOOT.PBP'), path.join(OUTPUT, 'online-title')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 600_000,
    });
    lines = `${r.stdout}${r.stderr}`.trim().split('\n');
    writeFileSync(path.join(OUTPUT, 'online-title/lines.txt'), lines.join('\n') + '\n');
  }, 1_800_000);

  it('opens a room from the title; the web page joins by its link; a whole game by the PSP\'s live buttons and the page\'s keys, to the results on both', () => {
    expect(lines.filter((l) => l.startsWith('online-title: failed'))).toEqual([]);
    expect(lines.at(-1)).toBe('online-title: ok');
    expect(lines.some((l) => /^page: the lobby of [A-Z2-9]{7}: Psp,Kim$/.test(l))).toBe(true);
    expect(lines.some((l) => /^page: the game ended after \d+ cards \((rules|cardLimit|repeat)\)/.test(l))).toBe(true);
    expect(lines.some((l) => /^page: the results: (Psp, You|You, Psp)$/.test(l))).toBe(true);
    expect(lines.find((l) => l.startsWith('psp scenes: '))).toMatch(/online create lobby onlineTable onlineResults/);
  });

  it('sleeps in a slap race: its seat away, kept and back, the race judged, the game on to its results', () => {
    expect(lines.some((l) => /^psp: slaps pile \d+ and sleeps$/.test(l))).toBe(true);
    expect(lines).toContain('host: psp: net: the PSP slept: the connection is gone');
    expect(lines.some((l) => /^page: the PSP's seat away for [\d.]+ s after its sleep, then back$/.test(l))).toBe(true);
    expect(lines.some((l) => /^page: the race in which its sleep judged \d+ ms after its slap: pile \d+ to (Psp|Kim) /.test(l))).toBe(true);
  });

  it('loses its access point in a slap race (no sleep): finds out itself, joins again, its seat back, the race judged', () => {
    expect(lines.some((l) => /^psp: slaps pile \d+ and its access point goes$/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('host: psp: net: the connection failed'))).toBe(true);
    expect(lines).toContain('host: psp: net: the access point was lost');
    expect(lines.some((l) => /^page: the PSP's seat away for [\d.]+ s after its access point went, then back$/.test(l))).toBe(true);
    expect(lines.some((l) => /^page: the race in which its access point went judged \d+ ms after its slap: pile \d+ to (Psp|Kim) /.test(l))).toBe(true);
  });

  it('HOME leaves the room on purpose (the exit callback), then the game ends', () => {
    expect(lines).toContain('host: psp: net: left the room');
    expect(lines).toContain('server: the PSP\'s leave after HOME consented: true');
  });

  it('every frame the PSP drew is the headless host\'s, replaying its seed, buttons and net log', () => {
    expect(lines.some((l) => /^headless replay of the PSP's seed, buttons and net log: \d+ frames, every hash equal$/.test(l))).toBe(true);
  });
});
