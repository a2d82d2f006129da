// A room's table (src/net/net-table.ts) with each person behind a simulated
// network, in one process, on a simulated clock: the cheap place for the
// thousand races of the latency proof and for the lying client. Each link
// has a one-way latency, a jitter drawn per message, and lost segments:
// TCP resends one after its retransmission timeout (SRTT + 200 ms, Linux's
// floor), and everything behind it on the same connection waits (one byte
// stream: nothing overtakes). The server pings each person as the room does (every PING_MS while a slap can win, else IDLE_PING_MS; behind every picture) and their network stack answers at once, as a browser does.
// Each person's screen runs at 60 Hz with its own phase: a card is readable
// on the first frame after it has landed and its face has come, and a press
// is stamped on its frame, as the game's own clients measure.
import { LAND_MS } from '../../src/table/table';
import { gameFromPublic, publicState, C, S, type Step, type PublicState } from '../../src/net/protocol';
import { canSlap, defaultOptions, orderSlaps, slapPattern } from '../../src/rules';
import type { GameOptions, GameState, Seat } from '../../src/rules/types';
import { PING_MS, advance, drain, pingBehindPicture, pingDue, newNetTable, notePing, notePong, receive, type NetTable, type NetSeat } from '../../src/net/net-table';

const FRAME = 1000 / 60;


/** A deterministic uniform [0, 1) stream (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LinkSpec {
  /** One-way latency (ms). */
  latency: number;
  /** Each message's latency varies by up to this much either way (ms). */
  jitter: number;
  /** Chance that a message's segment is lost and resent. */
  loss: number;
}

/** One direction of one TCP connection. */
class Link {
  private last = 0;
  lost = 0;
  constructor(
    readonly spec: LinkSpec,
    private readonly random: () => number,
  ) {}
  /** When a message sent at `t` arrives. */
  arrival(t: number): number {
    const { latency, jitter, loss } = this.spec;
    let d = Math.max(0, latency + (this.random() * 2 - 1) * jitter);
    if (this.random() < loss) {
      this.lost++;
      d += 2 * latency + 200;
    }
    // Whole ms, as the server's clock reads them.
    this.last = Math.max(this.last, Math.ceil(t + d));
    return this.last;
  }
}

export interface PersonSpec {
  down: LinkSpec;
  up: LinkSpec;
  /** Reaction time to a slappable pile (ms), drawn per pile. */
  reaction: () => number;
  /** Chance of slapping a slappable pile at all. */
  slaps: number;
  /**
   * A lying client: every stamp it sends is this much smaller than the
   * truth (it claims to have seen each card this much sooner), its answers
   * to the server's asks included, so its stamps stay in order.
   */
  lie?: number;
}

export interface SimSetup {
  options: GameOptions;
  seats: readonly NetSeat[];
  people: readonly PersonSpec[];
  seed: number;
  /** Every message a person's client gets, as it gets it (simulated ms): a test's screens may follow the game from them. */
  heard?: (seat: Seat, type: number, body: unknown, now: number) => void;
}

interface Event {
  at: number;
  order: number;
  run: () => void;
}

/** One pile as the test's oracle sees it: the slaps made on it, and what became of it. */
export interface PileRecord {
  seq: number;
  top: number;
  game: GameState;
  slappable: boolean;
  /** Every slap made on it: people's from their own screens (true stamps), the CPUs' planned ones. */
  slaps: { seat: Seat; at: number; person: boolean; sent: number }[];
  /** Table time of the next change of the pile (NEVER-ish when none), and the seat whose slap took it (-1: not a slap). */
  changedAt: number;
  /** Table time a card covered it (0x3fffffff: none did). */
  coveredAt: number;
  takenBy: number;
  /** The judged times the server reported for slaps on it (seat -> ms). */
  judged: Map<Seat, number>;
}

interface Client {
  seat: Seat;
  spec: PersonSpec;
  down: Link;
  up: Link;
  phase: number;
  seq: number;
  readable: number;
  flightEnd: number;
  faceKnown: boolean;
  state: PublicState | null;
  lastSeq: number;
  lastStamp: number;
  ask: [number, number] | null;
  planned: number;
  moveAt: number;
}

