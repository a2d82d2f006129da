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
} from '../contract';
import { stringsFor } from './i18n';
import { addPressed, anyPressed, menuPressed, readButtons, resetButtons, wasPressed } from './input';
import { howToPages } from './howto';
import { addGame, defaultStats, statsRows } from './lifetime';
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
import { pauseAppTable, resumeAppTable, startTable, stepTable, tableDebug, tableFinished, tableResults, type AppTable } from './table';
import { pressedMask } from './input';

/** What the app needs from the host (src/host/entry.ts passes the real one). */
export interface Services {
  readonly seed: number;
  /** The host's platform (docs/host-api.md): the desktop's hints name its keys, and How to play adds its bindings. */
  readonly platform?: string;
  load(): string | null;
  save(text: string): boolean;
  log(text: string): void;
  /** What went wrong with the last load or save (host.problem), or null. */
  problem?(): string | null;
}

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

let services: Services;
let settings: Settings;
let stats: Stats;
let screen: Screen;
let optionList: number[] = [];
/** Games started this session: each gets its own seed, and the dealer rotates. */
let gamesStarted = 0;
let dealer = 0;
let lastInputAt = 0;
let started = false;
let noticePending = false;
/** A notice due at the next frame (src/app/notice.ts), or ''. */
let noticeDue = '';
let lastNow = 0;
/** The game on the table (or behind the title in the demo); null before the first. */
let table: AppTable | null = null;

export function startApp(host: Services): Screen {
  services = host;
  let damaged = false;
  let text: string | null = null;
  try {
    text = host.load();
  } catch {
    damaged = true;
  }
  const loaded = readSave(typeof text === 'string' ? text : null);
  settings = loaded.settings;
  stats = loaded.stats;
  screen = newScreen(stringsFor(settings.language, services.platform));
  const problem = asProblem(host.problem?.());
  noticePending = damaged || loaded.damaged || problem === 'damaged';
  if (noticePending) host.log('saved data was damaged; defaults used where unreadable');
  noticeDue = loadNotice(problem, settings.language) ?? '';
  if (noticeDue !== '') host.log(`saved data could not be read: ${problem}`);
  applyAudioSettings();
  started = false;
  table = null;
  return screen;
}

function applyAudioSettings(): void {
  screen.soundOn = settings.sound;
  screen.music = settings.music ? 0 : -1;
}

function save(): void {
  let saved = false;
  try {
    saved = services.save(writeSave(settings, stats));
  } catch {
    saved = false;
  }
  if (saved) return;
  const problem = asProblem(services.problem?.());
  services.log(`saving settings failed: ${problem ?? 'no reason given'}`);
  showNotice(saveNotice(problem, settings.language), lastNow);
}

function showNotice(text: string, now: number): void {
  screen.notice = text;
  screen.noticeUntil = now + NOTICE_MS;
}

/** One frame. A change of scene goes to the host's log ("scene table"): the
 * PSP checks follow live button presses by it (test/psp/live.test.ts), and
 * it dates a player's bug report in the emulator's log. */
export function appFrame(now: number, buttons: number): void {
  const before = screen.scene;
  advance(now, buttons);
  if (screen.scene !== before) services.log(`scene ${SCENE_NAMES[screen.scene]}`);
}

/** Reads the buttons, advances the current scene. */
function advance(now: number, buttons: number): void {
  // A button still held from launching the game is not a press.
  if (!started) resetButtons(buttons);
  readButtons(buttons, now);
  screen.cueCount = 0;
  lastNow = now;
  if (!started) {
    started = true;
    lastInputAt = now;
    if (noticePending) {
      screen.notice = screen.strings.savedDataNotice;
      screen.noticeUntil = now + NOTICE_MS;
      noticePending = false;
    }
    if (noticeDue !== '') showNotice(noticeDue, now);
    noticeDue = '';
  }
  if (anyPressed()) lastInputAt = now;
  // Two people share the PSP: in menus (the pause menu too) either one's buttons work (src/app/pads.ts).
  if (settings.humans === 2 && (screen.scene !== SCENE_TABLE || screen.paused)) addPressed(menuAliases(pressedMask()));
  if (screen.scene === SCENE_TABLE) {
    if (screen.paused) return pauseFrame(now);
    if (wasPressed(BTN_START)) return openPause(now);
  } else if (screen.scene !== SCENE_TITLE && quitQuestion()) return;
  switch (screen.scene) {
    case SCENE_TITLE:
      return titleFrame(now);
    case SCENE_OPTIONS:
      return optionsFrame();
    case SCENE_HOWTO:
      return howToFrame();
    case SCENE_TABLE:
      return tableFrame(now);
    case SCENE_RESULTS:
      return resultsFrame(now);
    case SCENE_STATS:
      return statsFrame();
  }
}

// ---- the quit question ----

/**
 * Start away from the title and the table asks first ("press Start again to
 * quit"), so that a stray press loses nothing: Start again goes to the title
 * (from Options, saving; from How to play opened in a paused game, ending
 * that game), any other button goes on where it was. Returns true while the
 * question is up.
 */
