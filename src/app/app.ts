// The game as a program: the scenes (title, options, how to play,
// statistics, table with its pause menu, results, and the quit question),
// fed with host time and button edges once per frame. Settings and lifetime
// statistics are loaded once and saved on leaving Options, at the end of a
// game and on a reset.
import { defaultOptions, nextDealer } from '../rules';
import {
  BTN_CIRCLE,
  BTN_CROSS,
  BTN_DOWN,
  BTN_LEFT,
  BTN_RIGHT,
  BTN_START,
  BTN_TRIANGLE,
  BTN_UP,
  SIG_SUSPEND,
  SIGNALS,
} from '../contract';
import { stringsFor } from './i18n';
import { howToPages } from './howto';
import { addPressed, anyPressed, menuPressed, readButtons, resetButtons, wasPressed } from './input';
import { addGame, emptyRuleSetStats, statsRows } from './lifetime';
import { asProblem, loadNotice, saveNotice } from './notice';
import { menuAliases } from './pads';
import { changeRow, gameOptions, optionRows, rowText, type Settings } from './options';
import {
  CUE_CLICK,
  SCENE_HOWTO,
  SCENE_OPTIONS,
  SCENE_RESULTS,
  SCENE_STATS,
  SCENE_TABLE,
  SCENE_TITLE,
  cue,
  newScreen,
  type Screen,
} from './screen';
import { readSave, writeSave, type Stats } from './settings';
import type { Host } from '../contract';
import type { Seat } from '../rules/types';
import { pauseAppTable, releaseTable, resumeAppTable, startTable, stepTable, tableDebug, tableFinished, tableResults, type AppTable } from './table';
import { pressedMask } from './input';

/** Idle this long on the title and a CPU-only game plays behind it. */
export const DEMO_AFTER_MS = 20000;
/** The damaged-save notice stays this long. */
const NOTICE_MS = 6000;
/** Title menu rows, top to bottom. */
const ITEM_PLAY = 0;
const ITEM_OPTIONS = 1;
const ITEM_HOWTO = 2;
const ITEM_STATS = 3;
const ITEM_WATCH = 4;
const ITEM_QUIT = 5;
const TITLE_ITEMS = 6;
/** Pause menu rows. */
const PAUSE_RESUME = 0;
const PAUSE_HOWTO = 1;
const PAUSE_END = 2;

/** The running game as a program: one value every scene's step takes. */
export interface App {
  /** The host's services (src/host/entry.ts fills in what a host lacks). */
  readonly host: Host;
  /** What the view draws (src/view/render.ts). */
  readonly screen: Screen;
  readonly settings: Settings;
  readonly stats: Stats;
  /** The option rows shown, by row id (src/app/options.ts). */
  optionList: number[];
  /** Games started this session: each gets its own seed, and the dealer rotates. */
  gamesStarted: number;
  dealer: Seat;
  lastInputAt: number;
  /** The first frame has run (buttons held at launch are not presses). */
  started: boolean;
  /** The damaged-save notice waits for the first frame's time. */
  noticePending: boolean;
  /** A notice due at the next frame (src/app/notice.ts), or ''. */
  noticeDue: string;
  /** The time of the frame being run: a save's notice starts then. */
  lastNow: number;
  /** The game on the table (or behind the title in the demo); null before the first. */
  table: AppTable | null;
}

export function startApp(host: Host): App {
  let damaged = false;
  let text: string | null = null;
  try {
    text = host.load();
  } catch {
    damaged = true;
  }
  const loaded = readSave(typeof text === 'string' ? text : null);
  const problem = asProblem(host.problem?.());
  // What the reader could not read is the player's too: the host keeps the
  // file before the next save replaces it (docs/host-api.md §1).
  if (damaged || loaded.damaged) keepDamaged(host);
  const app: App = {
    host,
    screen: newScreen(stringsFor(loaded.settings.language, host.platform)),
    settings: loaded.settings,
    stats: loaded.stats,
    optionList: [],
    gamesStarted: 0,
    dealer: 0,
    lastInputAt: 0,
    started: false,
    noticePending: damaged || loaded.damaged || problem === 'damaged',
    noticeDue: loadNotice(problem, loaded.settings.language) ?? '',
    lastNow: 0,
    table: null,
  };
  if (app.noticePending) host.log('saved data was damaged; defaults used where unreadable');
  if (app.noticeDue !== '') host.log(`saved data could not be read: ${problem}`);
  applyAudioSettings(app);
  return app;
}

