// The PSP online from its title (test/psp/online-title.test.ts): the
// release EBOOT in PPSSPP's native emulator at the wall clock's pace, its
// buttons at fixed times of its clock (native.mjs steps), a save holding
// its player's name; a rooms server in this process on 127.0.0.1 (a known
// deal, the game ended by the card limit after 40 cards), both in a network
// namespace of their own. The PSP goes Title > Online > Create > Start
// (the connection dialog, then its lobby); a second player (the page's
// net functions, colyseus.js) joins that room by its code, sees the PSP in
// the lobby and leaves; the PSP starts the game (the empty seats play as
// CPU players) and presses on a fixed beat (Square plays, Cross slaps now
// and then) until its results. Prints the PSP's scene lines, the second
// player's lines, and "online-title: ok" or "online-title: FAIL <why>".
//   npx tsx test/psp/online/title-run.ts EBOOT OUT   (re-runs itself under unshare)
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchMaker } from '@colyseus/core';
import { startServer } from '../../../server/server';
import { readSave, writeSave } from '../../../src/app/settings';
import { saveTrailer } from '../../../src/contract';
import { S } from '../../../src/net/protocol';
import { pageNet } from '../../../web/src/net';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '../../..');
if (process.env.RATSCREW_PSP_NETNS !== '1') {
  const r = spawnSync('unshare', ['--user', '--map-root-user', '--net', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh',
    process.execPath, ...process.execArgv, HERE, ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, RATSCREW_PSP_NETNS: '1' } });
  process.exit(r.status ?? 1);
}
const [eboot, out] = process.argv.slice(2).map((a) => path.resolve(a));
const say = (line: string): boolean => process.stdout.write(line + '\n');
const quiet = (): void => {};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  rmSync(out!, { recursive: true, force: true });
  const game = path.join(out!, 'game');
  mkdirSync(game, { recursive: true });
  const server = await startServer({ cardLimit: 40, seed: 29, logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } });
  copyFileSync(eboot!, path.join(game, 'EBOOT.PBP'));
  writeFileSync(path.join(game, 'server.txt'), `127.0.0.1:${server.port}\n`);
  const fresh = readSave(null);
  const text = writeSave({ ...fresh.settings, name: 'Psp' }, fresh.stats);
  writeFileSync(path.join(out!, 'save.json'), text + saveTrailer(new TextEncoder().encode(text)));
  // On the PSP's clock (ms after boot): the room opens after the Start on
  // Create and the connection dialog (~6.4 s); the second player comes and
  // goes before the game starts at 20 s.
  const steps: object[] = [
    { at_ms: 1600, press: 'down' },
    { at_ms: 1900, press: 'cross', comment: 'Online' },
    { at_ms: 2700, press: 'cross', comment: 'Create' },
    { at_ms: 3400, press: 'start', comment: 'open the room' },
    { at_ms: 19_000, screenshot: 'lobby' },
    { at_ms: 20_000, press: 'cross', comment: 'start' },
  ];
  for (let t = 21_000, i = 0; t < 62_000; t += 450, i++) steps.push({ at_ms: t, press: i % 7 === 3 ? 'cross' : 'square' });
  steps.push({ at_ms: 66_000, screenshot: 'results' });
  writeFileSync(path.join(out!, 'steps.json'), JSON.stringify(steps));
  const run = path.join(out!, 'run');
  const emu = spawn(process.execPath, ['--experimental-websocket', '--no-warnings=ExperimentalWarning', path.join(ROOT, 'tools/psp-emulator/native.mjs'),
    '--eboot', path.join(game, 'EBOOT.PBP'), '--out', run, '--steps', path.join(out!, 'steps.json'), '--save', path.join(out!, 'save.json'),
    '--realtime', '--until-ms', '67000', '--timeout', '300'], { env: { ...process.env, RATSCREW_PSP_NETNS: '1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let driver = '';
  emu.stdout!.on('data', (d) => (driver += d));
  const ended = new Promise<void>((r) => emu.on('exit', () => r()));
  const log = path.join(run, 'console.log');
  const scenes = (): string[] =>
    existsSync(log) ? readFileSync(log, 'utf8').split('\n').flatMap((l) => /Printf: stdout: \[script\] scene (\S+)/.exec(l)?.[1] ?? []) : [];
  try {
    // The PSP's room, as the server lists it: its id is its code.
    let code = '';
    for (let i = 0; i < 600 && !code; i++) {
      const rooms = await matchMaker.query({});
      code = rooms[0]?.roomId ?? '';
      if (!code) await sleep(100);
    }
    if (!code) throw new Error(`no room opened (${scenes().join(' ')})`);
    const kim = pageNet({ url: server.url.replace('http', 'ws').replace(/\/$/, ''), search: '' });
    if (!kim.netOpen(JSON.stringify({ op: 'join', code, name: 'Kim' }))) throw new Error('the second player could not open');
    let names = '';
    for (let i = 0; i < 200 && !names.startsWith('Psp,Kim'); i++) {
      const line = kim.netReceive();
      if (line === null) {
        await sleep(50);
        continue;
      }
      const item = JSON.parse(line) as unknown[];
      if (item[0] === 'm' && item[1] === S.lobby) names = ((item[2] as unknown[])[3] as string[]).join(',');
    }
    say(`second player: the lobby of ${code}: ${names}`);
    kim.netClose();
    await ended;
    const seen = scenes();
    say(`psp scenes: ${seen.join(' ')}`);
    say(driver.trim());
    const at = (s: string): number => seen.indexOf(s);
    if (!names.startsWith('Psp,Kim')) throw new Error(`the second player did not see the PSP in the lobby (${names})`);
    if (!(at('online') >= 0 && at('create') > at('online') && at('lobby') > at('create') && at('onlineTable') > at('lobby') && at('onlineResults') > at('onlineTable')))
      throw new Error('the PSP did not go title > online > create > lobby > table > results');
    say('online-title: ok');
  } catch (e) {
    say(`psp scenes: ${scenes().join(' ')}`);
    say(`online-title: FAIL ${(e as Error).message}`);
    process.exitCode = 1;
  } finally {
    if (emu.exitCode === null) emu.kill('SIGTERM');
    await Promise.race([ended, sleep(5000)]);
    await server.stop().catch(() => {});
  }
}

main().then(() => process.exit(process.exitCode ?? 0), (e) => {
  say(`online-title: FAIL ${(e as Error).stack}`);
  process.exit(1);
});
