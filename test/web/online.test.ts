// Online rooms in two real browser pages (issue 35): the rooms server in
// this process (server/server.ts, serving build/web beside the rooms), with
// two settings for tests: its games end by the card limit after 24 cards,
// and are dealt from a known seed (the first classic game has piles to slap
// early). Each page is behind its own delaying proxy on 127.0.0.1
// (test/server/proxy.ts): a desktop page played with keys, 40 ms ±15 one
// way, and a phone held upright played by touch, 100 ms ±30. Ann types her
// name and creates a room; Kim opens its link on the phone, picks her name
// from the letter picker with taps and joins; they play a classic game to
// its results, slapping what they see a moment after it lands, and each
// screen shows each race's times, the same on both. Then a Russian room,
// which Kim joins by tapping its code; its game to the results; a rematch;
// Kim's connection cut (Ann sees her away, Kim sees she is reconnecting,
// and comes back to the game as it stands); the server stopped: one line
// on both pages, back at the title. What each page shows is read from the
// game itself (ratscrew.debug()).
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type GameServer } from '../../server/server';
import { delayingProxy, type Proxy } from '../server/proxy';
import { rng } from '../server/sim';
import { slapPattern } from '../../src/rules';
import { PICKER_PAGES } from '../../src/view/picker';
import { buildWeb, debug, missing, open, until, waitFrames, WEB_DIR, type Session } from './browser';

const why = missing();
const quiet = (): void => {};

/** Kim's phone, upright (an iPhone 14's CSS viewport), touch only. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** The picker's cells (src/view/online-view.ts: from (64, 88), 352 wide, 26 high; 11 a row, the last row's wide cells). */
function cellCentre(kind: 'name' | 'code', page: number, letter: string): [number, number] {
  const rows = PICKER_PAGES[kind][page]!;
  for (let r = 0; r < rows.length; r++) {
    const c = rows[r]!.indexOf(letter);
    if (c < 0) continue;
    const w = r === rows.length - 1 ? 352 / rows[r]!.length : 352 / 11;
    return [64 + c * w + w / 2, 88 + r * 26 + 13];
  }
  throw new Error(`no cell ${JSON.stringify(letter)}`);
}

/** Where the game's screen pixel (x, y) is on the page. */
async function onPage(page: Page, x: number, y: number): Promise<[number, number]> {
  const [l, t, w, h] = await page.evaluate(() => {
    const r = document.getElementById('screen')!.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height];
  });
  return [l + (x * w) / 480, t + (y * h) / 272];
}

async function framesOf(page: Page): Promise<number> {
  return page.evaluate(() => (window as any).ratscrewTest.times().frames as number);
}

async function touchAt(cdp: CDPSession, x: number, y: number): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  await new Promise((r) => setTimeout(r, 70));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await new Promise((r) => setTimeout(r, 50));
}

/**
 * Two of the page's frames from now: the second is asked after this, so the
 * game has seen the buttons as they are now (a press and its release within
 * one frame still count, a press while the last release is unseen does not).
 */
async function settle(page: Page): Promise<void> {
  await waitFrames(page, (await framesOf(page)) + 2);
}

/** A tap on the game's screen pixel (x, y). */
async function tapScreen(page: Page, cdp: CDPSession, x: number, y: number): Promise<void> {
  const [px, py] = await onPage(page, x, y);
  await touchAt(cdp, px, py);
  await settle(page);
}

/** A tap on one of the phone's menu buttons (web/src/input/touch.ts: .touch-cross, .touch-circle, .touch-start...). */
async function tapButton(page: Page, cdp: CDPSession, name: string): Promise<void> {
  const [x, y] = await page.evaluate((n) => {
    const r = document.querySelector(`.touch-${n}`)!.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  }, name);
  await touchAt(cdp, x, y);
  await settle(page);
}

/** Picks a text from the letter picker with taps, then OK. */
async function tapText(page: Page, cdp: CDPSession, kind: 'name' | 'code', text: string): Promise<void> {
  for (const c of text) await tapScreen(page, cdp, ...cellCentre(kind, 0, c));
  await tapScreen(page, cdp, ...cellCentre(kind, 0, '\n'));
}

interface Player {
  name: string;
  page: Page;
  /** Plays a card or takes a pile; slaps. */
  play(): Promise<void>;
  slap(): Promise<void>;
}

