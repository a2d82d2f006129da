// A room's table: the game's own scheduler (src/table/table.ts) run as
// the authority for a room, with the people's presses arriving over the
// network, each stamped with the time since the pile landed on that
// player's own screen. Nothing here knows a transport: the room's core
// (room-core.ts) hands in messages and the clock, and sends what lands in
// `out`. So the judging runs the same in the rooms server, in a PSP hosting
// a nearby room, and in the tests' simulated networks (test/server).
//
// The one rule (docs/network.md, "Judging"): every action is placed on the
// table's clock where it happened on its player's screen, the pile's
// landing plus the player's stamp, as on one device where everyone saw the
// card land at once. While the pile can be slapped, nothing happens at the
// table at time t (a CPU's slap or card, a person's slap or card) until
// every other player has said they did nothing on this pile before t, or
// has had their window to say so: the table's clock waits for them. When the
// pile cannot be slapped nothing waits, so the cards keep their rhythm.
import { chooseTaker, type Difficulty } from '../ai';
import { FALSE_START_MS, canSlap, slapPattern } from '../rules';
import type { Action, ApplyResult, GameOptions, GameState, Seat } from '../rules/types';
import type { Controller } from '../table/seats';
import { LAND_MS, NEVER, newTable, nextDue, seatToAct, tableFrame, type Press, type Table } from '../table/table';
import { S, publicState, type Figures, type Step } from './protocol';
import { countEvent, newStats, type GameStats } from '../app/game-stats';

/**
 * The longest the table waits for one player's word on a pile (ms). A
 * player who says nothing by then is not waited for again until they say
 * something: a phone that went to sleep holds one race up to this long.
 * Long enough for a lost segment on each leg of a 250 ms link.
 */
export const WAIT_CAP_MS = 2000;
/**
 * What one lost TCP segment costs beyond the round trip: Linux retransmits
 * after SRTT + max(200 ms, 4 RTTVAR) (tcp_rto_min), so a lost answer
 * arrives about one more round trip and 200 ms late; 300 leaves room for
 * jitter on both legs.
 */
export const RETRANSMIT_MS = 300;
/**
 * A pong behind the press this much slower than the fastest shows a lost
 * segment (part of the 200 ms or more it costs: Linux's tcp_rto_min), not
 * jitter.
 */
const STALL_SEEN_MS = 150;
/**
 * How much faster than the server's clock allows a stamp may claim to be
 * (ms), over the longest round trip measured around it (a ping goes right
 * behind each face): the press's leg against the pong's (±30 ms of jitter
 * each on the networks the latency test draws) and the frame on which the
 * face was first drawn (16.7 ms at 60 Hz). A stamp
 * that claims more is refused (counted) and the slap judged at the earliest
 * time the clock allows: so a client that lies about its stamps gains at
 * most this much (test/server/lying.test.ts).
 */
export const STAMP_TOLERANCE_MS = 80;
/**
 * The room pings each player this often in a game (ms): a WebSocket ping
 * frame, answered by the client's network stack (a browser's, libwebsockets')
 * without the game's script. Often, so that when a lost segment holds up a
 * slap some pong is held up behind it and shows the stall (earliestStamp);
 * a ping is a few bytes.
 */
export const PING_MS = 50;
/**
 * While no slap can win the pile and none waits to be judged, the room
 * pings each player only this often (ms): their round trip stays known for
 * the next race's window, and the round pings, 20 a second a player, are
 * kept for the races that need them: they were half of a busy server's time
 * (bench/results.md, "Online: rooms one server process holds").
 */
export const IDLE_PING_MS = 1000;
/** The round trips kept per player: the last 10 s of them at the racing rate (a stamp is checked against the pings of its pile's whole life). */
const RTT_KEPT = 10_000 / PING_MS;
/** A seat whose player is away plays its card (or takes its pile) after this long (ms); it never slaps. */
export const AWAY_MOVE_MS = 700;
/** Stamps are ms from a landing: a card flies LAND_MS before it lands; nobody stays on one pile a minute. */
export const STAMP_MIN = -LAND_MS - 1000;
export const STAMP_MAX = 60_000;

/** A message for one seat's player, or for everyone (to -1). */
export interface Outgoing {
  to: Seat;
  type: number;
  body: unknown;
}