function keepDamaged(host: Host): void {
  try {
    host.keepDamaged?.();
  } catch {
    // Nothing kept: the host refuses the next save rather than lose the file.
  }
}

function applyAudioSettings(app: App): void {
  app.screen.soundOn = app.settings.sound;
  app.screen.music = app.settings.music ? 0 : -1;
}

function save(app: App): void {
  let saved = false;
  try {
    saved = app.host.save(writeSave(app.settings, app.stats));
  } catch {
    saved = false;
  }
  if (saved) return;
  const problem = asProblem(app.host.problem?.());
  app.host.log(`saving settings failed: ${problem ?? 'no reason given'}`);
  showNotice(app, saveNotice(problem, app.settings.language), app.lastNow);
}

function showNotice(app: App, text: string, now: number): void {
  app.screen.notice = text;
  app.screen.noticeUntil = now + NOTICE_MS;
}

/** One frame. A change of scene goes to the host's log ("scene table"): the
 * PSP checks follow live button presses by it (test/psp/live.test.ts), and
 * it dates a player's bug report in the emulator's log. */
export function appFrame(app: App, now: number, buttons: number): void {
  const screen = app.screen;
  const before = screen.scene;
  advance(app, screen, now, buttons);
  if (screen.scene !== before) app.host.log(`scene ${SCENE_NAMES[screen.scene]}`);
}

/** Reads the buttons, advances the current scene. */
function advance(app: App, screen: Screen, now: number, mask: number): void {
  // The host's signals (src/contract.ts) are not buttons: no press, no input.
  const suspending = (mask & SIG_SUSPEND) !== 0;
  const buttons = mask & ~SIGNALS;
  if (!app.started) firstFrame(app, now, buttons);
  readButtons(buttons, now);
  screen.cueCount = 0;
  app.lastNow = now;
  if (anyPressed()) app.lastInputAt = now;
  // Two people share the PSP: in menus (the pause menu too) either one's buttons work (src/app/pads.ts).
  if ((screen.scene !== SCENE_TABLE || screen.paused) && app.settings.humans === 2) addPressed(menuAliases(pressedMask()));
  if (screen.scene === SCENE_TABLE) {
    if (screen.paused) return pauseFrame(app, now);
    // The PSP going to sleep pauses as Start does: the menu is up on waking.
    if (wasPressed(BTN_START) || suspending) return openPause(app, now);
  } else if (screen.scene !== SCENE_TITLE && quitQuestion(app)) return;
  switch (screen.scene) {
    case SCENE_TITLE:
      return titleFrame(app, now);
    case SCENE_OPTIONS:
      return optionsFrame(app);
    case SCENE_HOWTO:
      return howToFrame(app);
    case SCENE_TABLE:
      return tableFrame(app, now);
    case SCENE_RESULTS:
      return resultsFrame(app, now);
    case SCENE_STATS:
      return statsFrame(app);
  }
}

/** The first frame: buttons held at launch, and the notices that waited for a time. */
function firstFrame(app: App, now: number, buttons: number): void {
  // A button still held from launching the game is not a press.
  resetButtons(buttons);
  app.started = true;
  app.lastInputAt = now;
  if (app.noticePending) {
    showNotice(app, app.screen.strings.savedDataNotice, now);
    app.noticePending = false;
  }
  if (app.noticeDue !== '') showNotice(app, app.noticeDue, now);
  app.noticeDue = '';
}

// ---- the quit question ----

/**
 * Start away from the title and the table asks first ("press Start again to
 * quit"), so that a stray press loses nothing: Start again goes to the title
 * (from Options, saving; from How to play opened in a paused game, ending
 * that game), any other button goes on where it was. Returns true while the
 * question is up.
 */
function quitQuestion(app: App): boolean {
  const screen = app.screen;
  if (screen.quitConfirm) {
    if (wasPressed(BTN_START)) {
      screen.quitConfirm = false;
      if (screen.scene === SCENE_OPTIONS) save(app);
      if (screen.scene === SCENE_HOWTO && screen.howToFromPause) endGame(app);
      screen.scene = SCENE_TITLE;
    } else if (anyPressed()) {
      screen.quitConfirm = false;
    }
    return true;
  }
  if (!wasPressed(BTN_START)) return false;
  screen.quitConfirm = true;
  return true;
}

