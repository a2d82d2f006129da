// The PSP online from its title (test/psp/online-title.test.ts): the game's
// EBOOT (the probe build, build/psp-probe: the release code and the game's
// bundle, and the lines a frame-for-frame replay needs) in
// PPSSPP's native emulator at the wall clock's pace, a save holding its
// player's name and a two-seat classic room; a rooms server in this process
// on 127.0.0.1 (a known deal, every game ended by the card limit after
// CARD_LIMIT cards: the rooms offer no game length a creator may choose,
// the server's own setting is the one there is), both in a network
// namespace of their own. The PSP goes Title > Online > Create > Start (the
// connection dialog, then its lobby); a second player (test/server/bot.ts:
// colyseus.js and the script's own online table, playing its cards and
// slapping what can be slapped) joins by the code. The PSP's buttons are
// live (native.mjs --live): this run watches the table as the second
// player sees it and presses as a player would, Cross (start) in the lobby,
// Square when it is the PSP's turn or pile, Cross on a pile that can be
// slapped, a race with the second player. On one such race (after
// SLEEP_AFTER cards) the PSP also sleeps (NOTE: the probe build's power
// callback, four seconds asleep, its Wi-Fi off), and on a later one its
// access point goes without a sleep (WLAN: the probe build leaves it and
// ends the sockets under the links, which find out for themselves): each
// time its seat goes away, is kept and taken back, the race is judged,
// and the game goes on to its results. There HOME (the probe build notifies the registered exit
// callback, as the firmware does) leaves the room on purpose (a consented
// leave on the server), and the game ends. Then the headless host replays
// the PSP's seed, buttons and net log: every frame hashes the same.
// Prints the PSP's scene lines, the second player's lines, one line per
// failed check, and "online-title: ok" or "online-title: FAIL".
//   npx tsx test/psp/online/title-run.ts EBOOT OUT   (re-runs itself under unshare)
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchMaker } from '@colyseus/core';
import { RatscrewRoom, RECONNECT_S } from '../../../server/room';
import { startServer } from '../../../server/server';
import { readSave, writeSave } from '../../../src/app/settings';
import { saveTrailer } from '../../../src/contract';
import { S } from '../../../src/net/protocol';
import { Bot } from '../../server/bot';
import { pressAsTheTableStands } from './press';
import { ownNetwork } from '../../../tools/psp-emulator/netns.mjs';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '../../..');
ownNetwork(HERE, 'online-title');
const [eboot, out] = process.argv.slice(2).map((a) => path.resolve(a));
// The seat is played for the PSP while it is away (about ten seconds, twice): the game must outlast that.
const CARD_LIMIT = 90;
const SLEEP_AFTER = 6;
const LOST_AFTER = 8;

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
  const server = await startServer({ cardLimit: CARD_LIMIT, seed: 29, logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } });
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
  const until = async (what: string | (() => string), ok: () => boolean, ms: number): Promise<void> => {
    const said = (): string => (typeof what === 'string' ? what : what());
    for (const by = Date.now() + ms; !ok(); await sleep(25)) {
      if (Date.now() > by) throw new Error(`${said()}: not within ${ms / 1000} s (psp scenes: ${scenes().join(' ')})`);
      if (emu.exitCode !== null) throw new Error(`${said()}: the emulator ended first (${driver.trim()})`);
    }
  };
  const failed: string[] = [];
  const check = (ok: boolean, what: string): void => {
    if (!ok) failed.push(what);
  };
  const bot = new Bot(server.url.replace('http', 'ws').replace(/\/$/, ''), 'Kim', 300, 150);
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
    await bot.join(code);
    await until(() => `the second player seeing the PSP in the lobby (${JSON.stringify(bot.lobby?.[3])})`, () => bot.lobby?.[3].join(',') === 'Psp,Kim', 20_000);
    say(`second player: the lobby of ${code}: ${bot.lobby![3].join(',')}`);
    await until('the PSP in its lobby', () => scenes().includes('lobby'), 20_000);
    tell('shot lobby');
    await sleep(400);
    tell('press cross');
    await until('the deal', () => bot.table !== null, 20_000);
    const psp = bot.table!.names.indexOf('Psp');
    say(`second player: dealt, seats ${bot.table!.names.join(',')}, the PSP at ${psp}`);
    // The PSP's live buttons, from the table as the second player sees it. On the first race after
    // SLEEP_AFTER cards it also sleeps (NOTE); on the first race LOST_AFTER cards after it is back, its
    // access point goes (WLAN).
    const outages: Outage[] = [];
    const by = Date.now() + 240_000;
    const isBack = (o: Outage): boolean => bot.heard.some(([type, body, at]) => type === S.away && at > o.at && (body as number[])[0] === psp && (body as number[])[1] === 0);
    const { presses, slaps } = await pressAsTheTableStands(bot, psp, tell, (seq, cards) => {
      const last = outages.at(-1);
      const what = !last ? (cards >= SLEEP_AFTER ? 'sleep' : null) : outages.length === 1 && isBack(last) && cards >= last.cards + LOST_AFTER ? 'lost' : null;
      if (what === null) return 'cross';
      outages.push({ what, seq, cards, at: performance.now() });
      say(what === 'sleep' ? `psp: slaps pile ${seq} and sleeps` : `psp: slaps pile ${seq} and its access point goes`);
      return what === 'sleep' ? 'cross+note' : 'cross+wlan';
    }, () => (Date.now() > by || emu.exitCode !== null ? `the game did not reach its end (${bot.table!.game.cardsPlayed} cards played; psp scenes: ${scenes().join(' ')})` : null),
    // Nobody presses for a PSP that is gone (until the server has seen its seat go).
    () => (outages.length ? outages.at(-1)!.at + 1000 : 0));
    say(`second player: the game ended after ${bot.table!.game.cardsPlayed} cards (${bot.table!.game.over!.endedBy}); the PSP pressed Square ${presses} times, Cross on ${slaps} piles`);
    await until('the PSP\'s results', () => scenes().includes('onlineResults'), 60_000);
    tell('shot results');
    await sleep(1500);
    // Each outage: its seat away and back within the room's reconnection time, the raced pile judged.
    check(outages.length === 2, `the PSP slept and lost its access point in ${outages.length} of 2 races (no pile it could slap when due)`);
    for (const o of outages) {
      const words = o.what === 'sleep' ? 'its sleep' : 'its access point went';
      const heard = bot.heard;
      const away = heard.findIndex(([type, body, at]) => type === S.away && at >= o.at && (body as number[])[0] === psp && (body as number[])[1] === 1);
      const back = heard.findIndex(([type, body], i) => i > away && type === S.away && (body as number[])[0] === psp && (body as number[])[1] === 0);
      check(away >= 0 && back > away, `the PSP's seat did not go away and come back after ${words} (${JSON.stringify(heard.filter(([t]) => t === S.away).map(([, b]) => b))})`);
      if (away >= 0 && back > away) {
        const gone = heard[back]![2] - heard[away]![2];
        say(`second player: the PSP's seat away for ${(gone / 1000).toFixed(1)} s after ${words}, then back`);
        check(gone < RECONNECT_S * 1000, `the seat came back after the reconnection time (${words})`);
      }
      // The raced pile judged: the first step after the PSP's slap that a slap decided.
      const judged = bot.table!.shown.find((x) => x.kind === 'step' && x.at >= o.at && x.events.some((e) => e.type === 'claimed' || e.type === 'wrongSlap' || e.type === 'slapMissed'));
      const claim = judged?.kind === 'step' ? judged.events.find((e) => e.type === 'claimed' && e.reason === 'slap') : undefined;
      check(claim !== undefined, `the race in which ${words} was not judged (${JSON.stringify(judged?.kind === 'step' ? judged.events : null)})`);
      if (judged?.kind === 'step' && claim?.type === 'claimed')
        say(`second player: the race in which ${words} judged ${Math.round(judged.at - o.at)} ms after its slap: pile ${o.seq} to seat ${claim.seat} (${claim.seat === psp ? 'the PSP' : 'Kim'}), ${judged.ms} ms`);
    }
    check(bot.table!.names[psp] === 'Psp' && bot.table!.kinds[psp] === 1, 'the PSP\'s seat was not kept for it');
    check(bot.log.errors.length === 0 && bot.log.closing.length === 0, `the second player saw errors ${bot.log.errors.join('; ')} ${bot.log.closing.join('; ')}`);
    // HOME: the exit callback leaves the room (a consented leave), then the game ends.
    const before = leaves.length;
    tell('press home');
    await Promise.race([ended, sleep(15_000)]);
    check(emu.exitCode !== null, 'the game did not end after HOME');
    const seen = scenes();
    say(`psp scenes: ${seen.join(' ')}`);
    say(driver.trim());
    const host = printed(/Printf: stdout: (psp: (?:net|probe|HOME): .*)$/);
    for (const l of host) say(`host: ${l}`);
    check(host.includes('psp: net: left the room'), 'HOME did not leave the room (psp_room_leave)');
    check(leaves.length > before && leaves[leaves.length - 1] === true, `HOME's leave was not the PSP's own on the server (leaves ${JSON.stringify(leaves.slice(before))})`);
    say(`server: the PSP's leave after HOME consented: ${leaves[leaves.length - 1]}`);
    const at = (s: string): number => seen.indexOf(s);
    check(at('online') >= 0 && at('create') > at('online') && at('lobby') > at('create') && at('onlineTable') > at('lobby') && at('onlineResults') > at('onlineTable'),
      'the PSP did not go title > online > create > lobby > table > results');
    replay(log, failed);
    for (const f of failed) say(`online-title: failed: ${f}`);
    say(failed.length ? 'online-title: FAIL' : 'online-title: ok');
    if (failed.length) process.exitCode = 1;
  } catch (e) {
    say(`psp scenes: ${scenes().join(' ')}`);
    for (const f of failed) say(`online-title: failed: ${f}`);
    say(`online-title: FAIL ${(e as Error).message}`);
    process.exitCode = 1;
  } finally {
    bot.stop();
    tell('end');
    emu.stdin!.end();
    await Promise.race([ended, sleep(8000)]);
    if (emu.exitCode === null) emu.kill('SIGTERM');
    await Promise.race([ended, sleep(5000)]);
    await server.stop().catch(() => {});
  }
}

