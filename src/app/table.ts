// The table scene: one game run by the scheduler (src/table/table.ts), the
// people at it acting with press edges on their own buttons (src/app/pads.ts:
// alone, Square plays or collects, Cross slaps, the D-pad and Cross name a
// taker; two people, Left/L and Square/R). Every action the scheduler
// applies comes back through onAction, which hands the engine's events to
// table-show.ts (what the table shows) and game-stats.ts. The times that
// steer the table's scene live here (the 3-2-1's end, the time the table
// froze at, a frame whose picture waits, a celebration's start), never in
// the display the view reads (src/view/table-display.ts).
import type { Difficulty } from '../ai';
import type { Action, ApplyResult, GameEvent, GameOptions, GameState, Seat } from '../rules/types';
import { humanSeats } from '../table/seats';
import { NEVER, NO_PRESSES, RESUME_COUNTDOWN_MS, detachTable, newTable, pauseTable, resumeTable, tableFrame, tableTimers, type Press, type Table } from '../table/table';
import { newTableDisplay } from '../view/table-display';
import { cue, type Cues } from './cues';
import { countEvent, newStats, statsResults, type GameStats } from './game-stats';
import type { Strings } from './i18n/strings';
import type { SeatResult } from './screen';
import { padNames, padOf as seatPad, tableSeats, type PadLayout } from './pads';
import { screenOrder } from '../view/seats';
import { addRaceSlap as addSlapTime, clearLines, expireLines, landFlight, newTableShow, shiftShow, showAction, showGame, showRefused, showsAt, type Naming, type TableShow } from './table-show';

export type { Naming } from './table-show';

/** After the last card, the table stays this long before the results. */
export const RESULTS_AFTER_MS = 2000;

/** The app's table: the scheduler's value, what it shows, and the game's statistics. */
export interface AppTable {
  readonly table: Table;
  /** What it shows: the display the view draws from (written only, never read to route input), and when its lines leave. */
  readonly show: TableShow;
  readonly stats: GameStats;
  /** The seats people play, in seat order. */
  readonly humans: readonly Seat[];
  /** The one person the messages call "you"; -1 in the demo and when two people play (messages name them). */
  readonly you: Seat;
  /** Two people share the PSP (issue 16). */
  readonly duel: boolean;
  /** Show who pressed and when after each slap race (the Slap times option). */
  readonly showTimes: boolean;
  /** The last slap race: when its pile landed, and each slap on it (seat, ms from the landing, whether a false start) in the order made; open until the next card. */
  readonly race: { top: number; open: boolean; seats: Seat[]; ms: number[]; early: boolean[] };
  /** A person naming who takes the pile (Russian jokers, src/rules/russian.ts), or null. */
  naming: Naming | null;
  /** Resuming from the pause: the 3-2-1 ends at countdownEnd (-1: none); the table is drawn as it was at frozenAt meanwhile. */
  countdownEnd: number;
  frozenAt: number;
  /** The 3-2-1's step the display shows (3, 2, 1), 0 for none. */
  countdownStep: number;
  /**
   * A pile was taken this frame: the rules' and the CPU players' work took
   * about half the frame's budget, so its picture is drawn the next frame,
   * 16.7 ms later (src/app/app.ts drawApp); the sounds are not delayed.
   */
  pictureWaits: boolean;
  /** A person won: the celebration started then (src/app/scenes/table.ts waits for it); NEVER before. */
  celebratedAt: number;
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
  /** Show each slap race's times (src/app/options.ts slapTimes). */
  slapTimes?: boolean;
  /** The game already dealt from options, seed and dealer (src/app/session.ts dealAhead), or absent. */
  dealt?: GameState;
}

