// A classic game driven from the title through the built bundle: playing
// with Square, slapping with Cross, losing a slap race by waiting, a wrong
// slap's burn, press edges only, and the quit question.
import { afterEach, describe, expect, it } from 'vitest';
import { SPRITES } from '../../src/assets/atlas';
import { BTN, Driver } from '../support/driver';
import { goToTitleItem, openOptions, pairOrSandwich, playUntil, setOption, startGame, waitToSee } from './helpers';

let d: Driver;
afterEach(() => d?.dispose());

async function classicTable(seed: number, difficulty = 'Medium', players = '4'): Promise<Driver> {
  d = await startGame(seed, { Players: players, 'CPU players': difficulty });
  return d;
}

describe('the classic table', () => {
  it('starts a 4-player game from the title and plays the human card with Square', async () => {
    await classicTable(11);
    const s = playUntil(d, (s) => s.table.game.turn === 0 && s.table.game.pendingCollect === null);
    const before = s.table.game;
    expect(before.options.players).toBe(4);
    expect(before.stacks.length).toBe(4);
    const top = before.stacks[0][0];
    d.press(BTN.SQUARE);
    const after = d.debug().table.game;
    expect(after.stacks[0].length).toBe(before.stacks[0].length - 1);
    expect(after.pile[after.pile.length - 1]).toBe(top);
  });

  it('sounds: the deal, then each card played, panned to its seat', async () => {
    d = await Driver.create({ seed: 11 });
    d.step(0);
    const sounds = (cmds: Int32Array): number[][] => {
      const out: number[][] = [];
      for (let o = 0; o < cmds.length; o += 8) if (cmds[o] === 4) out.push([cmds[o + 1]!, cmds[o + 3]!]);
      return out;
    };
    openOptions(d);
    setOption(d, 'Players', '4');
    d.press(BTN.CIRCLE);
    goToTitleItem(d, 0);
    expect(sounds(d.step(BTN.CROSS))).toEqual([
      [7, 0], // click
      [6, 0], // deal
    ]);
    // The first CPU to play sits at the dealer's left; seat 1 is on the left of the screen.
    const heard: number[][] = [];
    for (let i = 0; i < 120; i++) heard.push(...sounds(d.step(0)));
    const flips = heard.filter((s) => s[0] === 0);
    expect(flips.length).toBeGreaterThan(0);
    const g = d.debug().table.game;
    expect(flips.some((s) => s[1] < 0) || flips.some((s) => s[1] > 0)).toBe(true);
    expect(g.cardsPlayed).toBe(flips.length);
  });

  it('holding Square plays one card; Square out of turn plays nothing', async () => {
    await classicTable(12);
    playUntil(d, (s) => s.table.game.turn === 0 && s.table.game.pendingCollect === null);
    let plays = 0;
    let last = d.debug().table.game.stacks[0].length;
    for (let i = 0; i < 90; i++) {
      d.step(BTN.SQUARE); // held for 1.5 s
      const now = d.debug().table.game.stacks[0].length;
      if (now === last - 1) plays++;
      last = now;
    }
    expect(plays).toBe(1);
    // Pressed again while someone else is to play: nothing but a hint. The
    // human plays, and on the next press the next seat is still thinking.
    d.step(0);
    playUntil(d, (x) => x.table.game.turn === 0 && x.table.game.pendingCollect === null);
    d.press(BTN.SQUARE);
    // Once the card has landed: a press during its flight is shown as it lands (table-show.ts).
    d.until((x) => !x.table.flying, 20);
    const s = d.debug();
    expect(s.table.game.turn).not.toBe(0);
    expect(s.table.game.pendingCollect).toBeNull();
    d.step(BTN.SQUARE);
    const after = d.debug();
    expect(after.table.game.stacks[0].length).toBe(s.table.game.stacks[0].length);
    expect(after.table.hint).toBe('Not your turn');
  });

  it('wins a pair or sandwich with a quick Cross', async () => {
    await classicTable(5, 'Hard');
    const s = playUntil(d, (s) => pairOrSandwich(s.table.game.pile) && s.table.game.pendingCollect === null);
    const pile = s.table.game.pile.length;
    const mine = s.table.game.stacks[0].length;
    // Once the card has landed the CPUs' clocks start; a Cross FALSE_START_MS later (no false
    // start) is faster than any of them (their floor is 150 ms).
    waitToSee(d);
    d.step(BTN.CROSS);
    const after = d.debug();
    expect(after.table.game.pile.length).toBe(0);
    expect(after.table.game.stacks[0].length).toBe(mine + pile);
    expect(after.table.message).toMatch(/^(Pair|Sandwich)! You take \d+ cards$/);
    expect(after.table.timers.slapsWon[0]).toBe(1);
    expect(after.table.timers.fastest).toBeGreaterThanOrEqual(0);
  });

  it('loses the slap race to hard CPU players when waiting', async () => {
    await classicTable(5, 'Hard');
    // A pattern with the human to play next: nobody covers it while the human waits.
    const s = playUntil(
      d,
      (s) => pairOrSandwich(s.table.game.pile) && s.table.game.pendingCollect === null && s.table.game.turn === 0,
    );
    const pile = s.table.game.pile.length;
    const mine = s.table.game.stacks[0].length;
    const counts = s.table.game.stacks.map((x: number[]) => x.length);
    // Wait up to 1.5 s without slapping: a hard CPU takes the pile first.
    let after = s;
    for (let i = 0; i < 90 && after.table.game.pile.length >= pile; i++) {
      d.step(0);
      after = d.debug();
    }
    expect(after.table.game.pile.length).toBe(0);
    expect(after.table.game.stacks[0].length).toBe(mine);
    const winner = after.table.game.stacks.findIndex((x: number[], seat: number) => x.length === counts[seat] + pile);
    expect(winner).toBeGreaterThan(0);
    expect(after.table.message).toBe(`${after.table.message.split('!')[0]}! ${after.table.names[winner]} takes ${pile} cards`);
    expect(after.table.timers.slapsWon[winner]).toBe(s.table.timers.slapsWon[winner] + 1);
  });

  it('a won challenge is collected about 1 s after it is due; the human winner collects sooner with Square', async () => {
    await classicTable(21, 'Easy', '3');
    // A CPU winner: the pile waits ~1 s (slappable), then goes to them. A
    // pile someone slaps meanwhile does not count: wait for the next one.
    let s: any;
    let collected = false;
    for (let tries = 0; tries < 10 && !collected; tries++) {
      s = playUntil(d, (s) => s.table.game.pendingCollect !== null && s.table.game.pendingCollect.seat !== 0);
      // The pile fell due during the last frame stepped (d.now is the next frame's time).
      const dueAt = s.table.timers.collectAt - 1000;
      expect(dueAt).toBeGreaterThan(d.now - 40);
      expect(dueAt).toBeLessThanOrEqual(d.now);
      const seat = s.table.game.pendingCollect.seat;
      const pile = s.table.game.pile.length;
      let collectedIn = -1;
      while (d.debug().table.game.pendingCollect !== null) {
        collectedIn = d.now;
        d.step(0);
      }
      if (d.debug().table.message !== `${s.table.names[seat]} wins the challenge: ${pile} cards`) continue;
      collected = true;
      expect(collectedIn - dueAt).toBeGreaterThanOrEqual(1000);
      expect(collectedIn - dueAt).toBeLessThan(1000 + 17);
    }
    expect(collected).toBe(true);
    // The human as the winner: Square takes it at once.
    // Once the winning card has landed: until then the table keeps it secret that it won.
    s = playUntil(d, (s) => s.table.game.pendingCollect !== null && s.table.game.pendingCollect.seat === 0 && !s.table.flying);
    expect(s.table.hint).toBe('Square: take the pile');
    const mine = s.table.game.stacks[0].length;
    const won = s.table.game.pile.length;
    d.step(BTN.SQUARE);
    const after = d.debug();
    expect(after.table.game.pendingCollect).toBe(null);
    expect(after.table.game.stacks[0].length).toBe(mine + won);
    expect(after.table.message).toBe(`You win the challenge: ${won} cards`);
  });

  it('a seat out of cards is greyed: its name plate is drawn dimmed', async () => {
    const plates = (cmds: Int32Array): number[] => {
      const tints: number[] = [];
      const uv = SPRITES.seat[0] | (SPRITES.seat[1] << 16);
      for (let o = 0; o < cmds.length; o += 8) if (cmds[o] === 2 && cmds[o + 5] === uv) tints.push(cmds[o + 7]! >>> 0);
      return tints;
    };
    // The first seed (from 8) where the human runs out while the game goes on.
    for (let seed = 8; seed < 30; seed++) {
      d?.dispose();
      await classicTable(seed, 'Medium', '3');
      expect(plates(d.step(0))).toEqual([0xffffffff, 0xffffffff, 0xffffffff]);
      const s = playUntil(d, (s) => (s.table.game.stacks[0].length === 0 && s.table.game.over === null) || s.scene === 'results');
      if (s.scene === 'table') break;
    }
    // The last card lands first: until then the table shows the seat as it was before the play (docs/ai.md, "One clock").
    d.wait(11);
    d.step(0);
    expect(plates(d.last)).toEqual([0xff707070, 0xffffffff, 0xffffffff]); // seat 0 (you) greyed
  });

  it('a wrong slap pays a card to the player whose card it was', async () => {
    await classicTable(7);
    const s = playUntil(
      (d = d),
      (s) => s.table.game.pile.length > 0 && s.table.game.lastPlayer !== 0 && !s.table.flying && !pairOrSandwich(s.table.game.pile) && s.table.game.pendingCollect === null && s.table.game.stacks[0].length > 1,
    );
    const owner = s.table.game.lastPlayer;
    const mine = s.table.game.stacks[0].length;
    const theirs = s.table.game.stacks[owner].length;
    waitToSee(d);
    d.step(BTN.CROSS);
    const after = d.debug();
    expect(after.table.game.stacks[0].length).toBe(mine - 1);
    expect(after.table.game.stacks[owner].length).toBe(theirs + 1);
    expect(after.table.message).toBe(`Wrong slap: ${after.table.names[owner]} gets 1 card`);
    expect(after.table.timers.wrongSlaps[0]).toBe(1);
  });

  it('a wrong slap burns a card under the pile when Wrong slap says Burns cards', async () => {
    d = await startGame(7, { Players: '4', 'Wrong slap': 'Burns cards' });
    const s = playUntil(d, (s) => s.table.game.pile.length > 0 && !s.table.flying && !pairOrSandwich(s.table.game.pile) && s.table.game.pendingCollect === null && s.table.game.stacks[0].length > 1);
    const mine = s.table.game.stacks[0].length;
    const burned = s.table.game.burned.length;
    waitToSee(d);
    d.step(BTN.CROSS);
    const after = d.debug();
    expect(after.table.game.stacks[0].length).toBe(mine - 1);
    expect(after.table.game.burned.length).toBe(burned + 1);
    expect(after.table.message).toBe('Wrong slap: 1 card burned');
  });

  it('a slap while the card is still flying is a false start, even when it lands on a pair: said in words, never as a time', async () => {
    await classicTable(5, 'Hard');
    // A card in flight that makes a pair as it lands.
    const s = playUntil(d, (s) => s.table.flying && pairOrSandwich(s.table.game.pile) && s.table.game.pendingCollect === null && s.table.game.lastPlayer !== 0);
    const owner = s.table.game.lastPlayer;
    d.step(BTN.CROSS);
    // What the slap did shows as the card lands (nothing of the flying card before).
    const after = d.until((x) => !x.table.flying, 20);
    expect(after.table.game.pile).toEqual(s.table.game.pile);
    expect(after.table.message).toBe(`False start: ${after.table.names[owner]} gets 1 card`);
    expect(after.table.slapTimes).toBe('You: false start');
    expect(after.table.slapTimes).not.toMatch(/-|ms/);
  });

  it('Start pauses: the menu hides the pile, the table waits, Continue, Circle or Start goes on; End game asks once, then shows the results', async () => {
    await classicTable(3);
    d.wait(30);
    d.press(BTN.START);
    let s = d.debug();
    expect(s.paused).toBe(true);
    expect(s.pauseCursor).toBe(0);
    expect(s.table.timers.paused).toBe(true);
    // No card of the pile is drawn while paused (card faces are 46 x 64 sprites).
    const cardsDrawn = (cmds: Int32Array): number => {
      let n = 0;
      for (let o = 0; o < cmds.length; o += 8) if (cmds[o] === 2 && cmds[o + 3] === 46 && cmds[o + 4] === 64) n++;
      return n;
    };
    expect(cardsDrawn(d.last)).toBe(0);
    /** Out of the menu: the table shows again under its 3-2-1, its clock still stopped, then runs. */
    const resumesThroughCountdown = (): void => {
      const r = d.debug();
      expect(r.scene).toBe('table');
      expect(r.paused).toBe(false);
      expect(r.table.countdown).toBe(true);
      expect(r.table.timers.paused).toBe(true);
      d.until((x) => !x.table.countdown, 200);
      expect(d.debug().table.timers.paused).toBe(false);
    };
    const frozen = JSON.stringify(s.table.game);
    d.wait(120); // the table does not move while paused
    expect(JSON.stringify(d.debug().table.game)).toBe(frozen);
    d.press(BTN.DOWN);
    d.press(BTN.UP);
    d.press(BTN.CROSS); // Continue
    resumesThroughCountdown();
    d.press(BTN.START);
    d.press(BTN.CIRCLE); // Circle continues too
    expect(d.debug().paused).toBe(false);
    d.until((x) => !x.table.countdown, 200);
    d.press(BTN.START);
    d.press(BTN.START); // and Start, the button that paused: a PSP player's resume, through the same 3-2-1
    resumesThroughCountdown();
    d.press(BTN.START);
    d.press(BTN.UP); // End game
    d.press(BTN.CROSS);
    expect(d.debug().endAsked).toBe(true);
    d.press(BTN.CIRCLE); // not now: back to the menu
    s = d.debug();
    expect(s.endAsked).toBe(false);
    expect(s.paused).toBe(true);
    d.press(BTN.CROSS);
    d.press(BTN.CROSS); // yes, end it
    s = d.debug();
    expect(s.scene).toBe('results');
    expect(s.results.winner).toBe('Game ended');
    expect(s.results.cause).toBe('You ended it early: most cards wins');
    expect(s.stats.classic.games).toBe(1); // an ended game counts as played, not won
    expect(s.stats.classic.wins).toBe(0);
  });

  it('How to play from the pause menu shows this game\'s rules and comes back to the pause menu', async () => {
    await classicTable(3);
    d.wait(30);
    d.press(BTN.START);
    d.press(BTN.DOWN);
    d.press(BTN.CROSS);
    let s = d.debug();
    expect(s.scene).toBe('howTo');
    expect(s.howToFromPause).toBe(true);
    d.press(BTN.CIRCLE);
    s = d.debug();
    expect(s.scene).toBe('table');
    expect(s.paused).toBe(true);
    d.press(BTN.DOWN);
    d.press(BTN.CROSS); // End game: asked once
    d.press(BTN.CROSS);
    expect(d.debug().scene).toBe('results');
  });
});
