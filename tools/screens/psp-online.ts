// The PSP's Online screens as a player sees them: the release EBOOT
// (build/psp/EBOOT.PBP, make psp) in PPSSPP's native emulator at the wall
// clock's pace (tools/psp-emulator/native.mjs --realtime), with a save that
// holds the player's name and language, against a rooms server in this
// process (cards dealt from a known seed, the game ended by the card limit
// after 40 cards), both in a network namespace of their own: the title's
// Online row, the Online menu, Create, the system's connection dialog, the
// lobby with a second player (test/server/bot.ts, who plays), the table
// (the PSP's live buttons pressed as the table stands,
// test/psp/online/press.ts), a race's times just after each race the PSP
// slapped in, the results. OUT_DIR/psp-online-NAME[-ru].png.
//   PPSSPP_HEADLESS=... npx tsx tools/screens/psp-online.ts OUT_DIR en|ru
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchMaker } from '@colyseus/core';
import { startServer } from '../../server/server';
import { readSave, writeSave } from '../../src/app/settings';
import { saveTrailer } from '../../src/contract';
import { pressAsTheTableStands, seenByBot } from '../../test/psp/online/press';
import { Bot } from '../../test/server/bot';
import { ownNetwork } from '../psp-emulator/netns.mjs';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '../..');
ownNetwork(HERE, 'psp-online');

const [out = 'test-output/psp-online', language = 'en'] = process.argv.slice(2);
const suffix = language === 'ru' ? '-ru' : '';
mkdirSync(out, { recursive: true });
const work = mkdtempSync(path.join(tmpdir(), 'psp-online-'));
const quiet = (): void => {};
const server = await startServer({ cardLimit: 40, seed: 29, logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } });
try {
  // The game's folder: the EBOOT and the server's address beside it.
  const game = path.join(work, 'game');
  mkdirSync(game);
  copyFileSync(path.join(ROOT, 'build/psp/EBOOT.PBP'), path.join(game, 'EBOOT.PBP'));
  writeFileSync(path.join(game, 'server.txt'), `127.0.0.1:${server.port}\n`);
  // The player's name (chosen once, on a first Online) and language, in the PSP's save format (save.c).
  const fresh = readSave(null);
  const text = writeSave({ ...fresh.settings, language: language === 'ru' ? 'ru' : 'en', name: 'Psp', slapTimes: 'on' }, fresh.stats);
  const save = path.join(work, 'save.json');
  writeFileSync(save, text + saveTrailer(new TextEncoder().encode(text)));
  // On the game's clock (ms after boot). Start on Create opens the room;
  // the system's connection dialog then takes ~6.4 s before the lobby.
  const steps: object[] = [
    { at_ms: 1500, screenshot: 'title' },
    { at_ms: 1600, press: 'down' },
    { at_ms: 1900, press: 'cross', comment: 'Online' },
    { at_ms: 2600, screenshot: 'menu' },
    { at_ms: 2700, press: 'cross', comment: 'Create' },
    { at_ms: 3300, screenshot: 'create' },
    { at_ms: 3400, press: 'start', comment: 'open the room' },
    { at_ms: 8600, screenshot: 'connection' },
  ];
  writeFileSync(path.join(work, 'steps.json'), JSON.stringify(steps));
  const run = path.join(work, 'run');
  // Not spawnSync: the server in this process answers the PSP meanwhile.
  const emu = spawn(process.execPath, ['--experimental-websocket', '--no-warnings=ExperimentalWarning', path.join(ROOT, 'tools/psp-emulator/native.mjs'),
    '--eboot', path.join(game, 'EBOOT.PBP'), '--out', run, '--steps', path.join(work, 'steps.json'), '--save', save, '--realtime', '--live',
    '--until-ms', '150000', '--timeout', '300'], { env: { ...process.env, RATSCREW_PSP_NETNS: '1' }, stdio: ['pipe', 'inherit', 'inherit'] });
  const ended = new Promise((r) => emu.on('exit', r));
  const tell = (command: string): void => void emu.stdin!.write(command + '\n');
  const log = path.join(run, 'console.log');
  const scenes = (): string[] =>
    existsSync(log) ? readFileSync(log, 'utf8').split('\n').flatMap((l) => /Printf: stdout: \[script\] scene (\S+)/.exec(l)?.[1] ?? []) : [];
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const until = async (what: string, ok: () => boolean): Promise<void> => {
    for (const by = Date.now() + 60_000; !ok(); await sleep(50)) if (Date.now() > by || emu.exitCode !== null) throw new Error(`psp-online: ${what} did not come`);
  };
  const names: string[] = [];
  const bot = new Bot(server.url.replace('http', 'ws').replace(/\/$/, ''), 'Kim', 300, 150);
  try {
    // The second player joins once the PSP sits in its room (the listing counts a seat once reserved).
    let code = '';
    for (let i = 0; i < 600 && !code; i++) {
      const id = (await matchMaker.query({}))[0]?.roomId;
      if (id && matchMaker.getLocalRoomById(id)?.clients.length > 0) code = id;
      else await sleep(100);
    }
    await bot.join(code);
    await until('the lobby with both', () => bot.lobby?.[3].join(',').startsWith('Psp,Kim') === true);
    await sleep(1500);
    tell('shot lobby');
    names.push('lobby');
    await sleep(400);
    tell('press cross');
    await until('the deal', () => bot.table !== null);
    let shots = 0, tables = 0, next = performance.now() + 3000;
    await pressAsTheTableStands(async () => seenByBot(bot), bot.table!.names.indexOf('Psp'), (c) => {
      tell(c);
      // A race's times show for a moment after it is judged.
      // (Until the next card: the PSP takes the pile 150 ms after it is its to take.)
      if (c === 'press cross' && shots < 8) {
        for (const ms of [300, 450]) {
          const name = `race-${shots++}`;
          setTimeout(() => tell(`shot ${name}`), ms);
          names.push(name);
        }
      }
      if (performance.now() > next && tables < 6) {
        next = performance.now() + 3000;
        tell(`shot table-${tables}`);
        names.push(`table-${tables++}`);
      }
    }, () => 'cross', () => (emu.exitCode !== null ? 'psp-online: the emulator ended' : null));
    await until('the results', () => scenes().includes('onlineResults'));
    for (let k = 0; k < 3; k++) {
      await sleep(k === 0 ? 1000 : 3000);
      tell(`shot results-${k}`);
      names.push(`results-${k}`);
    }
    await sleep(1500);
  } finally {
    bot.stop();
    tell('end');
    emu.stdin!.end();
    await ended;
  }
  for (const name of ['title', 'menu', 'create', 'connection', ...names]) {
    const png = path.join(run, `${name}.png`);
    if (!existsSync(png)) continue;
    copyFileSync(png, path.join(out, `psp-online-${name}${suffix}.png`));
    console.log(path.join(out, `psp-online-${name}${suffix}.png`));
  }
  copyFileSync(path.join(run, 'console.log'), path.join(out, `psp-online${suffix}.log`));
} finally {
  await server.stop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
