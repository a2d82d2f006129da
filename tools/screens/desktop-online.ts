// The desktop's Online screens as a player sees them: the SDL build
// (build/native/ratscrew, make -C native sdl) in its own Xvfb, played with
// real key presses (xdotool) against a rooms server in this process on
// 127.0.0.1 (cards dealt from a known seed, the game ended by the card limit
// after 40 cards): the title's Online row, the name typed on the keyboard
// (host.typed), the Online menu, a code no room has (back on the menu with
// its notice), Create, the lobby, the table with a race's times, the results. A PNG of the window at each, OUT_DIR/desktop-online-
// NAME[-ru].png.
//   npx tsx tools/screens/desktop-online.ts OUT_DIR en|ru
// Needs Xvfb, xdotool and xwd (x11-apps).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../server/server';
import { readSave, writeSave } from '../../src/app/settings';
import { saveTrailer } from '../../src/contract';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [out = 'test-output/desktop-online', language = 'en'] = process.argv.slice(2);
const suffix = language === 'ru' ? '-ru' : '';
mkdirSync(out, { recursive: true });
const work = mkdtempSync(path.join(tmpdir(), 'desktop-online-'));
const display = `:${100 + Math.floor(Math.random() * 800)}`;
const quiet = (): void => {};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const xvfb = spawn('Xvfb', [display, '-screen', '0', '1280x720x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
const server = await startServer({ cardLimit: 40, seed: 29, logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } });
await sleep(1000);
// The player's language, in a save file of the desktop's own format (save.c: the text, then its trailer).
{
  const fresh = readSave(null);
  const text = writeSave({ ...fresh.settings, language: language === 'ru' ? 'ru' : 'en' }, fresh.stats);
  mkdirSync(path.join(work, 'ratscrew'), { recursive: true });
  writeFileSync(path.join(work, 'ratscrew/save.json'), text + saveTrailer(new TextEncoder().encode(text)));
}
const env = { ...process.env, DISPLAY: display, SDL_AUDIODRIVER: 'dummy', HOME: work, XDG_DATA_HOME: work };
const game = spawn(path.join(ROOT, 'build/native/ratscrew'), ['--server', `127.0.0.1:${server.port}`, '--seed', '5'], { env });
let log = '';
game.stderr.setEncoding('utf8').on('data', (d: string) => (log += d));

const x = (...args: string[]): string => execFileSync('xdotool', args, { env, encoding: 'utf8' }).trim();
let window = '';
for (let i = 0; i < 50 && window === ''; i++) {
  await sleep(200);
  try {
    window = x('search', '--name', 'Egyptian Ratscrew').split('\n')[0]!;
  } catch {
    window = '';
  }
}
const key = async (...keys: string[]): Promise<void> => {
  for (const k of keys) {
    x('key', '--window', window, '--delay', '60', k);
    await sleep(250);
  }
};
const scene = async (name: string, ms = 20_000): Promise<void> => {
  const until = Date.now() + ms;
  while (!log.includes(`scene ${name}`)) {
    if (Date.now() > until) throw new Error(`no scene ${name}:\n${log}`);
    await sleep(100);
  }
  await sleep(600);
};
const shot = (name: string): void => {
  const file = path.join(work, 'shot.xwd');
  execFileSync('xwd', ['-silent', '-id', window, '-out', file], { env });
  const png = path.join(out, `desktop-online-${name}${suffix}.png`);
  execFileSync('node', [path.join(ROOT, 'tools/screens/xwd-png.mjs'), file, png]);
  console.log(png);
};

try {
  await sleep(2500);
  shot('title');
  await key('Down', 'Return');
  await scene('entry');
  x('type', '--window', window, '--delay', '80', 'Desk');
  await sleep(500);
  shot('name');
  await key('Return');
  await scene('online');
  shot('menu');
  // A code no room has: the join is refused, back on the Online menu with its notice over the menu's frame.
  await key('Down', 'Return');
  await scene('entry');
  const online = log.split('scene online\n').length;
  x('type', '--window', window, '--delay', '80', 'ZZZZZZZ');
  await sleep(500);
  await key('Return');
  for (const until = Date.now() + 20_000; log.split('scene online\n').length === online; await sleep(100)) if (Date.now() > until) throw new Error(`no refusal:\n${log}`);
  await sleep(600);
  shot('not-found');
  await key('Up', 'Return');
  await scene('create');
  shot('create');
  await key('Escape');
  await scene('lobby');
  await sleep(1500);
  shot('lobby');
  await key('Return');
  await scene('onlineTable');
  // Play in turn (Z) and slap now and then (S): the table shows the race's times after a race.
  let raced = false;
  for (let i = 0; i < 400 && !log.includes('scene onlineResults'); i++) {
    await key('z');
    if (i % 9 === 4) await key('s');
    if (!raced && i === 40) {
      shot('table');
      raced = true;
    }
  }
  await scene('onlineResults', 120_000);
  await sleep(1000);
  shot('results');
} finally {
  game.kill();
  await server.stop().catch(() => {});
  xvfb.kill();
  rmSync(work, { recursive: true, force: true });
}