function quitQuestion(): boolean {
  if (screen.quitConfirm) {
    if (wasPressed(BTN_START)) {
      screen.quitConfirm = false;
      if (screen.scene === SCENE_OPTIONS) save();
      if (screen.scene === SCENE_HOWTO && screen.howToFromPause) endGame();
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
function openPause(now: number): void {
  if (table === null) return;
  screen.paused = true;
  screen.pauseCursor = PAUSE_RESUME;
  pauseAppTable(table, now);
  cue(screen, CUE_CLICK);
}

function pauseFrame(now: number): void {
  if (menuPressed(BTN_UP)) screen.pauseCursor = (screen.pauseCursor + 2) % 3;
  if (menuPressed(BTN_DOWN)) screen.pauseCursor = (screen.pauseCursor + 1) % 3;
  if (wasPressed(BTN_START)) return endGame();
  if (wasPressed(BTN_CIRCLE)) return resume(now);
  if (!wasPressed(BTN_CROSS)) return;
  cue(screen, CUE_CLICK);
  if (screen.pauseCursor === PAUSE_RESUME) resume(now);
  else if (screen.pauseCursor === PAUSE_HOWTO) openHowTo(true);
  else if (screen.pauseCursor === PAUSE_END) endGame();
}

function resume(now: number): void {
  screen.paused = false;
  if (table !== null) resumeAppTable(table, now);
}

/** Ends the paused game: it counts as played (not won, unless it was already won) in the statistics; then the title. */
function endGame(): void {
  screen.paused = false;
  screen.howToFromPause = false;
  if (table !== null && table.humans.length > 0) {
    // A game that ended in the 2 s before its results counts as it ended.
    const over = table.table.game.over;
    if (table.duel) stats.twoPlayer.games++;
    else addGame(stats, table.table.game, table.stats, table.you, over !== null && over.winner === table.you);
    save();
  }
  table = null;
  screen.scene = SCENE_TITLE;
}

// ---- title ----

function titleFrame(now: number): void {
  if (screen.demo) {
    if (anyPressed()) {
      screen.demo = false;
      screen.watching = false;
      return;
    }
    if (table !== null) {
      stepTable(table, now, 0);
      if (tableFinished(table, now)) startDemo(now, screen.watching);
    }
    return;
  }
  if (now - lastInputAt >= DEMO_AFTER_MS) {
    startDemo(now, false);
    return;
  }
  if (menuPressed(BTN_UP)) moveTitle(-1);
  if (menuPressed(BTN_DOWN)) moveTitle(1);
  if (wasPressed(BTN_START)) {
    screen.quit = true;
    return;
  }
  if (!wasPressed(BTN_CROSS)) return;
  cue(screen, CUE_CLICK);
  switch (screen.titleCursor) {
    case ITEM_PLAY:
      startGame(now);
      break;
    case ITEM_OPTIONS:
      openOptions();
      break;
    case ITEM_HOWTO:
      openHowTo(false);
      break;
    case ITEM_STATS:
      openStats();
      break;
    case ITEM_WATCH:
      startDemo(now, true);
      break;
    case ITEM_QUIT:
      screen.quit = true;
      break;
  }
}

function moveTitle(dir: number): void {
  screen.titleCursor = (screen.titleCursor + dir + TITLE_ITEMS) % TITLE_ITEMS;
  cue(screen, CUE_CLICK);
}

/**
 * A CPU-only game until a button is pressed: behind the idle title a
 * 4-player classic one; chosen as "Watch CPUs", one with the player's own
 * options (a new one follows each that ends).
 */
function startDemo(now: number, watching: boolean): void {
  screen.demo = true;
  screen.watching = watching;
  const options = watching ? gameOptions(settings) : defaultOptions('classic', 4);
  table = startTable(screen, { options, seed: gameSeed(), dealer: 0, difficulty: 'medium', withHuman: false, aiSeed: aiSeed() }, now);
}

// ---- options ----

function openOptions(): void {
  screen.scene = SCENE_OPTIONS;
  screen.optionCursor = 0;
  refreshOptions();
}

function refreshOptions(): void {
  screen.strings = stringsFor(settings.language, services.platform);
  optionList = optionRows(settings);
  if (screen.optionCursor >= optionList.length) screen.optionCursor = optionList.length - 1;
  screen.optionRows = optionList.map((row) => rowText(row, settings, screen.strings));
  applyAudioSettings();
}

function optionsFrame(): void {
  const n = optionList.length;
  if (menuPressed(BTN_UP)) screen.optionCursor = (screen.optionCursor + n - 1) % n;
  if (menuPressed(BTN_DOWN)) screen.optionCursor = (screen.optionCursor + 1) % n;
  const dir = menuPressed(BTN_LEFT) ? -1 : menuPressed(BTN_RIGHT) || wasPressed(BTN_CROSS) ? 1 : 0;
  if (dir !== 0) {
    changeRow(optionList[screen.optionCursor]!, settings, dir);
    refreshOptions();
    cue(screen, CUE_CLICK);
  }
  if (wasPressed(BTN_CIRCLE)) {
    save();
    screen.scene = SCENE_TITLE;
  }
}

// ---- how to play ----

/** From the title: the rules as the options are set; from the pause menu: the running game's. */
function openHowTo(fromPause: boolean): void {
  screen.scene = SCENE_HOWTO;
  screen.howToFromPause = fromPause && table !== null;
  const options = screen.howToFromPause ? table!.table.game.options : gameOptions(settings);
  screen.howToPages = howToPages(options, screen.strings, services.platform === 'desktop');
  screen.howToPage = 0;
}

function howToFrame(): void {
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

function openStats(): void {
  screen.scene = SCENE_STATS;
  screen.statsConfirm = false;
  screen.statsRows = statsRows(stats, screen.strings);
}

/** Circle goes back; Triangle asks to reset, Cross then resets and Circle keeps them. */
function statsFrame(): void {
  if (screen.statsConfirm) {
    if (wasPressed(BTN_CROSS)) {
      stats = defaultStats();
      save();
      screen.statsRows = statsRows(stats, screen.strings);
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
function gameSeed(): number {
  gamesStarted++;
  return (Math.imul(services.seed ^ 0x5bd1e995, 0x27d4eb2d) + Math.imul(gamesStarted, 0x9e3779b1)) >>> 0;
}

function aiSeed(): number {
  return (Math.imul(services.seed + gamesStarted, 0x85ebca6b) ^ 0xc2b2ae35) >>> 0 || 1;
}

function startGame(now: number): void {
  screen.scene = SCENE_TABLE;
  screen.demo = false;
  screen.watching = false;
  screen.paused = false;
  const options = gameOptions(settings);
  if (dealer >= options.players) dealer = 0;
  table = startTable(
    screen,
    { options, seed: gameSeed(), dealer, difficulty: settings.difficulty, withHuman: true, humans: settings.humans, aiSeed: aiSeed() },
    now,
  );
}

function tableFrame(now: number): void {
  if (table === null) return;
  stepTable(table, now, pressedMask());
  if (table.table.game.over !== null && tableFinished(table, now)) finishGame(table);
}

function finishGame(played: AppTable): void {
  const game = played.table.game;
  const over = game.over!;
  // Two people's games are kept apart from the lifetime statistics of single play.
  if (played.duel) {
    const two = stats.twoPlayer;
    two.games++;
    if (over.winner === played.humans[0]) two.leftWins++;
    else if (over.winner === played.humans[1]) two.rightWins++;
  } else addGame(stats, game, played.stats, played.you, over.winner === played.you);
  save();
  dealer = nextDealer(game);
  const r = screen.results;
  const t = screen.strings;
  const res = tableResults(played);
  r.winner = t.wins(screen.table.names[over.winner]!, over.winner === played.you);
  r.byLimit = over.byLimit;
  r.ranking = res.ranking;
  r.fastestMs = res.fastestMs;
  r.cardsPlayed = res.cardsPlayed;
  r.lifetime = played.duel
    ? [t.twoPlayerLine(stats.twoPlayer.games, stats.twoPlayer.leftWins, stats.twoPlayer.rightWins)]
    : [
        t.lifetimeLine(t.ruleSetNames.classic, stats.classic.games, stats.classic.wins),
        t.lifetimeLine(t.ruleSetNames.russian, stats.russian.games, stats.russian.wins),
      ];
  screen.scene = SCENE_RESULTS;
}

// ---- results ----

function resultsFrame(now: number): void {
  if (wasPressed(BTN_CROSS)) startGame(now);
  else if (wasPressed(BTN_CIRCLE)) screen.scene = SCENE_TITLE;
}

// ---- test-only introspection ----

const SCENE_NAMES = ['title', 'options', 'howTo', 'table', 'results', 'stats'];

/** JSON of the app's state for tests (ratscrew.debug()); never used by the game itself. */
export function debugState(): string {
  const t = screen.table;
  const onTable = screen.scene === SCENE_TABLE || screen.scene === SCENE_RESULTS || screen.demo;
  return JSON.stringify({
    scene: SCENE_NAMES[screen.scene],
    demo: screen.demo,
    titleCursor: screen.titleCursor,
    optionCursor: screen.optionCursor,
    optionRows: screen.optionRows,
    howToPage: screen.howToPage,
    notice: screen.notice,
    quitConfirm: screen.quitConfirm,
    paused: screen.paused,
    pauseCursor: screen.pauseCursor,
    howToFromPause: screen.howToFromPause,
    howToTitle: screen.scene === SCENE_HOWTO ? (screen.howToPages[screen.howToPage]?.title ?? '') : '',
    statsConfirm: screen.statsConfirm,
    statsRows: screen.scene === SCENE_STATS ? screen.statsRows : null,
    watching: screen.watching,
    settings,
    stats,
    dealer,
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
          quitConfirm: screen.quitConfirm,
          paused: screen.paused,
          timers: table !== null ? tableDebug(table) : null,
        }
      : null,
    results: screen.scene === SCENE_RESULTS ? screen.results : null,
  });
}
