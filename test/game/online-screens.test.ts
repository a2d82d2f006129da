// The online screens as the game script runs them (issue 35), in Node on
// the driver's clock, the room answered by the server's own table in the
// test's process (test/support/loopback-room.ts): the Online row only where
// the host has a network; a name chosen once and kept; the creator's room,
// its lobby and start; a card whose face has not come stays face down, and
// the player's clock on it starts on the frame its face is first drawn;
// the player's own slap shows on the frame of the press and its outcome
// when judged, with the race's times; a seat away and the player's own
// drop said over the table, and the game as it stands after a rejoin; a
// server restart's one line back to the title; the statistics count only
// games played to their results. Real browsers and a real server play
// whole games in test/web/online.test.ts.
import { describe, expect, it } from 'vitest';
import { BTN, DEFAULT_CAPABILITIES, OP_SOUND, type Capabilities } from '../../src/contract';
import { SOUND } from '../../src/assets/sounds';
import { FALSE_START_MS, slapPattern } from '../../src/rules';
import { Driver } from '../support/driver';
import { frameTime } from '../support/quickjs-host';
import { createEngine } from '../support/engine';
import { LoopbackRoom, S } from '../support/loopback-room';
import { writeScreenshot } from '../support/raster';

const NETWORK: Capabilities = { ...DEFAULT_CAPABILITIES, network: true };

/** The driver of a host whose network is `room`, and whose keyboard types what `type` was given. */
class OnlineDriver extends Driver {
  typing: string | null = null;
  room!: LoopbackRoom;
  override step(mask = 0): Int32Array {
    this.room?.deliver();
    return super.step(mask);
  }
  type(text: string): void {
    this.typing = text;
    this.step(0);
  }
}

async function online(opts: { saved?: string | null; caps?: Capabilities; others?: LoopbackRoom['others']; cardLimit?: number } = {}): Promise<OnlineDriver> {
  let d: OnlineDriver;
  const room = new LoopbackRoom(() => d.now, opts.others, opts.cardLimit ?? 0);
  const engine = await createEngine({
    caps: opts.caps ?? NETWORK,
    saved: opts.saved ?? null,
    net: {
      ...room.net(),
      typed: () => {
        const t = d.typing;
        d.typing = null;
        return t;
      },
    },
  });
  d = new OnlineDriver(engine);
  d.room = room;
  d.wait(2);
  return d;
}

const named = (name: string, settings: object = {}): string => JSON.stringify({ version: 1, settings: { name, ...settings } });

function sounds(cmds: Int32Array): number[] {
  const out: number[] = [];
  for (let o = 0; o < cmds.length; o += 8) if (cmds[o] === OP_SOUND) out.push(cmds[o + 1]!);
  return out;
}

/** From the title to a room of our own (its lobby), the creator's options as saved. */
function createRoom(d: OnlineDriver): void {
  d.presses(BTN.DOWN, BTN.CROSS);
  expect(d.debug().scene).toBe('online');
  d.press(BTN.CROSS);
  expect(d.debug().scene).toBe('create');
  d.press(BTN.START);
  d.until((s) => s.scene === 'lobby' && s.online.room.lobby !== null, 20);
}

/** Until the room's game (played on by the server) has ended. */
function roomGameOver(d: OnlineDriver): void {
  d.until(() => d.room.nt!.table.game.over !== null, 6000, 10);
}

/** Ann's room of two seats (the other a CPU player, 16 cards a game), 30 frames into its game, when her link drops: the room plays her seat to the game's end. */
async function awayTillGameOver(): Promise<OnlineDriver> {
  const d = await online({ saved: named('Ann', { players: 2, onlineCpus: 1 }), cardLimit: 16 });
  createRoom(d);
  startGame(d);
  d.wait(30);
  d.room.drop();
  roomGameOver(d);
  return d;
}

/** The creator starts; the game's first frames. */
function startGame(d: OnlineDriver): void {
  d.press(BTN.CROSS);
  d.until((s) => s.scene === 'onlineTable', 20);
}

