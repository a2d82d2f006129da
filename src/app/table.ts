// The table scene: one game run by the scheduler (src/table/table.ts), the
// people at it acting with press edges (Square plays or collects, Cross
// slaps, the D-pad and Cross name a taker). Every action the scheduler
// applies comes back through onAction, which hands the engine's events to
// table-show.ts (what the table shows) and game-stats.ts.
import type { Difficulty } from '../ai';
import { BTN_CROSS, BTN_DOWN, BTN_LEFT, BTN_RIGHT, BTN_SQUARE, BTN_UP } from '../contract';
import type { Action, ApplyResult, GameOptions, GameState, Seat } from '../rules/types';
import { humanSeats, seatsWith } from '../table/seats';
import { act, humanSlap, newTable, pauseTable, resumeTable, runDue, seatToAct, tableTimers, type Table } from '../table/table';
import { countEvent, newStats, statsResults, type GameStats } from './game-stats';
import { CUE_DEAL, cue, type Screen, type SeatResult, type TableScreen } from './screen';
import { showEvent, updateHint } from './table-show';

/** After the last card, the table stays this long before the results. */
export const RESULTS_AFTER_MS = 2000;
/** A message line stays this long (a prompt to choose a taker stays until answered). */
export const MESSAGE_MS = 3000;

/** The app's table: the scheduler's value, what it shows, and the game's statistics. */
export interface AppTable {
  readonly table: Table;
  readonly screen: Screen;
  /** screen.table: the display state the view draws from. */
  readonly shown: TableScreen;
  readonly stats: GameStats;
  /** The seats people play; the first is the one the help line speaks to (-1 in the demo). */
  readonly humans: readonly Seat[];
  readonly you: Seat;
}

export interface TableStart {
  options: GameOptions;
  seed: number;
  dealer: Seat;
  difficulty: Difficulty;
  /** false: every seat is a CPU player (the title's demo). */
  withHuman: boolean;
  aiSeed: number;
}

export function startTable(screen: Screen, start: TableStart, now: number): AppTable {
  const players = start.options.players;
  const seats = seatsWith(players, start.withHuman ? 0 : -1, start.difficulty);
  const humans = humanSeats(seats);
  const shown = screen.table;
  const app: AppTable = {
    // The scheduler calls back into this value; it is filled in just below.
    table: null as unknown as Table,
    screen,
    shown,
    stats: newStats(players),
    humans,
    you: humans.length > 0 ? humans[0]! : -1,
  };
  shown.human = app.you;
  shown.names = seatNames(screen, players, app.you);
  shown.message = '';
  shown.messageAt = now;
  shown.comparison = '';
  shown.flight.active = shown.sweep.active = shown.slapHand.active = shown.shake.active = false;
  shown.chooser = -1;
  shown.chancesTotal = 0;
  cue(screen, CUE_DEAL);
  (app as { table: Table }).table = newTable(
    { options: start.options, seed: start.seed, dealer: start.dealer, seats, aiSeed: start.aiSeed },
    now,
    (table, action, result, before, t) => onAction(app, action, result, before, t),
  );
  showGame(app);
  return app;
}

function seatNames(screen: Screen, players: number, you: Seat): string[] {
  const strings = screen.strings;
  const names: string[] = [];
  for (let seat = 0; seat < players; seat++) {
    if (you >= 0) names.push(seat === you ? strings.you : strings.cpuNames[seat - 1]!);
    else names.push(strings.cpuNames[seat % strings.cpuNames.length]!);
  }
  return names;
}

/** The game has ended and the table has been shown long enough. */
export function tableFinished(app: AppTable, now: number): boolean {
  return now >= app.table.overAt + RESULTS_AFTER_MS;
}

// ---- one frame ----

/**
 * Advances the table to `now`: first everything the CPU players had
 * scheduled before this frame, then the people's presses (`pressed`: the
 * buttons pad 0 pressed this frame, judged at `now` together with CPU slaps
 * due at the same instant), then what falls due at `now` itself. Nothing is
 * due in most frames, and then nothing is built.
 */