export function startTable(strings: Strings, cues: Cues, start: TableStart, now: number): AppTable {
  const players = start.options.players;
  const duel = start.withHuman && start.humans === 2;
  const seats = tableSeats(players, start.withHuman ? (duel ? 2 : 1) : 0, start.difficulty);
  const humans = humanSeats(seats);
  const you = humans.length === 1 ? humans[0]! : -1;
  const shown = newTableDisplay();
  const app: AppTable = {
    // The scheduler calls back into this value; it is filled in just below.
    table: null as unknown as Table,
    show: newTableShow(shown, strings, cues, seats, you, duel, now),
    stats: newStats(players),
    humans,
    you,
    duel,
    showTimes: start.withHuman && start.slapTimes === true,
    race: { top: 0, open: false, seats: [], ms: [], early: [] },
    naming: null,
    countdownEnd: -1,
    frozenAt: 0,
    countdownStep: 0,
    pictureWaits: false,
    celebratedAt: NEVER,
  };
  shown.human = humans.length > 0 ? humans[0]! : -1;
  shown.names = duel ? duelNames(strings, players) : seatNames(strings, players, you);
  cue(cues, 'deal');
  if (duel) {
    // Each person's buttons beside their seat and in the legend: the PSP's glyphs, or on a computer its keys.
    for (const seat of humans) {
      const keys = padNames(seatPad(seats, seat), strings.keys);
      shown.marks[seat] = keys.play + ' ' + keys.slap;
    }
    const left = padNames(seatPad(seats, humans[0]!), strings.keys);
    const right = padNames(seatPad(seats, humans[1]!), strings.keys);
    shown.duelLegend =
      left.play + ' ' + right.play + ' ' + strings.controlPlay + (start.options.ruleSet === 'classic' ? '   ' + left.slap + ' ' + right.slap + ' ' + strings.controlSlap : '');
  }
  (app as { table: Table }).table = newTable(
    { options: start.options, seed: start.seed, dealer: start.dealer, seats, aiSeed: start.aiSeed, dealt: start.dealt },
    now,
    (table, action, result, before, t) => onAction(app, action, result, before, t),
  );
  showTable(app);
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

/** The app lets this game go (a new one replaces it, or the title): see detachTable. */
export function releaseTable(app: AppTable): void {
  detachTable(app.table);
}

/** A played card is still in the air: the table shows it landed from the frame it lands (table-show.ts). */
export function cardFlying(app: AppTable): boolean {
  return app.show.landsAt !== NEVER;
}

/** The game has ended and the table has been shown long enough. */
export function tableFinished(app: AppTable, now: number): boolean {
  return now >= app.table.overAt + RESULTS_AFTER_MS;
}

// ---- one frame ----

/**
 * Advances the table to `now` (src/table/table.ts tableFrame: what fell due
 * before the frame, the people's presses, what falls due at `now`). The
 * app's part is only to read the presses: `pressed` is the buttons pressed
 * this frame, each person reading their own (src/app/pads.ts).
 */
export function stepTable(app: AppTable, now: number, pressed: number): void {
  const table = app.table;
  if (app.countdownEnd >= 0) {
    if (now >= app.countdownEnd) endCountdown(app, now);
    else showCountdown(app, countdownStep(app.countdownEnd - now));
  }
  if (table.pausedAt >= 0) return;
  landFlight(app.show, now, table.game, app.naming);
  expireLines(app.show, now, app.naming !== null || table.game.over !== null);
  tableFrame(table, now, pressed === 0 ? NO_PRESSES : presses(app, pressed));
}

/** The 3-2-1's step with `left` ms to go: three steps of RESUME_COUNTDOWN_MS / 3. */
function countdownStep(left: number): number {
  return left <= 0 ? 1 : Math.ceil((left * 3) / RESUME_COUNTDOWN_MS);
}

/** The 3-2-1's line ("Play resumes in 3"), written when its step changes; 0: none. */
function showCountdown(app: AppTable, step: number): void {
  if (step === app.countdownStep) return;
  app.countdownStep = step;
  app.show.display.countdown = step > 0 ? app.show.strings.resumesIn(step) : '';
}

/** The table's time as the view draws it at `now`: during the 3-2-1, the moment it was paused. */
export function shownTime(app: AppTable, now: number): number {
  return app.countdownEnd >= 0 ? app.frozenAt : now;
}

/** What the people pressed: slaps first (one batch), then each one's move or named taker. */
function presses(app: AppTable, pressed: number): Press[] {
  const out: Press[] = [];
  for (const seat of app.humans) if ((pressed & seatPad(app.table.seats, seat).slap) !== 0) out.push({ type: 'slap', seat });
  for (const seat of app.humans) {
    const pad = seatPad(app.table.seats, seat);
    const naming = app.naming;
    if (naming !== null && naming.seat === seat) {
      if (pickerInput(app, naming, pad, pressed)) out.push({ type: 'choose', seat, target: naming.pick });
    } else if ((pressed & pad.play) !== 0) out.push({ type: 'move', seat });
  }
  return out;
}

/** The chooser's buttons move the highlighted taker; returns whether they confirmed it. */
function pickerInput(app: AppTable, naming: Naming, pad: PadLayout, pressed: number): boolean {
  const players = app.table.game.options.players;
  // Left and Right follow the seats as the screen shows them, not the seat numbers (which go round clockwise).
  const order = screenOrder(players);
  const at = order.indexOf(naming.pick);
  if ((pressed & pad.prev) !== 0) naming.pick = order[(at + players - 1) % players]!;
  if ((pressed & pad.next) !== 0) naming.pick = order[(at + 1) % players]!;
  if ((pressed & pad.confirm) !== 0) app.naming = null;
  showTable(app);
  return app.naming === null;
}

// ---- pausing (the pause menu over the table) ----

/** Pauses (src/table/table.ts: the table first runs what is due by now); Start during the 3-2-1 pauses again. */
export function pauseAppTable(app: AppTable, now: number): void {
  if (app.table.pausedAt < 0) app.frozenAt = now;
  app.countdownEnd = -1;
  showCountdown(app, 0);
  pauseTable(app.table, now);
}

/**
 * Continue: the table shows again as it was, still paused, under a 3-2-1
 * (RESUME_COUNTDOWN_MS, "Play resumes in 3") in the message line's place,
 * so nobody is surprised by what happens next; then it runs (endCountdown).
 * The lines from before the pause are gone: news from before it is no news
 * (a person's prompt to name a taker stays).
 */
export function resumeAppTable(app: AppTable, now: number): void {
  if (app.table.pausedAt < 0) return;
  app.countdownEnd = now + RESUME_COUNTDOWN_MS;
  clearLines(app.show, app.naming !== null);
  showCountdown(app, countdownStep(RESUME_COUNTDOWN_MS));
}

/**
 * Resumes at once, with no 3-2-1: nobody at the table can act any more (the
 * people chose to watch the CPU players finish, src/app/scenes/table.ts), so
 * nobody needs warning of what happens next.
 */
export function resumeAppTableNow(app: AppTable, now: number): void {
  if (app.table.pausedAt < 0) return;
  clearLines(app.show, app.naming !== null);
  endCountdown(app, now);
}

/**
 * The 3-2-1 is over: the table resumes (a CPU slap that fell due meanwhile
 * is made first, docs/ai.md "A pause is worth nothing"). The message line's
 * clock and a card caught in flight move with the pause, so the card lands
 * when the table says it does.
 */
function endCountdown(app: AppTable, now: number): void {
  app.countdownEnd = -1;
  showCountdown(app, 0);
  shiftShow(app.show, now - app.table.pausedAt);
  resumeTable(app.table, now);
}

// ---- what the scheduler did ----

function onAction(app: AppTable, action: Action, result: ApplyResult, before: GameState, t: number): void {
  if (!result.ok) {
    showRefused(app.show, action, result.error.code, before, t);
    return;
  }
  const game = app.table.game;
  let claimed = false;
  for (const e of result.events) {
    if (e.type === 'claimed') claimed = true;
    countEvent(app.stats, e, t, app.table.topAt, 'seat' in e && app.table.seats[e.seat]?.kind === 'human');
    if (e.type === 'chooseTaker' && app.table.seats[e.seat]!.kind === 'human') app.naming = { seat: e.seat, pick: (e.seat + 1) % game.options.players };
    else if (e.type === 'gameOver') {
      app.naming = null;
      // A person won: the celebration, from when it shows (src/app/scenes/table.ts waits for it).
      if (app.table.seats[e.result.winner]!.kind === 'human') app.celebratedAt = showsAt(app.show, t);
    }
    if (app.showTimes) timeRace(app, e, t);
  }
  showAction(app.show, action, result.events, before, game, t, app.naming);
  // A claim shown now costs this frame its picture (pictureWaits); one that waits for a card to land shows with it.
  if (claimed && app.show.landsAt === NEVER) app.pictureWaits = true;
  showTable(app);
}

/**
 * A slap race: the slaps on one pile from its card's play until the next
 * card: the false starts (in its flight or too soon after its landing,
 * shown as such, never as a time), the slap that took it and every slap
 * after that, each timed from the pile's landing.
 */
function timeRace(app: AppTable, e: GameEvent, t: number): void {
  const race = app.race;
  if (e.type === 'played') race.open = false;
  else if ((e.type === 'claimed' && e.reason === 'slap') || (e.type === 'wrongSlap' && e.falseStart === true)) {
    // The listener runs before the table moves topAt on: it is still this pile's landing.
    if (!race.open || race.top !== app.table.topAt) {
      race.top = app.table.topAt;
      race.open = true;
      race.seats.length = race.ms.length = race.early.length = 0;
    }
    addRaceSlap(app, e.seat, t, e.type === 'wrongSlap');
  } else if (e.type === 'slapMissed' && race.open) addRaceSlap(app, e.seat, t, false);
}

function addRaceSlap(app: AppTable, seat: Seat, t: number, early: boolean): void {
  const people = app.table.seats.map((c) => c.kind === 'human');
  addSlapTime(app.show, app.race, seat, t - app.race.top, t, people, early);
}

/** What the view reads of the game as it now is: its state, whose action is next, the help line. */
function showTable(app: AppTable): void {
  showGame(app.show, app.table.game, app.naming);
}

// ---- the end ----

/** The finished game's results, best first (the screen shows them). */
export function tableResults(app: AppTable): { ranking: SeatResult[]; fastestMs: number; cardsPlayed: number } {
  return statsResults(app.stats, app.table.game, app.show.display.names);
}

/** Test-only view of the table's timers and statistics (ratscrew.debug()). */
export function tableDebug(app: AppTable): object {
  const s = app.stats;
  return { ...tableTimers(app.table), piles: s.piles, slapsWon: s.slapsWon, wrongSlaps: s.wrongSlaps, racesLost: s.racesLost, challengesWon: s.challengesWon, fastest: s.fastest };
}
