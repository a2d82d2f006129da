// The judging's rules, one case each, on the server's table
// (src/net/net-table.ts) driven by hand: who wins a race whatever order the
// messages arrive in, the tie rule, the window for a silent player, what
// never waits, late and blind slaps, an away seat, and what a client is
// told of the cards. The latency proof (latency.test.ts) and the lying
// client (lying.test.ts) are the property tests over many races.
import { describe, expect, it } from 'vitest';
import { FALSE_START_MS, defaultOptions, tableBeforePlay } from '../../src/rules';
import type { Card, GameEvent, GameState } from '../../src/rules/types';
import { S, type Step } from '../../src/net/protocol';
import { AWAY_MOVE_MS, advance, drain, newNetTable, notePing, notePong, receive, setPresent, windowOf, type NetTable, type Outgoing } from '../../src/net/net-table';
import { Sim, defaultClassic, rng } from './sim';

const card = (rank: number, suit: number): Card => suit * 13 + (rank - 2);

/** Seats 0 and 1 people, seat 2 a hard CPU; seat 0 to play first, with these stacks. */
function table(stacks: Card[][], ruleSet: 'classic' | 'russian' = 'classic'): { nt: NetTable; out: Outgoing[]; last?: number } {
  const options = { ...defaultOptions(ruleSet, 3) };
  const dealt: GameState = tableBeforePlay(options, 2, stacks);
  const nt = newNetTable({ options, seed: 1, dealer: 2, aiSeed: 99, difficulty: 'hard', seats: [{ kind: 'person' }, { kind: 'person' }, { kind: 'cpu' }], dealt }, 0);
  return { nt, out: [] };
}

/** Runs the table to `now` as the room's timer does (each wake-up it asks for, up to now) and collects what it sends. */
function run(t: { nt: NetTable; out: Outgoing[]; last?: number }, now: number): void {
  let at = Math.min(now, t.last ?? now);
  for (let guard = 0; guard < 100; guard++) {
    const next = advance(t.nt, at);
    t.out.push(...drain(t.nt, at));
    if (next > now) break;
    at = Math.max(at, next);
  }
  t.last = now;
}

/** A steady 100 ms round trip for a person, measured around `now`. */
function pinged(nt: NetTable, seat: number, now: number): void {
  notePing(nt, seat, now);
  notePong(nt, seat, now + 100);
}

function events(out: Outgoing[]): GameEvent[] {
  return out.filter((m) => m.type === S.step).flatMap((m) => (m.body as Step)[1]);
}

/**
 * Seat 0 plays a five, seat 1 a five: a pair lands. Returns the server time
 * of its landing, the CPU's planned reaction (ms), and `at`, the server time
 * of a moment `ms` after the landing (the table's clock runs `lag` behind).
 */
function pairOnTable(t: { nt: NetTable; out: Outgoing[]; last?: number }): { landed: number; cpu: number; at: (ms: number) => number } {
  run(t, 0);
  receive(t.nt, 0, 'move', 0, 100, 100);
  run(t, 100);
  run(t, 280);
  receive(t.nt, 1, 'move', 1, 50, 400);
  run(t, 400);
  const top = t.nt.tops[t.nt.seq]!;
  const landed = top + t.nt.lag;
  run(t, landed);
  for (const seat of [0, 1]) pinged(t.nt, seat, landed);
  const plan = t.nt.table.plans[t.nt.table.nextPlan];
  return { landed, cpu: plan ? plan.at - top : -1, at: (ms) => landed + ms };
}

const STACKS = (): Card[][] => [
  [card(5, 0), card(9, 0), card(3, 1), card(4, 1)],
  [card(5, 1), card(10, 0), card(3, 2), card(4, 2)],
  [card(7, 3), card(8, 3), card(3, 3), card(4, 3)],
];