/** A person's reaction: a slap this long after the pile could first be read on their screen (ms; over the false-start floor). */
const REACTION_MS = 150;

/**
 * Both play the game on their tables to its results: each plays their card
 * when the table asks them to, and slaps a pile that shows a slap pattern
 * once it has been readable on their screen REACTION_MS. Returns the last
 * states, and the race times lines each page showed.
 */
async function playToResults(players: Player[], timeout = 90_000): Promise<{ states: any[]; times: string[][] }> {
  const end = Date.now() + timeout;
  const slapped = players.map(() => -1);
  const times: string[][] = players.map(() => []);
  for (;;) {
    const states = await Promise.all(players.map((p) => debug(p.page)));
    states.forEach((s, i) => {
      const line = s?.online?.table?.slapTimes;
      if (line && times[i]!.at(-1) !== line) times[i]!.push(line);
    });
    if (states.every((s) => s?.scene === 'onlineResults')) return { states, times };
    if (Date.now() > end) {
      const brief = (s: any) => s && { scene: s.scene, room: s.online?.room && { dropped: s.online.room.dropped, ended: s.online.room.ended }, table: s.online?.table && { ...s.online.table, shownGame: undefined, pile: s.online.table.shownGame.pile, turn: s.online.table.shownGame.turn } };
      throw new Error(`no results within ${timeout} ms: ${JSON.stringify(states.map(brief))}`);
    }
    await Promise.all(
      players.map(async (p, i) => {
        const t = states[i]?.online?.table;
        if (states[i]?.scene !== 'onlineTable' || !t) return;
        const game = t.shownGame;
        const pattern = game.options.ruleSet === 'classic' && t.readableAt >= 0 && !t.flying && slapPattern(game) !== null && !game.barred[0];
        if (pattern && slapped[i] !== t.seq) {
          if (t.now - t.readableAt < REACTION_MS) return;
          slapped[i] = t.seq;
          await p.slap();
        } else if (/Your turn|take the pile/.test(t.hint)) await p.play();
      }),
    );
    await new Promise((r) => setTimeout(r, 30));
  }
}

/** Each person plays their turns (no slaps) until `page`'s state meets `done`; returns that state. */
async function playUntil(players: Player[], page: Page, done: (d: any) => boolean, timeout = 30_000): Promise<any> {
  const end = Date.now() + timeout;
  for (;;) {
    const watched = await debug(page);
    if (watched && done(watched)) return watched;
    if (Date.now() > end) throw new Error(`timed out playing on; state: ${JSON.stringify({ scene: watched?.scene, hint: watched?.online?.table?.hint })}`);
    const states = await Promise.all(players.map((p) => debug(p.page)));
    for (const [i, p] of players.entries()) {
      const t = states[i]?.online?.table;
      if (states[i]?.scene === 'onlineTable' && t && /Your turn|take the pile/.test(t.hint)) await p.play();
    }
    await new Promise((r) => setTimeout(r, 30));
  }
}

/** A race's times line ("You 312 ms · Kim 298 ms · Dana 420 ms") by name, the page's own "You" as `you`. */
function raceTimes(line: string, you: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of line.matchAll(/(\S+) (\d+) ms/g)) out[m[1] === 'You' ? you : m[1]!] = Number(m[2]);
  return out;
}

