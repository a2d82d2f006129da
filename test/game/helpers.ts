// Steps through the game's own menus the way a player would.
import { BTN, Driver } from '../support/driver';

/** From the title: open Options (cursor at the top first). */
export function openOptions(d: Driver): void {
  goToTitleItem(d, 1);
  d.press(BTN.CROSS);
  if (d.debug().scene !== 'options') throw new Error('options did not open');
}

export function goToTitleItem(d: Driver, item: number): void {
  for (let i = 0; i < 8 && d.debug().titleCursor !== item; i++) d.press(BTN.DOWN);
}

/** In Options: move to the row labelled `label` and press Right until it shows `value`. */
export function setOption(d: Driver, label: string, value: string): void {
  let s = d.debug();
  const row = s.optionRows.findIndex((r: { label: string }) => r.label === label);
  if (row < 0) throw new Error(`no option row "${label}" in ${JSON.stringify(s.optionRows.map((r: any) => r.label))}`);
  for (let i = 0; i < 40 && d.debug().optionCursor !== row; i++) d.press(BTN.DOWN);
  for (let i = 0; i < 8; i++) {
    s = d.debug();
    if (s.optionRows[row].value === value) return;
    d.press(BTN.RIGHT);
  }
  throw new Error(`option "${label}" never showed "${value}"`);
}

/** Options -> (Circle) title -> Play. */
export function startFromOptions(d: Driver): void {
  d.press(BTN.CIRCLE);
  goToTitleItem(d, 0);
  d.press(BTN.CROSS);
  if (d.debug().scene !== 'table') throw new Error('the table did not open');
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