export interface Person {
  readonly seat: Seat;
  present: boolean;
  /** The latest pile this player has spoken about, and how far into it (their stamp): they did nothing else before. */
  heardSeq: number;
  heardThrough: number;
  /** The question out to them (pile, stamp) and when it was first asked; askSeq -1: none. */
  askSeq: number;
  askThrough: number;
  askedAt: number;
  /** They let a window pass: not waited for until they say something. */
  silent: boolean;
  /** The pile on which the table stopped waiting for them (their window passed). */
  skipSeq: number;
  /** Recent round trips (ms) and when each pong came (server ms); the send times of pings not answered yet, oldest first. */
  rtts: number[];
  rttAt: number[];
  pings: number[];
  /** When the room last pinged them (server ms). */
  pingedAt: number;
  /** Stamps refused as faster than the clock allows, windows missed, actions on a pile already gone. */
  refused: number;
  missed: number;
  stale: number;
}

/** A person's press waiting for its turn on the table's clock. */
interface Queued {
  seat: Seat;
  seq: number;
  /** Table time: the pile's landing plus the stamp. */
  at: number;
  stamp: number;
  press: Press;
  arrived: number;
  /** It arrived before the pile's face was sent: it cannot be a reaction to it. */
  blind: boolean;
}

export interface NetTable {
  readonly table: Table;
  /** Table time = server time - lag. It grows while the table waits for someone's word. */
  lag: number;
  /** Table time of the last thing that happened at the table; nothing is ever placed before it. */
  lastAt: number;
  /** Pile changes so far (each card played, each pile taken): a client names the pile it acted on by it. */
  seq: number;
  /** Per seq: the table time the pile could first be read, and the server time its picture went out. */
  readonly tops: number[];
  readonly sentAt: number[];
  /** A card in flight: its step (with its face) goes out at its landing, and after it what waited for the face (a lost race's miss: lostRace). */
  landing: { seq: number; at: number; step: Step; after: Step[] } | null;
  readonly people: (Person | null)[];
  readonly queue: Queued[];
  /** An away seat's next automatic move (table time), NEVER when none is due. */
  autoAt: number;
  readonly out: Outgoing[];
  /** Figures for docs/network.md and the tests: waits and how long the table waited in all. */
  readonly counts: { waits: number; waitedMs: number; asks: number };
  /** Server time the current wait began, -1 when not waiting. */
  waitingSince: number;
  /** A pile's picture went out in the last drain (pingBehindPicture). */
  pingNow: boolean;
  /**
   * Per seat, the person's slap being applied (the pile it was aimed at and
   * its stamp on it; seq -1 when none): its step tells these, not when the
   * server applied it (protocol.ts Step; the race's line shows reaction times).
   */
  readonly slapAimed: { seq: number; stamp: number }[];
  /** The pile a slap last took (its seq and landing), until the next card: a CPU's slap after the claim is timed from that landing. */
  raced: { seq: number; top: number } | null;
  /** Per seq: a slap took that pile (a slap aimed at it that comes later lost the race to it: lostRace). */
  readonly slapTook: boolean[];
  /**
   * Each seat's figures as the steps sent so far show them (the results'
   * columns): a player who was away when some were sent gets them in the
   * deal that brings them back (src/net/protocol.ts Figures).
   */
  readonly figures: GameStats;
}

export interface NetSeat {
  kind: 'person' | 'cpu';
}

export interface NetTableSetup {
  options: GameOptions;
  seed: number;
  dealer: Seat;
  aiSeed: number;
  difficulty: Difficulty;
  /** Per seat: a person (present at the start) or a CPU player. */
  seats: readonly NetSeat[];
  /** A game already dealt (the tests deal their own stacks), or absent. */
  dealt?: GameState;
}