describe.skipIf(why !== null)('online rooms in two browser pages', () => {
  let server: GameServer;
  let session: Session;
  const proxies: Proxy[] = [];
  beforeAll(async () => {
    buildWeb();
    // Dealt from seed 29: the first classic game's third card makes a pile to slap, then its 9th, 13th, 16th (if nobody took one).
    server = await startServer({ cardLimit: 24, seed: 29, webDir: WEB_DIR, logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } });
    proxies.push(await delayingProxy(server.port, { latency: 40, jitter: 15 }, rng(11)));
    proxies.push(await delayingProxy(server.port, { latency: 100, jitter: 30 }, rng(12)));
    session = await open();
  }, 600_000);
  afterAll(async () => {
    await session?.close();
    for (const p of proxies) await p.close();
    await server?.stop().catch(() => {});
  });

  it('create, join by link and by code, both rule sets to the results, a rematch, a drop and a rejoin, a server restart', async () => {
    const origin = (i: number): string => `http://127.0.0.1:${proxies[i]!.port}/`;
    // Ann, at a computer: her options saved (three seats, one for a CPU player), no name yet.
    const annContext = await session.browser.newContext({ viewport: { width: 960, height: 544 } });
    const ann = await annContext.newPage();
    const errors: string[] = [];
    ann.on('pageerror', (e) => errors.push(`Ann: ${e.message}`));
    await ann.goto(`${origin(0)}?test&no-sw`);
    await until(ann, 'the title', (d) => d.scene === 'title');
    const key = (k: string) => async () => {
      await ann.keyboard.press(k, { delay: 40 });
      await settle(ann);
    };
    await key('ArrowDown')();
    await key('Enter')();
    await until(ann, 'the name entry', (d) => d.online?.entry?.what === 'name');
    await ann.keyboard.type('Ann', { delay: 40 });
    await key('Enter')();
    await until(ann, 'the Online menu', (d) => d.scene === 'online' && d.settings.name === 'Ann');
    await key('Enter')();
    await until(ann, 'Create', (d) => d.scene === 'create');
    // Seats: 3 (the Players row, two down, from the default 4), CPU seats 1 (the default).
    for (const k of ['ArrowDown', 'ArrowDown', 'ArrowLeft']) await key(k)();
    const made = await until(ann, 'three seats', (d) => d.settings.players === 3);
    expect(made.settings.onlineCpus).toBe(1);
    await key('Escape')();
    const lobby = await until(ann, 'the lobby', (d) => d.scene === 'lobby' && d.online.room.lobby !== null && d.online.room.link !== '');
    const { code, link } = lobby.online.room;
    expect(code).toMatch(/^[A-Z2-9]{7}$/);
    expect(link).toBe(`${origin(0)}?room=${code}`);
    // The link is in Ann's address bar to copy.
    for (let i = 0; i < 50 && ann.url() !== link; i++) await ann.waitForTimeout(50);
    expect(ann.url()).toBe(link);

    // Kim opens the link on her phone (through her own network), picks her name with taps: she sits in the room.
    const kimContext = await session.browser.newContext(PHONE);
    const kim = await kimContext.newPage();
    kim.on('pageerror', (e) => errors.push(`Kim: ${e.message}`));
    await kim.goto(`${origin(1)}?room=${code}&test&no-sw`);
    const cdp = await kimContext.newCDPSession(kim);
    await until(kim, 'the name entry', (d) => d.online?.entry?.what === 'name');
    await tapText(kim, cdp, 'name', 'KIM');
    const kimIn = await until(kim, 'the lobby', (d) => d.scene === 'lobby' && d.online.room.lobby !== null);
    expect(kimIn.settings.name).toBe('Kim');
    expect(kimIn.online.room.lobby.names).toEqual(['Ann', 'Kim', '']);
    await until(ann, 'Kim in the lobby', (d) => d.online.room.lobby.names[1] === 'Kim');

    const annPlays: Player = { name: 'Ann', page: ann, play: key('z'), slap: key('s') };
    const kimPlays: Player = {
      name: 'Kim',
      page: kim,
      // The phone's halves: the left plays, the right slaps.
      play: () => tapScreen(kim, cdp, 120, 200),
      slap: () => tapScreen(kim, cdp, 360, 200),
    };
    await key('Enter')();
    await until(kim, 'the game', (d) => d.scene === 'onlineTable');
    const { states: classic, times } = await playToResults([annPlays, kimPlays]);
    // One game, seen the same from both seats: the same ranking by name ("You" is each one's own).
    const ranks = classic.map((s, i) => s.results.ranking.map((r: any) => (r.name === 'You' ? ['Ann', 'Kim'][i] : r.name)));
    expect(ranks[0]).toEqual(ranks[1]);
    expect(classic[0].results.cardsPlayed).toBe(24);
    for (const s of classic) expect(s.stats.classic.games).toBe(1);
    // A race's times, after it on both screens: both people's, the same on each, each a reaction (timed on
    // the slapper's own screen from the landing, so never under the wait before the slap: not the network's).
    const races = times.map((lines, i) => lines.map((line) => raceTimes(line, ['Ann', 'Kim'][i]!)));
    const both = races[0]!.filter((r) => 'Ann' in r && 'Kim' in r);
    expect(both.length, `Ann's lines: ${times[0]!.join(' | ')}`).toBeGreaterThan(0);
    for (const r of both) {
      expect(r.Ann).toBeGreaterThanOrEqual(REACTION_MS);
      expect(r.Kim).toBeGreaterThanOrEqual(REACTION_MS);
    }
    // The pages are polled, so on a loaded machine one may miss a line the other caught (Kim saw only
    // "Ann 184" of "Ann 184 · Kim 302" before the next card cleared it): every race both caught whole
    // reads the same on both.
    const kimBoth = races[1]!.filter((r) => 'Ann' in r && 'Kim' in r);
    const common = both.filter((r) => kimBoth.some((k) => k.Ann === r.Ann));
    expect(common.length, `Ann's lines: ${times[0]!.join(' | ')}; Kim's: ${times[1]!.join(' | ')}`).toBeGreaterThan(0);
    for (const r of common) expect(kimBoth).toContainEqual(r);

    // A Russian room: Ann leaves and creates it; Kim leaves and joins by tapping its code.
    await key('d')();
    await until(ann, 'the Online menu', (d) => d.scene === 'online');
    await key('Enter')();
    await until(ann, 'Create', (d) => d.scene === 'create');
    await key('ArrowDown')();
    await key('ArrowRight')();
    await until(ann, 'the Russian game', (d) => d.settings.ruleSet === 'russian');
    await key('Escape')();
    const russianLobby = await until(ann, 'the new lobby', (d) => d.scene === 'lobby' && d.online.room.lobby !== null && d.online.room.code !== code);
    const code2 = russianLobby.online.room.code;
    await tapButton(kim, cdp, 'circle');
    await until(kim, 'the Online menu', (d) => d.scene === 'online');
    await tapScreen(kim, cdp, 240, 112 + 24 + 8); // Join a room
    await until(kim, 'the code entry', (d) => d.online?.entry?.what === 'code');
    await tapText(kim, cdp, 'code', code2);
    await until(kim, 'the Russian lobby', (d) => d.scene === 'lobby' && d.online.room.lobby?.setup.options.ruleSet === 'russian');
    await until(ann, 'Kim in the Russian lobby', (d) => d.online.room.lobby.names[1] === 'Kim');
    await key('Enter')();
    await until(kim, 'the Russian game', (d) => d.scene === 'onlineTable');
    const { states: russian } = await playToResults([annPlays, kimPlays]);
    for (const s of russian) expect(s.stats.russian.games).toBe(1);

    // A rematch: Ann starts it from the results; Kim's connection is cut in it.
    await key('Enter')();
    await until(kim, 'the rematch', (d) => d.scene === 'onlineTable');
    await until(ann, 'the rematch', (d) => d.scene === 'onlineTable');
    proxies[1]!.cut();
    await until(ann, 'Kim away', (d) => d.online?.table?.away === 'Kim', 30_000);
    await until(kim, 'Kim reconnecting', (d) => d.online?.room?.dropped === true, 30_000);
    const back = await until(kim, 'Kim back', (d) => d.scene === 'onlineTable' && d.online.room.dropped === false, 30_000);
    await until(ann, 'Kim back at the table', (d) => d.online?.table?.away === '', 30_000);
    // Her game as it stands: cards played go on from where they were. The two
    // people play their turns (with one CPU seat, the table waits for a person
    // whenever the turn is theirs: waiting alone passed only when the CPU's
    // card happened to land after the reconnection).
    const later = await playUntil([annPlays, kimPlays], kim, (d) => d.online.table.shownGame.cardsPlayed > back.online.table.shownGame.cardsPlayed);
    expect(later.scene).toBe('onlineTable');

    // The server stops: one line on each page, each back at the title; the unfinished rematch counts nowhere.
    await server.stop();
    for (const p of [ann, kim]) {
      const gone = await until(p, 'the title', (d) => d.scene === 'title', 30_000);
      expect(gone.notice).toBe('The rooms server restarted: the game was ended.');
      expect(gone.stats.russian.games).toBe(1);
    }
    expect(errors).toEqual([]);
    await annContext.close();
    await kimContext.close();
  }, 400_000);
});
