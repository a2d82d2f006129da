// The desktop's network (native/desktop/net_lws.c over libwebsockets, the
// room of native/core/net) against the real server on 127.0.0.1, behind a
// proxy this test can cut: a probe bundle in the SDL host (dummy drivers)
// creates a room, a second player (the page's net functions, colyseus.js)
// joins it by its code, the probe starts the game and gets the deal; the
// proxy drops the desktop's connection and the room takes it back with its
// reconnection token (away, back); the probe leaves, and a code nobody
// holds is refused in the server's words. The run is recorded (--record) and
// the headless host replays its message log (--net-log) frame for frame:
// the same hashes.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker, startServer, type GameServer } from '../../server/server';
import { S } from '../../src/net/protocol';
import { pageNet, type NetFunctions } from '../../web/src/net';
import { DESKTOP_CAPS } from '../support/caps';
import { buildNative, HEADLESS, ROOT, tempDir, BUILD_TIMEOUT_MS } from './headless';

const DESKTOP = path.join(ROOT, 'build/native/ratscrew');
const quiet = (): void => {};

/** A TCP proxy to the server whose connections can be cut (a network that drops). */
async function cuttingProxy(target: number): Promise<{ port: number; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect(target, '127.0.0.1');
    sockets.add(inbound).add(outbound);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    const end = (): void => {
      inbound.destroy();
      outbound.destroy();
      sockets.delete(inbound);
      sockets.delete(outbound);
    };
    inbound.on('close', end).on('error', end);
    outbound.on('close', end).on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/**
 * The probe: a bundle that drives the net functions as the game's online
 * screens do (one poll of netReceive a frame, until null) and logs each
 * line; its picture is a bar as long as the lines it got, so that the frame
 * hashes follow the network. Steps: create; start when two people are in
 * the lobby; after the deal, wait for a drop and its way back; leave; join
 * a code nobody holds; quit once that is refused.
 */
const PROBE = `
var c = new Int32Array(2048 * 8), step = 0, lines = 0;
host.log('caps=' + JSON.stringify(host.caps));
globalThis.ratscrew = { commands: c, frame: function (now) {
  var line, item;
  if (step === 0) {
    host.log('open ' + host.netOpen(JSON.stringify({ op: 'create', name: 'Desk',
      setup: { options: { ruleSet: 'classic', players: 3 }, cpus: 1, difficulty: 'easy' } })));
    step = 1;
  }
  while ((line = host.netReceive()) !== null) {
    lines++;
    host.log('net ' + line);
    item = JSON.parse(line);
    if (step === 1 && item[0] === 'm' && item[1] === ${S.lobby} && item[2][4].filter(function (k) { return k === 1; }).length === 2) {
      host.log('start ' + host.netSend('[1,[]]'));
      step = 2;
    } else if (step === 2 && item[0] === 'm' && item[1] === ${S.deal}) {
      host.log('dealt');
      step = 3;
    } else if (step === 3 && item[0] === 'away') {
      host.log('send while away ' + host.netSend('[3,[0,100]]'));
      step = 4;
    } else if (step === 4 && item[0] === 'back') {
      host.netClose();
      host.log('left');
      host.log('open ' + host.netOpen(JSON.stringify({ op: 'join', code: 'NOSUCH2', name: 'Desk' })));
      step = 5;
    } else if (step === 5 && item[0] === 'closed') {
      step = 6;
    }
  }
  c[0] = step === 6 ? 6 : 1; c[1] = 0xff102030 | 0;
  c[8] = 3; c[9] = 0; c[10] = 0; c[11] = Math.min(lines, 480); c[12] = 8; c[15] = 0xffffffff | 0;
  return 2;
} };
`;

let server: GameServer;
let proxy: Awaited<ReturnType<typeof cuttingProxy>>;

beforeAll(async () => {
  buildNative('sdl', 'headless');
  server = await startServer({ logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } });
  proxy = await cuttingProxy(server.port);
}, BUILD_TIMEOUT_MS);
afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});