export function stepTable(app: AppTable, now: number, pressed: number): void {
  const { table, shown } = app;
  if (table.pausedAt >= 0) return;
  if (shown.message !== '' && shown.chooser < 0 && table.game.over === null && now - shown.messageAt >= MESSAGE_MS) shown.message = '';
  runDue(table, now - 1);
  for (let i = 0; i < app.humans.length && pressed !== 0; i++) {
    const seat = app.humans[i]!;
    const c = table.seats[seat]!;
    if (c.kind === 'human' && c.pad === 0) seatInput(app, seat, now, pressed);
  }
  runDue(table, now);
}

/** One person's presses: Cross slaps (classic) or confirms a taker, Square plays or collects. */
function seatInput(app: AppTable, seat: Seat, now: number, pressed: number): void {
  const { table, shown } = app;
  if (table.game.over !== null) return;
  if ((pressed & BTN_CROSS) !== 0 && table.game.options.ruleSet === 'classic') humanSlap(table, seat, now);
  if (shown.chooser === seat) pickerInput(app, seat, now, pressed);
  else if ((pressed & BTN_SQUARE) !== 0) humanPlay(app, seat, now);
}

function humanPlay(app: AppTable, seat: Seat, now: number): void {
  const { table, shown } = app;
  const game = table.game;
  if (game.pendingCollect !== null) {
    if (game.pendingCollect.seat === seat) act(table, { type: 'collect', seat, at: now }, now);
    return;
  }
  if (game.pendingChoice !== null) return;
  if (game.turn !== seat) {
    shown.hint = app.screen.strings.notYourTurn;
    return;
  }
  act(table, { type: 'play', seat, at: now }, now);
}

function pickerInput(app: AppTable, seat: Seat, now: number, pressed: number): void {
  const { shown } = app;
  const players = app.table.game.options.players;
  if ((pressed & (BTN_LEFT | BTN_UP)) !== 0) shown.pick = (shown.pick + players - 1) % players;
  if ((pressed & (BTN_RIGHT | BTN_DOWN)) !== 0) shown.pick = (shown.pick + 1) % players;
  if ((pressed & BTN_CROSS) !== 0) {
    shown.chooser = -1;
    act(app.table, { type: 'choose', seat, target: shown.pick, at: now }, now);
  }
}

// ---- pausing (the quit question, or any menu over the table) ----

export function pauseAppTable(app: AppTable, now: number): void {
  pauseTable(app.table, now);
}

/**
 * Resumes; the CPU players react afresh from when the pile is readable again
 * (src/table/table.ts). The message line's clock and a card caught in flight
 * move with the pause, so the card lands when the table says it does.
 */
export function resumeAppTable(app: AppTable, now: number): void {
  const shift = resumeTable(app.table, now);
  app.shown.messageAt += shift;
  if (app.shown.flight.active) app.shown.flight.start += shift;
}

// ---- what the scheduler did ----

function onAction(app: AppTable, _action: Action, result: ApplyResult, before: GameState, t: number): void {
  if (!result.ok) return;
  const game = app.table.game;
  let said = false;
  for (const e of result.events) {
    countEvent(app.stats, e, t, app.table.topAt, 'seat' in e && app.table.seats[e.seat]?.kind === 'human');
    said = showEvent(app, e, before, game, t, said);
  }
  showGame(app);
}

/** What the view reads of the game as it now is: its state, whose action is next, the help line. */
function showGame(app: AppTable): void {
  const game = app.table.game;
  app.shown.game = game;
  app.shown.toAct = seatToAct(game);
  updateHint(app, game);
}

// ---- the end ----

/** The finished game's results, best first (the screen shows them). */
export function tableResults(app: AppTable): { ranking: SeatResult[]; fastestMs: number; cardsPlayed: number } {
  return statsResults(app.stats, app.table.game, app.shown.names);
}

/** Test-only view of the table's timers and statistics (ratscrew.debug()). */
export function tableDebug(app: AppTable): object {
  const s = app.stats;
  return { ...tableTimers(app.table), piles: s.piles, slapsWon: s.slapsWon, slapsLost: s.slapsLost, fastest: s.fastest };
}