/** The headless host replays the PSP's seed, save, buttons and net log: each frame's hash must be the PSP's. */
function replay(log: string, failed: string[]): void {
  const all = readFileSync(log, 'utf8').split('\n');
  const line = (re: RegExp): RegExpExecArray[] => all.flatMap((l) => { const m = re.exec(l); return m ? [m] : []; });
  const hashes = line(/Printf: stdout: HASH (\d+) ([0-9a-f]{8})$/).map((m) => `${m[1]} ${m[2]}`);
  const seed = Number(line(/Printf: stdout: SEED (\d+)$/)[0]?.[1] ?? NaN);
  const inputs = line(/Printf: stdout: MASK (\d+) (\d+)$/).map((m) => [Number(m[1]), Number(m[2])]);
  const netLog = line(/Printf: stdout: NETLOG (.*)$/).map((m) => m[1]);
  const saved = readSave(null);
  const text = writeSave({ ...saved.settings, name: 'Psp', ruleSet: 'classic', players: 2, onlineCpus: 0, slapTimes: 'on' }, saved.stats);
  const dir = path.join(out!, 'replay');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'net.log'), netLog.join('\n') + '\n');
  writeFileSync(path.join(dir, 'inputs.json'), JSON.stringify({ seed, frames: hashes.length, inputs, saved: text }));
  const r = spawnSync(path.join(ROOT, 'build/native/ratscrew-headless'), ['--inputs', path.join(dir, 'inputs.json'), '--net-log', path.join(dir, 'net.log'),
    '--out', path.join(dir, 'out'), '--no-raster'], { encoding: 'utf8' });
  if (r.status !== 0) {
    failed.push(`the headless replay of the PSP's run failed: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    return;
  }
  const replayed = readFileSync(path.join(dir, 'out/hashes.txt'), 'utf8').trim().split('\n');
  const first = hashes.findIndex((h, i) => h !== replayed[i]);
  if (!Number.isFinite(seed) || hashes.length < 1000 || replayed.length !== hashes.length || first >= 0)
    failed.push(`the headless replay differs: ${hashes.length} PSP frames, ${replayed.length} replayed, first difference at ${first} (${hashes[first]} / ${replayed[first]})`);
  else say(`headless replay of the PSP's seed, buttons and net log: ${hashes.length} frames, every hash equal`);
}

main().then(() => process.exit(process.exitCode ?? 0), (e) => {
  say(`online-title: FAIL ${(e as Error).stack}`);
  process.exit(1);
});