export class Sim {
  readonly nt: NetTable;
  now = 0;
  private events: Event[] = [];
  private order = 0;
  private readonly clients: Client[] = [];
  private wake = -1;
  readonly piles = new Map<number, PileRecord>();
  private readonly random: () => number;
  private readonly personSeats: Seat[] = [];

  constructor(readonly setup: SimSetup) {
    this.random = rng(setup.seed);
    this.nt = newNetTable({ options: setup.options, seed: setup.seed, dealer: 0, aiSeed: setup.seed ^ 0x5bd1e995, difficulty: 'hard', seats: setup.seats }, 0);
    let k = 0;
    setup.seats.forEach((s, seat) => {
      if (s.kind !== 'person') return;
      const spec = setup.people[k++]!;
      this.personSeats.push(seat);
      this.clients[seat] = {
        seat,
        spec,
        down: new Link(spec.down, rng(setup.seed * 31 + seat)),
        up: new Link(spec.up, rng(setup.seed * 37 + seat)),
        phase: this.random() * FRAME,
        seq: 0,
        readable: -1,
        flightEnd: 0,
        faceKnown: true,
        state: null,
        lastSeq: 0,
        lastStamp: -0x3fffffff,
        ask: null,
        planned: -1,
        moveAt: -1,
      };
    });
    this.record(0, 0);
    for (const seat of this.personSeats) {
      this.pingLoop(seat, Math.floor(this.random() * PING_MS));
      // The deal: the game as it starts (the room's S.deal).
      const c = this.clients[seat]!;
      const state = publicState(this.nt.table.game);
      this.at(c.down.arrival(0), () => this.onMessage(c, S.step, [0, [], state, 0]));
    }
    this.serve();
  }

  /** Runs until the game is over or `until` (simulated ms). */
  run(until: number): void {
    while (this.events.length > 0 && this.now < until && this.nt.table.game.over === null) {
      const e = this.events.shift()!;
      this.now = e.at;
      e.run();
    }
  }

  private at(time: number, run: () => void): void {
    const t = Math.max(this.now, Math.ceil(time));
    const e: Event = { at: t, order: this.order++, run };
    let i = this.events.length;
    while (i > 0 && (this.events[i - 1]!.at > t || (this.events[i - 1]!.at === t && this.events[i - 1]!.order > e.order))) i--;
    this.events.splice(i, 0, e);
  }

  /** The first frame (its whole ms) at or after t. */
  private frameAfter(c: Client, t: number): number {
    const k = Math.ceil((t - c.phase) / FRAME);
    const before = Math.ceil(c.phase + (k - 1) * FRAME);
    return before >= t ? before : Math.ceil(c.phase + k * FRAME);
  }

  // ---- the server side ----

  private serve(): void {
    const next = advance(this.nt, this.now);
    this.watchPiles();
    for (const m of drain(this.nt, this.now)) {
      for (const seat of this.personSeats) {
        if (m.to !== -1 && m.to !== seat) continue;
        const c = this.clients[seat]!;
        const arrives = c.down.arrival(this.now);
        this.at(arrives, () => this.onMessage(c, m.type, m.body));
      }
    }
    // Behind the messages on the same stream, as the room sends it.
    if (pingBehindPicture(this.nt)) for (const seat of this.personSeats) this.ping(seat);
    if (next < 0x3fffffff && next !== this.wake) {
      this.wake = next;
      this.at(Math.max(next, this.now), () => {
        if (this.wake === next) this.wake = -1;
        this.serve();
      });
    }
  }

  private pingLoop(seat: Seat, t: number): void {
    this.at(t, () => {
      if (pingDue(this.nt, seat, this.now)) this.ping(seat);
      if (this.nt.table.game.over === null) this.pingLoop(seat, this.now + PING_MS);
    });
  }

  private ping(seat: Seat): void {
    const c = this.clients[seat]!;
    notePing(this.nt, seat, this.now);
    const reached = c.down.arrival(this.now);
    this.at(reached, () => {
      const back = c.up.arrival(this.now);
      this.at(back, () => {
        notePong(this.nt, seat, this.now);
        this.serve();
      });
    });
  }

