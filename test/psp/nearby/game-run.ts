// A nearby game between two PSPs from their titles (test/psp/nearby-game.test.ts):
// the game's own EBOOT (the probe build, build/psp-probe, with no probe
// script: the game) in two native emulators close by (pair.ts), each with a
// save holding its player's name (Psp, Kim) and a two-seat classic game. The
// hosting PSP goes Title > Online > Host a nearby room > Start, its script
// running the room (src/app/hosting.ts) over its C (native/psp/psp_nearby.c);
// the joining PSP, booted once the host's group is up, goes Title > Online >
// Join a nearby room and picks the room's code with the D-pad on the letter
// picker (the code read from the host's log: its group is "R" + code), as a
// player reads it off the host's lobby. The host starts; both press Square
// as their turns come (blind, every 300 ms, each a half step after the
// other) for ten cards; the hosting PSP sleeps (the probe build's NOTE: 4 s,
// its Wi-Fi off, so out of the ad-hoc group): its room goes on, its group
// made again, the joiner's C finds it again by itself (each screen taken
// meanwhile); ten more cards; the joining PSP sleeps, and its C comes back
// by itself (to the group the host made again); ten more cards; then the joining PSP's HOME
// leaves the room (or, with --to-results, they play until both show the
// results); each PSP's screen is taken in the lobby and at the table (the
// results). Then the headless host replays each PSP's run from its seed,
// buttons and net log (./replay.ts: the hosting PSP's room, its nearby
// functions' log; the joining PSP's, its online client's): every frame
// hashes the same. Prints both PSPs' lines and one last line,
// "nearby-game: ok" or "nearby-game: FAIL <why>".
//
//   npx tsx test/psp/nearby/game-run.ts EBOOT OUT [--to-results] [--ru]   (re-runs itself under unshare)
// (--ru: both players' saves in Russian, for the pictures in that language.)
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSave, writeSave } from '../../../src/app/settings';
import { saveTrailer } from '../../../src/contract';
import { PICKER_PAGES } from '../../../src/view/picker';
import { ownNetwork } from '../../../tools/psp-emulator/netns.mjs';
import { seen, startPair, type Pair, type Psp } from './pair';
import { replayPsp } from '../headless-replay';

const HERE = fileURLToPath(import.meta.url);
ownNetwork(HERE, 'nearby-game');
const [eboot, out] = process.argv.slice(2).filter((a) => !a.startsWith('--')).map((a) => path.resolve(a));
/** --to-results: play the game to its results on both screens (its length is its deal's: 63 to 301 cards
 * seen, up to 3 minutes of two emulators); else CARDS cards heard played on both, then the joiner's HOME. */
const toResults = process.argv.includes('--to-results');
const language = process.argv.includes('--ru') ? 'ru' : 'en';
const CARDS = 20;
/** The longest the play may take (wall ms). */
const PLAY_MS = toResults ? 300_000 : 60_000;

const say = (line: string): boolean => process.stdout.write(line + '\n');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function setUp(name: string, player: string): { eboot: string; save: string; text: string } {
  const dir = path.join(out!, name, 'game');
  mkdirSync(dir, { recursive: true });
  copyFileSync(eboot!, path.join(dir, 'EBOOT.PBP'));
  const fresh = readSave(null);
  const text = writeSave({ ...fresh.settings, language, name: player, ruleSet: 'classic', players: 2, onlineCpus: 0, slapTimes: 'on' }, fresh.stats);
  const save = path.join(out!, name, 'save.json');
  writeFileSync(save, text + saveTrailer(new TextEncoder().encode(text)));
  return { eboot: path.join(dir, 'EBOOT.PBP'), save, text };
}

/** One live press, once the driver has done it (held one pacing step: native.mjs --live). */
async function press(p: Psp, button: string): Promise<void> {
  const before = p.pressed();
  p.tell(`press ${button}`);
  for (const until = Date.now() + 10_000; p.pressed() === before; await sleep(20)) {
    if (Date.now() > until || !p.alive()) throw new Error(`the ${p.name} PSP's driver never pressed ${button}`);
  }
}

/**
 * Presses one at a time. The driver lets a press go and does the next
 * command in the same pause of the emulator when it has fallen behind the
 * wall clock, so the same button twice would be one long press: L (which
 * no menu or the picker reads) goes between two of the same.
 */
async function presses(p: Psp, ...buttons: string[]): Promise<void> {
  let last = '';
  for (const b of buttons) {
    if (b === last) await press(p, 'l');
    await press(p, b);
    last = b;
    await sleep(150);
  }
}

