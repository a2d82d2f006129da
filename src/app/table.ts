// The table scene: one game run by the scheduler (src/table/table.ts), the
// people at it acting with press edges on their own buttons (src/app/pads.ts:
// alone, Square plays or collects, Cross slaps, the D-pad and Cross name a
// taker; two people, Left/L and Square/R). Every action the scheduler
// applies comes back through onAction, which hands the engine's events to
// table-show.ts (what the table shows) and game-stats.ts.
import type { Difficulty } from '../ai';
import type { Action, ApplyResult, GameOptions, GameState, Seat } from '../rules/types';
import { humanSeats } from '../table/seats';
import { act, humanSlaps, newTable, pauseTable, resumeTable, runDue, seatToAct, tableTimers, type Table } from '../table/table';
import { cue, type Cues } from './cues';
import { countEvent, newStats, statsResults, type GameStats } from './game-stats';
import type { Strings } from './i18n/strings';
import { newTableScreen, type SeatResult, type TableScreen } from './screen';
import { padOf as seatPad, tableSeats } from './pads';
import { showEvent, showNaming, showRefusal, updateHint } from './table-show';

/** After the last card, the table stays this long before the results. */
export const RESULTS_AFTER_MS = 2000;
/** A message line stays this long (a prompt to choose a taker stays until answered). */
export const MESSAGE_MS = 3000;

/** The app's table: the scheduler's value, what it shows, and the game's statistics. */
export interface AppTable {
  readonly table: Table;
  /** The texts of the language the game started in. */
  readonly strings: Strings;
  /** Where its sounds are queued (the app's, src/app/cues.ts). */
  readonly cues: Cues;
  /** The display state the view draws from (written only, never read to route input). */
  readonly shown: TableScreen;
  readonly stats: GameStats;
  /** The seats people play, in seat order. */
  readonly humans: readonly Seat[];
  /** The one person the messages call "you"; -1 in the demo and when two people play (messages name them). */
  readonly you: Seat;
  /** Two people share the PSP (issue 16). */
  readonly duel: boolean;
  /** A person naming who takes the pile (Russian jokers, src/rules/russian.ts), or null. */
  naming: Naming | null;
}

/** The person naming a taker, and the seat their cursor is on. */
export interface Naming {
  readonly seat: Seat;
  pick: Seat;
}

export interface TableStart {
  options: GameOptions;
  seed: number;
  dealer: Seat;
  difficulty: Difficulty;
  /** false: every seat is a CPU player (the title's demo). */
  withHuman: boolean;
  /** With withHuman: one person (the default) or two sharing the PSP. */
  humans?: 1 | 2;
  aiSeed: number;
}

export function startTable(strings: Strings, cues: Cues, start: TableStart, now: number): AppTable {
  const players = start.options.players;
  const duel = start.withHuman && start.humans === 2;
  const seats = tableSeats(players, start.withHuman ? (duel ? 2 : 1) : 0, start.difficulty);
  const humans = humanSeats(seats);
  const shown = newTableScreen();
  const app: AppTable = {
    // The scheduler calls back into this value; it is filled in just below.
    table: null as unknown as Table,
    strings,
    cues,
    shown,
    stats: newStats(players),
    humans,
    you: humans.length === 1 ? humans[0]! : -1,
    duel,
    naming: null,
  };
  shown.human = humans.length > 0 ? humans[0]! : -1;
  shown.names = duel ? duelNames(strings, players) : seatNames(strings, players, app.you);
  shown.messageAt = now;
  cue(cues, 'deal');
  if (duel) for (const seat of humans) shown.marks[seat] = seatPad(seats, seat).playKey + ' ' + seatPad(seats, seat).slapKey;
  (app as { table: Table }).table = newTable(
    { options: start.options, seed: start.seed, dealer: start.dealer, seats, aiSeed: start.aiSeed },
    now,
    (table, action, result, before, t) => onAction(app, action, result, before, t),
  );
  showGame(app);
  return app;
}

function seatNames(strings: Strings, players: number, you: Seat): string[] {
  const names: string[] = [];
  for (let seat = 0; seat < players; seat++) {
    if (you >= 0) names.push(seat === you ? strings.you : strings.cpuNames[seat - 1]!);
    else names.push(strings.cpuNames[seat % strings.cpuNames.length]!);
  }
  return names;
}

/** Two people: the left and right player by name, the CPU players between them. */
function duelNames(strings: Strings, players: number): string[] {
  const names: string[] = [];
  for (let seat = 0; seat < players; seat++) {
    names.push(seat === 0 ? strings.leftPlayer : seat === players - 1 ? strings.rightPlayer : strings.cpuNames[seat - 1]!);
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
 * buttons pressed this frame, each person reading their own, src/app/pads.ts),
 * then what falls due at `now` itself. Every slap pressed in this frame is
 * judged at `now` in one batch with the CPU slaps due at the same instant, so
 * two people pressing in the same frame tie and the rules' slap order decides.
 * Nothing is due in most frames, and then nothing is built.
 */
export function stepTable(app: AppTable, now: number, pressed: number): void {
  const { table, shown } = app;
  if (table.pausedAt >= 0) return;
  if (shown.message !== '' && app.naming === null && table.game.over === null && now - shown.messageAt >= MESSAGE_MS) shown.message = '';
  runDue(table, now - 1);
  if (pressed !== 0 && table.game.over === null) {
    if (table.game.options.ruleSet === 'classic') {
      let slappers: Seat[] | null = null;
      for (const seat of app.humans) if ((pressed & seatPad(app.table.seats, seat).slap) !== 0) (slappers === null ? (slappers = []) : slappers).push(seat);
      if (slappers !== null) humanSlaps(table, slappers, now);
    }
    for (const seat of app.humans) seatInput(app, seat, now, pressed);
  }
  runDue(table, now);
}

/** One person's other presses: their play button plays or collects, or the chooser's buttons name a taker. */
function seatInput(app: AppTable, seat: Seat, now: number, pressed: number): void {
  const { table, naming } = app;
  if (table.game.over !== null) return;
  if (naming !== null && naming.seat === seat) pickerInput(app, naming, now, pressed);
  else if ((pressed & seatPad(app.table.seats, seat).play) !== 0) humanPlay(app, seat, now);
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
    // With two people the line belongs to whoever is on turn; a press out of turn says nothing.
    if (!app.duel) shown.hint = app.strings.notYourTurn;
    return;
  }
  act(table, { type: 'play', seat, at: now }, now);
}

function pickerInput(app: AppTable, naming: Naming, now: number, pressed: number): void {
  const players = app.table.game.options.players;
  const pad = seatPad(app.table.seats, naming.seat);
  if ((pressed & pad.prev) !== 0) naming.pick = (naming.pick + players - 1) % players;
  if ((pressed & pad.next) !== 0) naming.pick = (naming.pick + 1) % players;
  showNaming(app);
  if ((pressed & pad.confirm) !== 0) {
    app.naming = null;
    showNaming(app);
    act(app.table, { type: 'choose', seat: naming.seat, target: naming.pick, at: now }, now);
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

function onAction(app: AppTable, action: Action, result: ApplyResult, before: GameState, t: number): void {
  if (!result.ok) {
    showRefusal(app, action, result.error.code, before, t);
    return;
  }
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
  return { ...tableTimers(app.table), piles: s.piles, slapsWon: s.slapsWon, wrongSlaps: s.wrongSlaps, racesLost: s.racesLost, challengesWon: s.challengesWon, fastest: s.fastest };
}
