// Playing the web version in chromium as a person would (make test-web):
// real key presses, game controllers (a stand-in for navigator.getGamepads,
// the page's only way to read them) and touches sent through the DevTools
// protocol play a card and slap, alone and as two people. What happened is
// read from the game itself (ratscrew.debug()): the human seat's stack
// shrinks by the card it played, and a slap changes it again (the pile won,
// or a card paid for a wrong slap or a false start: the default wrong-slap rule).
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { trailer } from '../../web/src/save';
import { debug, game, missing, OUTPUT, until, sessionForTests, waitFrames } from './browser';

const why = missing();

/** A phone on its side (an iPhone 14's CSS viewport). */
const PHONE = { viewport: { width: 844, height: 390 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/** Phones held upright: an iPhone 14's, and a small Android's at 3x. */
const UPRIGHT = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const UPRIGHT_SMALL = { viewport: { width: 360, height: 800 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** The picture's place on the page, CSS pixels: left, top, width, height. */
async function picture(page: Page): Promise<[number, number, number, number]> {
  return page.evaluate(() => {
    const r = document.getElementById('screen')!.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height] as [number, number, number, number];
  });
}

/** Where the game's screen pixel (x, y) is on the page. */
async function onPage(page: Page, x: number, y: number): Promise<[number, number]> {
  const [l, t, w, h] = await picture(page);
  return [l + (x * w) / 480, t + (y * h) / 272];
}

/** The middle of the title menu's row i (src/view/menus.ts: from y 106, every 22 pixels; the panel from x 150 to 330). */
const titleRow = (i: number): [number, number] => [240, 106 + i * 22 + 7];

/** The save a person who chose two players in Options leaves behind (src/app/settings.ts; missing fields take defaults). */
function twoPeopleSave(): string {
  const text = JSON.stringify({ version: 1, settings: { humans: 2, players: 3 } });
  return text + trailer(text);
}

type Press = () => Promise<void>;

/** From the title into a game with press(confirm). */
async function enterGame(page: Page, confirm: Press): Promise<void> {
  await until(page, 'the title', (d) => d.scene === 'title');
  const playing = (d: any): boolean => d?.scene === 'table' && !d.demo && d.table?.game;
  for (let i = 0; i < 4 && !playing(await debug(page)); i++) {
    await confirm();
    await page.waitForTimeout(250);
  }
  await until(page, 'a game', playing);
}

/**
 * Plays a card with play() when `seat` is to play, then slaps with slap().
 * Meanwhile the other people at the table (others: seat -> its play
 * button) play their turns and collect their won piles, or the game would
 * wait for them.
 */
async function playAndSlap(page: Page, seat: number, play: Press, slap: Press, others: Map<number, Press> = new Map()): Promise<void> {
  const end = Date.now() + 60_000;
  let mine: any;
  for (;;) {
    mine = await until(page, 'the table', (d) => d.table?.game);
    const g = mine.table.game;
    if (g.over) throw new Error('the game ended before the test could play');
    const due = g.pendingCollect ? g.pendingCollect.seat : g.turn;
    if (due === seat) break;
    const other = others.get(due);
    if (other) await other();
    else await page.waitForTimeout(30);
    if (Date.now() > end) throw new Error(`seat ${seat} never came to play: ${JSON.stringify({ turn: g.turn, collect: g.pendingCollect, message: mine.table.message })}`);
  }
  if (mine.table.game.pendingCollect) {
    await play(); // collects the pile it won; then it is this seat's turn
    mine = await until(page, `seat ${seat} to play`, (d) => d.table.game.turn === seat && !d.table.game.pendingCollect);
  }
  const before = mine.table.game.stacks[seat].length;
  await play();
  const played = await until(page, `seat ${seat}'s card on the pile`, (d) => d.table.game.stacks[seat].length === before - 1);
  expect(played.table.game.pile.length).toBeGreaterThan(0);
  const atSlap = await until(page, 'a pile to slap', (d) => d.table.game.pile.length > 0);
  const stack = atSlap.table.game.stacks[seat].length;
  await slap();
  const after = await until(page, `seat ${seat}'s slap`, (d) => d.table.game.stacks[seat].length !== stack);
  // Won the pile, or paid a card for a wrong slap (a slap this soon after the play is often a false start).
  expect(after.table.game.stacks[seat].length === stack - 1 || after.table.game.stacks[seat].length > stack).toBe(true);
}

/** Installs a stand-in for navigator.getGamepads before the page's script runs. */
async function fakePads(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const pads: any[] = [];
    (window as any).__pads = pads;
    (window as any).__connectPad = (index: number) => {
      pads[index] = {
        index,
        id: `test controller ${index}`,
        connected: true,
        mapping: 'standard',
        timestamp: 0,
        axes: [0, 0, 0, 0],
        buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })),
      };
    };
    Object.defineProperty(Navigator.prototype, 'getGamepads', { configurable: true, value: () => pads });
  });
}