describe('a slap race', () => {
  it('goes to the smaller stamp even when its message comes after the CPU was due', () => {
    const t = table(STACKS());
    const { cpu, at } = pairOnTable(t);
    expect(cpu).toBeGreaterThan(150);
    // The CPU's moment comes: the table asks both people instead of slapping.
    run(t, at(cpu));
    expect(t.out.filter((m) => m.type === S.ask).map((m) => m.to).sort()).toEqual([0, 1]);
    expect(events(t.out).some((e) => e.type === 'claimed')).toBe(false);
    // Seat 1 did nothing that soon; seat 0 slapped 50 ms before the CPU, and says so 100 ms late.
    receive(t.nt, 1, 'heard', t.nt.seq, cpu + 20, at(cpu + 60));
    run(t, at(cpu + 60));
    receive(t.nt, 0, 'slap', t.nt.seq, cpu - 50, at(cpu + 100));
    run(t, at(cpu + 100));
    const claim = events(t.out).find((e) => e.type === 'claimed');
    expect(claim).toMatchObject({ seat: 0, reason: 'slap' });
    const step = t.out.find((m) => m.type === S.step && (m.body as Step)[1].some((e) => e.type === 'claimed'))!.body as Step;
    expect(step[3]).toBe(cpu - 50);
  });

  it('goes to the CPU when it was quicker, once everyone has said so', () => {
    const t = table(STACKS());
    const { cpu, at } = pairOnTable(t);
    run(t, at(cpu));
    receive(t.nt, 1, 'heard', t.nt.seq, cpu + 5, at(cpu + 50));
    run(t, at(cpu + 50));
    // Still waiting for seat 0's word.
    expect(events(t.out).some((e) => e.type === 'claimed')).toBe(false);
    receive(t.nt, 0, 'slap', t.nt.seq, cpu + 30, at(cpu + 130));
    run(t, at(cpu + 400));
    const claims = events(t.out).filter((e) => e.type === 'claimed');
    expect(claims[0]).toMatchObject({ seat: 2, reason: 'slap' });
    // Seat 0's slap came after: too late for the pile.
    expect(events(t.out).some((e) => e.type === 'slapMissed' && e.seat === 0)).toBe(true);
  });

  it('tells a late slap\'s own stamp and its pile, not when it was applied (the race\'s line shows reaction times)', () => {
    const t = table(STACKS());
    const { cpu, at } = pairOnTable(t);
    const pile = t.nt.seq;
    run(t, at(cpu));
    for (const seat of [0, 1]) receive(t.nt, seat, 'heard', pile, cpu + 5, at(cpu + 50));
    run(t, at(cpu + 60));
    expect(events(t.out).find((e) => e.type === 'claimed')).toMatchObject({ seat: 2 });
    // Seat 1 slapped 60 ms after the claim and is heard first; seat 0 slapped 30 ms after it, heard later.
    receive(t.nt, 1, 'slap', pile, cpu + 60, at(cpu + 120));
    run(t, at(cpu + 135));
    receive(t.nt, 0, 'slap', pile, cpu + 30, at(cpu + 140));
    run(t, at(cpu + 200));
    const missed = (seat: number): Step => t.out.find((m) => m.type === S.step && (m.body as Step)[1].some((e) => e.type === 'slapMissed' && e.seat === seat))!.body as Step;
    // Each step tells the slap's own stamp and the pile it was aimed at (the race's line shows 60 and 30 after the claim).
    expect(missed(1).slice(3)).toEqual([cpu + 60, pile]);
    expect(missed(0).slice(3)).toEqual([cpu + 30, pile]);
  });

  it('times a CPU\'s slap after the claim from the pile\'s landing', () => {
    const t = table(STACKS());
    const { cpu, at } = pairOnTable(t);
    const pile = t.nt.seq;
    // Seat 0 slaps 30 ms before the CPU's moment: the CPU's slap, already under way, comes too late.
    receive(t.nt, 0, 'slap', pile, cpu - 30, at(cpu - 10));
    receive(t.nt, 1, 'heard', pile, cpu + 5, at(cpu + 20));
    run(t, at(cpu + 100));
    const claim = t.out.find((m) => m.type === S.step && (m.body as Step)[1].some((e) => e.type === 'claimed'))!.body as Step;
    expect(claim[1].find((e) => e.type === 'claimed')).toMatchObject({ seat: 0 });
    const late = t.out.find((m) => m.type === S.step && (m.body as Step)[1].some((e) => e.type === 'slapMissed' && e.seat === 2))!.body as Step;
    expect(late.slice(3)).toEqual([cpu, pile]);
  });

  it('tells a slap that lost the race as a miss on its pile, though the next card came first, when on the clock it was before that card', () => {
    const t = table(STACKS());
    const { cpu, at } = pairOnTable(t);
    const pile = t.nt.seq;
    const s = Math.min(200, cpu - 100);
    // Seat 0 slaps first; seat 1 has said it did nothing that soon: seat 0 takes the pair.
    receive(t.nt, 0, 'slap', pile, s, at(s + 40));
    receive(t.nt, 1, 'heard', pile, s + 5, at(s + 60));
    run(t, at(s + 60));
    expect(events(t.out).find((e) => e.type === 'claimed')).toMatchObject({ seat: 0, reason: 'slap' });
    const stacks = t.nt.table.game.stacks.map((st) => st.length);
    // Seat 0 plays its next card 100 ms after it saw the pile taken, and that comes first; seat 1's slap on
    // the pair, 60 ms after the claim (before that card, on the clock), comes after it: a slower network.
    receive(t.nt, 0, 'move', pile + 1, 100, at(s + 150));
    run(t, at(s + 150));
    receive(t.nt, 1, 'slap', pile, s + 60, at(s + 200));
    run(t, at(s + 700));
    const missed = t.out.find((m) => m.type === S.step && (m.body as Step)[1].some((e) => e.type === 'slapMissed' && e.seat === 1));
    // A race lost, timed by its own stamp on the pair (the race's line shows it), after the card's landing; no penalty.
    expect(missed && (missed.body as Step).slice(3)).toEqual([s + 60, pile]);
    const landed = t.out.findIndex((m) => m.type === S.step && (m.body as Step)[1].some((e) => e.type === 'played') && (m.body as Step)[0] === pile + 2);
    expect(landed).toBeGreaterThanOrEqual(0);
    expect(t.out.indexOf(missed!)).toBeGreaterThan(landed);
    expect(events(t.out).some((e) => e.type === 'wrongSlap')).toBe(false);
    expect(t.nt.table.game.stacks[1]!.length).toBe(stacks[1]);
    expect(t.nt.figures.racesLost[1]).toBe(1);
  });

  it('judges a slap on a taken pile made after the next card was played, on the clock, on that card, as one device would', () => {
    const t = table(STACKS());
    const { cpu, at } = pairOnTable(t);
    const pile = t.nt.seq;
    const s = Math.min(200, cpu - 100);
    receive(t.nt, 0, 'slap', pile, s, at(s + 40));
    receive(t.nt, 1, 'heard', pile, s + 5, at(s + 60));
    run(t, at(s + 60));
    receive(t.nt, 0, 'move', pile + 1, 100, at(s + 150));
    run(t, at(s + 150));
    // 150 ms after the claim: the next card (played 100 ms after it) was in the air.
    receive(t.nt, 1, 'slap', pile, s + 150, at(s + 200));
    run(t, at(s + 700));
    expect(events(t.out).find((e) => e.type === 'wrongSlap')).toMatchObject({ seat: 1, falseStart: true });
    expect(events(t.out).some((e) => e.type === 'slapMissed' && e.seat === 1)).toBe(false);
  });

  it('breaks an exact tie as one device does: nearest clockwise after whoever played the top card', () => {
    const t = table(STACKS());
    const { cpu, at } = pairOnTable(t);
    const s = Math.min(200, cpu - 40);
    // Seat 1 played the top card: seat 2 (the CPU) would come first, then seat 0, then seat 1.
    receive(t.nt, 1, 'slap', t.nt.seq, s, at(s + 80));
    receive(t.nt, 0, 'slap', t.nt.seq, s, at(s + 90));
    run(t, at(s + 90));
    expect(events(t.out).find((e) => e.type === 'claimed')).toMatchObject({ seat: 0 });
  });

  it('waits for a silent player no longer than their window, and then not again until they speak', () => {
    const t = table(STACKS());
    const { cpu, at } = pairOnTable(t);
    run(t, at(cpu));
    receive(t.nt, 1, 'heard', t.nt.seq, cpu + 5, at(cpu + 50));
    run(t, at(cpu + 50));
    const window = windowOf(t.nt, t.nt.people[0]!, t.nt.seq, at(cpu));
    expect(window).toBeLessThan(2000);
    run(t, at(cpu) + window - 1);
    expect(events(t.out).some((e) => e.type === 'claimed')).toBe(false);
    run(t, at(cpu) + window);
    expect(events(t.out).find((e) => e.type === 'claimed')).toMatchObject({ seat: 2 });
    expect(t.nt.people[0]!.silent).toBe(true);
    expect(t.nt.people[0]!.missed).toBe(1);
  });
});

