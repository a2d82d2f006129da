// The game as a program: the scenes (title, options, how to play, table,
// results, and the quit question on the table), fed with host time and
// button edges once per frame. Settings and lifetime statistics are loaded
// once and saved on leaving Options and at the end of a game.
import { SLAP_RULES, defaultOptions, nextDealer } from '../rules';
import {
  BTN_CIRCLE,
  BTN_CROSS,
  BTN_DOWN,
  BTN_LEFT,
  BTN_RIGHT,
  BTN_START,
  BTN_UP,
} from '../contract';
import { stringsFor } from './i18n';
import { addPressed, anyPressed, readButtons, resetButtons, wasPressed } from './input';
import { asProblem, loadNotice, saveNotice } from './notice';
import { menuAliases } from './pads';
import { changeRow, gameOptions, optionRows, rowText, type Settings } from './options';
import {
  CUE_CLICK,
  SCENE_HOWTO,
  SCENE_OPTIONS,
  SCENE_RESULTS,
  SCENE_TABLE,
  SCENE_TITLE,
  cue,
  newScreen,
  type Screen,
} from './screen';
import { readSave, writeSave, type Stats } from './settings';
import type { Host } from '../contract';
import type { Seat } from '../rules/types';
import { pauseAppTable, resumeAppTable, startTable, stepTable, tableDebug, tableFinished, tableResults, type AppTable } from './table';
import { pressedMask } from './input';

