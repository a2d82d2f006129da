// The scene machine: title (Start asks to quit, the idle demo), how to
// play, and the results screen's play-again / back-to-title.
import { afterEach, describe, expect, it } from 'vitest';
import { BTN, Driver } from '../support/driver';
import { goToTitleItem, openOptions, playUntil, setOption, startGame } from './helpers';

let d: Driver;
afterEach(() => d?.dispose());

const hasOp = (cmds: Int32Array, op: number): boolean => {
  for (let o = 0; o < cmds.length; o += 8) if (cmds[o] === op) return true;
  return false;
};

describe('title', () => {
  it('Start on the title asks first (the game keeps running); Circle stays, Start again sends QUIT', async () => {
    d = await Driver.create({ seed: 1 });
    expect(hasOp(d.step(0), 6)).toBe(false);
    d.press(BTN.DOWN);
    expect(hasOp(d.last, 6)).toBe(false);
    expect(hasOp(d.step(BTN.START), 6)).toBe(false);
    d.step(0);
    expect(d.debug().quitConfirm).toBe(true);
    d.press(BTN.DOWN); // answers nothing
    expect(d.debug().quitConfirm).toBe(true);
    expect(d.debug().titleCursor).toBe(1);
    d.press(BTN.CIRCLE);
    expect(d.debug().quitConfirm).toBe(false);
    d.wait(30);
    expect(d.quit).toBe(false);
    d.press(BTN.START);
    expect(hasOp(d.step(BTN.START), 6)).toBe(true);
  });

  it('a button held when the game starts is not a press', async () => {
    d = await Driver.create({ seed: 1 });
    for (let i = 0; i < 10; i++) d.step(BTN.CROSS); // held from the PSP menu
    expect(d.debug().scene).toBe('title');
    d.step(0);
    d.step(BTN.CROSS);
    expect(d.debug().scene).toBe('table');
  });

  it('the Quit item asks the same question; Cross quits', async () => {
    d = await Driver.create({ seed: 1 });
    d.step(0);
    goToTitleItem(d, 5);
    expect(hasOp(d.step(BTN.CROSS), 6)).toBe(false);
    d.step(0);
    expect(d.debug().quitConfirm).toBe(true);
    expect(hasOp(d.step(BTN.CROSS), 6)).toBe(true);
  });

  it('left idle ~20 s a CPU-only demo plays behind it; any button returns to the title', async () => {
    d = await Driver.create({ seed: 1 });
    d.wait(60 * 19);
    expect(d.debug().demo).toBe(false);
    d.wait(60 * 2);
    let s = d.debug();
    expect(s.demo).toBe(true);
    expect(s.scene).toBe('title');
    const played = s.table.game.cardsPlayed;
    d.wait(60 * 5);
    s = d.debug();
    expect(s.table.game.cardsPlayed).toBeGreaterThan(played); // the CPUs play on their own
    expect(s.table.hint).toBe('');
    d.press(BTN.TRIANGLE);
    s = d.debug();
    expect(s.demo).toBe(false);
    expect(s.scene).toBe('title');
    // And it does not come straight back.
    d.wait(60 * 10);
    expect(d.debug().demo).toBe(false);
  });
});

describe('Start away from the title', () => {
  it.each([
    ['options', 1],
    ['howTo', 2],
    ['stats', 3],
  ])('goes back from %s to the title, as Circle does', async (scene, item) => {
    d = await Driver.create({ seed: 1 });
    d.step(0);
    goToTitleItem(d, item);
    d.press(BTN.CROSS);
    expect(d.debug().scene).toBe(scene);
    d.press(BTN.START);
    const s = d.debug();
    expect(s.scene).toBe('title');
    expect(s.quitConfirm).toBe(false);
    expect(d.quit).toBe(false); // back at the title, not quitting the game
    if (scene === 'options') expect(d.vm.saves).toBe(1);
  });
});

describe('how to play', () => {
  it('pages through the active rules in the chosen language', async () => {
    d = await Driver.create({ seed: 1 });
    d.step(0);
    openOptions(d);
    setOption(d, 'Slap: Tens', 'On');
    setOption(d, 'Slap: Sandwich', 'Off');
    d.press(BTN.CIRCLE);
    goToTitleItem(d, 2);
    d.press(BTN.CROSS);
    let s = d.debug();
    expect(s.scene).toBe('howTo');
    expect(s.howToPage).toBe(0);
    const titles: string[] = [s.howToTitle];
    for (let i = 0; i < 8; i++) {
      d.press(BTN.RIGHT);
      titles.push(d.debug().howToTitle);
    }
    // Pair and tens make one page of slaps; how the CPU players react (issue 21); the last page (two people on one PSP, issue 16) stays the last.
    expect(titles).toEqual(['The game', 'Challenges', 'Slaps', 'Wrong and late slaps', 'Out of cards', 'The CPU players', 'Two people', 'Two people', 'Two people']);
    expect(d.debug().howToPage).toBe(6);
    d.press(BTN.CIRCLE);
    expect(d.debug().scene).toBe('title');
  });
});

describe('results', () => {
  it('Cross plays again with the dealer moved on; Circle goes to the title', async () => {
    d = await startGame(6, { Rules: 'Russian', Players: '2' });
    const first = d.debug().table.game;
    playUntil(d, (s) => s.scene === 'results', 60000);
    let s = d.debug();
    expect(s.results.ranking.map((r: any) => r.name).sort()).toEqual(['Dana', 'You']);
    expect(s.dealer).toBe((first.dealer + 1) % 2);
    d.press(BTN.CROSS);
    s = d.debug();
    expect(s.scene).toBe('table');
    expect(s.table.game.dealer).toBe((first.dealer + 1) % 2);
    expect(s.table.game.cardsPlayed).toBe(0);
    expect(s.table.message).toBe('');
    playUntil(d, (s) => s.scene === 'results', 60000);
    expect(d.debug().stats.russian.games).toBe(2);
    d.press(BTN.START); // Start goes to the title, as Circle does
    expect(d.debug().scene).toBe('title');
    d.press(BTN.DOWN);
    goToTitleItem(d, 0);
    d.press(BTN.CROSS);
    playUntil(d, (s) => s.scene === 'results', 60000);
    d.press(BTN.CIRCLE);
    expect(d.debug().scene).toBe('title');
  });
});
