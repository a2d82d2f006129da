// The table: one game and the times at which its CPU players act, as a
// plain value. This is the one scheduler, and tableFrame is the one order of
// a frame: the app (src/app/table.ts), the simulation benchmark
// (bench/sim/entry.ts), the human model (src/sim/human-table.ts) and the CPU
// tests (test/ai/table.ts) only say what the people pressed and when; only
// the app draws it. CPU seats play after their playDelay, slap at their
// planned times and name takers with chooseTaker; a won pile goes to its
// winner after COLLECT_MS unless they take it first (docs/rules.md, "Timing
// the table adds"). Everyone reads a card from its landing, everyone is
// committed to a slap COMMIT_MS before it, and a pause gives nobody time the
// others do not get (docs/ai.md, "One clock").
import { COMMIT_MS, chooseTaker, planSlaps, playDelay, type SlapPlan } from '../ai';
import { apply, canSlap, newGame, orderSlaps } from '../rules';
import type { Action, ApplyResult, GameOptions, GameState, Seat } from '../rules/types';
import { cpuGroups, type Controller, type CpuGroup } from './seats';

/** A time that never comes: nothing scheduled. */
export const NEVER = 0x3fffffff;
/** A won pile waits this long for its winner to collect it (slappable meanwhile). */
export const COLLECT_MS = 1000;
/** A CPU naming the joker's taker thinks this long. */
export const CHOOSE_MS = 900;
/**
 * A played card flies this long from its player to the pile (the view draws
 * the flight, src/view/table-view.ts); only when it lands can anyone read it,
 * so every reaction to it, a CPU's slap, a CPU's next card or a person's
 * slap time, is measured from then (docs/ai.md, "When the clock starts").
 */
export const LAND_MS = 180;

/**
 * Told of every action the table applies, accepted or refused, after the
 * game has moved on (`table.game` is the new state, `before` the old one).
 */
export type TableListener = (table: Table, action: Action, result: ApplyResult, before: GameState, t: number) => void;

export interface Table {
  game: GameState;
  readonly seats: readonly Controller[];
  readonly cpus: readonly CpuGroup[];
  /** The CPU players' rng state (the engine carries its own). */
  rng: number;
  /** Slaps the CPU seats intend for the pile as it is; nextPlan is the first not yet fired. */
  plans: readonly SlapPlan[];
  nextPlan: number;
  playAt: number;
  collectAt: number;
  chooseAt: number;
  /** When the game ended, NEVER before. */
  overAt: number;
  /** When the pile as it is became readable (its top card landed, or the table resumed): a slap's speed is measured from it. */
  topAt: number;
  /** When the table was paused, -1 when running. */
  pausedAt: number;
  /** Cleared by detachTable when the driver lets the table go. */
  listener: TableListener | null;
}

export interface TableSetup {
  options: GameOptions;
  seed: number;
  dealer: Seat;
  seats: readonly Controller[];
  aiSeed: number;
  /** The game newGame(options, seed, dealer) already dealt (src/app/session.ts deals ahead while a menu idles), or absent. */
  dealt?: GameState;
}

export function newTable(setup: TableSetup, now: number, listener: TableListener | null = null): Table {
  const table: Table = {
    game: setup.dealt ?? newGame(setup.options, setup.seed, setup.dealer),
    seats: setup.seats,
    cpus: cpuGroups(setup.seats),
    rng: setup.aiSeed >>> 0 || 1,
    plans: [],
    nextPlan: 0,
    playAt: NEVER,
    collectAt: NEVER,
    chooseAt: NEVER,
    overAt: NEVER,
    topAt: now,
    pausedAt: -1,
    listener,
  };
  schedule(table, now);
  return table;
}

/**
 * The driver lets the table go: its listener, which usually closes over the
 * driver's own value (the app's AppTable holds the table, the table the
 * listener, the listener the AppTable), is dropped. QuickJS frees such a
 * cycle only when its collector runs, once the heap has grown by half, so
 * every finished game stayed in memory until then (issue 25: the heap's low
 * point rose about 6 KB and 89 allocations per game); without the cycle
 * reference counting frees the game at once.
 */
export function detachTable(table: Table): void {
  table.listener = null;
}

