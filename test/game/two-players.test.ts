// Two people on one PSP (issue 16), driven through the built bundle: the
// left player plays with D-pad Left and slaps with L, the right player plays
// with Square and slaps with R. Both pressing slap in the same frame is a tie
// that the rules' slap order decides (earliest, then nearest clockwise after
// whoever played the top card: docs/rules.md), whichever side it favours.
import { afterEach, describe, expect, it } from 'vitest';
import { BTN, Driver } from '../support/driver';
import { endGameFromPause, goToTitleItem, pairOrSandwich, startGame, waitToSee } from './helpers';

let d: Driver;
afterEach(() => d?.dispose());

async function duel(seed: number, players = '2'): Promise<Driver> {
  d = await startGame(seed, { Players: players, People: '2' });
  return d;
}

/** The button that plays (or collects) for this seat: Left for the left player (seat 0), Square for the right. */
function playButton(seat: number): number {
  return seat === 0 ? BTN.LEFT : BTN.SQUARE;
}

/** Whoever the game waits for presses their own play button (each person only ever uses their own). */
function stepPeople(s: any): void {
  const g = s.table.game;
  const players = g.options.players;
  const seat = g.pendingCollect !== null ? g.pendingCollect.seat : g.turn;
  if (seat === 0 || seat === players - 1) d.press(playButton(seat === 0 ? 0 : 1));
  else d.step(0);
}