/** Polls until a room message of this type comes. */
async function nextMessage(net: NetFunctions, type: number, ms = 15_000): Promise<unknown> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const line = net.netReceive();
    if (line !== null) {
      const item = JSON.parse(line) as unknown[];
      if (item[0] === 'm' && item[1] === type) return item[2];
      continue;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no message ${type} within ${ms} ms`);
}

describe('the desktop host online (libwebsockets)', () => {
  it('creates, is joined, plays, drops and comes back, leaves; its record replays frame for frame', async () => {
    const dir = tempDir('desknet');
    const bundle = path.join(dir, 'probe.js');
    const record = path.join(dir, 'record');
    writeFileSync(bundle, PROBE);
    // The server by name: looked up on a thread of the host's own (net_lws.c), never in a frame.
    const desk = spawn(DESKTOP, ['--bundle', bundle, '--server', `localhost:${proxy.port}`, '--seed', '7', '--frames', '4000', '--record', record], {
      env: { ...process.env, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy', XDG_DATA_HOME: tempDir('xdg') },
    });
    let log = '';
    const waiters: { re: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
    desk.stderr.setEncoding('utf8').on('data', (d: string) => {
      log += d;
      for (const w of waiters.slice()) {
        const m = log.match(w.re);
        if (m) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    });
    const exited = new Promise<number | null>((r) => desk.on('exit', (code) => r(code)));
    const seen = (re: RegExp, ms = 20_000): Promise<RegExpMatchArray> =>
      new Promise((resolve, reject) => {
        const m = log.match(re);
        if (m) return resolve(m);
        waiters.push({ re, resolve });
        setTimeout(() => reject(new Error(`not seen within ${ms} ms: ${re}\n${log}`)), ms);
      });
    try {
      const [, code] = await seen(/net \["joined","([A-Z2-9]{7})"\]/);
      const kim = pageNet({ url: server.url.replace('http', 'ws').replace(/\/$/, ''), search: '' });
      expect(kim.netOpen(JSON.stringify({ op: 'join', code, name: 'Kim' }))).toBe(true);
      await seen(/start true/);
      const deal = (await nextMessage(kim, S.deal)) as unknown[];
      expect((deal[1] as string[]).slice(0, 2)).toEqual(['Desk', 'Kim']);
      await seen(/dealt/);
      // The desktop's network drops: the others see its seat away, then back.
      proxy.cut();
      await seen(/net \["away"\]/);
      expect(await nextMessage(kim, S.away)).toEqual([0, 1]);
      await seen(/net \["back"\]/);
      expect(await nextMessage(kim, S.away)).toEqual([0, 0]);
      // It leaves on purpose: away for good.
      await seen(/left/);
      expect(await nextMessage(kim, S.away)).toEqual([0, 1]);
      kim.netClose();
      expect(await exited).toBe(0);
    } finally {
      desk.kill();
    }
    expect(log).toContain(`caps=${JSON.stringify({ ...DESKTOP_CAPS, network: true })}`);
    expect(log).toContain('open true');
    expect(log).toContain('send while away false');
    expect(log).toMatch(/net \["closed","room \\"NOSUCH2\\" not found"\]|net \["closed",".*not found.*"\]/);
    expect(log).not.toMatch(/ERROR|AddressSanitizer/);

    // The headless host answers the net functions from the record's message log.
    const out = path.join(dir, 'replay');
    const frames = readFileSync(path.join(record, 'hashes.txt'), 'utf8').trim().split('\n');
    const replay = spawnSync(
      HEADLESS,
      ['--bundle', bundle, '--net-log', path.join(record, 'net.log'), '--desktop-caps', '--seed', '7', '--frames', String(frames.length), '--out', out, '--no-raster'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(replay.stderr).not.toMatch(/not in the log/);
    expect(replay.status).toBe(0);
    const replayed = readFileSync(path.join(out, 'hashes.txt'), 'utf8').trim().split('\n');
    expect(replayed.length).toBe(frames.length);
    expect(replayed).toEqual(frames);
  }, 120_000);

  it('leaves the room on purpose when it quits in the middle of a game: the server keeps no seat for it', async () => {
    const dir = tempDir('deskquit');
    const bundle = path.join(dir, 'quit.js');
    // Creates a room, starts it once a second person is in, and quits on the deal's frame.
    writeFileSync(
      bundle,
      `var c = new Int32Array(2048 * 8), quit = false, line;
host.netOpen(JSON.stringify({ op: 'create', name: 'Desk', setup: { options: { ruleSet: 'classic', players: 3 }, cpus: 1, difficulty: 'easy' } }));
globalThis.ratscrew = { commands: c, frame: function () {
  while ((line = host.netReceive()) !== null) {
    host.log('net ' + line.slice(0, 60));
    var item = JSON.parse(line);
    if (item[0] === 'm' && item[1] === ${S.lobby} && item[2][4].filter(function (k) { return k === 1; }).length === 2) host.netSend('[1,[]]');
    if (item[0] === 'm' && item[1] === ${S.deal}) quit = true;
  }
  c[0] = quit ? 6 : 1; c[1] = 0;
  return 1;
} };`,
    );
    const desk = spawn(DESKTOP, ['--bundle', bundle, '--server', `127.0.0.1:${server.port}`, '--frames', '1800'], {
      env: { ...process.env, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy', XDG_DATA_HOME: tempDir('xdg') },
    });
    let log = '';
    desk.stderr.setEncoding('utf8').on('data', (d: string) => (log += d));
    const exited = new Promise<number | null>((r) => desk.on('exit', (status) => r(status)));
    let kim: NetFunctions | null = null;
    try {
      const until = Date.now() + 20_000;
      while (!/net \["joined","[A-Z2-9]{7}"\]/.test(log) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      const code = /net \["joined","([A-Z2-9]{7})"\]/.exec(log)?.[1];
      expect(code, log).toBeTruthy();
      kim = pageNet({ url: server.url.replace('http', 'ws').replace(/\/$/, ''), search: '' });
      kim.netOpen(JSON.stringify({ op: 'join', code, name: 'Kim' }));
      await nextMessage(kim, S.deal);
      expect(await exited, log).toBe(0);
      // Kim sees the seat away; the server keeps no reconnection for it (a drop would wait 60 s).
      expect(await nextMessage(kim, S.away)).toEqual([0, 1]);
      const room = matchMaker.getLocalRoomById(code!) as any;
      expect(room).toBeTruthy();
      expect(room.core.seats[0].present).toBe(false);
      expect(Object.keys(room._reconnections)).toEqual([]);
    } finally {
      desk.kill();
      kim?.netClose();
    }
  }, 60_000);
});
