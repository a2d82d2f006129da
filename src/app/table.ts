// The table: one game driven over host time. The human acts with press
// edges (Square plays or collects, Cross slaps, the D-pad and Cross name a
// taker); CPU seats play after their playDelay, slap at their planned times
// and name takers with chooseTaker. Everything that happens to the game goes
// through act(), which hands the engine's events to table-show.ts (what the
// table shows) and game-stats.ts, and reschedules the CPU players.
import { chooseTaker, planSlaps, playDelay, type Difficulty, type SlapPlan } from '../ai';
import { apply, newGame, orderSlaps } from '../rules';
import type { Action, GameOptions, GameState, Seat } from '../rules/types';
import { countEvent, resetStats, statsDebug, statsResults } from './game-stats';
import type { Strings } from './i18n/strings';
import { CUE_DEAL, cue, type Screen, type SeatResult, type TableScreen } from './screen';
import { showEvent, showOn, updateHint } from './table-show';

/** A time that never comes: nothing scheduled. */
const NEVER = 0x3fffffff;
/** A won pile waits this long for its winner to collect it (slappable meanwhile). */
export const COLLECT_MS = 1000;
/** A CPU naming the joker's taker thinks this long. */
const CHOOSE_MS = 900;
/** After the last card, the table stays this long before the results. */
export const RESULTS_AFTER_MS = 2000;
/** A message line stays this long (a prompt to choose a taker stays until answered). */
export const MESSAGE_MS = 3000;

let screen: Screen;
let view: TableScreen;
let strings: Strings;
let game: GameState;
let difficulty: Difficulty = 'medium';
/** The CPU players' rng state (the engine carries its own). */
let rng = 1;
let isCpu: boolean[] = [];
let cpuSeats: Seat[] = [];
let human: Seat = 0;

/** Slaps the CPU seats intend for the pile as it is; next is the first not yet fired. */
let plans: readonly SlapPlan[] = [];
let nextPlan = 0;
let playAt = NEVER;
let collectAt = NEVER;
let chooseAt = NEVER;
let overAt = NEVER;
/** When the pile's top card landed: the human's slap speed is measured from it. */
let topAt = 0;
let pausedAt = -1;

export interface TableSetup {
  options: GameOptions;
  seed: number;
  dealer: Seat;
  difficulty: Difficulty;
  /** false: every seat is a CPU player (the title's demo). */
  withHuman: boolean;
  aiSeed: number;
}

export function startTable(s: Screen, setup: TableSetup, now: number): void {
  screen = s;
  view = s.table;
  strings = s.strings;
  game = newGame(setup.options, setup.seed, setup.dealer);
  difficulty = setup.difficulty;
  rng = setup.aiSeed >>> 0 || 1;
  const players = setup.options.players;
  human = setup.withHuman ? 0 : -1;
  isCpu = [];
  cpuSeats = [];
  for (let seat = 0; seat < players; seat++) {
    isCpu.push(seat !== human);
    if (seat !== human) cpuSeats.push(seat);
  }
  resetStats(players, human);
  showOn(s, human);
  plans = [];
  nextPlan = 0;
  playAt = collectAt = chooseAt = overAt = NEVER;
  topAt = now;
  pausedAt = -1;
  view.game = game;
  view.human = human;
  view.names = seatNames(players, setup.withHuman);
  view.message = '';
  view.messageAt = now;
  view.comparison = '';
  view.flight.active = view.sweep.active = view.slapHand.active = view.shake.active = false;
  view.choosing = false;
  cue(screen, CUE_DEAL);
  schedule(now);
  updateHint(game);
}

function seatNames(players: number, withHuman: boolean): string[] {
  const names: string[] = [];
  for (let seat = 0; seat < players; seat++) {
    if (withHuman) names.push(seat === 0 ? strings.you : strings.cpuNames[seat - 1]!);
    else names.push(strings.cpuNames[seat % strings.cpuNames.length]!);
  }
  return names;
}

export function tableGame(): GameState {
  return game;
}

/** The game has ended and the table has been shown long enough. */
export function tableFinished(now: number): boolean {
  return now >= overAt + RESULTS_AFTER_MS;
}

