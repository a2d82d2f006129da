// The web page (build/web, `make web`) in Debian's chromium in a desktop
// window (1280x720, keys and a mouse) and as a phone shows it, upright
// (390x844 and 360x800 CSS px) and on its side (844x390), replaying an
// input script (tools/screens/replay-bundle.mjs): a screenshot of the page
// at each of the script's shots, and after a quit the page's own panel.
//   node tools/screens/web.mjs SCRIPT.json OUT_DIR PREFIX [DEVICE,...]
// DEVICE: desktop, portrait, portrait-360, landscape (default: all).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../../web/serve.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const [scriptFile, out, prefix, only] = process.argv.slice(2);
const script = JSON.parse(readFileSync(scriptFile, 'utf8'));
const DEVICES = {
  desktop: { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
  portrait: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  'portrait-360': { viewport: { width: 360, height: 800 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  landscape: { viewport: { width: 844, height: 390 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
};
const PHONES = Object.fromEntries(Object.entries(DEVICES).filter(([name]) => !only || only.split(',').includes(name)));

const dir = mkdtempSync(path.join(tmpdir(), 'screens-web-'));
cpSync(path.join(ROOT, 'build/web'), dir, { recursive: true });
execFileSync('node', [path.join(ROOT, 'tools/screens/replay-bundle.mjs'), scriptFile, path.join(dir, 'ratscrew.js')]);
const { server, url } = await serve(dir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const [name, device] of Object.entries(PHONES)) {
    const context = await browser.newContext(device);
    const page = await context.newPage();
    const shots = [];
    page.on('console', (m) => {
      const hit = /ratscrew: shot (\d+)/.exec(m.text());
      if (hit) shots.push(Number(hit[1]));
    });
    // ?test: the seed given is the one dealt (web/src/main.ts).
    await page.goto(`${url}?test&no-sw&seed=${script.seed}`);
    const quit = page.locator('#quit');
    for (let taken = 0; taken < script.shots.length; taken++) {
      const deadline = Date.now() + 600_000;
      while (shots.length <= taken && Date.now() < deadline && !(await quit.isVisible())) await page.waitForTimeout(100);
      // The frame that quits is the page's last: its panel shows instead (below).
      if (shots.length <= taken && (await quit.isVisible())) break;
      if (shots.length <= taken) throw new Error(`${name}: shot ${taken} never came`);
      await page.waitForTimeout(400);
      const file = path.join(out, `${prefix}-${name}-${shots[taken]}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
    if (await quit.isVisible()) {
      const file = path.join(out, `${prefix}-${name}-quit-panel.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