  private send(c: Client, type: number, seq: number, stamp: number, target = -1): void {
    c.lastSeq = seq;
    c.lastStamp = stamp;
    const arrives = c.up.arrival(this.now);
    this.at(arrives, () => {
      const kind = type === C.slap ? 'slap' : type === C.move ? 'move' : type === C.choose ? 'choose' : 'heard';
      const refused = receive(this.nt, c.seat, kind, seq, stamp, this.now, target);
      if (refused !== null) throw new Error(`seat ${c.seat}'s ${kind} [${seq}, ${stamp}] refused: ${refused}`);
      this.serve();
    });
  }

  /** The oracle's record: each pile as it was when it landed, the CPUs' plans on it, how it ended. */
  private watchPiles(): void {
    const nt = this.nt;
    const seq = nt.seq;
    if (!this.piles.has(seq) && nt.landing === null) this.record(seq, nt.tops[seq]!);
    const pile = this.piles.get(seq);
    if (pile) {
      for (let i = nt.table.nextPlan; i < nt.table.plans.length; i++) {
        const plan = nt.table.plans[i]!;
        if (plan.valid && !pile.slaps.some((s) => !s.person && s.seat === plan.seat && s.at === plan.at)) pile.slaps.push({ seat: plan.seat, at: plan.at, person: false, sent: plan.at });
      }
    }
  }

  private record(seq: number, top: number): void {
    const game = this.nt.table.game;
    this.piles.set(seq, { seq, top, game, slappable: slapPattern(game) !== null, slaps: [], changedAt: 0x3fffffff, coveredAt: 0x3fffffff, takenBy: -1, judged: new Map() });
  }

  // ---- the people ----

  private onMessage(c: Client, type: number, body: unknown): void {
    this.setup.heard?.(c.seat, type, body, this.now);
    if (type === S.fly) {
      const [seq] = body as [number, Seat];
      this.pileChanged(seq, c, 'fly');
      c.seq = seq;
      c.faceKnown = false;
      c.flightEnd = this.frameAfter(c, this.now) + LAND_MS;
      c.readable = -1;
      c.planned = -1;
      return;
    }
    if (type === S.step) {
      const [seq, events, state, ms] = body as Step;
      if (c.seat === this.personSeats[0]) {
        for (const e of events) {
          if (e.type === 'claimed' && e.reason === 'slap') {
            const pile = this.piles.get(seq - 1);
            if (pile) {
              pile.judged.set(e.seat, ms);
              if (pile.takenBy < 0) pile.takenBy = e.seat;
            }
          }
        }
      }
      c.state = state;
      if (seq === c.seq && !c.faceKnown) {
        c.faceKnown = true;
        // The card lands with its face: a face that comes late holds it face down (the table waited on
        // the network); one that comes with a late flight ends the flight at once.
        c.readable = this.frameAfter(c, this.now);
        this.at(c.readable, () => this.react(c, seq));
      } else if (seq > c.seq) {
        this.pileChanged(seq, c, 'step');
        c.seq = seq;
        c.faceKnown = true;
        c.readable = this.frameAfter(c, this.now);
        c.planned = -1;
        this.at(c.readable, () => this.react(c, seq));
      } else {
        if (c.readable < 0 && c.faceKnown) c.readable = this.frameAfter(c, this.now);
        this.at(this.frameAfter(c, this.now), () => this.react(c, seq));
      }
      return;
    }
    if (type === S.ask) {
      c.ask = body as [number, number];
      this.answer(c);
    }
  }

  /** The first person to hear of a pile change records it for the oracle (their copy of events is everyone's). */
  private pileChanged(seq: number, c: Client, how: 'fly' | 'step'): void {
    if (c.seat !== this.personSeats[0]) return;
    for (let s = c.seq; s < seq; s++) {
      const prev = this.piles.get(s);
      if (!prev || prev.changedAt !== 0x3fffffff) continue;
      const top = this.nt.tops[s + 1]!;
      const covered = how === 'fly' && s + 1 === seq;
      prev.changedAt = covered ? top - LAND_MS : top;
      if (covered) prev.coveredAt = prev.changedAt;
    }
  }