describe('two people on one PSP', () => {
  it('seats the left player at the bottom and the right player in the last seat, each marked with their buttons', async () => {
    await duel(3, '4');
    const s = d.debug();
    expect(s.settings.humans).toBe(2);
    expect(s.table.names[0]).toBe('Left');
    expect(s.table.names[3]).toBe('Right');
    expect(s.table.marks[0]).toBe('← L');
    expect(s.table.marks[3]).toBe('□ R');
    expect(s.table.marks[1] ?? '').toBe('');
    // The help line names whoever is to act, with their button.
    const g = s.table.game;
    if (g.turn === 0) expect(s.table.hint).toBe('Left to play: ←');
    else expect(s.table.hint).not.toContain('Your turn');
  });

  it('each person plays only with their own button: Left for the left seat, Square for the right', async () => {
    await duel(5);
    for (let i = 0; i < 6; i++) {
      const g = d.debug().table.game;
      const seat = g.turn;
      const other = seat === 0 ? BTN.SQUARE : BTN.LEFT;
      d.press(other);
      expect(d.debug().table.game.cardsPlayed).toBe(g.cardsPlayed);
      d.press(playButton(seat));
      expect(d.debug().table.game.cardsPlayed).toBe(g.cardsPlayed + 1);
      if (d.debug().table.game.pendingCollect !== null) d.until((s) => s.table.game.pendingCollect === null, 200);
    }
  });

  it('a slap pressed by both in the same frame goes by the slap order, won from either side', async () => {
    await duel(21);
    const tieWins = [0, 0];
    for (let guard = 0; guard < 20000 && (tieWins[0] === 0 || tieWins[1] === 0); guard++) {
      const s = d.debug();
      const g = s.table.game;
      expect(g.over).toBeNull();
      if (g.pile.length > 0 && pairOrSandwich(g.pile)) {
        // Both see it land first.
        if (s.table.flying) {
          d.step(0);
          continue;
        }
        const last = g.lastPlayer;
        // Both in one frame once they could see it; the left player's bit is read first, so a scan-order bug favours the left.
        waitToSee(d);
        d.step(BTN.LTRIGGER | BTN.RTRIGGER);
        const after = d.debug();
        const winner = (last + 1) % 2;
        expect(after.table.game.stacks[winner].length).toBeGreaterThan(g.stacks[winner].length);
        expect(after.table.game.pile).toEqual([]);
        // The other slap came after the pile was taken: it missed, costing nothing.
        expect(after.table.game.stacks[1 - winner].length).toBe(g.stacks[1 - winner].length);
        expect(after.table.message).toBe(`${winner === 0 ? 'Right' : 'Left'}: too late!`);
        tieWins[winner]++;
        d.step(0);
        continue;
      }
      stepPeople(s);
    }
    expect(tieWins[0]).toBeGreaterThan(0);
    expect(tieWins[1]).toBeGreaterThan(0);
  });

  it('a wrong slap names the player who made it, and the one who gets the card', async () => {
    await duel(8);
    stepPeople(d.debug());
    const g = d.debug().table.game;
    expect(g.pile.length).toBe(1);
    expect(g.pendingCollect).toBeNull();
    waitToSee(d);
    const owner = g.lastPlayer === 0 ? 'Left' : 'Right';
    d.press(BTN.RTRIGGER);
    expect(d.debug().table.message).toBe(`Right: wrong slap: ${owner === 'Right' ? 'Left' : owner} gets 1 card`);
    d.press(BTN.LTRIGGER);
    expect(d.debug().table.message).toBe(`Left: wrong slap: ${owner === 'Left' ? 'Right' : owner} gets 1 card`);
  });

  it('two presses on a card still in flight, or just landed, are false starts for both, and the times say so in words: nobody is called late', async () => {
    // Issue 32: "Right 5 ms" was called too late beside "Kim -49 ms".
    d = await startGame(8, { Players: '3', People: '2', 'Slap times': 'Always' });
    d.until((s) => s.table.flying && s.table.game.pendingCollect === null && s.table.game.lastPlayer === 1, 3000);
    d.step(BTN.LTRIGGER);
    // Shown as the card lands; the right player presses in that first frame, 0-17 ms after the landing.
    d.until((s) => !s.table.flying, 30);
    expect(d.debug().table.message).toBe('Left: false start: Dana gets 1 card');
    d.step(BTN.RTRIGGER);
    const s = d.debug();
    expect(s.table.message).toBe('Right: false start: Dana gets 1 card');
    expect(s.table.slapTimes).toBe('Left: false start · Right: false start');
    expect(s.table.message + s.table.slapTimes).not.toMatch(/late|-\d/);
  });

  it('Start pauses the table for both, and menus answer either player\'s buttons', async () => {
    await duel(4, '3');
    d.press(BTN.START);
    expect(d.debug().paused).toBe(true);
    expect(d.debug().table.timers.paused).toBe(true);
    // The pause menu answers either player too.
    d.press(BTN.SQUARE);
    expect(d.debug().pauseCursor).toBe(1);
    d.press(BTN.TRIANGLE);
    expect(d.debug().pauseCursor).toBe(0);
    d.press(BTN.START);
    expect(d.debug().paused).toBe(false); // Start again continues, for both
    endGameFromPause(d);
    expect(d.debug().scene).toBe('results');
    d.press(BTN.CIRCLE);
    expect(d.debug().scene).toBe('title');
    expect(d.debug().stats.twoPlayer.games).toBe(1); // the ended game, kept apart from single play
    expect(d.debug().stats.classic.games).toBe(0);
    goToTitleItem(d, 0);
    // The right player: Square moves down, R confirms; the left player: D-pad and L.
    d.press(BTN.SQUARE);
    expect(d.debug().titleCursor).toBe(1);
    d.press(BTN.TRIANGLE);
    expect(d.debug().titleCursor).toBe(0);
    d.press(BTN.DOWN);
    d.press(BTN.RTRIGGER);
    expect(d.debug().scene).toBe('options');
    d.press(BTN.CIRCLE);
    d.press(BTN.UP);
    d.press(BTN.LTRIGGER);
    expect(d.debug().scene).toBe('table');
  });

  it('plays from the title to the results, which name the winner; the statistics are kept apart from single play', async () => {
    await duel(12);
    let slapper = 0;
    for (let guard = 0; guard < 60000 && d.debug().scene === 'table'; guard++) {
      const s = d.debug();
      const g = s.table.game;
      if (g.over !== null) {
        d.step(0);
        continue;
      }
      if (g.pile.length > 0 && pairOrSandwich(g.pile)) {
        // Take turns at the slaps, so that both sides win some.
        d.press(slapper === 0 ? BTN.LTRIGGER : BTN.RTRIGGER);
        slapper = 1 - slapper;
        continue;
      }
      stepPeople(s);
    }
    const s = d.debug();
    expect(s.scene).toBe('results');
    const winner = s.table.game.over.winner;
    expect(s.results.winner).toBe(winner === 0 ? 'Left wins!' : 'Right wins!');
    expect(s.stats.twoPlayer).toEqual({ games: 1, leftWins: winner === 0 ? 1 : 0, rightWins: winner === 1 ? 1 : 0 });
    expect(s.stats.classic.games).toBe(0);
    expect(s.results.lifetime[0]).toContain('Two people: 1 played');
    const ranking = s.results.ranking.map((r: any) => r.name);
    expect(ranking.sort()).toEqual(['Left', 'Right']);
    expect(s.results.ranking.reduce((n: number, r: any) => n + r.slapsWon, 0)).toBeGreaterThan(1);
  });
});