/** The D-pad and Cross presses that write `code` on the code picker (src/app/scenes/entry.ts's moves), then Start. */
function pickerPresses(code: string): string[] {
  const cells = PICKER_PAGES.code[0]!;
  let row = 0;
  let col = 0;
  const out: string[] = [];
  for (const ch of code) {
    const r = cells.findIndex((cellsRow) => cellsRow.includes(ch));
    if (r < 0) throw new Error(`no ${ch} on the code picker`);
    while (row !== r) {
      // Down, as entry.ts's moveRow: into a row of another width, the cell under the same place.
      const from = cells[row]!.length;
      row = (row + 1) % cells.length;
      col = Math.min(cells[row]!.length - 1, Math.floor(((col + 0.5) * cells[row]!.length) / from));
      out.push('down');
    }
    const c = cells[r]!.indexOf(ch);
    const n = cells[r]!.length;
    const right = (c - col + n) % n;
    for (let k = 0; k < Math.min(right, n - right); k++) out.push(right <= n - right ? 'right' : 'left');
    col = c;
    out.push('cross');
  }
  out.push('start');
  return out;
}

const scenes = (p: Psp): string[] => p.printed().flatMap((l) => (l.startsWith('scene ') ? [l.slice(6)] : []));
const flips = (p: Psp, from: number): number => p.printed().slice(from).filter((l) => l === 'psp: sound 0').length;

async function scene(p: Psp, kind: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!scenes(p).includes(kind)) {
    if (Date.now() > until || !p.alive()) throw new Error(`the ${p.name} PSP never reached ${kind} (its scenes: ${scenes(p).join(' ')})`);
    await sleep(100);
  }
}