/** The earliest time something is scheduled, NEVER when the table waits for a person (or the game is over). */
export function nextDue(table: Table): number {
  if (table.game.over !== null) return NEVER;
  const slapAt = table.nextPlan < table.plans.length ? table.plans[table.nextPlan]!.at : NEVER;
  return Math.min(slapAt, table.playAt, table.collectAt, table.chooseAt);
}

/**
 * What a person did in one frame, as their driver read it (the app from the
 * buttons, src/app/pads.ts; the human model and the tests from their plans):
 * a slap; their move button, which plays their card or takes a pile won for
 * them; or the taker they name. A slap's `sinceLanding` is its time from the
 * landing as the person's own screen measured it (the online server's
 * stamps, which it may apply later than they were made); without it the
 * table measures the frame's time from its own landing.
 */
export type Press = { type: 'slap'; seat: Seat; sinceLanding?: number } | { type: 'move'; seat: Seat } | { type: 'choose'; seat: Seat; target: Seat };

/** A frame in which nobody pressed anything. */
export const NO_PRESSES: readonly Press[] = [];

/**
 * One frame at `now`, the one order every driver of a table uses: first
 * what fell due before the frame, then the frame's presses, then what falls
 * due at `now` itself. Every slap pressed in the frame is judged at `now` in
 * one batch with the CPU slaps due at the same instant, so two people
 * pressing in the same frame tie and the rules' slap order decides, never
 * the order the buttons were read. Other presses follow in the order given;
 * one the rules refuse (a card played out of turn) reaches the listener as
 * a refusal. Nothing happens while the table is paused.
 */
export function tableFrame(table: Table, now: number, presses: readonly Press[]): void {
  if (table.pausedAt >= 0) return;
  runDue(table, now - 1);
  if (presses.length > 0 && table.game.over === null) {
    let slappers: Seat[] | null = null;
    for (const p of presses) if (p.type === 'slap') (slappers === null ? (slappers = []) : slappers).push(p.seat);
    // Russian has no slapping: there a slap button means nothing.
    if (slappers !== null && table.game.options.ruleSet === 'classic') fireSlapsAt(table, now, slappers, presses);
    for (const p of presses) {
      if (table.game.over !== null) break;
      if (p.type === 'move') personMove(table, p.seat, now);
      else if (p.type === 'choose') act(table, { type: 'choose', seat: p.seat, target: p.target, at: now }, now);
    }
  }
  runDue(table, now);
}

/** A person's move button: takes the pile won for them if one waits, else plays their card (the rules refuse it out of turn). */
function personMove(table: Table, seat: Seat, now: number): void {
  const due = table.game.pendingCollect;
  act(table, { type: due !== null && due.seat === seat ? 'collect' : 'play', seat, at: now }, now);
}

/** Runs scheduled CPU actions (and collects) with times up to `until`, earliest first. */
function runDue(table: Table, until: number): void {
  for (let guard = 0; guard < 64; guard++) {
    const t = nextDue(table);
    if (t === NEVER || t > until) return;
    if (table.nextPlan < table.plans.length && t === table.plans[table.nextPlan]!.at) fireSlapsAt(table, t, NOBODY);
    else if (t === table.collectAt) cpuCollect(table, t);
    else if (t === table.chooseAt) cpuChoose(table, t);
    else cpuPlay(table, t);
  }
}

const NOBODY: readonly Seat[] = [];

/**
 * The CPU slaps planned for time t (and the people's in `humans`), in the
 * rules' order, each judged on the pile as the rules hold it then, like
 * anyone's, with its time from the top card's landing: a slap after the pile
 * is taken misses, one in a card's flight or too soon after its landing is a
 * false start (FALSE_START_MS). A CPU seat that may no longer slap (its own
 * wrong slap just banned it) knows it and holds back.
 */
function fireSlapsAt(table: Table, t: number, humans: readonly Seat[], presses: readonly Press[] = NO_PRESSES): void {
  const batch: { seat: Seat; at: number }[] = [];
  while (table.nextPlan < table.plans.length && table.plans[table.nextPlan]!.at === t) batch.push(table.plans[table.nextPlan++]!);
  for (const seat of humans) batch.push({ seat, at: t });
  const ordered = batch.length > 1 ? orderSlaps(table.game, batch) : batch;
  for (const s of ordered) {
    // The first slap may end the game; the rest come too late to matter.
    if (table.game.over !== null) break;
    if (humans.indexOf(s.seat) < 0 && !canSlap(table.game, s.seat)) continue;
    act(table, { type: 'slap', seat: s.seat, at: t, sinceLanding: stampOf(presses, s.seat) ?? t - table.topAt }, t);
  }
}

