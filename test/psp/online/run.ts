// The PSP online in PPSSPP's native emulator (test/psp/online.test.ts):
// inside a network namespace of its own (the emulator, the rooms server
// and the second player all on its 127.0.0.1), starts the real server
// behind a proxy this run can cut, puts server.txt and the probe script
// (test/psp/online/probe.js, run in the game's place) beside a copy of the
// probe EBOOT (build/psp-probe, make psp-probe), runs it through
// tools/psp-emulator/native.mjs at the wall clock's pace (--realtime: the
// server's clock is real), and plays the other side with the page's net
// functions (colyseus.js): joins the PSP's room by its code, sees the deal,
// cuts the PSP's connection once and sees its seat away and back, the same
// after the PSP sleeps, then its leave. Prints the PSP's script lines and one last line,
// "online: ok" or "online: FAIL <why>".
//
//   npx tsx test/psp/online/run.ts EBOOT OUT   (re-runs itself under unshare)
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../../server/server';
import { S } from '../../../src/net/protocol';
import { pageNet, type NetFunctions } from '../../../web/src/net';
import { ownNetwork } from '../../../tools/psp-emulator/netns.mjs';
import { replayPsp } from '../headless-replay';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '../../..');
const [eboot, out] = process.argv.slice(2).map((a) => path.resolve(a));

ownNetwork(HERE, 'online');

const quiet = (): void => {};

/** A TCP proxy to the server whose connections can be cut (a network that drops). */
async function cuttingProxy(target: number): Promise<{ port: number; cut(): void; close(): void }> {
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
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

async function nextMessage(net: NetFunctions, type: number, ms = 20_000): Promise<unknown> {
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
  throw new Error(`the second player got no message ${type} within ${ms} ms`);
}

const say = (line: string): boolean => process.stdout.write(line + '\n');

async function main(): Promise<void> {
  rmSync(out!, { recursive: true, force: true });
  const game = path.join(out!, 'game');
  mkdirSync(game, { recursive: true });
  const server = await startServer({ logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } });
  const proxy = await cuttingProxy(server.port);
  copyFileSync(eboot!, path.join(game, 'EBOOT.PBP'));
  // The probe build runs a probe.js beside it in the game's place (native/psp/main.c).
  copyFileSync(path.join(ROOT, 'test/psp/online/probe.js'), path.join(game, 'probe.js'));
  writeFileSync(path.join(game, 'server.txt'), `127.0.0.1:${proxy.port}\n`);
  const emu = spawn(process.execPath, ['--experimental-websocket', '--no-warnings=ExperimentalWarning', path.join(ROOT, 'tools/psp-emulator/native.mjs'),
    '--eboot', path.join(game, 'EBOOT.PBP'), '--out', path.join(out!, 'run'), '--realtime', '--until-ms', '90000', '--timeout', '240'], {
    env: { ...process.env, RATSCREW_PSP_NETNS: '1' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  let driver = '';
  emu.stdout!.on('data', (d) => (driver += d));
  const ended = new Promise<void>((r) => emu.on('exit', () => r()));
  const log = path.join(out!, 'run/console.log');
  const printed = (re: RegExp): string[] =>
    existsSync(log) ? readFileSync(log, 'utf8').split('\n').flatMap((l) => re.exec(l)?.[1] ?? []) : [];
  const scriptLines = (): string[] => printed(/Printf: stdout: \[script\] (.*)$/);
  const hostLines = (): string[] => printed(/Printf: stdout: (psp: net: .*)$/);
  const seen = async (re: RegExp, ms = 60_000): Promise<RegExpMatchArray> => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      for (const l of scriptLines()) {
        const m = re.exec(l);
        if (m) return m;
      }
      if (emu.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the PSP never logged ${re} (${driver.trim() || 'the emulator still running'})`);
  };
  try {
    const [, code] = await seen(/^net \["joined","([A-Z2-9]{7})"\]/);
    const kim = pageNet({ url: server.url.replace('http', 'ws').replace(/\/$/, ''), search: '' });
    if (!kim.netOpen(JSON.stringify({ op: 'join', code, name: 'Kim' }))) throw new Error('the second player could not open');
    await seen(/^start true$/);
    const deal = (await nextMessage(kim, S.deal)) as unknown[];
    const names = (deal[1] as string[]).slice(0, 2).join(',');
    if (names !== 'Psp,Kim') throw new Error(`the deal's names are ${names}`);
    say(`second player: dealt, seats ${names}`);
    await seen(/^dealt$/);
    proxy.cut();
    await seen(/^net \["away"\]$/);
    say(`second player: the PSP's seat away ${JSON.stringify(await nextMessage(kim, S.away))}`);
    await seen(/^net \["back"\]$/);
    say(`second player: the PSP's seat back ${JSON.stringify(await nextMessage(kim, S.away))}`);
    // The PSP sleeps (the probe build's power callback): every socket gone, the seat away, then taken back.
    await seen(/^woke away$/);
    say(`second player: the PSP's seat away after its sleep ${JSON.stringify(await nextMessage(kim, S.away))}`);
    await seen(/^woke back$/);
    say(`second player: the PSP's seat back after its sleep ${JSON.stringify(await nextMessage(kim, S.away))}`);
    await seen(/^left$/);
    say(`second player: the PSP left ${JSON.stringify(await nextMessage(kim, S.away))}`);
    await seen(/^done$/);
    kim.netClose();
    await ended;
    // The PSP's frames replayed by the headless host from the PSP's own net log (the probe build prints both),
    // the probe script in the game's place.
    const replayed = replayPsp({ consoleLog: log, saved: null, bundle: path.join(ROOT, 'test/psp/online/probe.js') }, path.join(out!, 'replay'));
    if (replayed.failed !== null) throw new Error(`the headless replay of the PSP's net log: ${replayed.failed}`);
    if (replayed.frames < 100) throw new Error(`the headless replay compared ${replayed.frames} frames: the PSP drew fewer than 100`);
    say(`headless replay of the PSP's net log: ${replayed.frames} frames, every hash equal`);
    for (const l of scriptLines()) say(`psp: ${l}`);
    for (const l of hostLines()) say(`host: ${l}`);
    say(driver.trim());
    say('online: ok');
  } catch (e) {
    for (const l of scriptLines()) say(`psp: ${l}`);
    for (const l of hostLines()) say(`host: ${l}`);
    say(`online: FAIL ${(e as Error).message}`);
    process.exitCode = 1;
  } finally {
    if (emu.exitCode === null) emu.kill('SIGTERM');
    await Promise.race([ended, new Promise((r) => setTimeout(r, 5000))]);
    proxy.close();
    await server.stop();
  }
}

main().then(() => process.exit(process.exitCode ?? 0), (e) => {
  say(`online: FAIL ${(e as Error).stack}`);
  process.exit(1);
});
