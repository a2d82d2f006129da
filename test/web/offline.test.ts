// Offline and installable (make test-web): after one visit the service
// worker has kept the game, which then starts and plays with the server
// gone; the manifest names the icons and the start page a phone's "add to
// home screen" needs.
import type { Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { debug, missing, until, waitFrames, sessionForTests } from './browser';

const why = missing();

function stop(server: Server): Promise<void> {
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe.skipIf(why !== null)('the web version offline', () => {
  const s = sessionForTests();

  it('has a manifest a phone can install from', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.url}?test`);
    const href = await page.getAttribute('link[rel=manifest]', 'href');
    const manifest = await page.evaluate(async (h) => (await fetch(h!)).json(), href);
    expect(manifest.name).toBe('Egyptian Ratscrew');
    expect(manifest.display).toMatch(/fullscreen|standalone/);
    expect(manifest.start_url).toBe('./');
    const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const ok = await page.evaluate(async (src) => {
        const r = await fetch(src);
        const img = await createImageBitmap(await r.blob());
        return [r.status, img.width, img.height];
      }, icon.src);
      expect(ok).toEqual([200, ...icon.sizes.split('x').map(Number)]);
    }
    await context.close();
  });

  it('starts and plays with no server after the first visit', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.url}?test`);
    await waitFrames(page, 2);
    // Installed, activated (every file kept) and in control of the page.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await stop(s.server);
    expect(await page.evaluate(() => fetch('atlas.png?x=1', { cache: 'no-store' }).then(() => 'served', () => 'failed'))).toBe('failed');
    await page.reload();
    await waitFrames(page, 30);
    const d = await until(page, 'the title', (x) => x.scene === 'title');
    expect(d.notice).toBe('');
    // And it plays: a key starts a game.
    await page.keyboard.press('s', { delay: 50 });
    await until(page, 'a game', (x) => x.scene === 'table' && !x.demo);
    const kinds = await page.evaluate(() => (window as any).ratscrewTest.kinds());
    expect(kinds.engine).toBe('page');
    expect((await debug(page)).table.game.stacks.length).toBeGreaterThan(1);
    await context.close();
  });
});