export function newNetTable(setup: NetTableSetup, now: number): NetTable {
  const controllers: Controller[] = setup.seats.map((s) => (s.kind === 'person' ? { kind: 'human', pad: 0 } : { kind: 'cpu', difficulty: setup.difficulty }));
  const people = setup.seats.map((s, seat) => (s.kind === 'person' ? newPerson(seat) : null));
  const nt: NetTable = {
    table: null as unknown as Table,
    lag: 0,
    lastAt: now,
    seq: 0,
    tops: [now],
    sentAt: [now],
    landing: null,
    people,
    queue: [],
    autoAt: NEVER,
    out: [],
    counts: { waits: 0, waitedMs: 0, asks: 0 },
    waitingSince: -1,
    pingNow: false,
    slapAimed: setup.seats.map(() => ({ seq: -1, stamp: 0 })),
    raced: null,
    slapTook: [],
    figures: newStats(setup.options.players),
  };
  (nt as { table: Table }).table = newTable(
    { options: setup.options, seed: setup.seed, dealer: setup.dealer, seats: controllers, aiSeed: setup.aiSeed, dealt: setup.dealt },
    now,
    (_table, action, result, before, t) => onAction(nt, action, result, before, t),
  );
  return nt;
}

function newPerson(seat: Seat): Person {
  return { seat, present: true, heardSeq: 0, heardThrough: -0x3fffffff, askSeq: -1, askThrough: 0, askedAt: 0, silent: false, skipSeq: -1, rtts: [], rttAt: [], pings: [], pingedAt: -0x3fffffff, refused: 0, missed: 0, stale: 0 };
}

/** The room pinged this seat's player at server time `now` (a WebSocket ping, answered by the client's own network stack). */
export function notePing(nt: NetTable, seat: Seat, now: number): void {
  const p = nt.people[seat];
  if (!p) return;
  p.pingedAt = now;
  if (p.pings.length < 64) p.pings.push(now);
}

/**
 * Whether the room's round of pings (every PING_MS) pings this seat's
 * player at `now`. While a slap can win the pile, or one waits to be
 * judged, every round: a pong right behind a press shows a lost segment
 * that held it up (earliestStamp, pongAwaited), and the round trips of the
 * last 2 s size the window (windowOf). Otherwise once in IDLE_PING_MS. The
 * ping behind each pile's picture goes out whatever this says.
 */
export function pingDue(nt: NetTable, seat: Seat, now: number): boolean {
  const p = nt.people[seat];
  if (!p || nt.table.game.over !== null) return false;
  if (slapPattern(nt.table.game) !== null) return true;
  for (const q of nt.queue) if (q.press.type === 'slap') return true;
  return now - p.pingedAt >= IDLE_PING_MS;
}

/** Their pong came back at `now`: pongs come in the order of the pings (one TCP stream). */
export function notePong(nt: NetTable, seat: Seat, now: number): void {
  const p = nt.people[seat];
  if (!p || p.pings.length === 0) return;
  const rtt = now - p.pings.shift()!;
  p.rtts.push(rtt);
  p.rttAt.push(now);
  if (p.rtts.length > RTT_KEPT) {
    p.rtts.shift();
    p.rttAt.shift();
  }
}

/** The longest round trip of the 2 s up to the last pong (ms); before any is measured, the cap's worth. */
function rttHigh(p: Person): number {
  if (p.rtts.length === 0) return WAIT_CAP_MS;
  const since = p.rttAt[p.rttAt.length - 1]! - 2000;
  let high = 0;
  for (let i = p.rtts.length - 1; i >= 0 && p.rttAt[i]! >= since; i--) if (p.rtts[i]! > high) high = p.rtts[i]!;
  return high;
}

/**
 * How long the table waits for this player's word on pile `seq` from the
 * question (ms, at server time `now`): the face's way to them, as the ping
 * sent behind it measured it (still out: as long as it has been out), and
 * the answer's way back, a round trip and one lost segment's retransmission
 * (RETRANSMIT_MS); capped (WAIT_CAP_MS).
 */
export function windowOf(nt: NetTable, p: Person, seq: number, now: number): number {
  const high = rttHigh(p);
  const sent = nt.sentAt[seq]!;
  let face = high;
  for (let i = p.rtts.length - 1; i >= 0; i--) {
    const pinged = p.rttAt[i]! - p.rtts[i]!;
    if (pinged < sent) break;
    if (pinged <= sent + PING_MS && p.rtts[i]! > face) face = p.rtts[i]!;
  }
  if (p.pings.length > 0 && p.pings[0]! >= sent && p.pings[0]! <= sent + PING_MS) face = Math.max(face, now - p.pings[0]!);
  return Math.min(WAIT_CAP_MS, face + high + RETRANSMIT_MS);
}

// ---- what the players send ----

export type PressKind = 'slap' | 'move' | 'choose';

