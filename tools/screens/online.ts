// The web page's Online screens as two players see them (issue 35), for
// docs/screenshots: the rooms server in this process (server/server.ts,
// serving build/web: run `make web` first; its test settings: 24 cards a
// game, every game dealt from seed 29, which has piles to slap early), Ann
// at a computer (960x544, the picture 2x, keys) and Kim on a phone held
// upright (390x844 CSS px at 3x, touch), each behind a delaying proxy. Ann
// names herself and creates a room; Kim opens its link and picks her name
// by taps; a classic game with its first race's times; Kim's network goes
// down until the game has ended and Ann has started a rematch (Ann sees
// her away, Kim sees she is reconnecting; back, Kim lands in the rematch as
// it stands, the game she left counted); the rematch's results; Kim joins
// Ann's next room, for two people (no CPU seats), by its code. In English,
// then in Russian.
//   npx tsx tools/screens/online.ts OUT_DIR
import { mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { startServer } from '../../server/server';
import { delayingProxy, type Proxy } from '../../test/server/proxy';
import { rng } from '../../test/server/sim';
import { slapPattern } from '../../src/rules';
import { PICKER_PAGES } from '../../src/view/picker';
import { saveTrailer } from '../../src/contract';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const out = process.argv[2] ?? path.join(ROOT, 'test-output/web/online');
mkdirSync(out, { recursive: true });
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const DESK = { viewport: { width: 960, height: 544 } };
const quiet = (): void => {};

const debug = (p: Page): Promise<any> => p.evaluate(() => (globalThis as any).ratscrewTest?.debug() ?? null).catch(() => null);
const frames = (p: Page): Promise<number> => p.evaluate(() => (globalThis as any).ratscrewTest.times().frames as number);
async function settle(p: Page): Promise<void> {
  const k = (await frames(p)) + 2;
  await p.waitForFunction((n) => (globalThis as any).ratscrewTest.times().frames >= n, k, { polling: 30 });
}
async function until(p: Page, what: string, test: (d: any) => boolean, ms = 30_000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const d = await debug(p);
    if (d && test(d)) return d;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(d?.scene)}`);
    await p.waitForTimeout(25);
  }
}
async function shot(p: Page, name: string): Promise<void> {
  const file = path.join(out, `${name}.png`);
  await p.screenshot({ path: file });
  console.log(file);
}
async function key(p: Page, k: string): Promise<void> {
  await p.keyboard.press(k, { delay: 40 });
  await settle(p);
}
async function onPage(p: Page, x: number, y: number): Promise<[number, number]> {
  const [l, t, w, h] = await p.evaluate(() => {
    const r = (globalThis as any).document.getElementById('screen').getBoundingClientRect();
    return [r.left, r.top, r.width, r.height];
  });
  return [l + (x * w) / 480, t + (y * h) / 272];
}
async function touch(p: Page, cdp: CDPSession, x: number, y: number): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  await p.waitForTimeout(70);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await settle(p);
}
async function tap(p: Page, cdp: CDPSession, x: number, y: number): Promise<void> {
  const [px, py] = await onPage(p, x, y);
  await touch(p, cdp, px, py);
}
async function tapButton(p: Page, cdp: CDPSession, name: string): Promise<void> {
  const [x, y] = await p.evaluate((n) => {
    const r = (globalThis as any).document.querySelector(`.touch-${n}`).getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  }, name);
  await touch(p, cdp, x, y);
}
/** The letter picker's cell for `letter` on the page the entry shows (src/view/online-view.ts: from (64, 88), 352 wide, 26 high). */
function cell(kind: 'name' | 'code', page: number, letter: string): [number, number] {
  const rows = PICKER_PAGES[kind][page]!;
  for (let r = 0; r < rows.length; r++) {
    const c = rows[r]!.indexOf(letter);
    if (c < 0) continue;
    const w = r === rows.length - 1 ? 352 / rows[r]!.length : 352 / 11;
    return [64 + c * w + w / 2, 88 + r * 26 + 13];
  }
  throw new Error(`no cell ${JSON.stringify(letter)} on ${kind} page ${page}`);
}
async function tapText(p: Page, cdp: CDPSession, kind: 'name' | 'code', text: string, done = true): Promise<void> {
  const page = (await debug(p)).online.entry.page as number;
  for (const c of text) await tap(p, cdp, ...cell(kind, page, c));
  if (done) await tap(p, cdp, ...cell(kind, page, '\n'));
}
const saveOf = (settings: object): string => {
  const text = JSON.stringify({ version: 1, settings });
  return text + saveTrailer(new TextEncoder().encode(text));
};

const server = await startServer({ cardLimit: 24, seed: 29, webDir: path.join(ROOT, 'build/web'), logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } });
const proxies: Proxy[] = [await delayingProxy(server.port, { latency: 40, jitter: 15 }, rng(11)), await delayingProxy(server.port, { latency: 100, jitter: 30 }, rng(12))];
const origin = (i: number): string => `http://127.0.0.1:${proxies[i]!.port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-background-timer-throttling', '--disable-renderer-backgrounding'],
});

