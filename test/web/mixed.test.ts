// A mixed room (issue 36 item 4): the desktop host (SDL with its dummy
// drivers, libwebsockets) and a Chromium page play one game to its results
// through the rooms server on 127.0.0.1. Ann, on the page, creates the room
// with her keys; the desktop opens with its link (--join CODE, as the page's
// ?room=CODE) and a test player's input script (its Square pressed now and
// then: it plays its cards when its turn comes, never slaps); Ann starts,
// plays and slaps what she sees. Both reach the results: Ann's page shows
// them, and the desktop's record (--record: its frame hashes and its message
// log) replayed in Node ends on the same results with the same ranking,
// frame for frame the desktop's hashes; the headless host replays it too.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type GameServer } from '../../server/server';
import { BTN_SQUARE } from '../../src/contract';
import { slapPattern } from '../../src/rules';
import { readSave, writeSave } from '../../src/app/settings';
import { RESULTS_AFTER_MS } from '../../src/app/table';
import { buildNative, HEADLESS, ROOT, tempDir, BUILD_TIMEOUT_MS } from '../native/headless';
import { DESKTOP_CAPS } from '../support/caps';
import { NetLogReplay } from '../support/net-log';
import { replay } from '../support/script';
import { buildWeb, debug, missing, open, until, waitFrames, WEB_DIR, type Session } from './browser';

const why = missing();
const quiet = (): void => {};
const DESKTOP = path.join(ROOT, 'build/native/ratscrew');
/** A slap this long after the pile could first be read on Ann's screen (ms: over the false-start floor). */
const REACTION_MS = 150;

/** The desktop's test player: named Desk; Square pressed for 2 frames every 20 from frame 120 (it plays in its turn). */
function deskScript(frames: number, language: 'en' | 'ru'): { seed: number; frames: number; saved: string; inputs: [number, number][] } {
  const fresh = readSave(null);
  const saved = writeSave({ ...fresh.settings, name: 'Desk', language }, fresh.stats);
  const inputs: [number, number][] = [[0, 0]];
  for (let f = 120; f < frames; f += 20) inputs.push([f, BTN_SQUARE], [f + 2, 0]);
  return { seed: 11, frames, saved, inputs };
}

/**
 * Waits until the desktop has drawn, past the last thing the network brought
 * it (the game's last step), the table's wait before the results and a
 * second more, in its own frames (its scripted clock: 60 a second), as its
 * record shows (both files written line by line). A 2 s wall-clock wait was
 * shorter than the table's own wait plus the last card's flight: on a loaded
 * machine the desktop was still at the table when it was stopped.
 */
