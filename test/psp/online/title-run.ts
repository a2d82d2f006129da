// The PSP online from its title (test/psp/online-title.test.ts): the game's
// EBOOT (the probe build, build/psp-probe: the release code and the game's
// bundle, and the lines a frame-for-frame replay needs) in
// PPSSPP's native emulator at the wall clock's pace, a save holding its
// player's name and a two-seat classic room; a rooms server in this process
// on 127.0.0.1 serving the built web page beside its rooms (as make serve
// does; a known deal, every game ended by the card limit after CARD_LIMIT
// cards: the rooms offer no game length a creator may choose, the server's
// own setting is the one there is), and Debian's chromium (playwright-core,
// as test/web/ drives it), all three in a network namespace of their own:
// this process re-runs itself there, and the emulator and the browser it
// starts are in it with it. The PSP goes Title > Online > Create > Start
// (the connection dialog, then its lobby); the web page opens the room's
// link, its player types the name Kim and sits in the lobby. Both play
// by their own buttons, pressed as the table stands on the page (its test
// hook, ratscrew.debug(): ./press.ts): the page's player presses its keys
// (z plays, s slaps: a slap 300 ms after a pile it may slap can be read on
// the page); the PSP's buttons are live (native.mjs --live): Cross (start)
// in the lobby, Square when it is the PSP's turn or pile, Cross 200 ms after
// a pile it may slap lands on the page, a race with the page. On one such
// race (after SLEEP_AFTER cards) the PSP also sleeps (NOTE: the probe
// build's power callback, four seconds asleep, its Wi-Fi off), and on a
// later one its access point goes without a sleep (WLAN: the probe build
// leaves it and ends the sockets under the links, which find out for
// themselves): each time the page shows its seat away and back, the race's
// times on the page say who took the pile, and the game goes on to its
// results on both. There HOME (the probe build notifies the registered exit
// callback, as the firmware does) leaves the room on purpose (a consented
// leave on the server), and the game ends. Then the headless host replays
// the PSP's seed, buttons and net log: every frame hashes the same.
// Prints the PSP's scene lines, the page's lines, one line per failed
// check, and "online-title: ok" or "online-title: FAIL".
//   npx tsx test/psp/online/title-run.ts EBOOT OUT   (re-runs itself under unshare)
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchMaker } from '@colyseus/core';
import { RatscrewRoom, RECONNECT_S } from '../../../server/room';
import { startServer } from '../../../server/server';
import { readSave, writeSave } from '../../../src/app/settings';
import { saveTrailer } from '../../../src/contract';
import { chromium, type Page } from 'playwright-core';
import type { GameState } from '../../../src/rules/types';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../web/chromium';
import { Player, pressAsTheTableStands, type Seen } from './press';
import { ownNetwork } from '../../../tools/psp-emulator/netns.mjs';
import { replayPsp } from '../headless-replay';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '../../..');
ownNetwork(HERE, 'online-title');
const [eboot, out] = process.argv.slice(2).map((a) => path.resolve(a));
// The seat is played for the PSP while it is away (about ten seconds, twice): the game must outlast that.
const CARD_LIMIT = 90;
const SLEEP_AFTER = 6;
const LOST_AFTER = 8;
/** The page's player: a slap this long after a pile they may slap can be read on the page (the PSP's is 200 ms); a card this long after the turn comes. */
const KIM_REACTION_MS = 300;
const KIM_MOVE_PAUSE_MS = 150;
const WEB_DIR = path.join(ROOT, 'build/web');
/** No card played for this long is a game that stopped (the PSP's two outages are ~10 s each, and the server plays its seat meanwhile). */
const STALL_MS = 45_000;

/** The PSP gone in a race: asleep (NOTE) or off its access point (WLAN), on pile seq after `cards` cards, at the second player's time. */
interface Outage {
  what: 'sleep' | 'lost';
  seq: number;
  cards: number;
  at: number;
}
const say = (line: string): boolean => process.stdout.write(line + '\n');
const quiet = (): void => {};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the page showed, on this process's clock (performance.now()). */
interface Watched {
  /** The page's table as it last stood (its test hook), and the results once shown. */
  table: PageTable | null;
  results: { ranking: { name: string }[]; cardsPlayed: number } | null;
  scene: string;
  notice: string;
  /** Each time the PSP's seat showed away or back. */
  away: { at: number; away: boolean }[];
  /** Each race's times line as it first showed, with the cards played then. */
  races: { at: number; line: string; cards: number }[];
}

