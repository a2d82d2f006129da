// The session's games: each gets its own reproducible seed, the dealer
// rotates from game to game, and a game that ends (played out, or ended from
// the pause menu) is counted in the lifetime statistics and saved. CPU-only
// games (the title's demo, Watch CPUs) count nowhere.
import { defaultOptions, newGame, nextDealer } from '../rules';
import type { GameOptions, GameState, Seat } from '../rules/types';
import type { App } from './state';
import { addGame } from './lifetime';
import { gameOptions, showSlapTimes } from './options';
import { save } from './saving';
import { tableScene, type Demo, type TableScene } from './scene';
import { startTable, type AppTable } from './table';

/** A different, reproducible seed for every game of the session. */
function gameSeed(app: App): number {
  const seed = nextSeed(app);
  app.gamesStarted++;
  return seed;
}

/** The seed the next game started will get. */
function nextSeed(app: App): number {
  return (Math.imul(app.host.seed ^ 0x5bd1e995, 0x27d4eb2d) + Math.imul(app.gamesStarted + 1, 0x9e3779b1)) >>> 0;
}

function aiSeed(app: App): number {
  return (Math.imul(app.host.seed + app.gamesStarted, 0x85ebca6b) ^ 0xc2b2ae35) >>> 0 || 1;
}

/**
 * The game Play (or Play again) would start, dealt ahead while the menu
 * waits for the press: the options from the settings in one frame, the deal
 * in the next. Dealing costs QuickJS about 600,000 instructions, a whole
 * frame's budget (bench/results.md), on top of the table's own start;
 * dealt ahead, the frame of the press pays only for the table. The same
 * game as dealt at the press: the same options, seed and dealer.
 */
export interface NextGame {
  readonly seed: number;
  readonly options: GameOptions;
  readonly dealer: Seat;
  game: GameState | null;
}

/**
 * A menu deals ahead once it has been up this long since the last press (or
 * since it appeared): its own first picture is prepared in the frames
 * before (src/app/app.ts drawApp), and the two would not fit in one frame.
 */
export const DEAL_AHEAD_AFTER_MS = 250;

/** One step of dealing the next game ahead (call it in a frame with nothing else to do); returns the new state. */
export function dealAhead(app: App, next: NextGame | null): NextGame {
  const seed = nextSeed(app);
  if (next === null || next.seed !== seed) {
    const options = gameOptions(app.settings);
    return { seed, options, dealer: app.dealer >= options.players ? 0 : app.dealer, game: null };
  }
  if (next.game === null) next.game = newGame(next.options, next.seed, next.dealer);
  return next;
}

/** `next` when it holds the game the next one started would be: dealt, for the next seed; else null. */
function dealtAhead(app: App, next: NextGame | null): NextGame | null {
  return next !== null && next.game !== null && next.seed === nextSeed(app) ? next : null;
}

/**
 * A game with the player's options, the people at their seats: `next`'s,
 * dealt ahead, when it is still the game these settings, this seed and this
 * dealer give (the menu the press came from holds it; the settings cannot
 * change while it does).
 */
export function startGame(app: App, now: number, next: NextGame | null = null): TableScene {
  const ahead = dealtAhead(app, next);
  const options = ahead !== null ? ahead.options : gameOptions(app.settings);
  if (app.dealer >= options.players) app.dealer = 0;
  const dealt = ahead !== null && ahead.dealer === app.dealer ? ahead.game! : undefined;
  const table = startTable(
    app.strings,
    app.cues,
    { options, seed: gameSeed(app), dealer: app.dealer, difficulty: app.settings.difficulty, withHuman: true, humans: app.settings.humans, aiSeed: aiSeed(app), dealt, slapTimes: showSlapTimes(app.settings) },
    now,
  );
  return tableScene(table);
}

/** A CPU-only game's options: behind the idle title a 4-player classic one; Watch CPUs the player's own. */
function demoOptions(app: App, watching: boolean): GameOptions {
  return watching ? gameOptions(app.settings) : defaultOptions('classic', 4);
}

/**
 * One step of dealing a CPU-only game ahead, as dealAhead does Play's: its
 * options in one frame, the deal in the next. Its table and the table's
 * first picture would not fit in the same frame as the deal (bench/results.md,
 * "The title's CPU games").
 */
export function dealDemoAhead(app: App, watching: boolean, next: NextGame | null): NextGame {
  const seed = nextSeed(app);
  if (next === null || next.seed !== seed) return { seed, options: demoOptions(app, watching), dealer: 0, game: null };
  if (next.game === null) next.game = newGame(next.options, next.seed, next.dealer);
  return next;
}

/**
 * A CPU-only game until a button is pressed: behind the idle title a
 * 4-player classic one; chosen as "Watch CPUs", one with the player's own
 * options (a new one follows each that ends). `next`, dealt ahead by
 * dealDemoAhead, is the same game dealt now.
 */
export function startDemo(app: App, now: number, watching: boolean, next: NextGame | null = null): Demo {
  const ahead = dealtAhead(app, next);
  const options = ahead !== null ? ahead.options : demoOptions(app, watching);
  const dealt = ahead !== null ? ahead.game! : undefined;
  const table = startTable(app.strings, app.cues, { options, seed: gameSeed(app), dealer: 0, difficulty: 'medium', withHuman: false, aiSeed: aiSeed(app), dealt }, now);
  return { table, watching };
}

/** A game played out: counted (two people's apart from single play), saved, and the deal passes on. */
export function countFinished(app: App, played: AppTable): void {
  const game = played.table.game;
  const over = game.over!;
  if (played.duel) {
    const two = app.stats.twoPlayer;
    two.games++;
    if (over.winner === played.humans[0]) two.leftWins++;
    else if (over.winner === played.humans[1]) two.rightWins++;
  } else addGame(app.stats, game, played.stats, played.you, over.winner === played.you);
  save(app);
  app.dealer = nextDealer(game);
}

/** A game ended from the pause menu counts as played, not won; the deal passes on as after any game. */
export function countEnded(app: App, table: AppTable): void {
  if (table.humans.length === 0) return;
  const game = table.table.game;
  if (table.duel) app.stats.twoPlayer.games++;
  else addGame(app.stats, game, table.stats, table.you, false);
  save(app);
  app.dealer = nextDealer(game);
}