// ---- the pause menu ----

/**
 * Start at the table pauses it: Continue, How to play (for this game's
 * rules) or End game. Circle continues; Start again ends the game, as Start,
 * Start leaves every other scene. The view hides the table meanwhile.
 */
function openPause(app: App, now: number): void {
  if (app.table === null) return;
  app.screen.paused = true;
  app.screen.pauseCursor = PAUSE_RESUME;
  pauseAppTable(app.table, now);
  cue(app.screen, CUE_CLICK);
}

function pauseFrame(app: App, now: number): void {
  const screen = app.screen;
  if (menuPressed(BTN_UP)) screen.pauseCursor = (screen.pauseCursor + 2) % 3;
  if (menuPressed(BTN_DOWN)) screen.pauseCursor = (screen.pauseCursor + 1) % 3;
  if (wasPressed(BTN_START)) return endGame(app);
  if (wasPressed(BTN_CIRCLE)) return resume(app, now);
  if (!wasPressed(BTN_CROSS)) return;
  cue(screen, CUE_CLICK);
  if (screen.pauseCursor === PAUSE_RESUME) resume(app, now);
  else if (screen.pauseCursor === PAUSE_HOWTO) openHowTo(app, true);
  else if (screen.pauseCursor === PAUSE_END) endGame(app);
}

function resume(app: App, now: number): void {
  app.screen.paused = false;
  if (app.table !== null) resumeAppTable(app.table, now);
}

/**
 * Ends the paused game: it counts as played (not won, unless it was already
 * won) in the statistics, two people's with theirs; then the title.
 */
function endGame(app: App): void {
  app.screen.paused = false;
  app.screen.howToFromPause = false;
  const table = app.table;
  if (table !== null && table.humans.length > 0) {
    // A game that ended in the 2 s before its results counts as it ended.
    const over = table.table.game.over;
    if (table.duel) app.stats.twoPlayer.games++;
    else addGame(app.stats, table.table.game, table.stats, table.you, over !== null && over.winner === table.you);
    save(app);
  }
  setTable(app, null);
  app.screen.scene = SCENE_TITLE;
}

// ---- title ----

function titleFrame(app: App, now: number): void {
  if (app.screen.demo) {
    if (anyPressed()) {
      app.screen.demo = false;
      app.screen.watching = false;
      return;
    }
    if (app.table !== null) {
      stepTable(app.table, now, 0);
      if (tableFinished(app.table, now)) startDemo(app, now, app.screen.watching);
    }
    return;
  }
  if (now - app.lastInputAt >= DEMO_AFTER_MS) {
    startDemo(app, now, false);
    return;
  }
  if (menuPressed(BTN_UP)) moveTitle(app, -1);
  if (menuPressed(BTN_DOWN)) moveTitle(app, 1);
  if (wasPressed(BTN_START)) {
    app.screen.quit = true;
    return;
  }
  if (!wasPressed(BTN_CROSS)) return;
  cue(app.screen, CUE_CLICK);
  switch (app.screen.titleCursor) {
    case ITEM_PLAY:
      startGame(app, now);
      break;
    case ITEM_OPTIONS:
      openOptions(app);
      break;
    case ITEM_HOWTO:
      openHowTo(app, false);
      break;
    case ITEM_STATS:
      openStats(app);
      break;
    case ITEM_WATCH:
      startDemo(app, now, true);
      break;
    case ITEM_QUIT:
      app.screen.quit = true;
      break;
  }
}

function moveTitle(app: App, dir: number): void {
  app.screen.titleCursor = (app.screen.titleCursor + dir + TITLE_ITEMS) % TITLE_ITEMS;
  cue(app.screen, CUE_CLICK);
}

/**
 * A CPU-only game until a button is pressed: behind the idle title a
 * 4-player classic one; chosen as "Watch CPUs", one with the player's own
 * options (a new one follows each that ends). Neither counts in the statistics.
 */
function startDemo(app: App, now: number, watching: boolean): void {
  app.screen.demo = true;
  app.screen.watching = watching;
  const options = watching ? gameOptions(app.settings) : defaultOptions('classic', 4);
  setTable(app, startTable(app.screen, { options, seed: gameSeed(app), dealer: 0, difficulty: 'medium', withHuman: false, aiSeed: aiSeed(app) }, now));
}