/** The fields of ratscrew.debug()'s online table this run reads (src/app/debug.ts). */
interface PageTable {
  shownGame: GameState;
  names: string[];
  slapTimes: string;
  away: string;
  seq: number;
  readableAt: number;
  now: number;
  flying: boolean;
  over: { endedBy: string } | null;
}

/** The page's scene, notice, online table and results (its test hook), or null while it cannot answer. */
async function pageState(page: Page): Promise<{ scene: string; notice: string; lobby: { names: string[] } | null; table: PageTable | null; results: Watched['results'] } | null> {
  return page
    .evaluate(async () => {
      const d = await (globalThis as any).ratscrewTest?.debug();
      if (!d) return null;
      return { scene: d.scene, notice: d.notice, lobby: d.online?.room?.lobby ?? null, table: d.online?.table ?? null, results: d.results };
    })
    .catch(() => null);
}

async function main(): Promise<void> {
  rmSync(out!, { recursive: true, force: true });
  const game = path.join(out!, 'game');
  mkdirSync(game, { recursive: true });
  // Whether each leave of the room was the client's own (Colyseus's consented): HOME must leave, not drop.
  const leaves: boolean[] = [];
  const onLeave = RatscrewRoom.prototype.onLeave;
  RatscrewRoom.prototype.onLeave = function (this: RatscrewRoom, client: Parameters<RatscrewRoom['onLeave']>[0], consented: boolean) {
    leaves.push(consented);
    return onLeave.call(this, client, consented);
  };
  const server = await startServer({ cardLimit: CARD_LIMIT, seed: 29, webDir: WEB_DIR, logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } });
  // The browser starts while the PSP boots; its page opens the room's link once there is one.
  const browser = chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 120_000 });
  browser.catch(() => {});
  copyFileSync(eboot!, path.join(game, 'EBOOT.PBP'));
  writeFileSync(path.join(game, 'server.txt'), `127.0.0.1:${server.port}\n`);
  const fresh = readSave(null);
  const text = writeSave({ ...fresh.settings, name: 'Psp', ruleSet: 'classic', players: 2, onlineCpus: 0, slapTimes: 'on' }, fresh.stats);
  writeFileSync(path.join(out!, 'save.json'), text + saveTrailer(new TextEncoder().encode(text)));
  // On the PSP's clock (ms after boot): Title > Online > Create > Start; the rest is live.
  const steps = [
    { at_ms: 1600, press: 'down' },
    { at_ms: 1900, press: 'cross', comment: 'Online' },
    { at_ms: 2700, press: 'cross', comment: 'Create' },
    { at_ms: 3400, press: 'start', comment: 'open the room' },
  ];
  writeFileSync(path.join(out!, 'steps.json'), JSON.stringify(steps));
  const run = path.join(out!, 'run');
  const emu = spawn(process.execPath, ['--experimental-websocket', '--no-warnings=ExperimentalWarning', path.join(ROOT, 'tools/psp-emulator/native.mjs'),
    '--eboot', path.join(game, 'EBOOT.PBP'), '--out', run, '--steps', path.join(out!, 'steps.json'), '--save', path.join(out!, 'save.json'),
    '--realtime', '--live', '--until-ms', '240000', '--timeout', '420'], { env: { ...process.env, RATSCREW_PSP_NETNS: '1' }, stdio: ['pipe', 'pipe', 'inherit'] });
  let driver = '';
  emu.stdout!.on('data', (d) => (driver += d));
  const ended = new Promise<void>((r) => emu.on('exit', () => r()));
  const tell = (command: string): void => void emu.stdin!.write(command + '\n');
  const log = path.join(run, 'console.log');
  const printed = (re: RegExp): string[] =>
    existsSync(log) ? readFileSync(log, 'utf8').split('\n').flatMap((l) => re.exec(l)?.[1] ?? []) : [];
  const scenes = (): string[] => printed(/Printf: stdout: \[script\] scene (\S+)/);
  const until = async (what: string | (() => string), ok: () => boolean | Promise<boolean>, ms: number): Promise<void> => {
    const said = (): string => (typeof what === 'string' ? what : what());
    for (const by = Date.now() + ms; !(await ok()); await sleep(25)) {
      if (Date.now() > by) throw new Error(`${said()}: not within ${ms / 1000} s (psp scenes: ${scenes().join(' ')})`);
      if (emu.exitCode !== null) throw new Error(`${said()}: the emulator ended first (${driver.trim()})`);
    }
  };
  const failed: string[] = [];
  const check = (ok: boolean, what: string): void => {
    if (!ok) failed.push(what);
  };
  const errors: string[] = [];
  const seen: Watched = { table: null, results: null, scene: '', notice: '', away: [], races: [] };
  try {
    // The PSP's room, as the server lists it once the PSP sits in it: its id is its code.
    let code = '';
    for (let i = 0; i < 600 && !code; i++) {
      // (The listing counts a seat once reserved: the room's own clients, once the PSP is in.)
      const id = (await matchMaker.query({}))[0]?.roomId;
      code = id && matchMaker.getLocalRoomById(id)?.clients.length > 0 ? id : '';
      if (!code) await sleep(100);
    }
    if (!code) throw new Error(`no room opened (${scenes().join(' ')})`);
    // The page: a person opens the room's link and types her name (the page asks it first).
    // The viewport is the PSP's screen's size (a quarter of test/web's pixels) and the page draws with
    // its canvas 2D renderer (?draw=canvas2d): its WebGL without a GPU (SwiftShader) cost the browser
    // ~1.7x the CPU for the same frames; test/web checks what each renderer draws.
    const context = await (await browser).newContext({ viewport: { width: 480, height: 272 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('crash', () => errors.push('the page crashed'));
    await page.goto(`${server.url}?room=${code}&draw=canvas2d&test&no-sw`);
    const state = async () => pageState(page);
    let at: Awaited<ReturnType<typeof pageState>> = null;
    await until('the page asking its player\'s name', async () => (at = await state())?.scene === 'entry', 60_000);
    await page.keyboard.type('Kim', { delay: 40 });
    await page.keyboard.press('Enter', { delay: 40 });
    await until(() => `the page showing the PSP in the lobby (${JSON.stringify(at?.lobby?.names)})`, async () => (at = await state())?.scene === 'lobby' && at?.lobby?.names.join(',') === 'Psp,Kim', 20_000);
    say(`page: the lobby of ${code}: ${at!.lobby!.names.join(',')}`);
    await until('the PSP in its lobby', () => scenes().includes('lobby'), 20_000);
    tell('shot lobby');
    await sleep(400);
    tell('press cross');
    await until('the deal on the page', async () => (at = await state())?.scene === 'onlineTable' && at?.table != null, 20_000);
    const psp = at!.table!.names.indexOf('Psp');
    say(`page: dealt, seats ${at!.table!.names.join(',')} as the page shows them, the PSP at ${psp}`);
    // Everything this run knows of the game is what the page shows: each look records the PSP's seat
    // away or back and each race's times line as they first show.
    const look = async (): Promise<Seen | null> => {
      const d = await state();
      if (d === null) return null;
      const now = performance.now();
      seen.scene = d.scene;
      seen.notice = d.notice;
      if (d.results) seen.results = d.results;
      const t = d.table;
      if (d.scene === 'onlineTable' && t !== null) {
        seen.table = t;
        const away = t.away.split(', ').includes('Psp');
        if ((seen.away.at(-1)?.away ?? false) !== away) seen.away.push({ at: now, away });
        if (t.slapTimes !== '' && seen.races.at(-1)?.line !== t.slapTimes) seen.races.push({ at: now, line: t.slapTimes, cards: t.shownGame.cardsPlayed });
      }
      const last = seen.table;
      if (last === null) return null;
      const over = d.scene !== 'onlineTable' || last.over !== null;
      return { game: last.shownGame, seq: last.seq, readableAt: last.readableAt, now: last.now, flying: last.flying, away: last.names.map((n) => n === 'Psp' && last.away.split(', ').includes(n)), over };
    };
    // The page's player: their keys as the page shows the table (seat 0 is always the page's own).
    const kim = new Player(0, KIM_REACTION_MS, KIM_MOVE_PAUSE_MS);
    const key = (k: string): void => void page.keyboard.press(k, { delay: 40 }).catch(() => {});
    let kimSlaps = 0, kimMoves = 0;
    // The PSP's live buttons, from the table as the page shows it. On the first race after
    // SLEEP_AFTER cards it also sleeps (NOTE); on the first race LOST_AFTER cards after it is back, its
    // access point goes (WLAN).
    const outages: Outage[] = [];
    const by = Date.now() + 240_000;
    let moved = { cards: -1, at: Date.now() };
    const isBack = (o: Outage): boolean => seen.away.some((e) => e.at > o.at && !e.away);
    const { presses, slaps } = await pressAsTheTableStands(look, psp, tell, (seq, cards) => {
      const last = outages.at(-1);
      const what = !last ? (cards >= SLEEP_AFTER ? 'sleep' : null) : outages.length === 1 && isBack(last) && cards >= last.cards + LOST_AFTER ? 'lost' : null;
      if (what === null) return 'cross';
      outages.push({ what, seq, cards, at: performance.now() });
      say(what === 'sleep' ? `psp: slaps pile ${seq} and sleeps` : `psp: slaps pile ${seq} and its access point goes`);
      return what === 'sleep' ? 'cross+note' : 'cross+wlan';
    }, () => {
      const cards = seen.table?.shownGame.cardsPlayed ?? 0;
      if (cards !== moved.cards) moved = { cards, at: Date.now() };
      const stalled = Date.now() - moved.at > STALL_MS;
      return Date.now() > by || stalled || emu.exitCode !== null
        ? `the game did not reach its end (${cards} cards played on the page${stalled ? `, none for ${STALL_MS / 1000} s` : ''}; psp scenes: ${scenes().join(' ')})`
        : null;
    },
    // Nobody presses for a PSP that is gone (until the server has seen its seat go).
    () => (outages.length ? outages.at(-1)!.at + 1000 : 0),
    (t) => {
      const press = kim.press(t);
      if (press === 'slap') kimSlaps++, key('s');
      else if (press === 'move') kimMoves++, key('z');
    // A look costs the page a debug() and the run a round trip: 40 ms apart is within a reaction's jitter.
    }, 40);
    await until('the page\'s results', async () => (await look(), seen.scene === 'onlineResults' && seen.results !== null), 60_000);
    say(`page: the game ended after ${seen.results!.cardsPlayed} cards (${seen.table!.over?.endedBy}); the PSP pressed Square ${presses} times, Cross on ${slaps} piles; the page's player pressed z ${kimMoves} times, s on ${kimSlaps} piles`);
    say(`page: the results: ${seen.results!.ranking.map((r) => r.name).join(', ')}`);
    await until('the PSP\'s results', () => scenes().includes('onlineResults'), 60_000);
    tell('shot results');
    await sleep(1500);
    // Each outage: its seat away and back within the room's reconnection time, the raced pile judged.
    check(outages.length === 2, `the PSP slept and lost its access point in ${outages.length} of 2 races (no pile it could slap when due)`);
    for (const o of outages) {
      const words = o.what === 'sleep' ? 'its sleep' : 'its access point went';
      const away = seen.away.findIndex((e) => e.at >= o.at && e.away);
      const back = seen.away.findIndex((e, i) => i > away && !e.away);
      check(away >= 0 && back > away, `the page did not show the PSP's seat away and back after ${words} (${JSON.stringify(seen.away)})`);
      if (away >= 0 && back > away) {
        const gone = seen.away[back]!.at - seen.away[away]!.at;
        say(`page: the PSP's seat away for ${(gone / 1000).toFixed(1)} s after ${words}, then back`);
        check(gone < RECONNECT_S * 1000, `the seat came back after the reconnection time (${words})`);
      }
      // The raced pile judged: the first race's times the page showed after the PSP's slap, its taker first
      // (on that pile when no card was played in between; a PSP far behind the wall clock can slap too late for it).
      const race = seen.races.find((r) => r.at >= o.at);
      const taker = race && /^(\S+) (\d+) ms/.exec(race.line);
      check(taker != null, `the race in which ${words} (pile ${o.seq}, ${o.cards} cards) was not judged on the page (its lines: ${JSON.stringify(seen.races.filter((r) => r.at >= o.at - 5000).slice(0, 4))})`);
      if (race && taker)
        say(`page: the race in which ${words} judged ${Math.round(race.at - o.at)} ms after its slap: pile ${o.seq} to ${taker[1] === 'You' ? 'Kim' : taker[1]} (${race.line}${race.cards === o.cards ? '' : `, ${race.cards - o.cards} cards later`})`);
    }
    check(seen.results!.ranking.some((r) => r.name === 'Psp') && seen.table!.names[psp] === 'Psp', 'the PSP\'s seat was not kept for it');
    check(errors.length === 0 && seen.notice === '', `the page showed errors: ${errors.join('; ')} ${seen.notice}`);
    // HOME: the exit callback leaves the room (a consented leave), then the game ends.
    const before = leaves.length;
    tell('press home');
    await Promise.race([ended, sleep(15_000)]);
    check(emu.exitCode !== null, 'the game did not end after HOME');
    const pspScenes = scenes();
    say(`psp scenes: ${pspScenes.join(' ')}`);
    say(driver.trim());
    const host = printed(/Printf: stdout: (psp: (?:net|probe|HOME): .*)$/);
    for (const l of host) say(`host: ${l}`);
    check(host.includes('psp: net: left the room'), 'HOME did not leave the room (psp_room_leave)');
    check(leaves.length > before && leaves[leaves.length - 1] === true, `HOME's leave was not the PSP's own on the server (leaves ${JSON.stringify(leaves.slice(before))})`);
    say(`server: the PSP's leave after HOME consented: ${leaves[leaves.length - 1]}`);
    const at_ = (s: string): number => pspScenes.indexOf(s);
    check(at_('online') >= 0 && at_('create') > at_('online') && at_('lobby') > at_('create') && at_('onlineTable') > at_('lobby') && at_('onlineResults') > at_('onlineTable'),
      'the PSP did not go title > online > create > lobby > table > results');
    // The headless host replays the PSP's seed, save, buttons and net log: each frame's hash must be the PSP's.
    const replayed = replayPsp({ consoleLog: log, saved: text }, path.join(out!, 'replay'));
    if (replayed.failed !== null) failed.push(`the headless replay of the PSP's run: ${replayed.failed}`);
    else if (replayed.frames < 1000) failed.push(`the headless replay compared ${replayed.frames} frames: the PSP drew fewer than 1000`);
    else say(`headless replay of the PSP's seed, buttons and net log: ${replayed.frames} frames, every hash equal`);
    for (const f of failed) say(`online-title: failed: ${f}`);
    say(failed.length ? 'online-title: FAIL' : 'online-title: ok');
    if (failed.length) process.exitCode = 1;
  } catch (e) {
    say(`psp scenes: ${scenes().join(' ')}`);
    say(`page: ${seen.scene}, ${seen.table?.shownGame.cardsPlayed ?? 0} cards, errors ${JSON.stringify(errors)}`);
    for (const f of failed) say(`online-title: failed: ${f}`);
    say(`online-title: FAIL ${(e as Error).message}`);
    process.exitCode = 1;
  } finally {
    await (await browser.catch(() => null))?.close().catch(() => {});
    tell('end');
    emu.stdin!.end();
    await Promise.race([ended, sleep(8000)]);
    if (emu.exitCode === null) emu.kill('SIGTERM');
    await Promise.race([ended, sleep(5000)]);
    await server.stop().catch(() => {});
  }
}

main().then(() => process.exit(process.exitCode ?? 0), (e) => {
  say(`online-title: FAIL ${(e as Error).stack}`);
  process.exit(1);
});
