// The browser tests' access to the web build: Debian's chromium, driven by
// playwright-core (never a downloaded browser), and build/web/ served on
// 127.0.0.1 by web/serve.mjs. When chromium or the build is missing the
// checks are skipped with one line saying what is missing.
import type { Server } from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { ROOT } from '../native/headless';
import { buildWeb, CHROMIUM, CHROMIUM_FLAGS, missing } from './chromium';

export const WEB_DIR = path.join(ROOT, 'build/web');
export const OUTPUT = path.join(ROOT, 'test-output/web');
export { buildWeb, CHROMIUM, CHROMIUM_FLAGS, missing };

export interface Session {
  browser: Browser;
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** A chromium with a fresh profile, and the build served on a free port. */
export async function open(): Promise<Session> {
  const { serve } = (await import(path.join(ROOT, 'web/serve.mjs'))) as {
    serve(dir: string, port?: number): Promise<{ server: Server; url: string }>;
  };
  const { server, url } = await serve(WEB_DIR);
  // launch() gives every browser a fresh profile of its own (a temporary --user-data-dir).
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 120_000 });
  return {
    browser,
    url,
    server,
    async close() {
      await browser.close().catch(() => {});
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The browser of one describe block: before its tests build/web/ is built,
 * `prepare` (the block's own setup) runs, then the build is served and
 * chromium launched; after them both are closed. The session returned is
 * filled in by the time the first test runs.
 */
export function sessionForTests(prepare?: () => void | Promise<void>): Session {
  const s = {} as Session;
  beforeAll(async () => {
    buildWeb();
    await prepare?.();
    Object.assign(s, await open());
  }, 600_000);
  afterAll(async () => {
    await s.close?.();
  });
  return s;
}

/** Opens the game in a new context: `query` is added to the address (?test is always there). */
export async function game(s: Session, query = '', options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await s.browser.newContext({ viewport: { width: 960, height: 544 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${s.url}?test${query}`);
  await waitFrames(page, 2);
  return { context, page, errors };
}

/** Waits until the live game has drawn at least n frames. */
export async function waitFrames(page: Page, n: number, timeout = 60_000): Promise<void> {
  await page.waitForFunction((k) => (window as any).ratscrewTest?.times().frames >= k, n, { timeout, polling: 50 });
}

/** ratscrew.debug() of the live game, or null while the page is still loading. */
export async function debug(page: Page): Promise<any> {
  return page.evaluate(() => (window as any).ratscrewTest?.debug() ?? null).catch(() => null);
}

/** Waits until test(debug()) holds; returns that state. */
export async function until(page: Page, what: string, test: (state: any) => boolean, timeout = 20_000): Promise<any> {
  const end = Date.now() + timeout;
  let state: any;
  for (;;) {
    state = await debug(page);
    if (state !== null && test(state)) return state;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; state: ${JSON.stringify(state && { scene: state.scene, notice: state.notice, table: state.table && { turn: state.table.game?.turn, message: state.table.message } })}`);
    await page.waitForTimeout(30);
  }
}

/**
 * Moves the title's cursor to item i by arrow keys, checking each step: on a
 * loaded machine the page can hand a short press to the script late enough
 * that the menu's auto-repeat counts it twice, so a fixed number of presses
 * can land on the wrong item.
 */
export async function toTitleItem(page: Page, i: number): Promise<void> {
  for (let tries = 0; tries < 8; tries++) {
    const at = (await until(page, 'the title', (d) => d.scene === 'title' && !d.demo)).titleCursor as number;
    if (at === i) return;
    await page.keyboard.press(at < i ? 'ArrowDown' : 'ArrowUp', { delay: 50 });
    await until(page, 'the title cursor to move', (d) => d.scene === 'title' && d.titleCursor !== at);
  }
  throw new Error(`the title's cursor never reached item ${i}`);
}

export async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key, { delay: 50 });
  await page.waitForTimeout(120);
}

/**
 * In Options: moves the cursor to the row labelled `label` (in the words
 * shown now) and changes it (Right) until `changed` holds, checking each
 * step: on a loaded machine the menu's auto-repeat can count a late press
 * twice (toTitleItem above), and a row of two values changed
 * twice is back where it was.
 */
export async function changeRow(page: Page, label: string, changed: (d: any) => boolean): Promise<void> {
  const d = await until(page, 'Options', (x) => x.scene === 'options');
  const row = (d.optionRows as { label: string }[]).findIndex((r) => r.label === label);
  expect(row, `no row "${label}"`).toBeGreaterThanOrEqual(0);
  for (let tries = 0, at = d.optionCursor as number; at !== row; tries++, at = (await until(page, 'Options', (x) => x.scene === 'options')).optionCursor) {
    if (tries === 40) throw new Error(`the options' cursor never reached "${label}"`);
    await press(page, at < row ? 'ArrowDown' : 'ArrowUp');
  }
  for (let tries = 0; !changed(await until(page, 'Options', (x) => x.scene === 'options')); tries++) {
    if (tries === 4) throw new Error(`the row "${label}" never changed`);
    await press(page, 'ArrowRight');
    await page.waitForTimeout(300);
  }
}