/** The one place the app's game changes: the old one is let go at once (src/app/table.ts releaseTable). */
function setTable(app: App, next: AppTable | null): void {
  if (app.table !== null) releaseTable(app.table);
  app.table = next;
}

// ---- options ----

function openOptions(app: App): void {
  app.screen.scene = SCENE_OPTIONS;
  app.screen.optionCursor = 0;
  refreshOptions(app);
}

function refreshOptions(app: App): void {
  app.screen.strings = stringsFor(app.settings.language, app.host.platform);
  app.optionList = optionRows(app.settings);
  if (app.screen.optionCursor >= app.optionList.length) app.screen.optionCursor = app.optionList.length - 1;
  app.screen.optionRows = app.optionList.map((row) => rowText(row, app.settings, app.screen.strings));
  applyAudioSettings(app);
}

function optionsFrame(app: App): void {
  const n = app.optionList.length;
  if (menuPressed(BTN_UP)) app.screen.optionCursor = (app.screen.optionCursor + n - 1) % n;
  if (menuPressed(BTN_DOWN)) app.screen.optionCursor = (app.screen.optionCursor + 1) % n;
  const dir = menuPressed(BTN_LEFT) ? -1 : menuPressed(BTN_RIGHT) || wasPressed(BTN_CROSS) ? 1 : 0;
  if (dir !== 0) {
    changeRow(app.optionList[app.screen.optionCursor]!, app.settings, dir);
    refreshOptions(app);
    cue(app.screen, CUE_CLICK);
  }
  if (wasPressed(BTN_CIRCLE)) {
    save(app);
    app.screen.scene = SCENE_TITLE;
  }
}

// ---- how to play ----

/** From the title: the rules as the options are set; from the pause menu: the running game's. */
function openHowTo(app: App, fromPause: boolean): void {
  const screen = app.screen;
  screen.scene = SCENE_HOWTO;
  screen.howToFromPause = fromPause && app.table !== null;
  const options = screen.howToFromPause ? app.table!.table.game.options : gameOptions(app.settings);
  screen.howToPages = howToPages(options, screen.strings, app.host.platform === 'desktop');
  screen.howToPage = 0;
}

function howToFrame(app: App): void {
  const screen = app.screen;
  const pages = screen.howToPages.length;
  if (menuPressed(BTN_LEFT) && screen.howToPage > 0) screen.howToPage--;
  if ((menuPressed(BTN_RIGHT) || wasPressed(BTN_CROSS)) && screen.howToPage < pages - 1) screen.howToPage++;
  else if (wasPressed(BTN_CROSS) || wasPressed(BTN_CIRCLE)) {
    // Back where it was opened: the title, or the paused table's menu.
    screen.scene = screen.howToFromPause ? SCENE_TABLE : SCENE_TITLE;
    screen.howToFromPause = false;
  }
}

// ---- statistics ----

function openStats(app: App): void {
  app.screen.scene = SCENE_STATS;
  app.screen.statsConfirm = false;
  app.screen.statsRows = statsRows(app.stats, app.screen.strings);
}

/** Circle goes back; Triangle asks to reset, Cross then resets and Circle keeps them. */
function statsFrame(app: App): void {
  const screen = app.screen;
  if (screen.statsConfirm) {
    if (wasPressed(BTN_CROSS)) {
      app.stats.classic = emptyRuleSetStats();
      app.stats.russian = emptyRuleSetStats();
      app.stats.twoPlayer = { games: 0, leftWins: 0, rightWins: 0 };
      save(app);
      screen.statsRows = statsRows(app.stats, screen.strings);
      screen.statsConfirm = false;
      cue(screen, CUE_CLICK);
    } else if (wasPressed(BTN_CIRCLE)) screen.statsConfirm = false;
    return;
  }
  if (wasPressed(BTN_TRIANGLE)) {
    screen.statsConfirm = true;
    cue(screen, CUE_CLICK);
  } else if (wasPressed(BTN_CIRCLE)) screen.scene = SCENE_TITLE;
}

// ---- the table ----

/** A different, reproducible seed for every game of the session. */
function gameSeed(app: App): number {
  app.gamesStarted++;
  return (Math.imul(app.host.seed ^ 0x5bd1e995, 0x27d4eb2d) + Math.imul(app.gamesStarted, 0x9e3779b1)) >>> 0;
}