/** A person's slap's own time from the landing, when their driver gave one. */
function stampOf(presses: readonly Press[], seat: Seat): number | undefined {
  for (const p of presses) if (p.type === 'slap' && p.seat === seat) return p.sinceLanding;
  return undefined;
}

function cpuPlay(table: Table, t: number): void {
  // A CPU that is about to slap the pile does that first instead of covering it.
  const slapping = ownSlapAfter(table, table.game.turn, t);
  if (slapping !== NEVER) {
    table.playAt = slapping + 1;
    return;
  }
  table.playAt = NEVER;
  act(table, { type: 'play', seat: table.game.turn, at: t }, t);
}

/** The time of this seat's own planned valid slap at or after t, or NEVER. */
function ownSlapAfter(table: Table, seat: Seat, t: number): number {
  for (let i = table.nextPlan; i < table.plans.length; i++) {
    const p = table.plans[i]!;
    if (p.seat === seat && p.valid && p.at >= t) return p.at;
  }
  return NEVER;
}

/** The won pile goes to its winner when nobody slapped it in time (a person's too, if they did not take it). */
function cpuCollect(table: Table, t: number): void {
  table.collectAt = NEVER;
  const due = table.game.pendingCollect;
  if (due !== null) act(table, { type: 'collect', seat: due.seat, at: t }, t);
}

function cpuChoose(table: Table, t: number): void {
  table.chooseAt = NEVER;
  const seat = table.game.pendingChoice;
  if (seat !== null) act(table, { type: 'choose', seat, target: chooseTaker(table.game, seat), at: t }, t);
}

/** Applies one action at time t, tells the listener, and reschedules the CPU players. */
function act(table: Table, action: Action, t: number): void {
  const before = table.game;
  const result = apply(before, action);
  if (!result.ok) {
    // e.g. a barred seat's slap: nothing happens, but the schedule must stay true to the game.
    schedule(table, t);
    if (table.listener !== null) table.listener(table, action, result, before, t);
    return;
  }
  const game = (table.game = result.state);
  for (const e of result.events) {
    if (e.type === 'collectDue') table.collectAt = t + COLLECT_MS;
    else if (e.type === 'gameOver') table.overAt = t;
  }
  if (table.listener !== null) table.listener(table, action, result, before, t);
  if (game.pile !== before.pile && game.pile.length !== before.pile.length) {
    // A played card can be read when it lands; a claimed pile is gone at once.
    table.topAt = action.type === 'play' ? t + LAND_MS : t;
    replan(table, t);
  }
  // Whoever is to play now waits their own pause from this moment.
  if (game.turn !== before.turn || game.pile.length < before.pile.length) table.playAt = NEVER;
  schedule(table, t);
}

/**
 * The pile changed at t (a card was played, or the pile was taken): the CPU
 * players' slaps due by t + COMMIT_MS are already under way and go ahead, as
 * a person's would (docs/ai.md, "Committed"); the others are dropped, and
 * fresh plans are made for the pile as it now is, from when it can be read.
 */
function replan(table: Table, t: number): void {
  let plans: SlapPlan[] = [];
  for (let i = table.nextPlan; i < table.plans.length; i++) if (table.plans[i]!.at <= t + COMMIT_MS) plans.push(table.plans[i]!);
  for (const group of table.cpus) {
    const planned = planSlaps(table.game, group.seats, group.difficulty, table.topAt, table.rng);
    table.rng = planned.rng;
    if (planned.plans.length > 0) plans = plans.length === 0 ? planned.plans : plans.concat(planned.plans).sort((a, b) => a.at - b.at);
  }
  table.plans = plans;
  table.nextPlan = 0;
}

