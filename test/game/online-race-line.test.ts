// A slap race's line online, as both people at the table see it: the room's
// own table (src/net/net-table.ts) judging, its messages handed to each
// player's online table (src/app/online-table.ts) a frame at a time. When
// both slapped the pile, the line names both with their own times, as one
// device would ("You 200 ms · Kim 260 ms"), the same on both screens, even
// when the loser's slap came in only after the taker's next card had been
// played (a slower network than the taker's next press); and over many
// races on a fast and a slow link (test/server/sim.ts), every race both
// slapped before the next card is named whole, the same on both screens.
import { describe, expect, it } from 'vitest';
import { defaultOptions, tableBeforePlay } from '../../src/rules';
import type { Card, GameState } from '../../src/rules/types';
import { publicState, type Deal, type Step } from '../../src/net/protocol';
import { advance, drain, newNetTable, receive, tableNow, type NetTable } from '../../src/net/net-table';
import { startOnlineTable, stepOnlineTable, type OnlineAppTable } from '../../src/app/online-table';
import { onlineMessage } from '../../src/net/client';
import { stringsFor } from '../../src/app/i18n';
import { newCues } from '../../src/app/cues';
import { Sim, defaultClassic, rng, type PersonSpec } from '../server/sim';

const card = (rank: number, suit: number): Card => suit * 13 + (rank - 2);
const NAMES = ['Ann', 'Kim', ''];

/** Ann (seat 0) and Kim (seat 1), people, and a hard CPU; Ann plays a five, Kim a five: a pair to slap. */
class Room {
  readonly nt: NetTable;
  readonly screens: OnlineAppTable[];
  /** Each screen's slap-times line, each time it changed. */
  readonly lines: string[][] = [[], []];
  now = 0;
  constructor() {
    const options = defaultOptions('classic', 3);
    const stacks: Card[][] = [
      [card(5, 0), card(9, 0), card(3, 1), card(4, 1)],
      [card(5, 1), card(10, 0), card(3, 2), card(4, 2)],
      [card(7, 3), card(8, 3), card(3, 3), card(4, 3)],
    ];
    const dealt: GameState = tableBeforePlay(options, 2, stacks);
    this.nt = newNetTable({ options, seed: 1, dealer: 2, aiSeed: 99, difficulty: 'hard', seats: [{ kind: 'person' }, { kind: 'person' }, { kind: 'cpu' }], dealt }, 0);
    const { seq, game, figures } = tableNow(this.nt);
    this.screens = [0, 1].map((you) => {
      const deal: Deal = [you, NAMES, [1, 1, 2], options, seq, publicState(game), figures, 1];
      return startOnlineTable(stringsFor('en'), newCues(), deal, 0);
    });
  }
  /** Frames up to server time `until` (every message reaches both screens on the frame it is sent). */
  frames(until: number): void {
    for (let now = this.now; now <= until; now = now + 16 > until && now < until ? until : now + 16) {
      this.now = now;
      advance(this.nt, now);
      for (const m of drain(this.nt, now))
        this.screens.forEach((t, seat) => {
          if (m.to === -1 || m.to === seat) onlineMessage(t.net, m.type, m.body, now);
        });
      this.screens.forEach((t, seat) => {
        stepOnlineTable(t, now, 0);
        const line = t.show.display.slapTimes;
        if (this.lines[seat]!.at(-1) !== line) this.lines[seat]!.push(line);
      });
      if (now === until) break;
    }
  }
  /** Server time of `ms` after the current pile landed. */
  after(ms: number): number {
    return this.nt.tops[this.nt.seq]! + this.nt.lag + ms;
  }
}

/** A line as the other seat would read it: "You" is each screen's own name. */
function named(line: string, you: string): string {
  return line.replace(/\bYou\b/g, you);
}

