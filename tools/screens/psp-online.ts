// The PSP's Online screens as a player sees them: the release EBOOT
// (build/psp/EBOOT.PBP, make psp) in PPSSPP's native emulator at the wall
// clock's pace (tools/psp-emulator/native.mjs --realtime), with a save that
// holds the player's name and language, against a rooms server in this
// process (cards dealt from a known seed, the game ended by the card limit
// after 40 cards), both in a network namespace of their own: the title's
// Online row, the Online menu, Create, the system's connection dialog, the
// lobby, the table (presses on a fixed beat, blind: Square plays, Cross
// slaps now and then), the results. OUT_DIR/psp-online-NAME[-ru].png.
//   PPSSPP_HEADLESS=... npx tsx tools/screens/psp-online.ts OUT_DIR en|ru
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../server/server';
import { readSave, writeSave } from '../../src/app/settings';
import { saveTrailer } from '../../src/contract';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '../..');
if (process.env.RATSCREW_PSP_NETNS !== '1') {
  const r = spawnSync('unshare', ['--user', '--map-root-user', '--net', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh',
    process.execPath, ...process.execArgv, HERE, ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, RATSCREW_PSP_NETNS: '1' } });
  process.exit(r.status ?? 1);
}

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
  const text = writeSave({ ...fresh.settings, language: language === 'ru' ? 'ru' : 'en', name: 'Psp' }, fresh.stats);
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
    { at_ms: 13000, screenshot: 'lobby' },
    { at_ms: 13100, press: 'cross', comment: 'start, with the CPU seats' },
  ];
  // Presses until the results (about 57 s with this seed and card limit),
  // then none, so that Cross does not start the rematch; pictures of the
  // table every 3 s (a race's times show for a moment after each race).
  for (let t = 14500, i = 0; t < 55_000; t += 450, i++) steps.push({ at_ms: t, press: i % 7 === 3 ? 'cross' : 'square' });
  for (let k = 0; k < 12; k++) steps.push({ at_ms: 20_100 + 3000 * k, screenshot: `table-${k}` });
  for (let k = 0; k < 3; k++) steps.push({ at_ms: 58_000 + 3000 * k, screenshot: `results-${k}` });
  writeFileSync(path.join(work, 'steps.json'), JSON.stringify(steps));
  const run = path.join(work, 'run');
  // Not spawnSync: the server in this process answers the PSP meanwhile.
  const emu = spawn(process.execPath, ['--experimental-websocket', '--no-warnings=ExperimentalWarning', path.join(ROOT, 'tools/psp-emulator/native.mjs'),
    '--eboot', path.join(game, 'EBOOT.PBP'), '--out', run, '--steps', path.join(work, 'steps.json'), '--save', save, '--realtime',
    '--until-ms', '65000', '--timeout', '300'], { env: { ...process.env, RATSCREW_PSP_NETNS: '1' }, stdio: ['ignore', 'inherit', 'inherit'] });
  await new Promise((r) => emu.on('exit', r));
  for (const name of ['title', 'menu', 'create', 'connection', 'lobby', ...Array.from({ length: 12 }, (_, k) => `table-${k}`), 'results-0', 'results-1', 'results-2']) {
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
