// A nearby room between PSPs (issue 37 item 5), the game's own bundle in
// two QuickJS VMs (the PSP's script, as its C runs it): Ann's PSP hosts
// (its script runs the room: src/app/hosting.ts over src/net/room-core.ts,
// the rooms server's room and judging), Kim's joins by the code as the
// online client does ("via":"nearby"), and the air between them is the
// tests' stand-in for their C (test/support/nearby-air.ts: exactly the
// interface's lines). A hostile PSP, Mallory, writes its own lines: a
// request for another room, a bad name, another protocol, then in her seat
// messages the server refuses, then a flood that shows her the door. Kim's
// link drops in the middle of a slap race and comes back; Ann's PSP sleeps
// a moment in the lobby and in the game (her room goes on, the others
// find it again); the game is played to its results on both screens, the
// same results; then Ann's PSP sleeps too long: her room ends, each side
// is told, and she can host again.
import { afterAll, describe, expect, it } from 'vitest';
import { BTN, DEFAULT_CAPABILITIES, SIG_SUSPEND, type Capabilities } from '../../src/contract';
import { slapPattern } from '../../src/rules';
import { Driver } from '../support/driver';
import type { BundleVM } from '../support/quickjs-host';
import { frameTime } from '../support/quickjs-host';
import { writeScreenshot } from '../support/raster';
import { Air, LINK_MS, NEARBY_SILENCE_MS, NEARBY_SLEEP_KEPT_MS, NET_KEPT_MS, type Joiner } from '../support/nearby-air';
import { stringsFor } from '../../src/app/i18n';

/** A PSP with ad hoc and no access point: Online shows the nearby rooms only. */
const PSP_NEARBY: Capabilities = { ...DEFAULT_CAPABILITIES, nearby: true };
/** The lines the players read (their saves are in English). */
const o = stringsFor('en', PSP_NEARBY).online;

const saved = (name: string): string => JSON.stringify({ version: 1, settings: { name, players: 3, onlineCpus: 0, ruleSet: 'classic' } });

/** A PSP running the game's bundle, its keyboard's text given by the test (host.typed). */
class Psp {
  typing: string | null = null;
  constructor(
    readonly d: Driver<BundleVM>,
    /** This player's reaction to a pile they may slap (ms from the frame its face was drawn), by the pile's number. */
    readonly reaction: (seq: number) => number,
  ) {}
  /** The last pile this player slapped (its number), so that each pile is slapped once. */
  slapped = -1;
}

async function psp(name: string, seed: number, net: object, reaction: (seq: number) => number): Promise<Psp> {
  let p: Psp;
  const d = await Driver.quickjs({
    caps: PSP_NEARBY,
    seed,
    saved: saved(name),
    net: {
      ...net,
      typed: () => {
        const t = p.typing;
        p.typing = null;
        return t;
      },
    },
  });
  p = new Psp(d, reaction);
  return p;
}