// ---- one frame ----

/**
 * Advances the table to `now`: first everything the CPU players had
 * scheduled before this frame, then the human's presses (judged at `now`,
 * together with CPU slaps due at the same instant), then what falls due at
 * `now` itself. Nothing is due in most frames, and then nothing is built.
 */
export function stepTable(now: number, slap: boolean, play: boolean, left: boolean, right: boolean, confirm: boolean): void {
  if (pausedAt >= 0) return;
  if (view.message !== '' && !view.choosing && game.over === null && now - view.messageAt >= MESSAGE_MS) view.message = '';
  runDue(now - 1);
  if (game.over === null) {
    if (slap && human >= 0) humanSlap(now);
    if (view.choosing) pickerInput(now, left, right, confirm);
    else if (play && human >= 0) humanPlay(now);
  }
  runDue(now);
}

/** Runs scheduled CPU actions (and collects) with times up to `until`, earliest first. */
function runDue(until: number): void {
  for (let guard = 0; guard < 64 && game.over === null; guard++) {
    const slapAt = nextPlan < plans.length ? plans[nextPlan]!.at : NEVER;
    const t = Math.min(slapAt, playAt, collectAt, chooseAt);
    if (t > until) return;
    if (t === slapAt) fireSlapsAt(t, false);
    else if (t === collectAt) cpuCollect(t);
    else if (t === chooseAt) cpuChoose(t);
    else cpuPlay(t);
  }
}

/** The CPU slaps planned for time t (and the human's, when withHuman), in the rules' order. */
function fireSlapsAt(t: number, withHuman: boolean): void {
  const batch: { seat: Seat; at: number }[] = [];
  while (nextPlan < plans.length && plans[nextPlan]!.at === t) batch.push(plans[nextPlan++]!);
  if (withHuman) batch.push({ seat: human, at: t });
  const ordered = batch.length > 1 ? orderSlaps(game, batch) : batch;
  const pileBefore = game.pile;
  for (const s of ordered) {
    // A CPU's plan was for the pile it saw; once the pile is claimed it is void.
    if (s.seat !== human && game.pile !== pileBefore) continue;
    act({ type: 'slap', seat: s.seat, at: t }, t);
  }
}

function cpuPlay(t: number): void {
  // A CPU that is about to slap the pile does that first instead of covering it.
  const slapping = ownSlapAfter(game.turn, t);
  if (slapping !== NEVER) {
    playAt = slapping + 1;
    return;
  }
  playAt = NEVER;
  act({ type: 'play', seat: game.turn, at: t }, t);
}

/** The time of this seat's own planned valid slap at or after t, or NEVER. */
function ownSlapAfter(seat: Seat, t: number): number {
  for (let i = nextPlan; i < plans.length; i++) {
    const p = plans[i]!;
    if (p.seat === seat && p.valid && p.at >= t) return p.at;
  }
  return NEVER;
}

/** The won pile goes to its winner when nobody slapped it in time (the human's too, if they did not press Square). */
function cpuCollect(t: number): void {
  collectAt = NEVER;
  if (game.pendingCollect !== null) act({ type: 'collect', seat: game.pendingCollect.seat, at: t }, t);
}

function cpuChoose(t: number): void {
  chooseAt = NEVER;
  const seat = game.pendingChoice;
  if (seat === null) return;
  act({ type: 'choose', seat, target: chooseTaker(game, seat), at: t }, t);
}

function humanSlap(now: number): void {
  if (game.options.ruleSet !== 'classic') return;
  fireSlapsAt(now, true);
}

function humanPlay(now: number): void {
  if (game.pendingCollect !== null) {
    if (game.pendingCollect.seat === human) act({ type: 'collect', seat: human, at: now }, now);
    return;
  }
  if (game.pendingChoice !== null) return;
  if (game.turn !== human) {
    view.hint = strings.notYourTurn;
    return;
  }
  act({ type: 'play', seat: human, at: now }, now);
}