describe('what never waits', () => {
  it('a card on a pile nobody can win by slapping is played on time, with no question asked', () => {
    const t = table([
      [card(5, 0), card(9, 0)],
      [card(6, 1), card(10, 0)],
      [card(7, 3), card(8, 3), card(2, 3)],
    ]);
    run(t, 0);
    receive(t.nt, 0, 'move', 0, 100, 100);
    run(t, 100);
    run(t, 280);
    receive(t.nt, 1, 'move', 1, 50, 400);
    run(t, 400);
    run(t, t.nt.tops[t.nt.seq]! + t.nt.lag);
    const due = t.nt.table.playAt;
    run(t, due + t.nt.lag);
    expect(t.out.some((m) => m.type === S.ask)).toBe(false);
    expect(t.out.filter((m) => m.type === S.fly).map((m) => (m.body as number[])[1])).toEqual([0, 1, 2]);
  });
});

describe('late and blind slaps', () => {
  it('a slap applied after later things happened keeps its own stamp: under the floor it is still a false start', () => {
    // A plain pile: seat 1 answers the five with a ten.
    const stacks = STACKS();
    stacks[1] = [card(10, 1), card(5, 1), card(3, 2), card(4, 2)];
    const t = table(stacks);
    const { at } = pairOnTable(t);
    // Seat 1 slaps at 110 ms and is heard first; seat 0's 50 ms slap arrives after it was applied.
    receive(t.nt, 1, 'slap', t.nt.seq, FALSE_START_MS + 10, at(FALSE_START_MS + 12));
    run(t, at(FALSE_START_MS + 15));
    receive(t.nt, 0, 'slap', t.nt.seq, 50, at(FALSE_START_MS + 20));
    run(t, at(FALSE_START_MS + 25));
    const wrong = events(t.out).filter((e) => e.type === 'wrongSlap');
    expect(wrong.map((e) => [e.seat, e.type === 'wrongSlap' && e.falseStart === true])).toEqual([
      [1, false],
      [0, true],
    ]);
  });

  it(`a stamp under the false-start floor of local play (${FALSE_START_MS} ms) is a wrong slap, even on a pair: the CPU takes it`, () => {
    const t = table(STACKS());
    const { cpu, at } = pairOnTable(t);
    // Seat 0 pressed 99 ms after the landing on their screen; the message comes 50 ms later.
    expect(receive(t.nt, 0, 'slap', t.nt.seq, FALSE_START_MS - 1, at(FALSE_START_MS + 50))).toBeNull();
    run(t, at(FALSE_START_MS + 60));
    for (const seat of [0, 1]) receive(t.nt, seat, 'heard', t.nt.seq, cpu + 1, at(cpu));
    run(t, at(cpu + 10));
    const ev = events(t.out);
    expect(ev.find((e) => e.type === 'wrongSlap')).toMatchObject({ seat: 0, falseStart: true });
    expect(ev.find((e) => e.type === 'claimed')).toMatchObject({ seat: 2, reason: 'slap' });
  });


  it('a slap made before the card\'s face was sent (a guess timed to look quick) is refused and does nothing', () => {
    const t = table(STACKS());
    run(t, 0);
    receive(t.nt, 0, 'move', 0, 100, 100);
    run(t, 100);
    run(t, 280);
    receive(t.nt, 1, 'move', 1, 50, 400);
    run(t, 400);
    // Seat 0 sends a slap on the pair before its face went out, stamped 200 ms after the landing.
    expect(receive(t.nt, 0, 'slap', t.nt.seq, 200, 410)).toMatch(/face had not been sent/);
    run(t, t.nt.tops[t.nt.seq]! + 400 + t.nt.lag);
    expect(t.nt.people[0]!.refused).toBe(1);
    expect(events(t.out).some((e) => (e.type === 'claimed' || e.type === 'wrongSlap') && e.seat === 0)).toBe(false);
  });
});

