// The PSP's nearby-room screens as a player sees them: the release EBOOT
// (build/psp/EBOOT.PBP, make psp) in PPSSPP's native emulator at the wall
// clock's pace, with a save holding the player's name and language, in a
// network namespace of its own where the emulator is its own ad-hoc server
// (PPSSPP_BUILTIN_ADHOC_SERVER): the Online menu of a PSP with both a
// network and ad hoc (six rows), Host a nearby room's options, its lobby
// with the code the PSP made up (the group open, nobody joined yet),
// leaving it, and Join a nearby room's code picker with a code half
// written. OUT_DIR/psp-nearby-NAME[-ru].png.
//   PPSSPP_HEADLESS=... npx tsx tools/screens/psp-nearby.ts OUT_DIR en|ru
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSave, writeSave } from '../../src/app/settings';
import { saveTrailer } from '../../src/contract';
import { ownNetwork } from '../psp-emulator/netns.mjs';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '../..');
ownNetwork(HERE, 'psp-nearby');

const [out = 'test-output/psp-nearby', language = 'en'] = process.argv.slice(2);
const suffix = language === 'ru' ? '-ru' : '';
mkdirSync(out, { recursive: true });
const work = mkdtempSync(path.join(tmpdir(), 'psp-nearby-'));
try {
  const fresh = readSave(null);
  const text = writeSave({ ...fresh.settings, language: language === 'ru' ? 'ru' : 'en', name: 'Psp', players: 3, onlineCpus: 1 }, fresh.stats);
  const save = path.join(work, 'save.json');
  writeFileSync(save, text + saveTrailer(new TextEncoder().encode(text)));
  // On the game's clock (ms after boot). The Online menu's rows here: Create, Join, Host nearby, Join nearby, Your name, Back.
  // Two runs: PPSSPP's headless emulator was killed on leaving a hosted group (its ad-hoc teardown), so the join is a run of its own.
  const online = [
    { at_ms: 1500, screenshot: 'title' },
    { at_ms: 1600, press: 'down' },
    { at_ms: 1900, press: 'cross', comment: 'Online' },
    { at_ms: 2300, press: 'down' },
    { at_ms: 2600, press: 'down' },
  ];
  const host = [
    ...online,
    { at_ms: 3000, screenshot: 'menu' },
    { at_ms: 3100, press: 'cross', comment: 'Host a nearby room' },
    { at_ms: 3700, screenshot: 'create' },
    { at_ms: 3800, press: 'start', comment: 'open it' },
    { at_ms: 4300, screenshot: 'opening' },
    { at_ms: 9000, screenshot: 'lobby' },
  ];
  const join = [
    ...online,
    { at_ms: 2900, press: 'down' },
    { at_ms: 3200, press: 'cross', comment: 'Join a nearby room' },
    { at_ms: 3600, press: 'cross' },
    { at_ms: 3800, press: 'right' },
    { at_ms: 4000, press: 'cross' },
    { at_ms: 4200, press: 'down' },
    { at_ms: 4400, press: 'cross' },
    { at_ms: 5000, screenshot: 'code' },
    { at_ms: 5100, press: 'right' },
    { at_ms: 5300, press: 'cross' },
    { at_ms: 5500, press: 'cross' },
    { at_ms: 5700, press: 'cross' },
    { at_ms: 5900, press: 'cross' },
    { at_ms: 6100, press: 'start', comment: 'join it: no PSP hosts it' },
    { at_ms: 6600, screenshot: 'joining' },
    { at_ms: 17600, screenshot: 'not-found' },
  ];
  const env = { ...process.env, RATSCREW_PSP_NETNS: '1', PPSSPP_BUILTIN_ADHOC_SERVER: '1', PPSSPP_ADHOC_SERVER: '127.0.0.1', PPSSPP_MAC: '02:00:00:00:00:0a', PPSSPP_NICKNAME: 'Psp' };
  for (const [name, steps, until] of [['host', host, 9500], ['join', join, 18000]] as const) {
    writeFileSync(path.join(work, `${name}.json`), JSON.stringify(steps));
    const run = path.join(work, name);
    const r = spawnSync(process.execPath, ['--experimental-websocket', '--no-warnings=ExperimentalWarning', path.join(ROOT, 'tools/psp-emulator/native.mjs'), '--eboot', path.join(ROOT, 'build/psp/EBOOT.PBP'), '--out', run,
      '--steps', path.join(work, `${name}.json`), '--save', save, '--realtime', '--until-ms', String(until), '--timeout', '240'], { env, stdio: 'inherit' });
    if (r.status !== 0) console.log(`psp-nearby: the ${name} run ended with ${r.status}`);
    for (const step of steps) {
      const shot = (step as { screenshot?: string }).screenshot;
      const png = path.join(run, `${shot}.png`);
      if (shot === undefined || !existsSync(png)) continue;
      const file = path.join(out, `psp-nearby-${shot === 'title' || shot === 'menu' ? '' : name + '-'}${shot}${suffix}.png`);
      copyFileSync(png, file);
      console.log(file);
    }
    if (existsSync(path.join(run, 'console.log'))) copyFileSync(path.join(run, 'console.log'), path.join(out, `psp-nearby-${name}${suffix}.log`));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
