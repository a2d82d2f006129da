// A script that fails (docs/host-api.md §4), in the web version (make
// test-web): the page stops calling frame and shows the message and the
// stack, with a way to start again, whether the script throws while it
// loads or in a frame; a missing file says what is missing.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THROW_IN_FRAME } from '../native/bundles';
import { missing, type Session, sessionForTests } from './browser';

const why = missing();

async function withScript(s: Session, source: string | null, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await s.browser.newContext();
  const page = await context.newPage();
  await page.route('**/ratscrew.js', (route) =>
    source === null ? route.fulfill({ status: 404, body: 'not found' }) : route.fulfill({ status: 200, contentType: 'text/javascript', body: source }),
  );
  await page.goto(`${s.url}?test&no-sw`);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

describe.skipIf(why !== null)('a failing script in the web version', () => {
  const s = sessionForTests();

  it('a frame that throws: the error panel with the message and stack, and no more frames', async () => {
    await withScript(s, THROW_IN_FRAME, async (page) => {
      await page.waitForSelector('#error:not([hidden])', { timeout: 30_000 });
      const text = await page.textContent('#error-text');
      expect(text).toMatch(/Error/);
      expect(text!.split('\n').length, 'the stack').toBeGreaterThan(1);
      const frames = await page.evaluate(() => (window as any).ratscrewTest?.times().frames ?? 0);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as any).ratscrewTest?.times().frames ?? 0)).toBe(frames);
      expect(await page.isVisible('#error-restart')).toBe(true);
    });
  });

  it('a script that does not load: the error panel', async () => {
    await withScript(s, 'this is not JavaScript(', async (page) => {
      await page.waitForSelector('#error:not([hidden])', { timeout: 30_000 });
      expect(await page.textContent('#error-text')).toMatch(/SyntaxError/);
    });
  });

  // index.html starts the script's worker before the page's own script is
  // there to listen (web/build.mjs): its failure then must not be lost, or
  // the page waits on "Loading" for ever.
  it("the script's worker that cannot start: the error panel", async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.route('**/assets/worker-*.js', (route) => route.fulfill({ status: 404, body: 'not found' }));
    try {
      await page.goto(`${s.url}?test&no-sw`);
      await page.waitForSelector('#error:not([hidden])', { timeout: 30_000 });
      expect(await page.textContent('#error-text')).toMatch(/the script's worker failed/);
    } finally {
      await context.close();
    }
  });

  it('a missing file: says which', async () => {
    await withScript(s, null, async (page) => {
      // The script's worker fetches the bundle itself in the built page (web/build.mjs): its start fails, and the error panel says so.
      await page.waitForFunction(() => /ratscrew\.js: 404/.test(`${document.getElementById('status')!.textContent} ${document.getElementById('error-text')!.textContent}`), null, { timeout: 30_000 });
    });
  });
});