describe('a player away', () => {
  it('has their cards played for them after AWAY_MOVE_MS, and never slaps', () => {
    const t = table(STACKS());
    setPresent(t.nt, 0, false);
    run(t, 0);
    expect(t.out.find((m) => m.type === S.away)!.body).toEqual([0, 1]);
    run(t, AWAY_MOVE_MS - 1);
    expect(t.out.some((m) => m.type === S.fly)).toBe(false);
    run(t, AWAY_MOVE_MS);
    expect(t.out.find((m) => m.type === S.fly)!.body).toEqual([1, 0]);
  });
});

describe('what a client is told', () => {
  it('never a card before it is played: a flying card\'s face only at its landing, never a stack\'s', () => {
    const r = rng(3);
    const link = { latency: 40, jitter: 10, loss: 0 };
    const sim = new Sim({
      options: defaultClassic(3),
      seats: [{ kind: 'person' }, { kind: 'person' }, { kind: 'cpu' }],
      people: [
        { down: link, up: link, reaction: () => 250 + r() * 300, slaps: 0.9 },
        { down: link, up: link, reaction: () => 250 + r() * 300, slaps: 0.9 },
      ],
      seed: 11,
    });
    const seen = new Set<number>();
    const nt = sim.nt;
    // Every message the server sends, in order: the cards it names must have been played by then.
    let checked = 0;
    const out = nt.out;
    const push = out.push.bind(out);
    out.push = (...ms: Outgoing[]): number => {
      for (const m of ms) {
        if (m.type === S.fly) expect((m.body as unknown[]).length).toBe(2);
        if (m.type !== S.step) continue;
        const [, evs, state] = m.body as Step;
        for (const e of evs) if (e.type === 'played') seen.add(e.card);
        for (const c of state[3]) expect(seen.has(c), `card ${c} shown before it was played`).toBe(true);
        // Stacks and burned cards only as counts.
        expect(typeof state[2][0]).toBe('number');
        expect(typeof state[4]).toBe('number');
        checked++;
      }
      return push(...ms);
    };
    sim.run(10 * 60_000);
    expect(checked).toBeGreaterThan(100);
  });
});