/** The live game's frames drawn so far (web/src/main.ts). */
const framesDrawn = (page: Page): Promise<number> => page.evaluate(() => (window as any).ratscrewTest.times().frames);

/**
 * Holds a controller button until frames have seen it (the page polls pads
 * once a frame), then lets go until a frame has seen that: counted in the
 * page's frames, not in milliseconds, so a busy machine that draws few
 * frames a second loses no press.
 */
function padPress(page: Page, pad: number, button: number): Press {
  return async () => {
    const set = (down: boolean) =>
      page.evaluate(([p, b, d]) => ((window as any).__pads[p].buttons[b] = { pressed: d, touched: d, value: d ? 1 : 0 }), [pad, button, down] as const);
    await set(true);
    await waitFrames(page, (await framesDrawn(page)) + 3);
    await set(false);
    await waitFrames(page, (await framesDrawn(page)) + 2);
  };
}

/** A tap through the DevTools protocol's touch events, at a point of the viewport. */
function tap(cdp: CDPSession, x: number, y: number): Press {
  return async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
    await new Promise((r) => setTimeout(r, 80));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await new Promise((r) => setTimeout(r, 40));
  };
}

const key = (page: Page, k: string): Press => () => page.keyboard.press(k, { delay: 60 });

describe.skipIf(why !== null)('playing the web version in chromium', () => {
  const s = sessionForTests(() => {
    mkdirSync(OUTPUT, { recursive: true });
  });

  it('keys: S starts a game, Z plays a card, S slaps', async () => {
    const { context, page, errors } = await game(s, '&no-sw&seed=5');
    await enterGame(page, key(page, 's'));
    await playAndSlap(page, 0, key(page, 'z'), key(page, 's'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('two people at one keyboard: the left player plays with F and slaps with Q, the right with J and P', async () => {
    const { context, page, errors } = await game(s, '&no-sw&seed=3');
    await page.evaluate((t) => localStorage.setItem('ratscrew/save.json', t), twoPeopleSave());
    await page.reload();
    const d = await until(page, 'two people', (x) => x.settings.humans === 2);
    expect(d.settings.players).toBe(3);
    // With three players the right player sits in the last seat, 2.
    await enterGame(page, key(page, 's'));
    await playAndSlap(page, 0, key(page, 'f'), key(page, 'q'), new Map([[2, key(page, 'j')]]));
    await playAndSlap(page, 2, key(page, 'j'), key(page, 'p'), new Map([[0, key(page, 'f')]]));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a game controller: A starts a game, X plays, A slaps', async () => {
    const context = await s.browser.newContext({ viewport: { width: 960, height: 544 } });
    const page = await context.newPage();
    await fakePads(page);
    await page.goto(`${s.url}?test&no-sw&seed=5`);
    await page.evaluate(() => (window as any).__connectPad(0));
    await enterGame(page, padPress(page, 0, 0));
    await playAndSlap(page, 0, padPress(page, 0, 2), padPress(page, 0, 0));
    await context.close();
  });

  it('two controllers: the first is the left player\'s (D-pad Left, left shoulder), the second the right player\'s (X, a shoulder)', async () => {
    const context = await s.browser.newContext({ viewport: { width: 960, height: 544 } });
    const page = await context.newPage();
    await fakePads(page);
    await page.goto(`${s.url}?test&no-sw&seed=3`);
    await page.evaluate((t) => localStorage.setItem('ratscrew/save.json', t), twoPeopleSave());
    await page.reload();
    await page.evaluate(() => {
      (window as any).__connectPad(0);
      (window as any).__connectPad(1);
    });
    await until(page, 'two people', (x) => x.settings.humans === 2);
    await enterGame(page, padPress(page, 0, 0));
    await playAndSlap(page, 0, padPress(page, 0, 14), padPress(page, 0, 4), new Map([[2, padPress(page, 1, 2)]]));
    await playAndSlap(page, 2, padPress(page, 1, 2), padPress(page, 1, 5), new Map([[0, padPress(page, 0, 14)]]));
    await context.close();
  });

  it('touch on a phone: a tap on "Play" starts a game; the left half plays, the right half slaps', async () => {
    const context = await s.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${s.url}?test&no-sw&seed=5`);
    const cdp = await context.newCDPSession(page);
    await until(page, 'the title', (d) => d.scene === 'title');
    expect(await page.evaluate(() => (window as any).ratscrewTest.touch().shown)).toBe(true);
    // A tap on the title's "Play", left of the middle (the play half's zone): the row under it is picked.
    const [px, py] = await onPage(page, 200, titleRow(0)[1]);
    await enterGame(page, tap(cdp, px, py));
    await playAndSlap(page, 0, tap(cdp, 200, 200), tap(cdp, 640, 200));
    await context.close();
  });

  it('touch with two people: each half of the screen is one person\'s, its lower part plays and its upper part slaps', async () => {
    const context = await s.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${s.url}?test&no-sw&seed=3`);
    await page.evaluate((t) => localStorage.setItem('ratscrew/save.json', t), twoPeopleSave());
    await page.reload();
    const cdp = await context.newCDPSession(page);
    await until(page, 'two people', (x) => x.settings.humans === 2 && x.scene === 'title');
    const [px, py] = await onPage(page, ...titleRow(0));
    await enterGame(page, tap(cdp, px, py));
    await playAndSlap(page, 0, tap(cdp, 200, 300), tap(cdp, 200, 100), new Map([[2, tap(cdp, 640, 300)]]));
    await playAndSlap(page, 2, tap(cdp, 640, 300), tap(cdp, 640, 100), new Map([[0, tap(cdp, 200, 300)]]));
    await page.screenshot({ path: path.join(OUTPUT, 'phone-two-people.png') });
    writeFileSync(path.join(OUTPUT, 'phone-two-people.txt'), `${PHONE.viewport.width}x${PHONE.viewport.height} at ${PHONE.deviceScaleFactor}x\n`);
    await context.close();
  });

  it.each([
    ['upright, 390 CSS pixels wide', UPRIGHT],
    ['upright, 360 CSS pixels wide', UPRIGHT_SMALL],
    ['on its side', PHONE],
  ] as const)('a phone %s: a tap on "Options" opens Options (not the highlighted Play)', async (_name, device) => {
    const context = await s.browser.newContext(device);
    const page = await context.newPage();
    await page.goto(`${s.url}?test&no-sw&seed=5`);
    const cdp = await context.newCDPSession(page);
    await until(page, 'the title', (d) => d.scene === 'title' && d.titleCursor === 0);
    // The right half of the row: the slap zone under the finger holds Cross, which confirmed Play before.
    const [x, y] = await onPage(page, 290, titleRow(1)[1]);
    await tap(cdp, x, y)();
    await until(page, 'Options', (d) => d.scene === 'options');
    // In Options a tap selects the row under it: "Players", the second row, under the group's heading.
    const [rx, ry] = await onPage(page, 300, 38 + 2 * 15 + 5);
    await tap(cdp, rx, ry)();
    await until(page, 'the second row', (d) => d.optionCursor === 1);
    await context.close();
  });

  it.each([
    ['390', UPRIGHT],
    ['360', UPRIGHT_SMALL],
  ] as const)('upright at %s CSS pixels the picture fills the width, and the halves below it play and slap', async (_name, device) => {
    const context = await s.browser.newContext(device);
    const page = await context.newPage();
    await page.goto(`${s.url}?test&no-sw&seed=5`);
    const cdp = await context.newCDPSession(page);
    await until(page, 'the title', (d) => d.scene === 'title');
    const [left, top, width, height] = await picture(page);
    expect([left, width]).toEqual([0, device.viewport.width]);
    expect(height).toBeCloseTo((device.viewport.width * 272) / 480, 3);
    const [px, py] = await onPage(page, ...titleRow(0));
    await enterGame(page, tap(cdp, px, py));
    // Under the picture: the left half plays, the right half slaps.
    const below = top + height + 120;
    await playAndSlap(page, 0, tap(cdp, device.viewport.width * 0.25, below), tap(cdp, device.viewport.width * 0.75, below));
    await context.close();
  });

  it('two people upright: each half is one person\'s, its lower part plays, its upper part slaps', async () => {
    const context = await s.browser.newContext(UPRIGHT);
    const page = await context.newPage();
    await page.goto(`${s.url}?test&no-sw&seed=3`);
    await page.evaluate((t) => localStorage.setItem('ratscrew/save.json', t), twoPeopleSave());
    await page.reload();
    const cdp = await context.newCDPSession(page);
    await until(page, 'two people', (x) => x.settings.humans === 2 && x.scene === 'title');
    const [px, py] = await onPage(page, ...titleRow(0));
    await enterGame(page, tap(cdp, px, py));
    // Below the picture, clear of the menu buttons at the bottom; above it.
    const [lo, hi] = [620, 100];
    await playAndSlap(page, 0, tap(cdp, 90, lo), tap(cdp, 90, hi), new Map([[2, tap(cdp, 300, lo)]]));
    await playAndSlap(page, 2, tap(cdp, 300, lo), tap(cdp, 300, hi), new Map([[0, tap(cdp, 90, lo)]]));
    await context.close();
  });

  it('held sideways, the menu buttons keep their bands beside the picture', async () => {
    for (const device of [PHONE, { ...PHONE, viewport: { width: 800, height: 360 } }, { ...PHONE, deviceScaleFactor: 2 }]) {
      const context = await s.browser.newContext(device);
      const page = await context.newPage();
      await page.goto(`${s.url}?test&no-sw&seed=5`);
      await until(page, 'the title', (d) => d.scene === 'title');
      const [left, , width] = await picture(page);
      const pads = await page.evaluate(() => [...document.querySelectorAll('.pad')].map((p) => [p.getBoundingClientRect().left, p.getBoundingClientRect().right]));
      expect(pads.length).toBe(2);
      expect(pads[0]![1], JSON.stringify(device.viewport)).toBeLessThanOrEqual(left);
      expect(pads[1]![0], JSON.stringify(device.viewport)).toBeGreaterThanOrEqual(left + width);
      await context.close();
    }
  });

  it('a mouse click on a title row picks it', async () => {
    const { context, page } = await game(s, '&no-sw&seed=5');
    await until(page, 'the title', (d) => d.scene === 'title');
    const [x, y] = await onPage(page, ...titleRow(2));
    await page.mouse.click(x, y);
    await until(page, 'How to play', (d) => d.scene === 'howTo');
    await context.close();
  });
});