function pickerInput(now: number, left: boolean, right: boolean, confirm: boolean): void {
  const players = game.options.players;
  if (left) view.pick = (view.pick + players - 1) % players;
  if (right) view.pick = (view.pick + 1) % players;
  if (confirm) {
    view.choosing = false;
    act({ type: 'choose', seat: human, target: view.pick, at: now }, now);
  }
}

// ---- pausing (the quit question) ----

export function pauseTable(now: number): void {
  if (pausedAt < 0) pausedAt = now;
}

/** Resumes, moving every scheduled time by the pause so nobody gains from it. */
export function resumeTable(now: number): void {
  if (pausedAt < 0) return;
  const shift = now - pausedAt;
  pausedAt = -1;
  if (playAt !== NEVER) playAt += shift;
  if (collectAt !== NEVER) collectAt += shift;
  if (chooseAt !== NEVER) chooseAt += shift;
  if (overAt !== NEVER) overAt += shift;
  topAt += shift;
  view.messageAt += shift;
  if (nextPlan < plans.length) {
    const moved: SlapPlan[] = [];
    for (let i = nextPlan; i < plans.length; i++) moved.push({ ...plans[i]!, at: plans[i]!.at + shift });
    plans = moved;
    nextPlan = 0;
  }
}

// ---- acting on the game ----

function act(action: Action, t: number): void {
  const before = game;
  const result = apply(game, action);
  if (!result.ok) {
    // e.g. a barred seat's slap: nothing happens, but the schedule must stay true to the game.
    schedule(t);
    return;
  }
  game = result.state;
  view.game = game;
  let said = false;
  for (const e of result.events) {
    countEvent(e, t, topAt);
    said = showEvent(e, before, game, t, said);
    if (e.type === 'collectDue') collectAt = t + COLLECT_MS;
    else if (e.type === 'gameOver') overAt = t;
  }
  if (game.pile !== before.pile && game.pile.length !== before.pile.length) {
    topAt = t;
    replan(t);
  }
  // Whoever is to play now waits their own pause from this moment.
  if (game.turn !== before.turn || game.pile.length < before.pile.length) playAt = NEVER;
  schedule(t);
  updateHint(game);
}

/** Fresh CPU slap plans for the pile as it now is; unfired old ones are dropped. */
function replan(t: number): void {
  const planned = planSlaps(game, cpuSeats, difficulty, t, rng);
  rng = planned.rng;
  plans = planned.plans;
  nextPlan = 0;
}

/** Who acts next and when: a CPU's play or choice, or nothing while the human is to act. */
function schedule(t: number): void {
  if (game.over !== null) {
    playAt = collectAt = chooseAt = NEVER;
    return;
  }
  if (game.pendingCollect === null) collectAt = NEVER;
  if (game.pendingChoice !== null) {
    playAt = NEVER;
    if (isCpu[game.pendingChoice] && chooseAt === NEVER) chooseAt = t + CHOOSE_MS;
    return;
  }
  chooseAt = NEVER;
  if (game.pendingCollect !== null || !isCpu[game.turn]) {
    playAt = NEVER;
    return;
  }
  if (playAt === NEVER) {
    const d = playDelay(difficulty, rng);
    rng = d.rng;
    // Later cards of a penalty lay follow quickly: they are not compared.
    const laying = game.lay !== null && game.lay.left < game.lay.total;
    playAt = t + (laying ? d.delay >> 1 : d.delay);
  }
}

// ---- the end ----

/** The finished game's results, best first (the screen shows them). */
export function tableResults(): { ranking: SeatResult[]; fastestMs: number; cardsPlayed: number } {
  return statsResults(game, view.names);
}

export function humanSeat(): Seat {
  return human;
}

/** Test-only view of the table's timers (ratscrew.debug()). */
export function tableDebug(): object {
  return {
    plans: plans.slice(nextPlan),
    playAt: playAt === NEVER ? null : playAt,
    collectAt: collectAt === NEVER ? null : collectAt,
    chooseAt: chooseAt === NEVER ? null : chooseAt,
    overAt: overAt === NEVER ? null : overAt,
    paused: pausedAt >= 0,
    ...statsDebug(),
  };
}
