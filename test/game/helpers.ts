// Steps through the game's own menus the way a player would.
import { FALSE_START_MS } from '../../src/rules';
import { BTN, Driver } from '../support/driver';
import type { EngineKind } from '../support/engine';

/** Frames from a card's landing until a slap is a reaction, not a false start (60 a second). */
export const FALSE_START_FRAMES = Math.ceil((FALSE_START_MS * 60) / 1000);

/**
 * Steps until the pile's top card has landed and a slap in the next frame
 * comes FALSE_START_MS or more after the landing: the soonest a person can
 * have seen the card and reacted (a sooner one is a false start).
 */
export function waitToSee(d: Driver): void {
  d.until((s) => !s.table.flying, 30);
  d.wait(FALSE_START_FRAMES - 1);
}

/** From the title: open Options (cursor at the top first). */
export function openOptions(d: Driver): void {
  goToTitleItem(d, 1);
  d.press(BTN.CROSS);
  if (d.debug().scene !== 'options') throw new Error('options did not open');
}

export function goToTitleItem(d: Driver, item: number): void {
  for (let i = 0; i < 8 && d.debug().titleCursor !== item; i++) d.press(BTN.DOWN);
}

/** In Options: move to the row labelled `label` and press Right until it shows `value` (a number: the value's digits, "5000" for "5,000 cards played"). */
export function setOption(d: Driver, label: string, value: string): void {
  let s = d.debug();
  const row = s.optionRows.findIndex((r: { label: string }) => r.label === label);
  if (row < 0) throw new Error(`no option row "${label}" in ${JSON.stringify(s.optionRows.map((r: any) => r.label))}`);
  for (let i = 0; i < 40 && d.debug().optionCursor !== row; i++) d.press(BTN.DOWN);
  for (let i = 0; i < 8; i++) {
    s = d.debug();
    const shown: string = s.optionRows[row].value;
    if (shown === value || (/^\d+$/.test(value) && shown.replace(/\D/g, '') === value)) return;
    d.press(BTN.RIGHT);
  }
  throw new Error(`option "${label}" never showed "${value}"`);
}

/** In Options: each of `settings` (label: value) set in turn with setOption. */
export function setOptions(d: Driver, settings: Record<string, string>): void {
  for (const [label, value] of Object.entries(settings)) setOption(d, label, value);
}

/** Options -> (Circle) title -> Play. */
export function startFromOptions(d: Driver): void {
  d.press(BTN.CIRCLE);
  playFromTitle(d);
}

/** On the title: Play; the table opens. */
function playFromTitle(d: Driver): void {
  goToTitleItem(d, 0);
  d.press(BTN.CROSS);
  if (d.debug().scene !== 'table') throw new Error('the table did not open');
}

/**
 * From the title of a new app (seed `seed`, its first frame run): a game
 * started the way a player does: Options, `settings` (setOptions), then
 * Play; with no settings, Play at once. In Node unless `engine` says
 * otherwise (test/support/engine.ts).
 */
export async function startGame(seed: number, settings: Record<string, string> = {}, engine?: EngineKind): Promise<Driver> {
  const d = await Driver.create({ seed, engine });
  d.step(0);
  if (Object.keys(settings).length === 0) {
    playFromTitle(d);
    return d;
  }
  openOptions(d);
  setOptions(d, settings);
  startFromOptions(d);
  return d;
}

/** Rank 2..14 of a card; jokers 15. */
export function rank(card: number): number {
  return card >= 52 ? 15 : (card % 13) + 2;
}

/** Pair or sandwich on the pile's top (the default slap rules). */
export function pairOrSandwich(pile: number[]): boolean {
  const n = pile.length;
  if (n >= 2 && rank(pile[n - 1]!) === rank(pile[n - 2]!)) return true;
  return n >= 3 && rank(pile[n - 1]!) === rank(pile[n - 3]!);
}

/** Plays the human's card with Square whenever it is their turn, until cond holds. */
export function playUntil(d: Driver, cond: (s: any) => boolean, maxFrames = 30000): any {
  for (let i = 0; i < maxFrames; i++) {
    const s = d.debug();
    if (cond(s)) return s;
    const g = s.table?.game;
    if (s.scene === 'table' && g && g.over === null && g.turn === 0 && g.pendingCollect === null && g.pendingChoice === null && !s.table.choosing) {
      d.press(BTN.SQUARE);
    } else d.step(0);
  }
  throw new Error('condition not met while playing');
}

/**
 * From the title: a classic 3-player game against easy CPUs, played to the
 * results by a person who slaps every pair or sandwich about 250 ms after it
 * shows (winning slaps with times) and plays and collects with Square.
 */
export async function playEasyGameToResults(seed: number): Promise<Driver> {
  const d = await startGame(seed, { Players: '3', 'CPU players': 'Easy' });
  slapAndPlayUntil(d, (s) => s.scene === 'results');
  return d;
}

/** The game at the table is over (or no table is up): for slapAndPlayUntil. */
export const gameOver = (s: any): boolean => !s.table?.game || s.table.game.over !== null;

/**
 * The person of playEasyGameToResults, until `done` holds (at most 60000
 * turns): slaps a pair or sandwich with Cross once it has shown 15 frames
 * (250 ms), plays and collects with Square, else waits a frame. `turn`, when
 * given, gets the commands of each turn's frames (a press's two, a wait's one).
 */
export function slapAndPlayUntil(d: Driver, done: (s: any) => boolean, turn?: (frames: Int32Array[]) => void): void {
  let seenFor = 0;
  for (let i = 0; i < 60000; i++) {
    const s = d.debug();
    if (done(s)) return;
    const g = s.table?.game;
    // Seen: the pile's top card has landed (a card in flight is face down).
    const slappable = g && g.over === null && g.pile.length > 1 && pairOrSandwich(g.pile) && g.pendingCollect === null && !s.table.flying;
    seenFor = slappable ? seenFor + 1 : 0;
    const button =
      slappable && seenFor >= 15 ? BTN.CROSS : g && g.over === null && (g.turn === 0 || g.pendingCollect?.seat === 0) && g.pendingChoice === null ? BTN.SQUARE : 0;
    const frames = [d.step(button)];
    if (button !== 0) frames.push(d.step(0));
    turn?.(frames);
  }
}

/**
 * From the title: a 3-player classic game against hard CPUs with slapping
 * back in off (then `more` settings, e.g. the language), the person only
 * playing and collecting with Square, never slapping, until they are out for
 * good: the out-of-the-game prompt shows (or the game ends first).
 */
export async function playUntilOut(seed: number, more: Record<string, string> = {}): Promise<Driver> {
  const d = await startGame(seed, { Players: '3', 'CPU players': 'Hard', 'Slap back in': 'Off', ...more });
  for (let i = 0; i < 80000; i++) {
    const s = d.debug();
    if (s.outPrompt || s.scene !== 'table' || s.table.game.over !== null) break;
    const g = s.table.game;
    if ((g.turn === 0 || g.pendingCollect?.seat === 0) && g.pendingChoice === null) d.press(BTN.SQUARE);
    else d.step(0);
  }
  return d;
}

/** Ends the game in play from the pause menu: Start, Up to End game, Cross, Cross to confirm; the results show. */
export function endGameFromPause(d: Driver): void {
  d.press(BTN.START);
  while (d.debug().pauseCursor !== 2) d.press(BTN.UP);
  d.press(BTN.CROSS);
  d.press(BTN.CROSS);
}