describe('the online screens', () => {
  it('offer Online on the title only where the host has a network', async () => {
    const off = await online({ caps: DEFAULT_CAPABILITIES, saved: named('Kim') });
    off.presses(BTN.DOWN, BTN.CROSS);
    expect(off.debug().scene).toBe('options');
    const on = await online({ saved: named('Kim') });
    on.presses(BTN.DOWN, BTN.CROSS);
    expect(on.debug().scene).toBe('online');
  });

  it('ask for a name once, typed or picked, and keep it in the save', async () => {
    const d = await online();
    d.presses(BTN.DOWN, BTN.CROSS);
    expect(d.debug().online.entry.what).toBe('name');
    // Picked with the D-pad: a capital at the start, small letters after it.
    d.presses(BTN.CROSS, BTN.RIGHT, BTN.CROSS, BTN.START);
    expect(d.debug().scene).toBe('online');
    expect(d.debug().settings.name).toBe('Ab');
    // Typed on a keyboard: Backspace deletes (the letters' own buttons press nothing here), Enter is done.
    // On the menu, at its first row; its name row writes the name again.
    expect(d.debug().online.cursor).toBe(0);
    d.presses(BTN.DOWN, BTN.DOWN, BTN.CROSS);
    expect(d.debug().online.entry.text).toBe('Ab');
    d.type('\b\bKimx\b\n');
    expect(d.debug().online.cursor).toBe(2);
    expect(JSON.parse(d.vm.saved!).settings.name).toBe('Kim');
    // Kept: the next visit goes straight to the Online menu.
    const next = await online({ saved: d.vm.saved });
    next.presses(BTN.DOWN, BTN.CROSS);
    expect(next.debug().scene).toBe('online');
  });

  it('open a room with the creator\'s options: its code and link, who is in, the creator starts', async () => {
    const d = await online({ saved: named('Ann', { players: 3, onlineCpus: 1, ruleSet: 'russian' }), others: { names: ['Kim'], kinds: ['person'] } });
    createRoom(d);
    const room = d.debug().online.room;
    expect(room.code).toBe('TESTRM7');
    expect(room.link).toContain('?room=TESTRM7');
    expect(room.lobby.setup).toMatchObject({ cpus: 1, options: { ruleSet: 'russian', players: 3 } });
    expect(room.lobby.names).toEqual(['Ann', 'Kim', '']);
    startGame(d);
    expect(d.room.sent[0]).toEqual([1, []]);
    expect(d.debug().online.table.names).toEqual(['You', 'Kim', 'Dana']);
  });

  it('keep a card face down until its face comes, and start the player\'s clock on the frame it is drawn', async () => {
    const d = await online({ saved: named('Ann', { players: 2, onlineCpus: 0 }), others: { names: ['Kim'], kinds: ['person'] } });
    createRoom(d);
    startGame(d);
    // Kim plays first (the dealer is seat 0); her card's face comes 400 ms late.
    d.room.hold([S.step], 400);
    d.room.speak(1, 'move', 300);
    d.until((s) => s.online.table.faceDown, 30);
    const left = d.now;
    d.until(() => d.now - left > 250, 30);
    let s = d.debug().online.table;
    expect(s.faceDown).toBe(true);
    expect(s.flying).toBe(true);
    expect(s.readableAt).toBe(-1);
    expect(s.shownGame.pile).toEqual([]);
    d.room.hold([S.step], 0);
    s = d.until((x) => !x.online.table.faceDown, 30).online.table;
    // The frame that drew its face is the one the player's clock starts on.
    expect(s.shownGame.pile.length).toBe(1);
    expect(s.readableAt).toBe(frameTime(d.frameIndex - 1));
  });

  it('fly a card that comes in the same poll as its game\'s deal, as every other card flies', async () => {
    const d = await online({ saved: named('Ann', { players: 2, onlineCpus: 0 }), others: { names: ['Kim'], kinds: ['person'] } });
    createRoom(d);
    // The deal is held up 400 ms on its way; Kim's first card goes out meanwhile, so both come in one poll.
    d.room.hold([S.deal], 400);
    d.press(BTN.CROSS);
    d.wait(3);
    expect(d.debug().scene).toBe('lobby');
    d.room.speak(1, 'move', 0);
    const first = d.until((x) => x.scene === 'onlineTable' && (x.online.table.flying || x.online.table.shownGame.pile.length > 0), 60);
    expect(first.online.table.flying).toBe(true);
    expect(first.online.table.shownGame.pile).toEqual([]);
    d.room.hold([S.deal], 0);
    const landed = d.until((x) => x.online.table.shownGame.pile.length === 1, 60);
    expect(landed.online.table.flying).toBe(false);
  });

  it('show the player\'s own slap on the frame of the press, what it did when the server has judged it, and the race\'s times', async () => {
    const d = await online({ saved: named('Ann', { players: 2, onlineCpus: 1, difficulty: 'easy' }) });
    createRoom(d);
    startGame(d);
    // Play until a pile the player can slap lies face up; slap it 200 ms after it could first be read.
    const s = playUntil(d, (x) => x.online.table.readableAt >= 0 && !x.online.table.flying && slapPattern(x.online.table.shownGame) !== null);
    d.until(() => d.now >= s.online.table.readableAt + 200, 30);
    const pressedAt = d.now;
    const cmds = d.step(BTN.CROSS);
    const hand = d.debug().online.table.hand;
    expect(sounds(cmds)).toContain(SOUND.slap);
    expect(hand).toMatchObject({ active: true, seat: 0, start: pressedAt, marked: false });
    const [type, [, stamp]] = d.room.sent.at(-1) as [number, [number, number]];
    expect(type).toBe(2);
    expect(stamp).toBe(pressedAt - s.online.table.readableAt);
    // Judged on the server's next turn: the hand's outcome, and the times.
    const judged = d.until((x) => x.online.table.hand.marked, 10).online.table;
    expect(judged.hand.good).toBe(true);
    expect(judged.slapTimes).toBe(`You ${stamp} ms`);
    // The pile is the player's, and so is the next card: the table says so at once (no card comes to show it).
    expect(judged.shownGame.pile).toEqual([]);
    expect(judged.hint).toMatch(/^Your turn/);
  });

  it('judge a slap under the false-start floor a wrong slap, and say so in the race\'s line', async () => {
    const d = await online({ saved: named('Ann', { players: 2, onlineCpus: 1, difficulty: 'easy' }) });
    createRoom(d);
    startGame(d);
    const s = playUntil(d, (x) => x.online.table.readableAt >= 0 && !x.online.table.flying && slapPattern(x.online.table.shownGame) !== null);
    d.until(() => d.now >= s.online.table.readableAt + FALSE_START_MS / 2, 30);
    d.step(BTN.CROSS);
    const [, [, stamp]] = d.room.sent.at(-1) as [number, [number, number]];
    expect(stamp).toBeLessThan(FALSE_START_MS);
    const judged = d.until((x) => x.online.table.hand.marked, 10).online.table;
    expect(judged.hand.good).toBe(false);
    expect(judged.slapTimes).toBe('You: false start');
  });

  it('say who dropped out over the table, and the player\'s own drop; back, the game as it stands', async () => {
    const d = await online({ saved: named('Ann', { players: 3, onlineCpus: 1 }), others: { names: ['Kim'], kinds: ['person'] } });
    createRoom(d);
    startGame(d);
    d.room.away(1, true);
    expect(d.until((x) => x.online.table.away !== '', 5).online.table.away).toBe('Kim');
    d.room.away(1, false);
    d.until((x) => x.online.table.away === '', 5);
    d.room.hostSays('away');
    expect(d.until((x) => x.online.room.dropped, 5).scene).toBe('onlineTable');
    // While the connection is down a press reaches no one: the table takes none, and asks for none.
    const sent = d.room.sent.length;
    d.step(BTN.CROSS);
    d.step(BTN.SQUARE);
    expect(d.room.sent.length).toBe(sent);
    expect(d.debug().online.table).toMatchObject({ hint: '', hand: { active: false } });
    d.room.rejoin();
    const back = d.until((x) => !x.online.room.dropped, 5);
    expect(back.scene).toBe('onlineTable');
    expect(back.online.table.shownGame.stacks.map((st: number[]) => st.length)).toEqual(d.room.deal()[5][2]);
  });

  it('say the player\'s own drop in the lobby on its hint line, with its way out; back, the lobby\'s own hint', async () => {
    // A keyboard's host (the desktop's and the page's keys): its hints name the keys.
    const caps: Capabilities = { ...NETWORK, glyphs: false, keys: { cross: 'S', circle: 'D', square: 'Z', triangle: 'A', start: 'Esc', leftPlay: 'F', leftSlap: 'Q', rightPlay: 'J', rightSlap: 'P', confirm: 'Enter' } };
    for (const [language, reconnecting, start] of [
      ['en', 'Connection lost: reconnecting...   D: leave', 'S/Enter: start the game   D: leave'],
      ['ru', 'Связь прервалась: подключаемся снова...   D: выйти', 'S/Enter: начать игру   D: выйти'],
    ] as const) {
      const d = await online({ caps, saved: named('Ann', { language, players: 3, onlineCpus: 1 }) });
      createRoom(d);
      expect(d.debug().online.hint).toBe(start);
      d.room.hostSays('away');
      expect(d.until((x) => x.online.room.dropped, 5).online.hint).toBe(reconnecting);
      d.step(0);
      writeScreenshot(`test-output/online-screens/lobby-reconnecting${language === 'ru' ? '-ru' : ''}.png`, d.last);
      d.room.hostSays('back');
      expect(d.until((x) => !x.online.room.dropped, 5).online.hint).toBe(start);
      d.room.hostSays('away');
      d.until((x) => x.online.room.dropped, 5);
      d.press(BTN.CIRCLE);
      expect(d.debug().scene).toBe('online');
    }
  });

  it('end a game under the player with one line back to the title when the server stops, and count only games played to their results', async () => {
    const d = await online({ saved: named('Ann', { players: 2, onlineCpus: 1 }), cardLimit: 16 });
    createRoom(d);
    startGame(d);
    d.wait(30);
    d.room.closing();
    const gone = d.until((x) => x.scene === 'title', 5);
    expect(gone.notice).toBe('The rooms server restarted: the game was ended.');
    expect(gone.stats.classic.games).toBe(0);
    expect(d.room.closed).toBeGreaterThan(0);

    const f = await online({ saved: named('Ann', { players: 2, onlineCpus: 1 }), cardLimit: 16 });
    createRoom(f);
    startGame(f);
    playUntil(f, (x) => x.scene === 'onlineResults', 6000);
    expect(f.debug().stats.classic.games).toBe(1);
    expect(JSON.parse(f.vm.saved!).stats.classic.games).toBe(1);
    expect(f.debug().results.cardsPlayed).toBe(16);
  });

  it('show a game that ended while the player was away its results when they are back, counted as the others count it, once', async () => {
    const d = await awayTillGameOver();
    // The last card's landing (its step, which the player never gets) is past.
    d.wait(60);
    expect(d.debug()).toMatchObject({ scene: 'onlineTable', online: { table: { shownGame: { over: null } } } });
    d.room.rejoin();
    const results = d.until((x) => x.scene === 'onlineResults', 300);
    expect(results.results.cardsPlayed).toBe(16);
    // The figures the player missed (their seat was played for them) come with the deal: the columns the others see.
    const [piles, slapsWon, wrongSlaps] = d.room.deal()[6]!;
    const ranking = d.room.nt!.table.game.over!.ranking;
    expect(results.results.ranking.map((r: any) => [r.piles, r.slapsWon, r.wrongSlaps])).toEqual(ranking.map((s) => [piles[s], slapsWon[s], wrongSlaps[s]]));
    expect(piles.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(results.stats.classic.games).toBe(1);
    expect(JSON.parse(d.vm.saved!).stats.classic.games).toBe(1);
    // Dropped again at the results and back: the same game, on screen already, is not played or counted again.
    d.room.drop();
    d.wait(10);
    d.room.rejoin();
    d.wait(200);
    expect(d.debug()).toMatchObject({ scene: 'onlineResults', stats: { classic: { games: 1 } } });
  });

  it('land a player back after a drop in the rematch begun meanwhile, as it stands, the game they left counted as it ended', async () => {
    const d = await awayTillGameOver();
    d.wait(60);
    const [, left, figures] = d.room.games.ended[0]!;
    // The creator (another player) starts a rematch; the seat is played for her in it from its first card.
    d.room.rematch();
    d.until(() => d.room.nt!.table.game.cardsPlayed >= 2, 600, 10);
    expect(d.debug()).toMatchObject({ scene: 'onlineTable', stats: { classic: { games: 0 } } });
    d.room.rejoin();
    const back = d.until((x) => !x.online.room.dropped, 5);
    // In the rematch as it stands: its table, its number ...
    expect(back.scene).toBe('onlineTable');
    expect(back.online.room.game).toBe(2);
    expect(back.online.table.shownGame.over).toBeNull();
    expect(back.online.table.shownGame.stacks.map((st: number[]) => st.length)).toEqual(d.room.deal()[5][2]);
    // ... and the game she left counted as the server counted it: played, won or not, her seat's figures.
    const won = left[13] !== 0 && left[13][0] === 0 ? 1 : 0;
    expect(back.stats.classic).toMatchObject({ games: 1, wins: won, piles: figures[0][0], slapsWon: figures[1][0], wrongSlaps: figures[2][0], longest: 16 });
    expect(JSON.parse(d.vm.saved!).stats.classic.games).toBe(1);
    // One line says why the table is another game's.
    expect(back.notice).toBe(won ? 'While you were away, you won your game' : `While you were away, ${back.online.table.names[1]} won your game`);
    // The rematch plays on to its own results, counted once more.
    playUntil(d, (x) => x.scene === 'onlineResults', 6000);
    expect(d.debug().stats.classic.games).toBe(2);
  });

  it('count both games for a player away from the middle of one to the end of its rematch, and show the rematch\'s results', async () => {
    const d = await awayTillGameOver();
    d.room.rematch();
    roomGameOver(d);
    d.wait(60);
    d.room.rejoin();
    const back = d.until((x) => !x.online.room.dropped, 5);
    expect(back).toMatchObject({ scene: 'onlineTable', notice: 'While you were away, 2 games were played', online: { room: { game: 2 } }, stats: { classic: { games: 1 } } });
    const results = d.until((x) => x.scene === 'onlineResults', 300);
    expect(results.stats.classic.games).toBe(2);
  });

  it('count a game whose rematch comes before its results show (the creator was quicker), once', async () => {
    const d = await online({ saved: named('Ann', { players: 2, onlineCpus: 1 }), cardLimit: 16 });
    createRoom(d);
    startGame(d);
    playUntil(d, (x) => x.scene === 'onlineTable' && x.online.table.shownGame.over !== null, 6000);
    d.room.rematch();
    const next = d.until((x) => x.scene === 'onlineTable' && x.online.table.shownGame.over === null, 5);
    expect(next).toMatchObject({ online: { room: { game: 2 } }, stats: { classic: { games: 1, longest: 16 } } });
    playUntil(d, (x) => x.scene === 'onlineResults', 6000);
    expect(d.debug().stats.classic.games).toBe(2);
  });

  it('show a player back after a drop at the results the rematch played to its end meanwhile: its table, then its results, counted', async () => {
    const d = await online({ saved: named('Ann', { players: 2, onlineCpus: 1 }), cardLimit: 16 });
    createRoom(d);
    startGame(d);
    playUntil(d, (x) => x.scene === 'onlineResults', 6000);
    expect(d.debug().stats.classic.games).toBe(1);
    d.room.drop();
    d.room.rematch();
    roomGameOver(d);
    d.wait(60);
    const [, , figures] = d.room.games.ended[1]!;
    d.room.rejoin();
    const table = d.until((x) => !x.online.room.dropped, 5);
    expect(table).toMatchObject({ scene: 'onlineTable', online: { room: { game: 2 } } });
    expect(table.online.table.shownGame.over).not.toBeNull();
    // One line says so: the rematch ended while she was away.
    const won = d.room.nt!.table.game.over!.winner === 0;
    expect(table.notice).toBe(won ? 'While you were away, you won your game' : `While you were away, ${table.online.table.names[1]} won your game`);
    const results = d.until((x) => x.scene === 'onlineResults', 300);
    expect(results.stats.classic.games).toBe(2);
    const ranking = d.room.nt!.table.game.over!.ranking;
    expect(results.results.ranking.map((r: any) => [r.piles, r.slapsWon, r.wrongSlaps])).toEqual(ranking.map((s) => [figures[0][s], figures[1][s], figures[2][s]]));
    // Back again at these results: nothing counted twice.
    d.room.drop();
    d.wait(10);
    d.room.rejoin();
    d.wait(200);
    expect(d.debug()).toMatchObject({ scene: 'onlineResults', stats: { classic: { games: 2 } } });
  });
});

/** Plays the player's cards (and takes their piles) until cond holds. */
function playUntil(d: OnlineDriver, cond: (s: any) => boolean, frames = 3000): any {
  for (let i = 0; i < frames; i++) {
    const s = d.debug();
    if (cond(s)) return s;
    d.step(s.scene === 'onlineTable' && /Square/.test(s.online.table.hint) && i % 2 === 0 ? BTN.SQUARE : 0);
  }
  throw new Error(`not within ${frames} frames: ${JSON.stringify(d.debug().online).slice(0, 400)}`);
}
