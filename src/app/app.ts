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
import { pauseAppTable, resumeAppTable, startTable, stepTable, tableDebug, tableFinished, tableResults, type AppTable } from './table';
import { pressedMask } from './input';

/** What the app needs from the host (src/host/entry.ts passes the real one). */
export interface Services {
  readonly seed: number;
  /** The host's platform (docs/host-api.md); the desktop adds its key bindings to How to play. */
  readonly platform?: string;
  load(): string | null;
  save(text: string): boolean;
  log(text: string): void;
}

/** Idle this long on the title and a CPU-only game plays behind it. */
export const DEMO_AFTER_MS = 20000;
/** The damaged-save notice stays this long. */
const NOTICE_MS = 6000;
const TITLE_ITEMS = 4;

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
  screen = newScreen(stringsFor(settings.language));
  noticePending = damaged || loaded.damaged;
  if (noticePending) host.log('saved data was damaged; defaults used where unreadable');
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
  try {
    if (!services.save(writeSave(settings, stats))) services.log('saving settings failed');
  } catch {
    services.log('saving settings failed');
  }
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
  readButtons(buttons);
  screen.cueCount = 0;
  if (!started) {
    started = true;
    lastInputAt = now;
    if (noticePending) {
      screen.notice = screen.strings.savedDataNotice;
      screen.noticeUntil = now + NOTICE_MS;
      noticePending = false;
    }
  }
  if (anyPressed()) lastInputAt = now;
  // Two people share the PSP: in menus either one's buttons work (src/app/pads.ts).
  if (settings.humans === 2 && screen.scene !== SCENE_TABLE) addPressed(menuAliases(pressedMask()));
  if (screen.scene !== SCENE_TITLE && quitQuestion(now)) return;
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
  }
}

// ---- the quit question ----

/**
 * Start anywhere but on the title asks first ("press Start again to quit"),
 * so that a stray press loses nothing: Start again goes to the title (from
 * Options, saving), any other button goes on where it was. The table waits
 * meanwhile. Returns true while the question is up.
 */
function quitQuestion(now: number): boolean {
  if (screen.quitConfirm) {
    if (wasPressed(BTN_START)) {
      screen.quitConfirm = false;
      if (screen.scene === SCENE_OPTIONS) save();
      screen.scene = SCENE_TITLE;
    } else if (anyPressed()) {
      screen.quitConfirm = false;
      if (screen.scene === SCENE_TABLE && table !== null) resumeAppTable(table, now);
    }
    return true;
  }
  if (!wasPressed(BTN_START)) return false;
  screen.quitConfirm = true;
  if (screen.scene === SCENE_TABLE && table !== null) pauseAppTable(table, now);
  return true;
}

// ---- title ----

function titleFrame(now: number): void {
  if (screen.demo) {
    if (anyPressed()) {
      screen.demo = false;
      return;
    }
    if (table !== null) {
      stepTable(table, now, 0);
      if (tableFinished(table, now)) startDemo(now);
    }
    return;
  }
  if (now - lastInputAt >= DEMO_AFTER_MS) {
    startDemo(now);
    return;
  }
  if (wasPressed(BTN_UP)) moveTitle(-1);
  if (wasPressed(BTN_DOWN)) moveTitle(1);
  if (wasPressed(BTN_START)) {
    screen.quit = true;
    return;
  }
  if (!wasPressed(BTN_CROSS)) return;
  cue(screen, CUE_CLICK);
  switch (screen.titleCursor) {
    case 0:
      startGame(now);
      break;
    case 1:
      openOptions();
      break;
    case 2:
      openHowTo();
      break;
    case 3:
      screen.quit = true;
      break;
  }
}

function moveTitle(dir: number): void {
  screen.titleCursor = (screen.titleCursor + dir + TITLE_ITEMS) % TITLE_ITEMS;
  cue(screen, CUE_CLICK);
}