/**
 * A person's press, or their word that they did nothing (`heard`), on pile
 * `seq` at `stamp` ms from its landing on their screen, arriving at server
 * time `now`. Returns a refusal's reason, or null. The caller has checked
 * the message's shape (src/net/messages.ts).
 */
export function receive(nt: NetTable, seat: Seat, kind: PressKind | 'heard', seq: number, stamp: number, now: number, target = -1): string | null {
  const p = nt.people[seat];
  if (!p) return 'not a person seat';
  if (seq > nt.seq) return 'a pile that has not been played';
  if (seq < p.heardSeq || (seq === p.heardSeq && stamp < p.heardThrough)) return 'earlier than its own last word';
  p.heardSeq = seq;
  p.heardThrough = stamp;
  p.silent = false;
  if (p.askSeq >= 0 && (seq > p.askSeq || (seq === p.askSeq && stamp >= p.askThrough))) p.askSeq = -1;
  if (kind !== 'heard' && nt.table.game.over === null) {
    const press: Press = kind === 'slap' ? { type: 'slap', seat } : kind === 'move' ? { type: 'move', seat } : { type: 'choose', seat, target };
    const blind = !(nt.sentAt[seq]! >= 0 && nt.sentAt[seq]! <= now);
    if (kind === 'slap' && blind && stamp >= 0) {
      // Made before its card's face was sent, yet timed after the landing: a guess dressed as a reaction.
      p.refused++;
      return 'a slap timed after a landing whose face had not been sent';
    }
    const q: Queued = { seat, seq, at: nt.tops[seq]! + stamp, stamp, press, arrived: now, blind };
    let i = nt.queue.length;
    while (i > 0 && nt.queue[i - 1]!.at > q.at) i--;
    nt.queue.splice(i, 0, q);
  }
  return null;
}

/** A person left (away: their seat is kept and played for them) or came back. */
export function setPresent(nt: NetTable, seat: Seat, present: boolean): void {
  const p = nt.people[seat];
  if (!p || p.present === present) return;
  p.present = present;
  p.askSeq = -1;
  if (present) {
    // A rejoining player starts from the pile as it is now.
    p.heardSeq = nt.seq;
    p.heardThrough = -0x3fffffff;
  }
  nt.out.push({ to: -1, type: S.away, body: [seat, present ? 0 : 1] });
}

// ---- the clock ----

/**
 * Runs the table up to server time `now` (whole ms: the table's times are integers): sends faces as cards land, asks
 * the players whose word a race needs, and applies what is due in the
 * order it happened on the table's clock. Returns the server time of the
 * next thing to do (a landing, a due action, a window's end), NEVER for none.
 */
export function advance(nt: NetTable, now: number): number {
  const table = nt.table;
  for (let guard = 0; guard < 256; guard++) {
    const v = now - nt.lag;
    const landAt = nt.landing ? nt.landing.at : NEVER;
    const due = nextDue(table);
    const queued = nt.queue.length > 0 ? nt.queue[0]!.at : NEVER;
    scheduleAway(nt, v);
    const auto = nt.autoAt;
    const t = Math.min(landAt, due, queued, auto);
    if (t === NEVER) return NEVER;
    if (t > v) return t + nt.lag;
    if (t === queued) {
      let until = NEVER;
      for (let i = 0; i < nt.queue.length && nt.queue[i]!.at === t; i++) {
        const u = pongAwaited(nt, nt.queue[i]!, now);
        if (u < until) until = u;
      }
      if (until !== NEVER) {
        nt.lag = now - Math.max(t, nt.lastAt);
        return until;
      }
    }
    if (t === landAt) {
      flushLanding(nt);
      // Everyone's clock on this pile starts when its face went out.
      nt.lag = now - t;
      continue;
    }
    // A press that came after later things had happened takes its place after them.
    const at = Math.max(t, nt.lastAt);
    const actor = t === queued ? nt.queue[0]!.seat : -1;
    if (raceOpen(table.game)) {
      const wait = waitFor(nt, at, actor, now);
      if (wait !== NEVER) {
        // Hold the table's clock here until the word comes or the window ends.
        if (nt.waitingSince < 0) {
          nt.waitingSince = now;
          nt.counts.waits++;
        }
        nt.lag = now - at;
        return wait;
      }
    }
    endWait(nt, now);
    if (t === queued) applyQueued(nt, t, at, now);
    else if (t === due) tableFrame(table, t, NO_PRESS);
    else autoMove(nt, t);
    placeClock(nt, now, at);
    if (table.game.over !== null) nt.queue.length = 0;
  }
  return now + 1;
}

