// The web page cannot hang (issue 33, item 2; docs/web.md): a script stuck
// in an endless loop, a regular expression backtracking without end, or an
// endless Promise.then chain is stopped at the C hosts' deadline (a frame 2
// s, the load 10 s: native/core/vm.h) and the error panel shows it, as the C
// hosts show their error screen; meanwhile the page stays responsive. Before
// (the script on the page's own thread) the tab stopped answering for good.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { missing, type Session, sessionForTests } from './browser';

const why = missing();

const C = 'var c = new Int32Array(2048 * 8), n = 0;\n';
/** A bundle that draws a few frames, then runs `hang` in frame 20. */
const hangingAt20 = (hang: string, prelude = '') =>
  `${C}${prelude}\nglobalThis.ratscrew = { commands: c, frame: function () { if (++n === 20) { ${hang} } c[0] = 1; c[1] = 0xff202020 | 0; return 1; } };`;

const HANGS: [string, string][] = [
  ['an endless loop', 'for (;;) {}'],
  ['the regular expression /(a+)+b/ on a long string', "/(a+)+b/.test('a'.repeat(40));"],
  ['an endless Promise.then chain', 'spin();'],
];
const SPIN = 'function spin() { Promise.resolve().then(spin); }';

interface Stopped {
  text: string;
  /** Page clock (ms): from the last frame asked of the script to the error panel. */
  afterAskMs: number;
  frames: number;
}

async function withScript<T>(s: Session, source: string, run: (page: Page) => Promise<T>, query = ''): Promise<T> {
  const context = await s.browser.newContext();
  const page = await context.newPage();
  await page.route('**/ratscrew.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: source }));
  await page.goto(`${s.url}?test&no-sw${query}`);
  try {
    return await run(page);
  } finally {
    await context.close();
  }
}

/** Waits (a hang shows as this timeout) for the error panel; what it says, and when. */
async function stopped(page: Page, timeout: number): Promise<Stopped> {
  await page.waitForSelector('#error:not([hidden])', { timeout });
  return page.evaluate(() => {
    const t = (window as any).ratscrewTest?.times();
    return { text: document.getElementById('error-text')!.textContent ?? '', afterAskMs: t ? t.stoppedAt - t.askedAt : NaN, frames: t?.frames ?? 0 };
  });
}

describe.skipIf(why !== null)('the web page cannot hang', () => {
  const s = sessionForTests();

  it.each(HANGS)('%s in a frame: the error panel at the frame deadline; the page answers meanwhile; no frame after', async (_name, hang) => {
    await withScript(s, hangingAt20(hang, SPIN), async (page) => {
      await page.waitForFunction(() => (window as any).ratscrewTest?.times().frames >= 19, null, { timeout: 30_000 });
      // The page's own thread is free while the script is stuck.
      expect(await page.evaluate(() => 6 * 7)).toBe(42);
      const r = await stopped(page, 20_000);
      expect(r.text).toMatch(/^ratscrew\.frame ran longer than 2000 ms and was stopped/);
      expect(r.afterAskMs).toBeGreaterThanOrEqual(2000);
      console.info(`hang "${_name}": error panel ${r.afterAskMs.toFixed(0)} ms after the frame was asked for`);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as any).ratscrewTest.times().frames)).toBe(r.frames);
      // Start again works: the restart button reloads the game (the same script hangs again later).
      await page.click('#error-restart');
      await page.waitForFunction(() => (window as any).ratscrewTest?.times().frames >= 5, null, { timeout: 30_000 });
    });
  });

  it('an endless loop while the script loads: the error panel at the load deadline', async () => {
    await withScript(s, `${C}for (;;) {}`, async (page) => {
      const r = await stopped(page, 40_000);
      expect(r.text).toMatch(/^loading the script ran longer than 10000 ms and was stopped/);
    });
  });

  it('the regular expression at load too', async () => {
    await withScript(s, `${C}/(a+)+b/.test('a'.repeat(40));`, async (page) => {
      const r = await stopped(page, 40_000);
      expect(r.text).toMatch(/^loading the script ran longer than 10000 ms/);
    });
  });

  // Frame 0 is answered with the start, in the same task (worker.ts): the
  // chain holds up the next message, the first frame the page asks for.
  it('a Promise chain started while loading: the first frame asked for is never answered, and that is said', async () => {
    await withScript(s, `${C}${SPIN}\nspin();\nglobalThis.ratscrew = { commands: c, frame: function () { return 0; } };`, async (page) => {
      const r = await stopped(page, 30_000);
      expect(r.text).toMatch(/^ratscrew\.frame ran longer than 2000 ms/);
      expect(r.frames).toBe(1);
    });
  });

  it("an endless loop in frame 0, which the start answers with: a frame's deadline, not the load's", async () => {
    await withScript(s, `${C}globalThis.ratscrew = { commands: c, frame: function () { for (;;) {} } };`, async (page) => {
      const r = await stopped(page, 30_000);
      expect(r.text).toMatch(/^ratscrew\.frame ran longer than 2000 ms/);
      expect(r.frames).toBe(0);
    });
  });

  it('an atlas the browser never decodes: the loading line says why at the load deadline', async () => {
    const context = await s.browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        (window as any).createImageBitmap = () => new Promise(() => {});
      });
      await page.goto(`${s.url}?test&no-sw`);
      await page.waitForFunction(() => /could not start/.test(document.getElementById('status')?.textContent ?? ''), null, { timeout: 30_000 });
      expect(await page.textContent('#status')).toBe('The game could not start: atlas.png: not decoded in 10 s');
    } finally {
      await context.close();
    }
  });

  it('the QuickJS engine: a JSON.parse 1,000,000 deep is a stack overflow the script can catch, and uncaught a clear error (not the WebAssembly\'s abort)', async () => {
    const deep = "JSON.parse('['.repeat(1000000) + ']'.repeat(1000000))";
    await withScript(s, hangingAt20(`try { ${deep}; } catch (e) { host.log('caught ' + e); }`), async (page) => {
      await page.waitForFunction(() => (window as any).ratscrewTest?.times().frames >= 40, null, { timeout: 60_000 });
      expect(await page.evaluate(() => (window as any).ratscrewTest.log())).toContainEqual(expect.stringMatching(/^caught \w*Error: stack overflow/));
    }, '&engine=quickjs');
    await withScript(s, hangingAt20(`${deep};`), async (page) => {
      const r = await stopped(page, 60_000);
      expect(r.text).toMatch(/stack overflow/);
      expect(r.text).not.toMatch(/Assertion|Aborted/);
    }, '&engine=quickjs');
  });

  it('a script that keeps working within the deadline is never stopped (1.5 s frames)', async () => {
    const slow = `${C}globalThis.ratscrew = { commands: c, frame: function () { var end = Date.now() + (++n <= 3 ? 1500 : 0); while (Date.now() < end) {} c[0] = 1; c[1] = 0; return 1; } };`;
    await withScript(s, slow, async (page) => {
      await page.waitForFunction(() => (window as any).ratscrewTest?.times().frames >= 10, null, { timeout: 60_000 });
      expect(await page.isHidden('#error')).toBe(true);
    });
  });
});
