// The Russian rules at the table: comparisons shown on each play, penalty
// lays counted out, and the joker chooser as a target picker.
import { afterEach, describe, expect, it } from 'vitest';
import { BTN, Driver } from '../support/driver';
import { playUntil, startGame } from './helpers';

let d: Driver;
afterEach(() => d?.dispose());

async function russianTable(seed: number, jokers: string, players = '3'): Promise<Driver> {
  d = await startGame(seed, { Rules: 'Russian', Players: players, Jokers: jokers });
  return d;
}

describe('the Russian table', () => {
  it('shows the comparison of each play and counts out penalty lays', async () => {
    await russianTable(2, 'Off');
    const seen = new Set<string>();
    let lay = '';
    playUntil(d, (s) => {
      if (s.table.comparison) seen.add(s.table.comparison);
      if (/^Lay \d: \d left$/.test(s.table.message)) lay = s.table.message;
      return (seen.size === 3 && lay !== '') || s.scene === 'results';
    });
    expect(seen.has('Higher')).toBe(true);
    expect(seen.has('Lower')).toBe(true);
    expect(lay).toMatch(/^Lay [234]: [0-3] left$/);
  });

  it('the human names the joker taker with the D-pad and Cross', async () => {
    // The first seed (from 1) whose game lets the human lay a joker before it ends.
    let s: any = null;
    for (let seed = 1; seed <= 20 && s === null; seed++) {
      d?.dispose();
      await russianTable(seed, 'Player chooses');
      s = playUntil(d, (s) => s.table.choosing || s.scene === 'results', 40000);
      if (!s.table.choosing) s = null;
    }
    expect(s).not.toBe(null);
    const g = s.table.game;
    expect(g.pendingChoice).toBe(0);
    expect(g.pile[g.pile.length - 1]).toBeGreaterThanOrEqual(52); // the human's joker is on top
    expect(s.table.pick).toBe(1);
    expect(s.table.hint).toBe('Left/Right: choose   Cross: confirm');
    // Nobody moves while the human decides.
    d.wait(120);
    expect(JSON.stringify(d.debug().table.game)).toBe(JSON.stringify(g));
    // Three players: seat 1 top left, seat 0 (the person) bottom middle,
    // seat 2 top right. Right moves the highlight rightwards on screen, and
    // wraps; Left goes back.
    d.press(BTN.RIGHT);
    expect(d.debug().table.pick).toBe(0);
    d.press(BTN.RIGHT);
    expect(d.debug().table.pick).toBe(2);
    d.press(BTN.RIGHT);
    expect(d.debug().table.pick).toBe(1);
    d.press(BTN.LEFT);
    d.press(BTN.LEFT);
    expect(d.debug().table.pick).toBe(0);
    d.press(BTN.RIGHT);
    expect(d.debug().table.pick).toBe(2);
    const pile = g.pile.length;
    const before = g.stacks[2].length;
    d.press(BTN.CROSS);
    const after = d.debug();
    expect(after.table.choosing).toBe(false);
    expect(after.table.game.pendingChoice).toBe(null);
    expect(after.table.game.pile.length).toBe(0);
    expect(after.table.game.stacks[2].length).toBe(before + pile);
    expect(after.table.message).toBe(`You name ${after.table.names[2]}: ${pile} cards`);
    // The turn passes to the player after the taker.
    expect(after.table.game.turn).toBe(0);
  });
});
