// Pictures of the page as players see it, for looking at after a change
// (docs/web.md): a desktop window and a phone on its side, one person and
// two, English and Russian. Needs `make web` and Debian's chromium.
//   node web/screenshots.mjs [OUT_DIR]    (default test-output/web/screens)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { saveTrailer } from '../tools/contract/contract.mjs';
import { serve } from './serve.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.resolve(process.argv[2] ?? path.join(ROOT, 'test-output/web/screens'));
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const PHONE = { viewport: { width: 844, height: 390 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 };

/** A save in the C hosts' format (web/src/save.ts) with these settings. */
function save(settings) {
  const text = JSON.stringify({ version: 1, settings });
  return text + saveTrailer(Buffer.from(text, 'utf8'));
}

/** Title -> How to play (the third item) -> its last page. */
const HOW_TO_LAST = ['ArrowDown', 'ArrowDown', 's', ...Array(12).fill('ArrowRight')];

const SHOTS = [
  { name: 'desktop-title', device: DESKTOP, settings: {}, play: false },
  { name: 'desktop-table', device: DESKTOP, settings: { players: 4 }, play: true },
  { name: 'phone-title', device: PHONE, settings: {}, play: false },
  { name: 'phone-table', device: PHONE, settings: { players: 4 }, play: true },
  { name: 'phone-two-people', device: PHONE, settings: { humans: 2, players: 3 }, play: true },
  { name: 'phone-two-people-ru', device: PHONE, settings: { humans: 2, players: 4, language: 'ru' }, play: true },
  { name: 'desktop-title-ru', device: DESKTOP, settings: { language: 'ru' }, play: false },
  { name: 'desktop-table-ru', device: DESKTOP, settings: { players: 4, language: 'ru' }, play: true },
  { name: 'phone-table-ru', device: PHONE, settings: { players: 4, language: 'ru' }, play: true },
  // How to play's last page (two people): what this device's players hold.
  { name: 'desktop-howto-two-people', device: DESKTOP, settings: {}, play: false, keys: HOW_TO_LAST },
  { name: 'phone-howto-two-people-ru', device: PHONE, settings: { language: 'ru' }, play: false, keys: HOW_TO_LAST },
];

/** Waits for the game's scene (debug() asks the script's worker, so it is polled: waitForFunction would take its Promise as true). */
async function untilScene(page, scene, timeoutMs) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const d = await page.evaluate(() => window.ratscrewTest.debug());
    if (d.scene === scene) return;
    if (Date.now() > end) throw new Error(`web/screenshots: no ${scene} within ${timeoutMs} ms (the scene: ${d.scene})`);
    await page.waitForTimeout(100);
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const { server, url } = await serve(path.join(ROOT, 'build/web'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    for (const shot of SHOTS) {
      const context = await browser.newContext(shot.device);
      const page = await context.newPage();
      await page.goto(`${url}?test&no-sw&seed=4`);
      await page.evaluate((t) => localStorage.setItem('ratscrew/save.json', t), save(shot.settings));
      await page.reload();
      await page.waitForFunction(() => window.ratscrewTest?.times().frames > 5);
      if (shot.play) {
        // Confirm Play (the touch Cross button, or the S key), then let the CPUs play a while.
        if (shot.device.hasTouch) await page.tap('.touch-cross');
        else await page.keyboard.press('s');
        await untilScene(page, 'table', 20_000);
        await page.waitForTimeout(3500);
      } else {
        await page.waitForTimeout(500);
      }
      for (const key of shot.keys ?? []) {
        await page.keyboard.press(key);
        await page.waitForTimeout(150);
      }
      await page.screenshot({ path: path.join(OUT, `${shot.name}.png`) });
      console.log(path.join(OUT, `${shot.name}.png`));
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
