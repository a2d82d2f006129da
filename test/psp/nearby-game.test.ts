// A nearby game between two PSPs from their titles, no server (issue 37 item
// 5): the game's EBOOT (the probe build) in two of PPSSPP's native
// emulators close by (test/psp/nearby/game-run.ts, pair.ts): one hosts from
// Title > Online > Host a nearby room (its script runs the room,
// src/app/hosting.ts, over its C, native/psp/psp_nearby.c), the other joins
// from Title > Online > Join a nearby room, picking the code with the D-pad;
// the host starts; both play their cards by live buttons, each card heard on
// both PSPs, ten cards, a sleep of the hosting PSP (its room goes on, its
// ad-hoc group made again; the joiner's C finds it again by itself), ten
// more, a sleep of the joining PSP (its links die; its C comes back by
// itself, to the group the host made again), ten more; then HOME on the joining PSP leaves the
// room and the host's C lets its link go. Then the headless host replays each
// PSP's run from its seed, buttons and net log (test/psp/headless-replay.ts;
// the hosting PSP's nearby functions are in its log): every frame hashes
// the same. Pictures of both lobbies and both tables
// in test-output/psp/nearby-game. (With --to-results the same script plays to
// both results screens: docs/network.md gives the runs; not here, for its
// CPU.) PPSSPP in Chromium has no sockets: skipped there, saying so.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNative, ROOT } from '../native/headless';
import { DRIVER, makePsp, missing, OUTPUT } from './ppsspp';

const why = missing() ?? (DRIVER === 'native' ? null : 'PPSSPP in Chromium has no sockets: the nearby game needs the native emulator (PPSSPP_HEADLESS)');
let lines: string[] = [];
let status: number | null = null;
const of = (who: string): string[] => lines.flatMap((l) => (l.startsWith(`${who}: `) ? [l.slice(who.length + 2)] : []));
const scenes = (who: string): string[] => of(who).flatMap((l) => (l.startsWith('scene ') ? [l.slice(6)] : []));

describe.skipIf(why !== null)('a nearby game between two PSPs from their titles, in the native PPSSPP', () => {
  beforeAll(() => {
    makePsp('psp-probe');
    buildNative('headless');
    const r = spawnSync('npx', ['tsx', path.join(ROOT, 'test/psp/nearby/game-run.ts'), path.join(ROOT, 'build/psp-probe/EBOOT.PBP'), path.join(OUTPUT, 'nearby-game')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 360_000,
    });
    lines = `${r.stdout}${r.stderr}`.trim().split('\n');
    status = r.status;
  }, 1_800_000);

  it('hosts from the title, joins by the code picked on the D-pad, and both reach the table', () => {
    expect(lines.at(-1)).toBe('nearby-game: ok');
    expect(status).toBe(0);
    expect(scenes('host')).toEqual(['online', 'create', 'lobby', 'onlineTable']);
    expect(scenes('join')).toEqual(['online', 'entry', 'lobby', 'onlineTable']);
    const code = /^hosting (\w{7})$/.exec(of('host').find((l) => l.startsWith('hosting ')) ?? '')?.[1];
    expect(of('join')).toContain(`psp: nearby: joining group R${code}`);
    expect(of('join')).toContain('psp: nearby: linked to the host');
    for (const picture of ['host/run/lobby-host.png', 'join/run/lobby-join.png', 'host/run/table-host.png', 'join/run/table-join.png']) {
      expect(existsSync(path.join(OUTPUT, 'nearby-game', picture)), picture).toBe(true);
    }
  });

  it('plays: every card either PSP played is heard on both (the joiner\'s through the host\'s room, the host\'s to the joiner)', () => {
    for (const what of ['cards heard played', 'cards heard played after the sleep', 'cards heard played after the host\'s sleep']) {
      const heard = new RegExp(`^${what}: host (\\d+), join (\\d+)$`).exec(lines.find((l) => l.startsWith(`${what}: `)) ?? '');
      expect(heard, what).not.toBeNull();
      expect(Number(heard![1]), what).toBeGreaterThanOrEqual(10);
      expect(Number(heard![2]), what).toBe(Number(heard![1]));
    }
  });

  it('the hosting PSP sleeps in the game: its room goes on (the joiner kept, away a moment), the joiner\'s C finds it again, the game goes on', () => {
    const host = of('host');
    const slept = host.indexOf('psp: nearby: the PSP slept: the links are gone');
    expect(slept).toBeGreaterThan(-1);
    expect(host[slept + 1]).toMatch(/^psp: nearby: the hosting PSP slept \d+ ms$/);
    // Its Wi-Fi was off (the probe's sleep): out of its group, it makes the same group again and listens.
    expect(host[slept + 2]).toMatch(/^psp: nearby: making group R\w{7} again$/);
    expect(host.slice(slept + 3)).toContainEqual(expect.stringMatching(/^psp: nearby: group R\w{7} is up, listening$/));
    // The room went on: no closed line, no end, the same table (the scenes' list above), the joiner linked again.
    expect(host.filter((l) => /room .* ended/.test(l))).toEqual([]);
    const join = of('join');
    expect(join.indexOf('psp: nearby: link 0 lost')).toBeGreaterThan(-1);
    expect(join.slice(join.indexOf('psp: nearby: link 0 lost'))).toContain('psp: nearby: linked to the host');
    expect(lines).toContain('host: slept and its room went on');
    for (const picture of ['host/run/table-host-woke.png', 'join/run/table-join-host-away.png']) expect(existsSync(path.join(OUTPUT, 'nearby-game', picture)), picture).toBe(true);
  });

  it('the joining PSP sleeps in the game: the host\'s C hears its link end, its C comes back by itself, the game goes on', () => {
    expect(of('join')).toContain('psp: nearby: the PSP slept: the links are gone');
    expect(of('host')).toContain('psp: nearby: link 1 lost');
    expect(lines).toContain('join: slept and back');
    // Linked three times: at the start, after the host's sleep, after its own.
    expect(of('join').filter((l) => l === 'psp: nearby: linked to the host').length).toBe(3);
  });

  it('HOME on the joining PSP leaves the room: its goodbye reaches the host, whose C lets its link go', () => {
    expect(lines).toContain('join: left with HOME');
    expect(of('host')).toContain('psp: nearby: peer 1 dropped');
    expect(of('join')).toContain('psp: nearby: left group R' + /^hosting (\w{7})$/.exec(of('host').find((l) => l.startsWith('hosting ')) ?? '')?.[1]);
  });

  it('every frame each PSP drew is the headless host\'s, replaying its seed, buttons and net log (the hosting PSP\'s nearby functions among them)', () => {
    const replayed = (who: string): Map<string, number> | null => {
      const m = /^headless replay of its seed, buttons and net log: (\d+) frames, every hash equal \(the log's calls: (.*)\)$/.exec(of(who).find((l) => l.startsWith('headless replay')) ?? '');
      return m && Number(m[1]) > 1000 ? new Map(m[2]!.split(', ').map((c) => [c.split(' ')[0]!, Number(c.split(' ')[1])])) : null;
    };
    const host = replayed('host');
    expect(host, 'the hosting PSP\'s replay').not.toBeNull();
    expect(host!.get('nearby-open')).toBe(1);
    for (const call of ['nearby-recv', 'nearby-send']) expect(host!.get(call) ?? 0, call).toBeGreaterThanOrEqual(20);
    const join = replayed('join');
    expect(join, 'the joining PSP\'s replay').not.toBeNull();
    expect(join!.get('open')).toBe(1);
    expect(join!.get('recv') ?? 0).toBeGreaterThanOrEqual(20);
  });
});