/** A CPU-only classic game behind the title, until a button is pressed. */
function startDemo(now: number): void {
  screen.demo = true;
  const options = defaultOptions('classic', 4);
  table = startTable(screen, { options, seed: gameSeed(), dealer: 0, difficulty: 'medium', withHuman: false, aiSeed: aiSeed() }, now);
}

// ---- options ----

function openOptions(): void {
  screen.scene = SCENE_OPTIONS;
  screen.optionCursor = 0;
  refreshOptions();
}

function refreshOptions(): void {
  screen.strings = stringsFor(settings.language);
  optionList = optionRows(settings);
  if (screen.optionCursor >= optionList.length) screen.optionCursor = optionList.length - 1;
  screen.optionRows = optionList.map((row) => rowText(row, settings, screen.strings));
  applyAudioSettings();
}

function optionsFrame(): void {
  const n = optionList.length;
  if (wasPressed(BTN_UP)) screen.optionCursor = (screen.optionCursor + n - 1) % n;
  if (wasPressed(BTN_DOWN)) screen.optionCursor = (screen.optionCursor + 1) % n;
  const dir = wasPressed(BTN_LEFT) ? -1 : wasPressed(BTN_RIGHT) || wasPressed(BTN_CROSS) ? 1 : 0;
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

function openHowTo(): void {
  screen.scene = SCENE_HOWTO;
  screen.howToPages = howToPages();
  screen.howToPage = 0;
}

/** The rule set's pages, then one page with this game's own options. */
function howToPages(): string[] {
  const t = screen.strings;
  if (settings.ruleSet === 'russian')
    return [...t.howToRussian, t.activeRulesTitle + '\n\n' + t.russianJokerHelp[settings.russianJokers], twoPlayersPage()];
  const slaps: string[] = [];
  for (const rule of SLAP_RULES) {
    if (settings.slapRules[rule] && (rule !== 'joker' || settings.jokers)) slaps.push(t.slapRuleHelp[rule]);
  }
  // Up to six slap rules a page, so that even every rule on fits the panel.
  const pages = [...t.howToClassic];
  for (let i = 0; i < slaps.length || i === 0; i += 6) {
    const lines = [t.activeRulesTitle, '', ...slaps.slice(i, i + 6)];
    if (i + 6 >= slaps.length) {
      lines.push('', wrongSlapHelp(), t.slapInHelp(settings.slapIn));
      if (settings.tensStop) lines.push(t.tensStopHelp);
    }
    pages.push(lines.join('\n'));
  }
  pages.push(twoPlayersPage());
  return pages;
}

/** Two people on one PSP; on the desktop, with the keyboard's and controllers' bindings too. */
function twoPlayersPage(): string {
  const t = screen.strings;
  return services.platform === 'desktop' ? t.howToTwoPlayers + '\n' + t.desktopKeys : t.howToTwoPlayers;
}

function wrongSlapHelp(): string {
  const t = screen.strings;
  if (settings.wrongSlap === 'pileToNext') return t.pileToNextHelp;
  if (settings.wrongSlap === 'ban') return t.banHelp(settings.banCards);
  return t.penaltyHelp(settings.wrongSlapPenalty);
}

function howToFrame(): void {
  const pages = screen.howToPages.length;
  if (wasPressed(BTN_LEFT) && screen.howToPage > 0) screen.howToPage--;
  if ((wasPressed(BTN_RIGHT) || wasPressed(BTN_CROSS)) && screen.howToPage < pages - 1) screen.howToPage++;
  else if (wasPressed(BTN_CROSS) || wasPressed(BTN_CIRCLE)) screen.scene = SCENE_TITLE;
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
  } else {
    const set = stats[game.options.ruleSet];
    set.games++;
    if (over.winner === played.you) set.wins++;
  }
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

const SCENE_NAMES = ['title', 'options', 'howTo', 'table', 'results'];

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
          timers: table !== null ? tableDebug(table) : null,
        }
      : null,
    results: screen.scene === SCENE_RESULTS ? screen.results : null,
  });
}