const NO_PRESS: readonly Press[] = [];

/** Whether a slap can win the pile as it is: then the order of everything matters, and the table waits for everyone's word. */
function raceOpen(game: GameState): boolean {
  return game.over === null && game.options.ruleSet === 'classic' && slapPattern(game) !== null;
}

/**
 * Something happened at table time t: the table's clock is set there, so
 * what follows keeps its pace from the moment it happened for the players
 * (never skipping ahead because the news came late).
 */
function placeClock(nt: NetTable, now: number, t: number): void {
  nt.lastAt = t;
  nt.lag = now - t;
}

function endWait(nt: NetTable, now: number): void {
  if (nt.waitingSince < 0) return;
  nt.counts.waitedMs += now - nt.waitingSince;
  nt.waitingSince = -1;
}

/**
 * Who has not yet said they did nothing on the current pile before table
 * time t: asks them (once), and returns the server time their window ends,
 * or NEVER when nobody is left to wait for. The player acting at t
 * (`actor`) has already spoken: their messages arrive in order.
 */
function waitFor(nt: NetTable, t: number, actor: Seat, now: number): number {
  const seq = nt.seq;
  const through = t - nt.tops[seq]!;
  // Before the false-start floor nobody's slap can take the pile (src/rules/slaps.ts): no word to wait for,
  // and none could come while the face is still unsent.
  if (through < FALSE_START_MS) return NEVER;
  let until = NEVER;
  for (const p of nt.people) {
    if (!p || !p.present || p.silent || p.seat === actor || p.skipSeq === seq) continue;
    if (p.heardSeq > seq || (p.heardSeq === seq && p.heardThrough >= through)) continue;
    if (!canSlap(nt.table.game, p.seat) && seatToAct(nt.table.game) !== p.seat) continue;
    if (p.askSeq !== seq || p.askThrough < through) {
      const first = p.askSeq !== seq;
      p.askSeq = seq;
      p.askThrough = through;
      if (first) p.askedAt = now;
      nt.counts.asks++;
      nt.out.push({ to: p.seat, type: S.ask, body: [seq, through] });
    }
    const deadline = p.askedAt + windowOf(nt, p, seq, now);
    if (now >= deadline) {
      p.skipSeq = seq;
      p.askSeq = -1;
      p.silent = true;
      p.missed++;
      continue;
    }
    if (deadline < until) until = deadline;
  }
  return until;
}

/**
 * Applies the queued presses at table time t (every slap at t in one
 * batch, as one device judges a frame's slaps together). A press on a pile
 * that has since changed, or from before the last thing that happened, is
 * placed at the last thing instead: it came too late for its own moment.
 */
function applyQueued(nt: NetTable, t: number, at: number, now: number): void {
  const presses: Press[] = [];
  while (nt.queue.length > 0 && nt.queue[0]!.at === t) {
    const q = nt.queue.shift()!;
    const p = nt.people[q.seat]!;
    if (q.press.type === 'slap' && stampTooFast(nt, p, q)) {
      // Refused: judged at the earliest moment the server's clock allows.
      p.refused++;
      const earliest = nt.tops[q.seq]! + earliestStamp(nt, p, q);
      if (earliest > t) {
        requeue(nt, { ...q, stamp: earliest - nt.tops[q.seq]!, at: earliest });
        continue;
      }
    }
    if (q.seq !== nt.seq && q.press.type === 'slap') {
      p.stale++;
      if (lostRace(nt, q)) continue;
      // A slap aimed at a pile that has since been covered or taken: that
      // pile could not be slapped (else the table would have waited for
      // it), so it was a wrong slap there; on a pile that can be slapped
      // now it would win what it never saw, so it is dropped.
      if (slapPattern(nt.table.game) !== null) continue;
    }
    // A slap on the pile it was aimed at is judged by its own stamp, even when applied later: under the
    // false-start floor it is a wrong slap (src/rules/slaps.ts).
    presses.push(q.press.type === 'slap' && q.seq === nt.seq ? { type: 'slap', seat: q.seat, sinceLanding: q.stamp } : q.press);
    if (q.press.type === 'slap') nt.slapAimed[q.seat] = { seq: q.seq, stamp: q.stamp };
  }
  if (presses.length > 0) tableFrame(nt.table, at, presses);
  for (const a of nt.slapAimed) a.seq = -1;
}

