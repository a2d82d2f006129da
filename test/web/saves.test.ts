// Saves in the browser (make test-web): settings chosen in the game survive
// a reload; a damaged entry in localStorage shows the notice, keeps what can
// be read and is kept aside; a browser without storage plays on with one
// notice; a full storage says so. The entry has the C hosts' format and
// trailer (web/src/save.ts, native/core/save.h).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { trailer, verify } from '../../web/src/save';
// The C hosts' check of a save, written out again so that the page's own reader cannot vouch for itself.
import { savedText } from '../reliability/save-folder';
import { changeRow, debug, game, missing, press, toTitleItem, until, waitFrames, sessionForTests } from './browser';

const why = missing();
const KEY = 'ratscrew/save.json';

/** From the title into Options (its second item), changes the first row and leaves: the game saves then. Returns the settings chosen. */
async function changeASetting(page: Page): Promise<any> {
  const before = (await until(page, 'the title', (d) => d.scene === 'title' && !d.demo)).settings;
  await toTitleItem(page, 1);
  await press(page, 's');
  await until(page, 'Options (the title\'s second item)', (d) => d.scene === 'options');
  const first = (await until(page, 'Options', (d) => d.scene === 'options')).optionRows[0].label as string;
  const differs = (d: any): boolean => JSON.stringify(d.settings) !== JSON.stringify(before);
  await changeRow(page, first, differs);
  const changed = await until(page, 'a changed setting', differs);
  await press(page, 'd');
  await until(page, 'back on the title', (d) => d.scene === 'title');
  return changed.settings;
}

const stored = (page: Page, key: string): Promise<string | null> => page.evaluate((k) => localStorage.getItem(k), key);