  private stampNow(c: Client): number {
    return c.readable < 0 ? -1 : Math.round(this.frameAfter(c, this.now) - c.readable) - (c.spec.lie ?? 0);
  }

  private answer(c: Client): void {
    const ask = c.ask;
    if (!ask) return;
    const [seq, through] = ask;
    if (c.seq > seq) {
      c.ask = null;
      this.sendHeard(c);
      return;
    }
    if (c.seq < seq || c.readable < 0) return;
    const when = c.readable + through + (c.spec.lie ?? 0);
    if (this.frameAfter(c, this.now) >= when) {
      c.ask = null;
      this.sendHeard(c);
    } else this.at(when, () => this.answer(c));
  }

  private sendHeard(c: Client): void {
    const stamp = Math.max(this.stampNow(c), c.lastSeq === c.seq ? c.lastStamp : -0x3fffffff);
    this.send(c, C.heard, c.seq, stamp);
  }

  /** The person looks at the pile on their screen: slaps it if it can be slapped, plays when it is their turn. */
  private react(c: Client, seq: number): void {
    if (c.seq !== seq || c.state === null || c.readable < 0) return;
    const game = gameFromPublic(this.setup.options, c.state);
    if (game.over !== null) return;
    this.answer(c);
    const slappable = slapPattern(game) !== null;
    if (slappable && canSlap(game, c.seat) && c.planned !== seq) {
      c.planned = seq;
      if (this.random() >= c.spec.slaps) return;
      const press = this.frameAfter(c, Math.max(this.now, c.readable + c.spec.reaction()));
      this.at(press, () => {
        if (c.seq !== seq) return;
        const stamp = Math.round(press - c.readable);
        const pile = this.piles.get(seq);
        if (pile) pile.slaps.push({ seat: c.seat, at: this.nt.tops[seq]! + stamp, person: true, sent: stamp });
        this.send(c, C.slap, seq, stamp - (c.spec.lie ?? 0));
      });
      return;
    }
    const due = game.pendingCollect !== null ? game.pendingCollect.seat === c.seat : game.pendingChoice === null && game.turn === c.seat;
    if (!due || c.moveAt >= 0) return;
    // On a pile that can be slapped the person slaps or waits for the race; if nobody takes it, they play on.
    const press = this.frameAfter(c, this.now + (slappable ? 1500 : 250 + this.random() * 400));
    c.moveAt = press;
    this.at(press, () => {
      c.moveAt = -1;
      if (c.seq !== seq) {
        this.react(c, c.seq);
        return;
      }
      this.send(c, C.move, seq, Math.max(Math.round(press - c.readable) - (c.spec.lie ?? 0), c.lastSeq === seq ? c.lastStamp : -0x3fffffff));
      // Pressed at a moment the server did not take it (the turn had moved on): look again.
      this.at(press + 1000, () => this.react(c, c.seq));
    });
  }

  /** The races: slappable piles with two or more slaps before the pile changed; the one-device winner by orderSlaps. */
  races(minGap: number): { seq: number; expected: Seat; judged: Seat; gap: number }[] {
    const out: { seq: number; expected: Seat; judged: Seat; gap: number }[] = [];
    for (const pile of this.piles.values()) {
      if (!pile.slappable || pile.changedAt === 0x3fffffff) continue;
      // Slaps after a card covered the pile were slaps on the next pile; those after a claim lost the race.
      const before = pile.coveredAt === 0x3fffffff ? pile.slaps : pile.slaps.filter((s) => s.at <= pile.coveredAt);
      if (before.length < 2) continue;
      const ordered = orderSlaps(pile.game, before);
      const gap = ordered[1]!.at - ordered[0]!.at;
      if (gap < minGap) continue;
      out.push({ seq: pile.seq, expected: ordered[0]!.seat, judged: pile.takenBy, gap });
    }
    return out;
  }
}

export function defaultClassic(players: number): GameOptions {
  const o = defaultOptions();
  return { ...o, players, ruleSet: 'classic', slapRules: { ...o.slapRules } };
}