describe('a slap race\'s line online', () => {
  it('names both people who slapped the pile, with their own times, the same on both screens, though the loser\'s slap came after the next card', () => {
    const r = new Room();
    r.frames(100);
    receive(r.nt, 0, 'move', 0, 100, 100);
    r.frames(400);
    receive(r.nt, 1, 'move', 1, 50, 400);
    r.frames(400 + 200);
    const pile = r.nt.seq;
    const landed = r.after(0);
    const plan = r.nt.table.plans[r.nt.table.nextPlan];
    const cpu = plan ? plan.at - r.nt.tops[pile]! : 1000;
    const s = Math.min(200, cpu - 100);
    // Ann slaps the pair at s; Kim says she did nothing that soon: Ann takes it.
    r.frames(landed + s + 40);
    receive(r.nt, 0, 'slap', pile, s, r.now);
    r.frames(landed + s + 60);
    receive(r.nt, 1, 'heard', pile, s + 5, r.now);
    // Ann plays her next card 100 ms after she saw the pile taken; Kim's slap on the pair, 60 ms after the
    // claim, comes in after that card: her network is slower than Ann's next press.
    r.frames(landed + s + 150);
    receive(r.nt, 0, 'move', pile + 1, 100, r.now);
    r.frames(landed + s + 200);
    receive(r.nt, 1, 'slap', pile, s + 60, r.now);
    r.frames(landed + s + 1000);
    const ann = r.lines[0]!.filter((l) => l !== '');
    const kim = r.lines[1]!.filter((l) => l !== '');
    expect(ann.at(-1)).toMatch(new RegExp(`^You ${s} ms · Kim ${s + 60} ms`));
    expect(named(kim.at(-1)!, 'Kim')).toBe(named(ann.at(-1)!, 'Ann'));
    // Shown over the next card, which has landed: the race it names is the one just run.
    expect(r.screens[0]!.show.display.game!.pile.length).toBe(1);
  });
});

describe('slap races\' lines online, over many races', () => {
  it('read the same on both screens, naming both people in every race both slapped before the next card, whoever\'s network is slower', () => {
    let races = 0;
    const wrong: string[] = [];
    for (let g = 0; g < 8; g++) {
      const r = rng(500 + g);
      const options = defaultClassic(3);
      options.slapRules = { ...options.slapRules, tens: true, marriage: true, topBottom: true };
      // Ann 40 ms from the server, Kim 250 ms: Ann's next card often reaches it before Kim's slap on the pile Ann took.
      const link = (latency: number): PersonSpec => ({ down: { latency, jitter: 15, loss: 0 }, up: { latency, jitter: 15, loss: 0 }, reaction: () => 150 + r() * 500, slaps: 1 });
      const screens: OnlineAppTable[] = [];
      const lines: string[][] = [[], []];
      const sim: Sim = new Sim({
        options,
        seats: [{ kind: 'person' }, { kind: 'person' }, { kind: 'cpu' }],
        people: [link(40), link(250)],
        seed: 300 + g,
        heard: (seat, type, body, now) => {
          // The sim's first message is the game as dealt (a step on pile 0): the room's deal.
          if (!screens[seat]) {
            const deal: Deal = [seat, NAMES, [1, 1, 2], options, 0, (body as Step)[2], [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]], 1];
            screens[seat] = startOnlineTable(stringsFor('en'), newCues(), deal, now);
            return;
          }
          const t = screens[seat]!;
          onlineMessage(t.net, type, body, now);
          stepOnlineTable(t, now, 0);
          // Each race's line as it last read: a line that grows is the same race's.
          const line = t.show.display.slapTimes.replace(/\bYou\b/g, NAMES[seat]!);
          const seen = lines[seat]!;
          if (line === '' || seen.at(-1) === line) return;
          if (seen.length > 0 && line.startsWith(seen.at(-1)!)) seen[seen.length - 1] = line;
          else seen.push(line);
        },
      });
      sim.run(20 * 60_000);
      const [ann, kim] = lines as [string[], string[]];
      if (ann.join(' | ') !== kim.join(' | ')) wrong.push(`game ${g}: Ann saw ${ann.join(' | ')}; Kim saw ${kim.join(' | ')}`);
      for (const pile of sim.piles.values()) {
        if (pile.takenBy < 0) continue;
        // The slaps made on it (on each slapper's own screen) before the next card was played, on the one clock.
        const cover = sim.piles.get(pile.seq + 1)?.changedAt ?? 0x3fffffff;
        const people = pile.slaps.filter((s) => s.person && s.at < cover);
        if (people.length < 2) continue;
        races++;
        const named = people.map((s) => `${NAMES[s.seat]} ${s.sent} ms`);
        if (!ann.some((l) => named.every((n) => l.includes(n)))) wrong.push(`game ${g}, pile ${pile.seq}: no line names ${named.join(' and ')}`);
      }
    }
    expect(races).toBeGreaterThan(150);
    expect(wrong).toEqual([]);
  });
});