describe('a nearby room between two PSPs, no server', () => {
  const air = new Air();
  let ann: Psp;
  let kim: Psp;
  let mallory: Joiner;
  const kimAir = air.psp('00:0b:kim');

  /** Ann's PSP is asleep (her script runs no frame: her game's clock stops, as the PSP's does); her next frame is her first awake. */
  let annAsleep = false;
  let annWakes = false;

  /** One frame on both PSPs at the same time, the air first (on Kim's clock, which runs through Ann's sleeps). */
  function frame(annMask = 0, kimMask = 0): void {
    air.tick(frameTime(kim.d.frameIndex));
    if (!annAsleep) {
      // The first frame after a sleep carries SIG_SUSPEND, as the PSP's loop gives it (native/psp/psp_game.c).
      ann.d.step(annMask | (annWakes ? SIG_SUSPEND : 0));
      annWakes = false;
    }
    kim.d.step(kimMask);
  }

  /** Ann's PSP sleeps `ms` (the power switch), Kim's plays on; `during` looks at the PSPs at each frame meanwhile. */
  function annSleeps(ms: number, during: (frame: number) => void = () => {}): void {
    air.sleepHost();
    annAsleep = true;
    for (let i = 0; i < Math.round(ms / (1000 / 60)); i++) {
      frame();
      during(i);
    }
    annAsleep = false;
    annWakes = true;
    air.wakeHost();
  }

  /** Presses on one PSP (a frame down, a frame up each), the other's buttons up: the two keep one clock. */
  function presses(p: Psp, ...buttons: number[]): void {
    for (const b of buttons) {
      frame(p === ann ? b : 0, p === kim ? b : 0);
      frame();
    }
  }

  function frames(n: number): void {
    for (let i = 0; i < n; i++) frame();
  }

  /** Frames until cond holds of both PSPs' states, each player playing as a person does (play): throws after max. */
  function until(cond: (a: any, k: any) => boolean, max: number, play = false): [any, any] {
    for (let i = 0; i < max; i++) {
      const a = ann.d.debug();
      const k = kim.d.debug();
      if (cond(a, k)) return [a, k];
      frame(play ? press(ann, a, i) : 0, play ? press(kim, k, i) : 0);
    }
    throw new Error(`not within ${max} frames: Ann ${JSON.stringify(ann.d.debug().online).slice(0, 300)} Kim ${JSON.stringify(kim.d.debug().online).slice(0, 300)}`);
  }

  /**
   * What a person presses this frame: a pile they may slap, a slap at their
   * reaction time (and nothing else before it); else their card when the
   * table asks (every other frame, so that each press is an edge).
   */
  function press(p: Psp, s: any, i: number): number {
    if (s.scene !== 'onlineTable' || s.online.room.dropped) return 0;
    const t = s.online.table;
    if (t.readableAt >= 0 && !t.flying && p.slapped !== t.seq && slapPattern(t.shownGame) !== null) {
      if (t.now < t.readableAt + p.reaction(t.seq)) return 0;
      p.slapped = t.seq;
      return BTN.CROSS;
    }
    return /Square/.test(t.hint) && i % 2 === 0 ? BTN.SQUARE : 0;
  }

  const refused = (): number => ann.d.debug().online.room.hosting.refused;

  /** Mallory's lines from the host, once they have crossed the air. */
  function malloryHeard(what: string): unknown[] | undefined {
    frames(Math.ceil((3 * LINK_MS) / 16) + 1);
    return [...mallory.got].reverse().find((l) => l[0] === what);
  }

  afterAll(() => {
    ann?.d.dispose();
    kim?.d.dispose();
  });

  it('hosts a room from the title of a PSP with no access point, and shows its code', async () => {
    // Ann reacts in 200 ms; Kim in 320, but in 150 on every third pile: each wins races.
    ann = await psp('Ann', 11, air.host(), () => 200);
    kim = await psp('Kim', 22, kimAir.net(), (seq) => (seq % 3 === 0 ? 150 : 320));
    mallory = air.psp('00:0b:mallory');
    frames(2);
    // Title: Online (nearby only), then Host a nearby room, its options, Start.
    presses(ann, BTN.DOWN, BTN.CROSS);
    expect(ann.d.debug().scene).toBe('online');
    presses(ann, BTN.CROSS);
    expect(ann.d.debug().online).toMatchObject({ create: true, nearby: true });
    presses(ann, BTN.START);
    const [a] = until((s) => s.scene === 'lobby' && s.online.room.lobby !== null, 20);
    expect(air.group).toBe(a.online.room.code);
    expect(a.online.room).toMatchObject({ creating: true, nearby: true, hosting: { open: true, phase: 'lobby' } });
    expect(a.online.room.lobby.names).toEqual(['Ann', '', '']);
  });

  it('refuses a hostile PSP\'s requests as the server refuses them, and seats it when it asks properly', () => {
    const code = air.group!;
    const ask = (request: object): unknown[] | undefined => {
      air.connect(mallory, code, JSON.stringify(request));
      return malloryHeard('closed') ?? malloryHeard('joined');
    };
    expect(ask({ op: 'join', code: 'ABCDEFG', name: 'Mallory', via: 'nearby' })).toEqual(['closed', 'room "ABCDEFG" not found']);
    expect(ask({ op: 'join', code, name: '<script>', via: 'nearby' })?.[1]).toMatch(/a name is 1 to 12/);
    expect(ask({ op: 'join', code, name: 'Mallory', via: 'nearby', v: 99 })?.[1]).toMatch(/protocol version 99/);
    mallory.got.length = 0;
    air.connect(mallory, code, JSON.stringify({ op: 'join', code, name: 'Mallory', via: 'nearby' }));
    expect(malloryHeard('joined')).toEqual(['joined', code]);
    expect((malloryHeard('m') as [string, number, unknown[]])[2].slice(3, 5)).toEqual([['Ann', 'Mallory', ''], [1, 1, 0]]);
    expect(ann.d.debug().online.room.lobby.names).toEqual(['Ann', 'Mallory', '']);
    // Her messages in the lobby: a start (not hers to give), bytes that are not a message, an unknown type, a slap with no game on.
    const before = refused();
    for (const m of ['[1,[]]', 'not json', '[99,[]]', '[2,[0,50]]']) mallory.send(m);
    frames(4);
    expect(refused()).toBe(before + 4);
    expect(ann.d.debug().online.room.lobby.names).toEqual(['Ann', 'Mallory', '']);
  });

  it('lets a PSP join by the code, and no more than the room seats', () => {
    const code = air.group!;
    presses(kim, BTN.DOWN, BTN.CROSS, BTN.DOWN, BTN.CROSS);
    expect(kim.d.debug().online.entry).toMatchObject({ what: 'code', then: 'joinNearby' });
    kim.typing = code.toLowerCase() + '\n';
    const [a, k] = until((_, s) => s.scene === 'lobby' && s.online.room.lobby !== null && s.online.room.lobby.names[2] === 'Kim', 30);
    expect(k.online.room).toMatchObject({ code, nearby: true, creating: false, hosting: null });
    expect(a.online.room.lobby.names).toEqual(['Ann', 'Mallory', 'Kim']);
    const eve = air.psp('00:0b:eve');
    air.connect(eve, code, JSON.stringify({ op: 'join', code, name: 'Eve', via: 'nearby' }));
    frames(4);
    expect(eve.got).toEqual([['closed', 'the room is full']]);
  });

  it('keeps the lobby through a short sleep of the hosting PSP: the joiner is told at once its host is out of reach, then seated again', () => {
    let heardAt = -1;
    annSleeps(8000, (i) => {
      if (heardAt < 0 && kim.d.debug().online.room.dropped) heardAt = i;
    });
    // Kim heard the silence after NEARBY_SILENCE_MS (her C's), and her lobby says so, with its way out.
    expect(heardAt * (1000 / 60)).toBeGreaterThanOrEqual(NEARBY_SILENCE_MS - 100);
    expect(heardAt * (1000 / 60)).toBeLessThan(NEARBY_SILENCE_MS + 100);
    const k = kim.d.debug();
    expect(k.scene).toBe('lobby');
    expect(k.online.hint).toBe(`${o.hostAway}   ${o.leaveHint}`);
    writeScreenshot('test-output/nearby/lobby-join-host-away.png', kim.d.last!);
    frame();
    // Ann wakes: her line says what happened; the others' PSPs link again by themselves (their seats open meanwhile, the lobby's rule).
    expect(ann.d.debug().notice).toBe(o.hostWoke);
    const [a, k2] = until((x, y) => !y.online.room.dropped && x.online.room.lobby.names.join() === 'Ann,Mallory,Kim' && y.online.room.lobby.names[2] === 'Kim', 200);
    expect(a.online.room.hosting.peers).toEqual([[mallory.peer, 'in'], [kimAir.peer, 'in']]);
    expect(k2.online.hint).toBe(o.waitStartHint('Ann'));
    expect(k2.scene).toBe('lobby');
  });

  it('starts the game on every screen; the hostile seat\'s bad messages are refused, its flood shows it the door, its seat is played for it', () => {
    presses(ann, BTN.CROSS);
    const [a, k] = until((x, y) => x.scene === 'onlineTable' && y.scene === 'onlineTable', 20);
    expect(a.online.table.names).toEqual(['You', 'Mallory', 'Kim']);
    expect(k.online.table.names).toEqual(['You', 'Ann', 'Mallory']);
    expect(malloryHeard('m')).toBeDefined();
    const before = refused();
    // A stamp out of range, a pile that has not been played, a good answer padded past 1 KiB (the server's WebSocket limit).
    mallory.send('[2,[0,999999]]');
    mallory.send('[2,[500,0]]');
    mallory.send(`[5,[0,0]${' '.repeat(1100)}]`);
    frames(4);
    expect(refused()).toBe(before + 3);
    // 90 answers at once, past the burst of 80: shown the door.
    for (let i = 0; i < 90; i++) mallory.send('[5,[0,0]]');
    expect(malloryHeard('closed')).toEqual(['closed', 'shown the door']);
    const [a2] = until((x) => x.online.table.away === 'Mallory', 20);
    expect(a2.online.room.hosting.kicked).toBe(1);
    // A PSP that comes once a game is on is refused.
    const eve = air.psp('00:0b:eve2');
    air.connect(eve, air.group!, JSON.stringify({ op: 'join', code: air.group, name: 'Eve', via: 'nearby' }));
    frames(4);
    expect(eve.got).toEqual([['closed', 'this game has started']]);
  });

  it('judges a race while the joiner\'s link is down, keeps her seat, and gives her the game as it stands when it comes back', () => {
    // A pile Kim may slap, on her screen; her link drops before her reaction, Ann slaps at hers.
    const [, k] = until((_, s) => s.scene === 'onlineTable' && s.online.table.readableAt >= 0 && !s.online.table.flying && s.online.table.seq % 3 !== 0 && slapPattern(s.online.table.shownGame) !== null && s.online.table.now >= s.online.table.readableAt + 60, 4000, true);
    const raced = k.online.table.seq;
    air.dropLink(kimAir);
    const [a] = until((x, y) => y.online.room.dropped && /Kim/.test(x.online.table.away), 10, true);
    expect(a.online.table.away).toBe('Mallory, Kim');
    // Ann's slap takes the pile without Kim's word (she is away: no one waits for her).
    const [judged] = until((x) => x.online.table.hand.marked && x.online.table.seq > raced, 60, true);
    expect(judged.online.table.hand.good).toBe(true);
    // Her time is her own screen's: from the frame that drew the face to her press, her reaction and at most a frame.
    const ms = Number(/^You (\d+) ms$/.exec(judged.online.table.slapTimes)![1]);
    expect(ms).toBeGreaterThanOrEqual(200);
    expect(ms).toBeLessThan(200 + 17);
    frames(60);
    air.restoreLink(kimAir);
    // Back: the host deals her the game as it stands (S.deal), which her screen shows on the frame it comes, turned, herself at the bottom.
    const heard = kimAir.got.length;
    const dealt = (): any => kimAir.got.slice(heard).find((l) => l[0] === 'm' && l[1] === 2);
    for (let i = 0; i < 10 && dealt() === undefined; i++) frame();
    const counts: number[] = dealt()[2][5][2];
    const k3 = kim.d.debug();
    expect(k3.scene).toBe('onlineTable');
    expect(k3.online.room.dropped).toBe(false);
    expect(k3.online.table.shownGame.stacks.map((st: unknown[]) => st.length)).toEqual([counts[2], counts[0], counts[1]]);
    until((x, y) => !y.online.room.dropped && x.online.table.away === 'Mallory', 30, true);
  });

  it('gives a PSP that left on purpose its kept seat back when it joins again by the code', () => {
    const code = air.group!;
    // Start, then Cross: leave the game (the seat is played meanwhile); her C says BYE, the host hears gone.
    presses(kim, BTN.START, BTN.CROSS);
    const [a, k] = until((x, y) => y.scene === 'online' && /Kim/.test(x.online.table.away), 20);
    expect(k.online.cursor).toBe(1);
    expect(a.online.room.hosting.peers).toContainEqual([kimAir.peer, 'kept']);
    // Join a nearby room, the same code: the same PSP (its MAC), its hello gives it the seat, the game as it stands.
    presses(kim, BTN.CROSS);
    kim.typing = code + '\n';
    const [a2, k2] = until((x, y) => y.scene === 'onlineTable' && x.online.table.away === 'Mallory', 40, true);
    expect(k2.online.table.names).toEqual(['You', 'Ann', 'Mallory']);
    expect(a2.online.room.hosting.peers).toContainEqual([kimAir.peer, 'in']);
  });

  it('keeps the game through a short sleep of the hosting PSP: the joiner is told its host is out of reach, the game goes on from where it stood', () => {
    until((x, y) => x.scene === 'onlineTable' && y.scene === 'onlineTable' && !y.online.room.dropped && x.online.table.seq > 0, 600, true);
    const before = ann.d.debug().online.table;
    let banner = '';
    annSleeps(10_000, () => {
      const k = kim.d.debug();
      if (k.online.room.dropped) banner = k.online.banner;
    });
    expect(banner).toBe(o.hostAway);
    // Ann's table stood still while her PSP slept (her clock with it); on waking she reads why Kim is away.
    frame();
    const a = ann.d.debug();
    expect(a.notice).toBe(o.hostWoke);
    expect(a.online.table.seq).toBe(before.seq);
    expect(a.online.room.hosting.peers).toContainEqual([kimAir.peer, 'kept']);
    // Kim's PSP finds the room again: her seat back, the game as it stands on both screens, and on it goes.
    const [a2] = until((x, y) => !y.online.room.dropped && x.online.room.hosting.peers.some(([p, s]: [number, string]) => p === kimAir.peer && s === 'in') && y.online.table.seq === x.online.table.seq, 300, true);
    until((x, y) => x.online.table.seq >= a2.online.table.seq + 3 && y.online.table.seq === x.online.table.seq, 600, true);
  });

  it('plays the game to its results on both screens, the same results', () => {
    const [a, k] = until((x, y) => x.scene === 'onlineResults' && y.scene === 'onlineResults', 40000, true);
    expect(k.results.cardsPlayed).toBe(a.results.cardsPlayed);
    const seen = (s: any, you: string): [string, number, number][] => s.results.ranking.map((r: any) => [r.name === 'You' ? you : r.name, r.piles, r.slapsWon]);
    expect(seen(k, 'Kim')).toEqual(seen(a, 'Ann').map(([n, p, w]) => [n, p, w]));
    // Both people won races (the seeds and reactions make it so: a test of a game, not of one player's).
    for (const [, , slapsWon] of seen(a, 'Ann').slice(0, 2)) expect(slapsWon).toBeGreaterThan(0);
    expect(a.stats.classic.games).toBe(1);
    expect(k.stats.classic.games).toBe(1);
  });

  it('ends the room when the hosting PSP sleeps too long: each side told so, back at the nearby rows, games counted as they were; then Ann hosts again', () => {
    annSleeps(NEARBY_SLEEP_KEPT_MS + 25_000);
    // Kim's C gave up NET_KEPT_MS after it went silent: her line, the Online menu (nearby rows only here) at Join a nearby room.
    const k = kim.d.debug();
    expect(NEARBY_SILENCE_MS + NET_KEPT_MS).toBeLessThan(NEARBY_SLEEP_KEPT_MS + 25_000);
    expect(k.scene).toBe('online');
    expect(k.notice).toBe(o.hostGone);
    expect(k.online.cursor).toBe(1);
    writeScreenshot('test-output/nearby/online-join-host-gone.png', kim.d.last!);
    frame();
    const a = ann.d.debug();
    expect(a.scene).toBe('online');
    expect(a.notice).toBe(o.hostSlept);
    expect(a.online.cursor).toBe(0);
    frames(3);
    writeScreenshot('test-output/nearby/online-host-slept.png', ann.d.last!);
    expect(a.stats.classic.games).toBe(1);
    expect(k.stats.classic.games).toBe(1);
    // Ann's PSP can host again: a new room, open.
    presses(ann, BTN.CROSS);
    presses(ann, BTN.START);
    const [a2] = until((s) => s.scene === 'lobby' && s.online.room.lobby !== null, 20);
    expect(air.group).toBe(a2.online.room.code);
    expect(a2.online.room.hosting).toMatchObject({ open: true, over: false, phase: 'lobby', peers: [] });
  });
});
