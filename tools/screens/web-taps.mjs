// A tap (a click on a computer) on a menu row picks that row (issue 32: on
// a phone a tap on "Options" started a game): the web page (build/web,
// `make web`) in Debian's chromium, live, in the player's language from a
// saved setting: on the title a tap on "Options" (the right half of the
// row, where the slap zone's Cross confirmed Play before), then in Options
// a tap on "People", whose help names this device. A picture after each,
// on the devices of tools/screens/web.mjs (the phones upright show the
// picture across the whole width).
//   node tools/screens/web-taps.mjs OUT_DIR [en|ru] [DEVICE,...]
//   OUT_DIR/taps[-ru]-DEVICE-{options,people}.png
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { saveTrailer } from '../contract/contract.mjs';
import { serve } from '../../web/serve.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const [out = 'test-output/web/taps', language = 'en', only] = process.argv.slice(2);
const DEVICES = {
  desktop: { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
  portrait: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  'portrait-360': { viewport: { width: 360, height: 800 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  landscape: { viewport: { width: 844, height: 390 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
};
/** Title rows (src/view/menus.ts: six rows from y 106, every 22 px; the page offers no Online without a rooms server). */
const OPTIONS_ROW = [290, 106 + 22 + 7];
/** Options: "People", the third row under the "Game" heading (lines from y 38, every 15 px). */
const PEOPLE_ROW = [300, 38 + 3 * 15 + 5];

function save(settings) {
  const text = JSON.stringify({ version: 1, settings });
  return text + saveTrailer(Buffer.from(text, 'utf8'));
}

/** Where the game's screen pixel (x, y) is on the page. */
async function onPage(page, [x, y]) {
  const r = await page.evaluate(() => {
    const b = document.getElementById('screen').getBoundingClientRect();
    return [b.left, b.top, b.width, b.height];
  });
  return [r[0] + (x * r[2]) / 480, r[1] + (y * r[3]) / 272];
}

/** A finger's tap on a touch screen (down, 80 ms, up), or a mouse click. */
async function tap(page, cdp, [x, y]) {
  if (cdp === null) return page.mouse.click(x, y, { delay: 80 });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  await page.waitForTimeout(80);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Polls the game's state (the page's test hook; the game runs in a worker) until test(state). */
async function until(page, what, test) {
  const end = Date.now() + 20_000;
  for (;;) {
    const state = await page.evaluate(() => window.ratscrewTest?.debug() ?? null).catch(() => null);
    if (state !== null && test(state)) return;
    if (Date.now() > end) throw new Error(`${what} never came (scene ${state?.scene})`);
    await page.waitForTimeout(50);
  }
}

mkdirSync(out, { recursive: true });
const { server, url } = await serve(path.join(ROOT, 'build/web'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const prefix = language === 'ru' ? 'taps-ru' : 'taps';
try {
  for (const [name, device] of Object.entries(DEVICES)) {
    if (only && !only.split(',').includes(name)) continue;
    const context = await browser.newContext(device);
    const page = await context.newPage();
    await page.goto(`${url}?test&no-sw&seed=5`);
    await page.evaluate((t) => localStorage.setItem('ratscrew/save.json', t), save({ language }));
    await page.reload();
    await until(page, 'the title', (d) => d.scene === 'title' && d.titleCursor === 0);
    const cdp = device.hasTouch ? await context.newCDPSession(page) : null;
    await tap(page, cdp, await onPage(page, OPTIONS_ROW));
    await until(page, 'Options', (d) => d.scene === 'options');
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `${prefix}-${name}-options.png`) });
    console.log(path.join(out, `${prefix}-${name}-options.png`));
    await tap(page, cdp, await onPage(page, PEOPLE_ROW));
    await until(page, 'the People row', (d) => d.optionCursor === 2);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `${prefix}-${name}-people.png`) });
    console.log(path.join(out, `${prefix}-${name}-people.png`));
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