/** Idle this long on the title and a CPU-only game plays behind it. */
export const DEMO_AFTER_MS = 20000;
/** The damaged-save notice stays this long. */
const NOTICE_MS = 6000;
const TITLE_ITEMS = 4;

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
  const app: App = {
    host,
    screen: newScreen(stringsFor(loaded.settings.language)),
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
function advance(app: App, screen: Screen, now: number, buttons: number): void {
  if (!app.started) firstFrame(app, now, buttons);
  readButtons(buttons);
  screen.cueCount = 0;
  app.lastNow = now;
  if (anyPressed()) app.lastInputAt = now;
  // Two people share the PSP: in menus either one's buttons work (src/app/pads.ts).
  if (screen.scene !== SCENE_TABLE && app.settings.humans === 2) addPressed(menuAliases(pressedMask()));
  if (screen.scene !== SCENE_TITLE && quitQuestion(app, now)) return;
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
 * Start anywhere but on the title asks first ("press Start again to quit"),
 * so that a stray press loses nothing: Start again goes to the title (from
 * Options, saving), any other button goes on where it was. The table waits
 * meanwhile. Returns true while the question is up.
 */
function quitQuestion(app: App, now: number): boolean {
  if (app.screen.quitConfirm) {
    if (wasPressed(BTN_START)) {
      app.screen.quitConfirm = false;
      if (app.screen.scene === SCENE_OPTIONS) save(app);
      app.screen.scene = SCENE_TITLE;
    } else if (anyPressed()) {
      app.screen.quitConfirm = false;
      if (app.screen.scene === SCENE_TABLE && app.table !== null) resumeAppTable(app.table, now);
    }
    return true;
  }
  if (!wasPressed(BTN_START)) return false;
  app.screen.quitConfirm = true;
  if (app.screen.scene === SCENE_TABLE && app.table !== null) pauseAppTable(app.table, now);
  return true;
}

// ---- title ----

function titleFrame(app: App, now: number): void {
  if (app.screen.demo) {
    if (anyPressed()) {
      app.screen.demo = false;
      return;
    }
    if (app.table !== null) {
      stepTable(app.table, now, 0);
      if (tableFinished(app.table, now)) startDemo(app, now);
    }
    return;
  }
  if (now - app.lastInputAt >= DEMO_AFTER_MS) {
    startDemo(app, now);
    return;
  }
  if (wasPressed(BTN_UP)) moveTitle(app, -1);
  if (wasPressed(BTN_DOWN)) moveTitle(app, 1);
  if (wasPressed(BTN_START)) {
    app.screen.quit = true;
    return;
  }
  if (!wasPressed(BTN_CROSS)) return;
  cue(app.screen, CUE_CLICK);
  switch (app.screen.titleCursor) {
    case 0:
      startGame(app, now);
      break;
    case 1:
      openOptions(app);
      break;
    case 2:
      openHowTo(app);
      break;
    case 3:
      app.screen.quit = true;
      break;
  }
}

function moveTitle(app: App, dir: number): void {
  app.screen.titleCursor = (app.screen.titleCursor + dir + TITLE_ITEMS) % TITLE_ITEMS;
  cue(app.screen, CUE_CLICK);
}

/** A CPU-only classic game behind the title, until a button is pressed. */
function startDemo(app: App, now: number): void {
  app.screen.demo = true;
  const options = defaultOptions('classic', 4);
  app.table = startTable(app.screen, { options, seed: gameSeed(app), dealer: 0, difficulty: 'medium', withHuman: false, aiSeed: aiSeed(app) }, now);
}

// ---- options ----

function openOptions(app: App): void {
  app.screen.scene = SCENE_OPTIONS;
  app.screen.optionCursor = 0;
  refreshOptions(app);
}

function refreshOptions(app: App): void {
  app.screen.strings = stringsFor(app.settings.language);
  app.optionList = optionRows(app.settings);
  if (app.screen.optionCursor >= app.optionList.length) app.screen.optionCursor = app.optionList.length - 1;
  app.screen.optionRows = app.optionList.map((row) => rowText(row, app.settings, app.screen.strings));
  applyAudioSettings(app);
}

function optionsFrame(app: App): void {
  const n = app.optionList.length;
  if (wasPressed(BTN_UP)) app.screen.optionCursor = (app.screen.optionCursor + n - 1) % n;
  if (wasPressed(BTN_DOWN)) app.screen.optionCursor = (app.screen.optionCursor + 1) % n;
  const dir = wasPressed(BTN_LEFT) ? -1 : wasPressed(BTN_RIGHT) || wasPressed(BTN_CROSS) ? 1 : 0;
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

function openHowTo(app: App): void {
  app.screen.scene = SCENE_HOWTO;
  app.screen.howToPages = howToPages(app);
  app.screen.howToPage = 0;
}

/** The rule set's pages, then one page with this game's own options. */
function howToPages(app: App): string[] {
  const t = app.screen.strings;
  if (app.settings.ruleSet === 'russian')
    return [...t.howToRussian, t.activeRulesTitle + '\n\n' + t.russianJokerHelp[app.settings.russianJokers], twoPlayersPage(app)];
  const slaps: string[] = [];
  for (const rule of SLAP_RULES) {
    if (app.settings.slapRules[rule] && (rule !== 'joker' || app.settings.jokers)) slaps.push(t.slapRuleHelp[rule]);
  }
  // Up to six slap rules a page, so that even every rule on fits the panel.
  const pages = [...t.howToClassic];
  for (let i = 0; i < slaps.length || i === 0; i += 6) {
    const lines = [t.activeRulesTitle, '', ...slaps.slice(i, i + 6)];
    if (i + 6 >= slaps.length) {
      lines.push('', wrongSlapHelp(app), t.slapInHelp(app.settings.slapIn));
      if (app.settings.tensStop) lines.push(t.tensStopHelp);
    }
    pages.push(lines.join('\n'));
  }
  pages.push(twoPlayersPage(app));
  return pages;
}

/** Two people on one PSP; on the desktop, with the keyboard's and controllers' bindings too. */
function twoPlayersPage(app: App): string {
  const t = app.screen.strings;
  return app.host.platform === 'desktop' ? t.howToTwoPlayers + '\n' + t.desktopKeys : t.howToTwoPlayers;
}

function wrongSlapHelp(app: App): string {
  const t = app.screen.strings;
  if (app.settings.wrongSlap === 'pileToNext') return t.pileToNextHelp;
  if (app.settings.wrongSlap === 'ban') return t.banHelp(app.settings.banCards);
  return t.penaltyHelp(app.settings.wrongSlapPenalty);
}

function howToFrame(app: App): void {
  const pages = app.screen.howToPages.length;
  if (wasPressed(BTN_LEFT) && app.screen.howToPage > 0) app.screen.howToPage--;
  if ((wasPressed(BTN_RIGHT) || wasPressed(BTN_CROSS)) && app.screen.howToPage < pages - 1) app.screen.howToPage++;
  else if (wasPressed(BTN_CROSS) || wasPressed(BTN_CIRCLE)) app.screen.scene = SCENE_TITLE;
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
  const options = gameOptions(app.settings);
  if (app.dealer >= options.players) app.dealer = 0;
  app.table = startTable(
    app.screen,
    { options, seed: gameSeed(app), dealer: app.dealer, difficulty: app.settings.difficulty, withHuman: true, humans: app.settings.humans, aiSeed: aiSeed(app) },
    now,
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
  } else {
    const set = app.stats[game.options.ruleSet];
    set.games++;
    if (over.winner === played.you) set.wins++;
  }
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

const SCENE_NAMES = ['title', 'options', 'howTo', 'table', 'results'];

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
          timers: app.table !== null ? tableDebug(app.table) : null,
        }
      : null,
    results: app.screen.scene === SCENE_RESULTS ? app.screen.results : null,
  });
}
