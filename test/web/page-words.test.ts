// The page's own words around the game's picture (web/src/words.ts): the
// quit and error panels speak the language the player chose in the game,
// and the quit panel stands alone, nothing of the game's last picture under
// it (issue 32: a ghost of the quit question showed through it). The
// page's words and touch zones follow the language and the number of people
// as the player changes them in Options, before Options saves them on the
// way out (host.chosen, docs/host-api.md; issue 32: they followed the save).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { trailer, verify } from '../../web/src/save';
import { THROW_IN_FRAME } from '../native/bundles';
import { changeRow, missing, OUTPUT, press, type Session, sessionForTests, toTitleItem, until } from './browser';

const why = missing();

const KEY = 'ratscrew/save.json';
function saveIn(language: string): string {
  const text = JSON.stringify({ version: 1, settings: { language } });
  return text + trailer(text);
}

const DESKTOP: BrowserContextOptions = { viewport: { width: 960, height: 544 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** The page in a fresh context whose storage holds a save in `language` (none for English), `source` for the script if given. */
async function withPage(s: Session, language: string, options: BrowserContextOptions, run: (page: Page) => Promise<void>, source?: string): Promise<void> {
  const context = await s.browser.newContext(options);
  if (language !== 'en') await context.addInitScript(([k, v]) => localStorage.getItem(k) ?? localStorage.setItem(k, v), [KEY, saveIn(language)] as const);
  const page = await context.newPage();
  if (source !== undefined) await page.route('**/ratscrew.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: source }));
  await page.goto(`${s.url}?test&no-sw`);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

const WORDS = {
  en: { thanks: 'Thanks for playing', again: 'Play again', stopped: 'The game stopped', restart: 'Start again' },
  ru: { thanks: 'Спасибо за игру', again: 'Играть снова', stopped: 'Игра остановилась', restart: 'Начать заново' },
} as const;

/** The page's words and zones that the game's picture does not draw: the line asking to turn the phone, the zones' labels. */
function pageLines(page: Page): Promise<{ lang: string; turn: string; zones: string[] }> {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    turn: document.getElementById('turn')!.textContent ?? '',
    zones: [...document.querySelectorAll('#touch .zone-label')].map((e) => e.textContent ?? ''),
  }));
}

describe.skipIf(why !== null)("the page's own words", () => {
  const s = sessionForTests();

  it('a phone: the page\'s line and zones follow Language and People while Options is still open (nothing saved yet)', async () => {
    await withPage(s, 'en', PHONE, async (page) => {
      await until(page, 'the title', (d) => d.scene === 'title' && !d.demo, 30_000);
      expect(await pageLines(page)).toEqual({ lang: 'en', turn: 'Turn the screen sideways for bigger cards.', zones: ['□ Play', '✕ Slap'] });
      await toTitleItem(page, 1);
      await press(page, 's');
      await changeRow(page, 'Language', (d) => d.settings.language === 'ru');
      // Still in Options, which saves only on the way out.
      await until(page, 'Options, the picture in Russian', (d) => d.scene === 'options');
      expect(await pageLines(page)).toEqual({ lang: 'ru', turn: 'Поверните экран боком: карты станут крупнее.', zones: ['□ Ход', '✕ Хлопок'] });
      await changeRow(page, 'Людей', (d) => d.settings.humans === 2);
      expect(await pageLines(page)).toEqual({ lang: 'ru', turn: 'Поверните экран боком: карты станут крупнее.', zones: ['L Хлопок', '← Ход', 'R Хлопок', '□ Ход'] });
      expect(await page.evaluate((k) => localStorage.getItem(k), KEY), 'Options saved before the player left it').toBeNull();
      await press(page, 'd');
      await until(page, 'the title', (d) => d.scene === 'title');
      expect(JSON.parse(verify((await page.evaluate((k) => localStorage.getItem(k), KEY))!)!).settings).toMatchObject({ language: 'ru', humans: 2 });
      expect((await pageLines(page)).zones).toEqual(['L Хлопок', '← Ход', 'R Хлопок', '□ Ход']);
    });
  });

  for (const [size, options] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    for (const language of ['en', 'ru'] as const) {
      it(`quit from the title (${size}, ${language}): the panel alone, in the player's words`, async () => {
        await withPage(s, language, options, async (page) => {
          await until(page, 'the title', (d) => d.scene === 'title' && d.settings.language === language, 30_000);
          await page.keyboard.press('Escape');
          await until(page, 'the quit question', (d) => d.quitConfirm === true);
          await page.keyboard.press('Enter');
          await page.waitForSelector('#quit:not([hidden])', { timeout: 20_000 });
          // Opaque and over the whole page: what is under the panel's middle is the panel.
          const seen = await page.evaluate(() => {
            const quit = document.getElementById('quit')!;
            const r = quit.getBoundingClientRect();
            const under = document.elementFromPoint(innerWidth / 2, innerHeight / 4);
            return { background: getComputedStyle(quit).backgroundColor, covers: r.left <= 0 && r.top <= 0 && r.right >= innerWidth && r.bottom >= innerHeight, inside: quit.contains(under) };
          });
          expect(seen).toEqual({ background: 'rgb(0, 0, 0)', covers: true, inside: true });
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
          expect(await page.textContent('#quit h2')).toBe(WORDS[language].thanks);
          expect(await page.textContent('#quit button')).toBe(WORDS[language].again);
          mkdirSync(OUTPUT, { recursive: true });
          await page.screenshot({ path: path.join(OUTPUT, `quit-panel-${size}-${language}.png`) });
        });
      });
    }
  }

  it('a script that stops, in Russian: the error panel in the player\'s words', async () => {
    await withPage(s, 'ru', DESKTOP, async (page) => {
      await page.waitForSelector('#error:not([hidden])', { timeout: 30_000 });
      expect(await page.textContent('#error h2')).toBe(WORDS.ru.stopped);
      expect(await page.textContent('#error-restart')).toBe(WORDS.ru.restart);
      mkdirSync(OUTPUT, { recursive: true });
      await page.screenshot({ path: path.join(OUTPUT, 'error-panel-ru.png') });
    }, THROW_IN_FRAME);
  });
});