/** Who acts next and when: a CPU's play or choice, or nothing while a person is to act. */
function schedule(table: Table, t: number): void {
  const game = table.game;
  if (game.over !== null) {
    table.playAt = table.collectAt = table.chooseAt = NEVER;
    return;
  }
  if (game.pendingCollect === null) table.collectAt = NEVER;
  if (game.pendingChoice !== null) {
    table.playAt = NEVER;
    if (table.seats[game.pendingChoice]!.kind === 'cpu' && table.chooseAt === NEVER) table.chooseAt = t + CHOOSE_MS;
    return;
  }
  table.chooseAt = NEVER;
  const mover = table.seats[game.turn]!;
  if (game.pendingCollect !== null || mover.kind !== 'cpu') {
    table.playAt = NEVER;
    return;
  }
  if (table.playAt === NEVER) {
    const d = playDelay(mover.difficulty, table.rng);
    table.rng = d.rng;
    // Later cards of a penalty lay follow quickly: they are not compared.
    const laying = game.lay !== null && game.lay.left < game.lay.total;
    // The pause is a reaction to the card before: it starts when that card can be read.
    table.playAt = Math.max(t, table.topAt) + (laying ? d.delay >> 1 : d.delay);
  }
}

/**
 * The seat whose action the game waits for now: the seat naming a taker,
 * the winner of a pile due to be collected, or the seat to play; -1 when over.
 */
export function seatToAct(game: GameState): Seat {
  if (game.over !== null) return -1;
  if (game.pendingChoice !== null) return game.pendingChoice;
  if (game.pendingCollect !== null) return game.pendingCollect.seat;
  return game.turn;
}

// ---- pausing (the pause menu, or any menu over the table) ----
//
// A pause is worth nothing. While paused the pile is hidden, but a person
// keeps what they saw and can think about it; so do the CPU players: a slap
// they planned on a pile that could be read when the pause began stays due
// at its time, and one that fell due during the pause is made first thing
// on the resume, before anyone's press in that frame. Everything else (a
// card still in flight, the next play, a collect, a choice of taker) waits
// out the pause: its time moves by the pause's length. And nothing due by
// the frame the pause opens in is lost: the table runs up to it first.

/**
 * After a pause the app counts 3-2-1 over the table, shown again but still
 * paused, before the game runs (src/app/table.ts); the human model waits as
 * long. Three steps of 600 ms.
 */
export const RESUME_COUNTDOWN_MS = 1800;

/** Pauses at `now`, after running everything due by then. */
export function pauseTable(table: Table, now: number): void {
  if (table.pausedAt >= 0) return;
  runDue(table, now);
  table.pausedAt = now;
}

/** Whether the pile can be read at `now`: not while paused, nor while its top card is still flying. */
export function pileReadable(table: Table, now: number): boolean {
  return table.pausedAt < 0 && now >= table.topAt;
}

/**
 * Resumes at `now` (docs/ai.md, "A pause is worth nothing"). The play,
 * collect and choose times move by the pause; CPU slaps on a pile that
 * could be read when the pause began keep their times, and those that fell
 * due meanwhile are made now; a card caught in flight lands the pause's
 * length later, and slaps planned for it move with it. Returns the shift.
 */
export function resumeTable(table: Table, now: number): number {
  if (table.pausedAt < 0) return 0;
  const shift = now - table.pausedAt;
  const seen = table.pausedAt >= table.topAt;
  table.pausedAt = -1;
  if (table.playAt !== NEVER) table.playAt += shift;
  if (table.collectAt !== NEVER) table.collectAt += shift;
  if (table.chooseAt !== NEVER) table.chooseAt += shift;
  if (table.overAt !== NEVER) table.overAt += shift;
  if (!seen) table.topAt += shift;
  if (table.nextPlan < table.plans.length) {
    const plans: SlapPlan[] = [];
    for (let i = table.nextPlan; i < table.plans.length; i++) {
      const p = table.plans[i]!;
      plans.push({ seat: p.seat, at: seen ? Math.max(p.at, now) : p.at + shift, valid: p.valid });
    }
    table.plans = plans;
    table.nextPlan = 0;
  }
  if (table.game.over === null) runDue(table, now);
  return shift;
}

/** Test-only view of the table's timers (ratscrew.debug()). */
export function tableTimers(table: Table): object {
  const at = (t: number): number | null => (t === NEVER ? null : t);
  return {
    plans: table.plans.slice(table.nextPlan),
    playAt: at(table.playAt),
    collectAt: at(table.collectAt),
    chooseAt: at(table.chooseAt),
    overAt: at(table.overAt),
    paused: table.pausedAt >= 0,
  };
}