async function desktopCaughtUp(record: string, deskLog: () => string): Promise<void> {
  const end = Date.now() + 60_000;
  for (;;) {
    const net = readFileSync(path.join(record, 'net.log'), 'utf8').trim().split('\n');
    const lastRecv = Math.max(0, ...net.filter((l) => / recv /.test(l)).map((l) => Number(l.split(' ')[0])));
    const drawn = readFileSync(path.join(record, 'hashes.txt'), 'utf8').trim().split('\n').length;
    if (drawn >= lastRecv + ((RESULTS_AFTER_MS + 1000) * 60) / 1000) return;
    if (Date.now() > end) throw new Error(`the desktop did not catch up: ${drawn} frames drawn, the last message at frame ${lastRecv}\n${deskLog()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(why !== null)('a desktop and a browser page in one room', () => {
  let server: GameServer;
  let session: Session;
  beforeAll(async () => {
    buildWeb();
    buildNative('sdl', 'headless');
    // Games end by the card limit after 24 cards, dealt from a known seed.
    server = await startServer({ cardLimit: 24, seed: 29, webDir: WEB_DIR, logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } });
    session = await open();
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await session?.close();
    await server?.stop().catch(() => {});
  });

  it('plays a whole game to its results; the desktop\'s record replays frame for frame', async () => {
    const context = await session.browser.newContext({ viewport: { width: 960, height: 544 } });
    const ann = await context.newPage();
    const errors: string[] = [];
    ann.on('pageerror', (e) => errors.push(e.message));
    await ann.goto(`${server.url}?test&no-sw`);
    await until(ann, 'the title', (d) => d.scene === 'title');
    const key = (k: string) => async () => {
      await ann.keyboard.press(k, { delay: 40 });
      const frames = await ann.evaluate(() => (window as any).ratscrewTest.times().frames as number);
      await waitFrames(ann, frames + 2);
    };
    await key('ArrowDown')();
    await key('Enter')();
    await until(ann, 'the name entry', (d) => d.online?.entry?.what === 'name');
    await ann.keyboard.type('Ann', { delay: 40 });
    await key('Enter')();
    await until(ann, 'the Online menu', (d) => d.scene === 'online' && d.settings.name === 'Ann');
    await key('Enter')();
    await until(ann, 'Create', (d) => d.scene === 'create');
    // Three seats (the Players row, two down, from the default 4), one for a CPU player.
    for (const k of ['ArrowDown', 'ArrowDown', 'ArrowLeft']) await key(k)();
    await until(ann, 'three seats', (d) => d.settings.players === 3);
    await key('Escape')();
    const lobby = await until(ann, 'the lobby', (d) => d.scene === 'lobby' && d.online.room.lobby !== null && d.online.room.code !== '');
    const code: string = lobby.online.room.code;

    // The desktop opens the room's link.
    const dir = tempDir('mixed');
    const record = path.join(dir, 'record');
    const script = deskScript(60 * 150, 'en');
    writeFileSync(path.join(dir, 'desk.json'), JSON.stringify(script));
    const desk = spawn(DESKTOP, ['--inputs', path.join(dir, 'desk.json'), '--join', code, '--server', `127.0.0.1:${server.port}`, '--record', record], {
      env: { ...process.env, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy', XDG_DATA_HOME: tempDir('xdg') },
    });
    let deskLog = '';
    desk.stderr.setEncoding('utf8').on('data', (d: string) => (deskLog += d));
    const exited = new Promise<number | null>((r) => desk.on('exit', (c, signal) => r(signal ? 128 + 15 : c)));
    try {
      await until(ann, 'Desk in the lobby', (d) => d.online.room.lobby.names[1] === 'Desk', 30_000).catch((e: Error) => {
        throw new Error(`${e.message}\nthe desktop's log:\n${deskLog}`);
      });
      await key('Enter')();
      await until(ann, 'the game', (d) => d.scene === 'onlineTable');
      // Ann plays in her turn and slaps what she sees; the desktop plays in its own.
      let slapped = -1;
      const end = Date.now() + 120_000;
      let state: any;
      for (;;) {
        state = await debug(ann);
        if (state.scene === 'onlineResults') break;
        if (Date.now() > end) throw new Error(`no results: ${JSON.stringify({ scene: state.scene, hint: state.online?.table?.hint })}\n${deskLog}`);
        const t = state.online?.table;
        if (state.scene === 'onlineTable' && t) {
          const game = t.shownGame;
          const pattern = t.readableAt >= 0 && !t.flying && slapPattern(game) !== null && !game.barred[0];
          if (pattern && slapped !== t.seq) {
            if (t.now - t.readableAt >= REACTION_MS) {
              slapped = t.seq;
              await key('s')();
            }
          } else if (/Your turn|take the pile/.test(t.hint)) await key('z')();
        }
        await new Promise((r) => setTimeout(r, 30));
      }
      const ranking = state.results.ranking.map((r: any) => (r.name === 'You' ? 'Ann' : r.name));
      expect(ranking).toContain('Desk');
      expect(state.results.cardsPlayed).toBe(24);
      // The desktop's last step is in and drawn: it stops (SIGTERM: whole lines written).
      await desktopCaughtUp(record, () => deskLog);
      desk.kill('SIGTERM');
      await exited;

      // The desktop's record, replayed in Node as the desktop's caps see it: its frames, its results.
      const hashes = readFileSync(path.join(record, 'hashes.txt'), 'utf8').trim().split('\n').map((l) => l.split(' ')[1]!);
      const log = new NetLogReplay(readFileSync(path.join(record, 'net.log'), 'utf8'));
      const { vm, hashes: replayed } = await replay(
        { ...script, frames: hashes.length, shots: [] },
        (f) => {
          log.frame = f.index + 1;
        },
        { caps: { ...DESKTOP_CAPS, network: true }, net: log.net },
      );
      expect(log.differences).toEqual([]);
      expect(replayed.map((h) => (h >>> 0).toString(16).padStart(8, '0'))).toEqual(hashes);
      const desktopEnd = vm.debug();
      expect(desktopEnd.scene).toBe('onlineResults');
      expect(desktopEnd.results.ranking.map((r: any) => (r.name === 'You' ? 'Desk' : r.name))).toEqual(ranking);

      // And the headless host (QuickJS in C) replays it to the same hashes.
      const out = path.join(dir, 'replay');
      const r = spawnSync(
        HEADLESS,
        ['--inputs', path.join(dir, 'desk.json'), '--frames', String(hashes.length), '--net-log', path.join(record, 'net.log'), '--desktop-caps', '--out', out, '--no-raster'],
        { encoding: 'utf8', timeout: 120_000 },
      );
      expect(r.stderr).not.toMatch(/not in the log|failed/);
      expect(r.status).toBe(0);
      expect(readFileSync(path.join(out, 'hashes.txt'), 'utf8').trim().split('\n').map((l) => l.split(' ')[1])).toEqual(hashes);
    } finally {
      desk.kill();
    }
    expect(deskLog).not.toMatch(/failed|ERROR/);
    expect(errors).toEqual([]);
    await context.close();
  }, 400_000);
});