async function main(): Promise<void> {
  rmSync(out!, { recursive: true, force: true });
  const host = setUp('host', 'Psp');
  const join = setUp('join', 'Kim');
  const pair: Pair = await startPair(
    { eboot: host.eboot, save: host.save, out: path.join(out!, 'host', 'run'), untilMs: 200_000 },
    { eboot: join.eboot, save: join.save, out: path.join(out!, 'join', 'run'), untilMs: 200_000 },
    path.join(out!, 'go'),
  );
  const report = (): void => {
    for (const l of pair.host.printed()) if (l !== 'psp: sound 0') say(`host: ${l}`);
    for (const l of pair.join.printed()) if (l !== 'psp: sound 0') say(`join: ${l}`);
  };
  try {
    await seen(pair.host, /^psp: first frame shown/, 60_000);
    await sleep(1000);
    // Title > Online (its rows: the rooms server's, then the nearby ones) > Host a nearby room > Start.
    await presses(pair.host, 'down', 'cross');
    await scene(pair.host, 'online', 10_000);
    await presses(pair.host, 'down', 'down', 'cross');
    await scene(pair.host, 'create', 10_000);
    await presses(pair.host, 'start');
    const group = await seen(pair.host, /^psp: nearby: group R\w{7} is up/, 30_000);
    const code = /group R(\w{7})/.exec(group)![1]!;
    await scene(pair.host, 'lobby', 10_000);
    say(`host: hosting ${code}`);
    pair.boot();
    await seen(pair.join, /^psp: first frame shown/, 60_000);
    await sleep(1000);
    await presses(pair.join, 'down', 'cross');
    await scene(pair.join, 'online', 10_000);
    await presses(pair.join, 'down', 'down', 'down', 'cross');
    await scene(pair.join, 'entry', 10_000);
    await presses(pair.join, ...pickerPresses(code));
    await seen(pair.join, /^psp: nearby: linked to the host/, 30_000);
    await scene(pair.join, 'lobby', 10_000);
    await sleep(1500);
    pair.host.tell('shot lobby-host');
    pair.join.tell('shot lobby-join');
    await sleep(500);
    // The host starts the game.
    await presses(pair.host, 'cross');
    await scene(pair.host, 'onlineTable', 15_000);
    await scene(pair.join, 'onlineTable', 15_000);
    const results = (p: Psp): boolean => scenes(p).includes('onlineResults');
    /**
     * Square on both, a half step apart: each plays its card when its turn
     * comes (nobody slaps, so the game is its deal's), until both heard
     * `cards` more played (or both show the results, with --to-results);
     * then nobody presses, the cards in flight land, and the table waits.
     * Returns the cards each heard played meanwhile.
     */
    const play = async (cards: number): Promise<[number, number]> => {
      const hostFrom = pair.host.printed().length;
      const joinFrom = pair.join.printed().length;
      const done = (): boolean => (toResults ? results(pair.host) && results(pair.join) : flips(pair.host, hostFrom) >= cards && flips(pair.join, joinFrom) >= cards);
      for (const until = Date.now() + PLAY_MS; !done(); ) {
        if (Date.now() > until) throw new Error(`not within ${PLAY_MS / 1000} s (cards heard: host ${flips(pair.host, hostFrom)}, join ${flips(pair.join, joinFrom)})`);
        if (!results(pair.host)) pair.host.tell('press square');
        await sleep(150);
        if (!results(pair.join)) pair.join.tell('press square');
        await sleep(150);
      }
      await sleep(2000);
      return [flips(pair.host, hostFrom), flips(pair.join, joinFrom)];
    };
    if (toResults) {
      const [h, j] = await play(0);
      say(`cards heard played: host ${h}, join ${j}`);
    } else {
      const [h1, j1] = await play(CARDS / 2);
      say(`cards heard played: host ${h1}, join ${j1}`);
      const count = (p: Psp, re: RegExp): number => p.printed().filter((l) => re.test(l)).length;
      // The hosting PSP sleeps (4 s, its Wi-Fi off: out of its group): its links die; on waking its room goes on
      // (a short sleep: psp_nearby_woke), its group made again; the joiner's C hears its link end and finds the
      // host again by itself; each screen taken while that is so.
      const hostLinks = count(pair.host, /^psp: nearby: peer 1 linked/);
      const groupsUp = count(pair.host, /^psp: nearby: group R\w{7} is up, listening/);
      await press(pair.host, 'note');
      await seen(pair.host, /^psp: nearby: making group R\w{7} again/, 20_000);
      await seen(pair.join, /^psp: nearby: link 0 lost/, 10_000);
      pair.join.tell('shot table-join-host-away');
      // The host's screen once it draws again (PPSSPP's sceNetAdhocctlCreate holds its thread a moment).
      for (const until = Date.now() + 30_000; count(pair.host, /^psp: nearby: group R\w{7} is up, listening/) <= groupsUp; await sleep(100)) {
        if (Date.now() > until) throw new Error('the hosting PSP did not make its group again after its sleep');
      }
      pair.host.tell('shot table-host-woke');
      for (const until = Date.now() + 30_000; count(pair.host, /^psp: nearby: peer 1 linked/) <= hostLinks; await sleep(100)) {
        if (Date.now() > until) throw new Error('the joining PSP did not link to the host again after the host\'s sleep');
      }
      say('host: slept and its room went on');
      await sleep(2000);
      const [h2, j2] = await play(CARDS / 2);
      say(`cards heard played after the host's sleep: host ${h2}, join ${j2}`);
      // The joining PSP sleeps (NOTE: the probe build's power callback, 4 s, its Wi-Fi off): its links die;
      // the host's C hears the link end (its seat kept and played meanwhile), the joiner's C joins the group
      // again (the one the host made again) and finds the host by itself; the table goes on from where it stands.
      const joinLinks = count(pair.join, /^psp: nearby: linked to the host$/);
      await press(pair.join, 'note');
      await seen(pair.join, /^psp: nearby: the PSP slept/, 20_000);
      await seen(pair.host, /^psp: nearby: link 1 lost/, 20_000);
      for (const until = Date.now() + 30_000; count(pair.join, /^psp: nearby: linked to the host$/) <= joinLinks; await sleep(100)) {
        if (Date.now() > until) throw new Error('the joining PSP did not link to the host again after its sleep');
      }
      say('join: slept and back');
      await sleep(2000);
      const [h3, j3] = await play(CARDS / 2);
      say(`cards heard played after the sleep: host ${h3}, join ${j3}`);
    }
    const shot = toResults ? 'results' : 'table';
    pair.host.tell(`shot ${shot}-host`);
    pair.join.tell(`shot ${shot}-join`);
    await sleep(1000);
    if (!toResults) {
      // HOME on the joining PSP: it leaves (its goodbye) before the game ends; the host's C lets its link go.
      await press(pair.join, 'home');
      await seen(pair.host, /^psp: nearby: peer 1 dropped/, 20_000);
      say('join: left with HOME');
    }
    pair.host.tell('end');
    pair.join.tell('end');
    await pair.close(15_000);
    report();
  } catch (e) {
    await pair.close(0);
    report();
    say(`host driver: ${pair.host.said()}`);
    say(`join driver: ${pair.join.said()}`);
    say(`nearby-game: FAIL ${(e as Error).message}`);
    process.exitCode = 1;
    return;
  }
  // Each PSP's run, frame for frame, by the headless host from what that PSP printed.
  for (const [who, setup] of [['host', host], ['join', join]] as const) {
    const r = replayPsp({ consoleLog: path.join(out!, who, 'run', 'console.log'), saved: setup.text }, path.join(out!, who, 'replay'));
    if (r.failed !== null) {
      say(`nearby-game: FAIL the ${who} PSP's replay: ${r.failed}`);
      process.exitCode = 1;
      return;
    }
    const calls = [...r.calls].map(([k, n]) => `${k} ${n}`).join(', ');
    say(`${who}: headless replay of its seed, buttons and net log: ${r.frames} frames, every hash equal (the log's calls: ${calls})`);
  }
  say('nearby-game: ok');
}

await main();