function aiSeed(app: App): number {
  return (Math.imul(app.host.seed + app.gamesStarted, 0x85ebca6b) ^ 0xc2b2ae35) >>> 0 || 1;
}

function startGame(app: App, now: number): void {
  app.screen.scene = SCENE_TABLE;
  app.screen.demo = false;
  app.screen.watching = false;
  app.screen.paused = false;
  const options = gameOptions(app.settings);
  if (app.dealer >= options.players) app.dealer = 0;
  setTable(
    app,
    startTable(
      app.screen,
      { options, seed: gameSeed(app), dealer: app.dealer, difficulty: app.settings.difficulty, withHuman: true, humans: app.settings.humans, aiSeed: aiSeed(app) },
      now,
    ),
  );
}

function tableFrame(app: App, now: number): void {
  const table = app.table;
  if (table === null) return;
  stepTable(table, now, pressedMask());
  if (table.table.game.over !== null && tableFinished(table, now)) finishGame(app, table);
}

function finishGame(app: App, played: AppTable): void {
  const game = played.table.game;
  const over = game.over!;
  // Two people's games are kept apart from the lifetime statistics of single play.
  if (played.duel) {
    const two = app.stats.twoPlayer;
    two.games++;
    if (over.winner === played.humans[0]) two.leftWins++;
    else if (over.winner === played.humans[1]) two.rightWins++;
  } else addGame(app.stats, game, played.stats, played.you, over.winner === played.you);
  save(app);
  app.dealer = nextDealer(game);
  const r = app.screen.results;
  const t = app.screen.strings;
  const res = tableResults(played);
  r.winner = t.wins(app.screen.table.names[over.winner]!, over.winner === played.you);
  r.byLimit = over.byLimit;
  r.ranking = res.ranking;
  r.fastestMs = res.fastestMs;
  r.cardsPlayed = res.cardsPlayed;
  r.lifetime = played.duel
    ? [t.twoPlayerLine(app.stats.twoPlayer.games, app.stats.twoPlayer.leftWins, app.stats.twoPlayer.rightWins)]
    : [
        t.lifetimeLine(t.ruleSetNames.classic, app.stats.classic.games, app.stats.classic.wins),
        t.lifetimeLine(t.ruleSetNames.russian, app.stats.russian.games, app.stats.russian.wins),
      ];
  app.screen.scene = SCENE_RESULTS;
}

// ---- results ----

function resultsFrame(app: App, now: number): void {
  if (wasPressed(BTN_CROSS)) startGame(app, now);
  else if (wasPressed(BTN_CIRCLE)) app.screen.scene = SCENE_TITLE;
}

// ---- test-only introspection ----

const SCENE_NAMES = ['title', 'options', 'howTo', 'table', 'results', 'stats'];

/** JSON of the app's state for tests (ratscrew.debug()); never used by the game itself. */
export function debugState(app: App): string {
  const t = app.screen.table;
  const onTable = app.screen.scene === SCENE_TABLE || app.screen.scene === SCENE_RESULTS || app.screen.demo;
  return JSON.stringify({
    scene: SCENE_NAMES[app.screen.scene],
    demo: app.screen.demo,
    titleCursor: app.screen.titleCursor,
    optionCursor: app.screen.optionCursor,
    optionRows: app.screen.optionRows,
    howToPage: app.screen.howToPage,
    notice: app.screen.notice,
    quitConfirm: app.screen.quitConfirm,
    paused: app.screen.paused,
    pauseCursor: app.screen.pauseCursor,
    howToFromPause: app.screen.howToFromPause,
    howToTitle: app.screen.scene === SCENE_HOWTO ? (app.screen.howToPages[app.screen.howToPage]?.title ?? '') : '',
    statsConfirm: app.screen.statsConfirm,
    statsRows: app.screen.scene === SCENE_STATS ? app.screen.statsRows : null,
    watching: app.screen.watching,
    settings: app.settings,
    stats: app.stats,
    dealer: app.dealer,
    table: onTable
      ? {
          game: t.game,
          names: t.names,
          marks: t.marks,
          message: t.message,
          hint: t.hint,
          comparison: t.comparison,
          choosing: t.chooser >= 0,
          pick: t.pick,
          quitConfirm: app.screen.quitConfirm,
          paused: app.screen.paused,
          timers: app.table !== null ? tableDebug(app.table) : null,
        }
      : null,
    results: app.screen.scene === SCENE_RESULTS ? app.screen.results : null,
  });
}