describe.skipIf(why !== null)('saves in the browser', () => {
  const s = sessionForTests();

  it('a reload keeps the settings, saved with the C hosts\' trailer', async () => {
    const { context, page, errors } = await game(s, '&no-sw');
    const chosen = await changeASetting(page);
    const entry = await stored(page, KEY);
    expect(entry, 'nothing saved').not.toBeNull();
    const text = savedText(entry!);
    expect(text, 'the entry has no valid trailer').not.toBeNull();
    expect(verify(entry!)).toBe(text);
    expect(JSON.parse(text!).settings).toEqual(chosen);
    await page.reload();
    await waitFrames(page, 2);
    const after = await until(page, 'the title', (d) => d.scene === 'title');
    expect(after.settings).toEqual(chosen);
    expect(after.notice).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a damaged entry: the notice, what can be read is kept, the bytes are kept aside, the next save is whole', async () => {
    const { context, page } = await game(s, '&no-sw');
    const text = JSON.stringify({ version: 1, settings: { players: 5, ruleSet: 'russian' } });
    const damaged = `${text.replace('russian', 'russiaN')}${trailer(text)}`; // the trailer of other text
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [KEY, damaged] as const);
    await page.reload();
    const d = await until(page, 'the damaged-save notice', (x) => x.notice !== '');
    expect(d.settings.players).toBe(5);
    expect(await stored(page, `${KEY}.damaged-1`)).toBe(damaged);
    expect(await page.evaluate(() => (window as any).ratscrewTest.storage().problem)).toBe('damaged');
    const chosen = await changeASetting(page);
    const entry = await stored(page, KEY);
    expect(JSON.parse(verify(entry!)!).settings).toEqual(chosen);
    expect(await stored(page, `${KEY}.damaged-1`), 'the damaged copy must stay').toBe(damaged);
    await context.close();
  });

  it('without storage (private browsing): one notice, then the game plays and saves for the visit without another', async () => {
    const context = await s.browser.newContext();
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('storage is off', 'SecurityError');
        },
      });
    });
    const page = await context.newPage();
    await page.goto(`${s.url}?test&no-sw`);
    const first = await until(page, 'the notice', (x) => x.notice !== '');
    expect(await page.evaluate(() => (window as any).ratscrewTest.storage())).toEqual({ persistent: false, problem: 'unreadable' });
    const chosen = await changeASetting(page);
    // A save leaves no second notice (a failed save would replace the
    // notice's text and log it): the settings live on for the visit.
    for (let i = 0; i < 10; i++) {
      const d = await debug(page);
      expect(d.notice, 'a second notice').toBe(first.notice);
      expect(d.settings).toEqual(chosen);
      await page.waitForTimeout(50);
    }
    expect((await page.evaluate(() => (window as any).ratscrewTest.log())) as string[]).not.toContain(expect.stringMatching(/saving settings failed/));
    await context.close();
  });

  it('a full storage: the save fails with the notice, the game plays on', async () => {
    const context = await s.browser.newContext();
    await context.addInitScript(() => {
      const real = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k: string, v: string) {
        if (k === 'ratscrew/save.json') throw new DOMException('full', 'QuotaExceededError');
        real.call(this, k, v);
      };
    });
    const page = await context.newPage();
    await page.goto(`${s.url}?test&no-sw`);
    await waitFrames(page, 2);
    await changeASetting(page);
    const d = await until(page, 'the save notice', (x) => x.notice !== '');
    expect((await page.evaluate(() => (window as any).ratscrewTest.log())) as string[]).toContainEqual(expect.stringMatching(/saving settings failed: full/));
    expect(await page.evaluate(() => (window as any).ratscrewTest.storage().problem)).toBe('full');
    expect(d.scene).toBe('title');
    await context.close();
  });

  it('a damaged entry in a full storage: never replaced; the save is refused with the notice; the next visit still has it, told again', async () => {
    const context = await s.browser.newContext();
    // A note of 3,000 characters: the entry is larger than the room left, and larger than the save that would replace it.
    const text = JSON.stringify({ version: 1, settings: { players: 6 }, stats: { classic: { games: 12, wins: 5 } }, note: 'n'.repeat(3000) });
    const damaged = `${text}${trailer(`${text} `)}`;
    // A storage with room for a save of about this size, not for a copy of the entry as well (a quota: a replacement fits, a new key does not).
    await context.addInitScript(([k, v]) => {
      if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
      const size = (): number => {
        let n = 0;
        for (let i = 0; i < localStorage.length; i++) {
          const key = localStorage.key(i)!;
          n += key.length + (localStorage.getItem(key) ?? '').length;
        }
        return n;
      };
      const quota = size() + 200;
      const real = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        const old = this.getItem(key);
        if (size() - (old === null ? 0 : key.length + old.length) + key.length + value.length > quota) throw new DOMException('full', 'QuotaExceededError');
        real.call(this, key, value);
      };
    }, [KEY, damaged] as const);
    const page = await context.newPage();
    await page.goto(`${s.url}?test&no-sw`);
    const first = await until(page, 'the damaged-save notice', (x) => x.notice !== '');
    expect(first.settings.players).toBe(6);
    await changeASetting(page);
    await until(page, 'the save notice', (x) => /save/i.test(x.notice) && x.notice !== first.notice);
    expect((await page.evaluate(() => (window as any).ratscrewTest.log())) as string[]).toContainEqual(expect.stringMatching(/saving settings failed: full/));
    expect(await stored(page, KEY)).toBe(damaged);
    await page.reload();
    const again = await until(page, 'the damaged-save notice again', (x) => x.notice !== '');
    expect(again.settings.players).toBe(6);
    expect(await stored(page, KEY)).toBe(damaged);
    await context.close();
  });

  it('a second damage is kept beside the first', async () => {
    const { context, page } = await game(s, '&no-sw');
    const one = `{"version":1,"one":1}${trailer('x')}`;
    const two = `{"version":1,"two":2}${trailer('y')}`;
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [KEY, one] as const);
    await page.reload();
    await until(page, 'the first notice', (x) => x.notice !== '');
    await changeASetting(page);
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [KEY, two] as const);
    await page.reload();
    await until(page, 'the second notice', (x) => x.notice !== '');
    expect(await stored(page, `${KEY}.damaged-1`)).toBe(one);
    expect(await stored(page, `${KEY}.damaged-2`)).toBe(two);
    await context.close();
  });
});