/**
 * A slap aimed at a pile a slap took, made (on the table's clock) after the
 * claim and before the next card was played, that came only after that
 * card: its message was slower than the taker's next press, which the
 * table did not wait for (an empty pile cannot be slapped). On one device
 * it would have met the empty pile: a race lost, no penalty. So it is told
 * as that, a miss aimed at its pile with its own stamp (the race's line
 * shows it beside the winner's time), never judged on a card its player
 * had not seen; after the card's landing if that card is still in the air
 * (its face goes first). One made after that card was played is judged on
 * it, as one device would (the caller goes on). Returns whether told.
 */
function lostRace(nt: NetTable, q: Queued): boolean {
  // The claim left the empty pile q.seq + 1; the next card begins q.seq + 2, played LAND_MS before its landing.
  const covered = q.seq + 2;
  if (nt.slapTook[q.seq] !== true || nt.seq < covered || q.at >= nt.tops[covered]! - LAND_MS) return false;
  const step: Step = [nt.seq, [{ type: 'slapMissed', seat: q.seat }], publicState(nt.table.game), q.stamp, q.seq];
  if (nt.landing) nt.landing.after.push(step);
  else sendStep(nt, step);
  return true;
}

function requeue(nt: NetTable, q: Queued): void {
  let i = nt.queue.length;
  while (i > 0 && nt.queue[i - 1]!.at > q.at) i--;
  nt.queue.splice(i, 0, q);
}

/**
 * The smallest stamp the server's clock allows for this press: the time
 * between the pile's picture going out and the press arriving, less what
 * the network took for each leg as the pongs measured it, less
 * STAMP_TOLERANCE_MS. The face's leg: the round trip of the ping sent right
 * behind it (a lost segment that held the face up held that ping up too).
 * The press's leg: how much longer than the shortest round trip the pongs
 * that came in with or after the press took (a lost segment that held the
 * press up held them up too; pongAwaited waits for one).
 */
function earliestStamp(nt: NetTable, p: Person, q: Queued): number {
  const sent = nt.sentAt[q.seq]!;
  let face = -1;
  let back = 0;
  let least = WAIT_CAP_MS;
  for (let i = 0; i < p.rtts.length; i++) {
    const rtt = p.rtts[i]!;
    const pinged = p.rttAt[i]! - rtt;
    if (rtt < least) least = rtt;
    if (pinged >= sent && pinged <= sent + PING_MS && rtt > face) face = rtt;
    if (p.rttAt[i]! >= q.arrived && pinged <= q.arrived && rtt > back) back = rtt;
  }
  if (face < 0) face = rttHigh(p);
  // Only a lost segment's delay counts for the press's leg; jitter is the tolerance's.
  const stall = back - least;
  const credit = Math.min(2 * WAIT_CAP_MS, face + (stall >= STALL_SEEN_MS ? stall : 0));
  return q.arrived - sent - credit - STAMP_TOLERANCE_MS;
}

function stampTooFast(nt: NetTable, p: Person, q: Queued): boolean {
  return q.stamp < earliestStamp(nt, p, q);
}

/**
 * A slap that looks faster than the clock allows, with a ping sent before
 * it arrived still unanswered: that pong waits behind the same lost segment
 * if one delayed the slap, and its round trip shows the stall. Wait for it
 * (within the player's window); returns when to look again, or NEVER.
 */
function pongAwaited(nt: NetTable, q: Queued, now: number): number {
  if (q.press.type !== 'slap' || q.blind) return NEVER;
  const p = nt.people[q.seat]!;
  if (p.pings.length === 0 || p.pings[0]! > q.arrived || !stampTooFast(nt, p, q)) return NEVER;
  const until = q.arrived + windowOf(nt, p, q.seq, now);
  return now < until ? until : NEVER;
}

// ---- away seats ----

function scheduleAway(nt: NetTable, v: number): void {
  const game = nt.table.game;
  const seat = seatToAct(game);
  const p = seat >= 0 ? nt.people[seat] : null;
  if (!p || p.present) {
    nt.autoAt = NEVER;
    return;
  }
  if (nt.autoAt === NEVER) nt.autoAt = Math.max(v, nt.lastAt) + AWAY_MOVE_MS;
}