async function session(lang: 'en' | 'ru'): Promise<void> {
  const sfx = lang === 'ru' ? '-ru' : '';
  const names = lang === 'ru' ? { ann: 'Аня', kim: 'КИМ' } : { ann: 'Ann', kim: 'KIM' };
  const annCtx = await browser.newContext(DESK);
  const ann = await annCtx.newPage();
  const annCdp = await annCtx.newCDPSession(ann);
  await ann.goto(`${origin(0)}?test&no-sw`);
  await ann.evaluate((t) => (globalThis as any).localStorage.setItem('ratscrew/save.json', t), saveOf({ language: lang, players: 3, onlineCpus: 1 }));
  await ann.reload();
  await until(ann, 'the title', (d) => d.scene === 'title');
  await shot(ann, `web-desktop-online-title${sfx}`);
  await key(ann, 'ArrowDown');
  await key(ann, 'Enter');
  await until(ann, 'the name entry', (d) => d.online?.entry?.what === 'name');
  // A Russian keyboard's letters: Playwright's press knows the US layout's keys, so each letter goes as a key event of its own.
  for (const c of names.ann) {
    await annCdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: c, text: c, code: 'KeyA' });
    await annCdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: c, code: 'KeyA' });
  }
  await settle(ann);
  await shot(ann, `web-desktop-online-name${sfx}`);
  await key(ann, 'Enter');
  await until(ann, 'the Online menu', (d) => d.scene === 'online');
  await shot(ann, `web-desktop-online-menu${sfx}`);
  await key(ann, 'Enter');
  await until(ann, 'Create', (d) => d.scene === 'create');
  await key(ann, 'ArrowDown');
  await key(ann, 'ArrowDown');
  await shot(ann, `web-desktop-online-create${sfx}`);
  await key(ann, 'Escape');
  const lobby = await until(ann, 'the lobby', (d) => d.scene === 'lobby' && d.online.room.lobby !== null && d.online.room.link !== '');
  const code = lobby.online.room.code as string;
  await settle(ann);
  await shot(ann, `web-desktop-online-lobby-alone${sfx}`);

  // Kim opens the link on her phone.
  const kimCtx = await browser.newContext(PHONE);
  const kim = await kimCtx.newPage();
  const cdp = await kimCtx.newCDPSession(kim);
  await kim.goto(`${origin(1)}?test&no-sw`);
  await kim.evaluate((t) => (globalThis as any).localStorage.setItem('ratscrew/save.json', t), saveOf({ language: lang }));
  await kim.goto(`${origin(1)}?room=${code}&test&no-sw`);
  await until(kim, 'the name entry', (d) => d.online?.entry?.what === 'name');
  await tapText(kim, cdp, 'name', names.kim.slice(0, 2), false);
  await shot(kim, `web-phone-online-name${sfx}`);
  await tapText(kim, cdp, 'name', names.kim.slice(2));
  await until(kim, 'the lobby', (d) => d.scene === 'lobby' && d.online.room.lobby !== null);
  await until(ann, 'Kim in', (d) => d.online?.room?.lobby?.names?.[1] !== '');
  await settle(kim);
  await settle(ann);
  await shot(kim, `web-phone-online-lobby${sfx}`);
  await shot(ann, `web-desktop-online-lobby${sfx}`);

  // The game; the first race's times on both screens.
  await key(ann, 'Enter');
  await until(kim, 'the game', (d) => d.scene === 'onlineTable');
  const slapped = ['', ''];
  let raced = false;
  let dropped = false;
  let rematched = false;
  /** When Kim was back (Date.now()): her line about the game she missed shows 6 s (src/app/saving.ts NOTICE_MS). */
  let backAt = 0;
  const players = [
    { page: ann, play: () => key(ann, 'z'), slap: () => key(ann, 's') },
    { page: kim, play: () => tap(kim, cdp, 120, 200), slap: () => tap(kim, cdp, 360, 200) },
  ];
  const end = Date.now() + 120_000;
  for (;;) {
    const states = await Promise.all(players.map((p) => debug(p.page)));
    if (states.every((s) => s?.scene === 'onlineResults')) break;
    if (Date.now() > end) throw new Error('no results');
    // A race both people slapped, its line naming both on both screens ("You 412 ms · Kim 620 ms"), before the drop.
    const shown = ['Kim', 'Ann'].map((_, i) => (lang === 'ru' ? ['Ким', 'Аня'] : ['Kim', 'Ann'])[i]!);
    const bothIn = (s: any, i: number): boolean => {
      const t = s?.online?.table;
      return !!t && t.slapTimes.includes(t.names[0]) && t.slapTimes.includes(shown[i]!);
    };
    // Before the drop, or in the rematch once Kim is back and the line about it has gone.
    const racing = !dropped || (backAt > 0 && Date.now() > backAt + 6500);
    if (!raced && racing && states.every(bothIn)) {
      await Promise.all([shot(ann, `web-desktop-online-race${sfx}.try`), shot(kim, `web-phone-online-race${sfx}.try`)]);
      // Kept only if taken while the line was still up on both (else the next card's table).
      const after = await Promise.all(players.map((p) => debug(p.page)));
      raced = after.every((s, i) => s?.online?.table?.slapTimes === states[i].online.table.slapTimes);
      if (raced) for (const n of [`web-desktop-online-race${sfx}`, `web-phone-online-race${sfx}`]) renameSync(path.join(out, `${n}.try.png`), path.join(out, `${n}.png`));
    }
    // After the first race's shots (or, their line gone before both were taken, late in the game: a drop must span the end).
    const late = states[0]?.online?.table?.shownGame?.cardsPlayed >= 12;
    if ((raced || late) && !dropped && states.every((x) => x?.scene === 'onlineTable') && slapPattern(states[0].online.table.shownGame) === null) {
      // Kim's network goes down until the game has ended: Ann sees her away, Kim sees she is reconnecting.
      dropped = true;
      proxies[1]!.refusing = true;
      proxies[1]!.cut();
      await until(ann, 'Kim away', (d) => d.online?.table?.away !== '' && d.online?.table?.away !== undefined);
      await until(kim, 'reconnecting', (d) => d.online?.room?.dropped === true);
      await settle(ann);
      await settle(kim);
      await Promise.all([shot(ann, `web-desktop-online-away${sfx}`), shot(kim, `web-phone-online-reconnecting${sfx}`)]);
      continue;
    }
    if (dropped && !rematched && states[0]?.scene === 'onlineResults') {
      // Ann is at the results, Kim still away: Ann starts the rematch (her seat is played for her in it).
      rematched = true;
      await key(ann, 'Enter');
      await until(ann, 'the rematch', (d) => d.scene === 'onlineTable' && d.online.room.game === 2);
      continue;
    }
    if (rematched && proxies[1]!.refusing && states[0]?.online?.table?.shownGame?.cardsPlayed >= 5) {
      // Kim's network is back: she lands in the rematch as it stands; the game she left is counted for her.
      proxies[1]!.refusing = false;
      const back = await until(kim, 'back in the rematch', (d) => d.online?.room?.dropped === false && d.scene === 'onlineTable' && d.online.room.game === 2);
      backAt = Date.now();
      if (back.stats.classic.games !== 1) throw new Error(`Kim, away when the first game ended, has ${back.stats.classic.games} games counted`);
      await settle(kim);
      await settle(ann);
      await Promise.all([shot(ann, `web-desktop-online-rematch-back${sfx}`), shot(kim, `web-phone-online-rematch-back${sfx}`)]);
      continue;
    }
    await Promise.all(
      players.map(async (p, i) => {
        const t = states[i]?.online?.table;
        if (states[i]?.scene !== 'onlineTable' || !t) return;
        const g = t.shownGame;
        const pattern = t.readableAt >= 0 && !t.flying && slapPattern(g) !== null && !g.barred[0];
        const pile = `${states[i].online.room.game}:${t.seq}`;
        if (pattern && slapped[i] !== pile) {
          if (t.now - t.readableAt < 200 + i * 90) return;
          slapped[i] = pile;
          await p.slap();
        } else if (!(!raced && /·/.test(t.slapTimes)) && t.hint !== '' && !t.flying && (g.pendingCollect ? g.pendingCollect.seat === 0 : g.turn === 0)) await p.play();
      }),
    );
    await ann.waitForTimeout(30);
  }
  await settle(ann);
  await settle(kim);
  await shot(ann, `web-desktop-online-results${sfx}`);
  await shot(kim, `web-phone-online-results${sfx}`);
  if (!rematched || (await debug(kim)).stats.classic.games !== 2) throw new Error('Kim has not got both games counted');
  if (!raced) console.log(`no race both people slapped was caught on both screens (${lang}): web-*-online-race${sfx}.png not taken`);

  // Ann leaves and opens another room; Kim joins it by its code.
  await key(ann, 'd');
  await until(ann, 'the Online menu', (d) => d.scene === 'online');
  await key(ann, 'Enter');
  await until(ann, 'Create', (d) => d.scene === 'create');
  // This one for two people: no CPU seats, no CPU level said once Kim is in.
  await key(ann, 'ArrowDown');
  await key(ann, 'ArrowDown');
  await key(ann, 'ArrowLeft');
  await key(ann, 'Escape');
  const next = await until(ann, 'the next lobby', (d) => d.scene === 'lobby' && d.online.room.lobby !== null && d.online.room.code !== code);
  await tapButton(kim, cdp, 'circle');
  await until(kim, 'the Online menu', (d) => d.scene === 'online');
  await shot(kim, `web-phone-online-menu${sfx}`);
  await tap(kim, cdp, 240, 112 + 24 + 8);
  await until(kim, 'the code entry', (d) => d.online?.entry?.what === 'code');
  await tapText(kim, cdp, 'code', (next.online.room.code as string).slice(0, 4), false);
  await shot(kim, `web-phone-online-code${sfx}`);
  await tapText(kim, cdp, 'code', (next.online.room.code as string).slice(4));
  await until(kim, 'the next lobby', (d) => d.scene === 'lobby' && d.online.room.lobby !== null);
  await until(ann, 'Kim in the next room', (d) => d.online?.room?.lobby?.names?.[1] !== '');
  await settle(kim);
  await settle(ann);
  await shot(kim, `web-phone-online-lobby-people${sfx}`);
  await shot(ann, `web-desktop-online-lobby-people${sfx}`);
  await annCtx.close();
  await kimCtx.close();
}

try {
  for (const lang of (process.env.LANGS ?? 'en,ru').split(',')) await session(lang as 'en' | 'ru');
} finally {
  await browser.close();
  for (const p of proxies) await p.close();
  await server.stop();
}