function autoMove(nt: NetTable, t: number): void {
  nt.autoAt = NEVER;
  const game = nt.table.game;
  const seat = seatToAct(game);
  if (seat < 0) return;
  const press: Press = game.pendingChoice === seat ? { type: 'choose', seat, target: chooseTaker(game, seat) } : { type: 'move', seat };
  tableFrame(nt.table, t, [press]);
}

// ---- what the table did, as the players see it ----

function onAction(nt: NetTable, action: Action, result: ApplyResult, before: GameState, t: number): void {
  if (!result.ok) return;
  const game = nt.table.game;
  const pileChanged = game.pile !== before.pile && game.pile.length !== before.pile.length;
  if (action.type === 'play') {
    flushLanding(nt);
    nt.raced = null;
    const seq = ++nt.seq;
    nt.tops[seq] = t + LAND_MS;
    nt.sentAt[seq] = NEVER;
    nt.out.push({ to: -1, type: S.fly, body: [seq, action.seat] });
    nt.landing = { seq, at: t + LAND_MS, step: [seq, result.events, publicState(game), 0], after: [] };
    return;
  }
  // Anything else in a card's flight shows at once, and the card with it.
  flushLanding(nt);
  const person = action.type === 'slap' ? nt.slapAimed[action.seat]! : null;
  // A CPU's slap after a slap took the pile (one it had already begun) is timed from that pile's landing.
  const aimed = person !== null && person.seq >= 0 ? person : action.type === 'slap' && nt.raced !== null ? { seq: nt.raced.seq, stamp: t - nt.raced.top } : null;
  const ms = t - nt.tops[nt.seq]!;
  if (result.events.some((e) => e.type === 'claimed' && e.reason === 'slap')) {
    nt.raced = { seq: nt.seq, top: nt.tops[nt.seq]! };
    nt.slapTook[nt.seq] = true;
  }
  if (pileChanged) {
    nt.seq++;
    nt.tops[nt.seq] = t;
    nt.sentAt[nt.seq] = UNSENT;
  }
  const body: Step = aimed !== null ? [nt.seq, result.events, publicState(game), aimed.stamp, aimed.seq] : [nt.seq, result.events, publicState(game), ms];
  sendStep(nt, body);
}

/** A step to everyone, counted in the seats' figures as it goes (a card's play at its landing, when its step goes). */
function sendStep(nt: NetTable, step: Step): void {
  for (const e of step[1]) countEvent(nt.figures, e, 0, 0, false);
  nt.out.push({ to: -1, type: S.step, body: step });
}

/** A pile whose picture is in `out`, not sent yet: drain stamps it. */
const UNSENT = -1;

/**
 * The messages to send now, at server time `now`; the piles they show are
 * stamped as shown then (a stamp is measured against that moment).
 */
export function drain(nt: NetTable, now: number): Outgoing[] {
  for (let s = Math.max(0, nt.seq - 3); s <= nt.seq; s++) {
    if (nt.sentAt[s] !== UNSENT) continue;
    nt.sentAt[s] = now;
    nt.pingNow = true;
  }
  return nt.out.splice(0, nt.out.length);
}

/**
 * Whether a pile's picture has just gone out: the room pings every player
 * right behind it, so that a pong measures the very path the face took (a
 * lost segment that held the face up holds the ping up too). Clears the flag.
 */
export function pingBehindPicture(nt: NetTable): boolean {
  const ping = nt.pingNow;
  nt.pingNow = false;
  return ping;
}

function flushLanding(nt: NetTable): void {
  const l = nt.landing;
  if (!l) return;
  nt.landing = null;
  sendStep(nt, l.step);
  for (const step of l.after) sendStep(nt, step);
  nt.sentAt[l.seq] = UNSENT;
}

/** Everything a (re)joining player needs: the pile's number, the game as everyone sees it, the seats' figures so far. */
export function tableNow(nt: NetTable): { seq: number; game: GameState; figures: Figures } {
  const f = nt.figures;
  return { seq: nt.seq, game: nt.table.game, figures: [f.piles.slice(), f.slapsWon.slice(), f.wrongSlaps.slice(), f.racesLost.slice(), f.challengesWon.slice()] };
}
