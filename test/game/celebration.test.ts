// A won game's payoff (issue 20): before, a won game was a small "You win!"
// on the felt for 2 s, then the results. Now a game a person wins ends in a
// celebration: the fanfare plays, the winner's cards fly up over the dimmed
// table (drawn every frame, moving), any button after half a second skips
// to the results, and without one the results come when the fanfare ends.
import { afterEach, describe, expect, it } from 'vitest';
import { SOUND } from '../../src/assets/sounds';
import { CELEBRATION_MS } from '../../src/view/celebration';
import { COMMAND_INTS, OP_SPRITE } from '../../src/contract';
import { soundsOf } from '../support/commands';
import { BTN, Driver } from '../support/driver';
import { gameOver, slapAndPlayUntil, startGame } from './helpers';

let d: Driver;
afterEach(() => d?.dispose());

/** The sounds of the frames since the game's last card (playToTheEnd). */
let heard: number[] = [];

/** An easy 3-player game, the person slapping what they see and playing on their turn, until it is over. */
async function playToTheEnd(seed: number): Promise<Driver> {
  const d = await startGame(seed, { Players: '3', 'CPU players': 'Easy' });
  slapAndPlayUntil(d, gameOver, (frames) => {
    heard = frames.flatMap(soundsOf);
  });
  // A last pile taken while its last card flew shows as that card lands.
  for (let i = 0; i < 20 && !d.debug().table.celebrating; i++) heard.push(...soundsOf(d.step(0)));
  return d;
}

const spriteCount = (cmds: Int32Array): number => {
  let n = 0;
  for (let o = 0; o < cmds.length; o += COMMAND_INTS) if (cmds[o] === OP_SPRITE) n++;
  return n;
};

/** A seed whose easy game the person wins (found by playing: the rules and CPUs are deterministic). */
const WON = 3;

describe('a won game', () => {
  it('celebrates: the fanfare, cards flying every frame, then the results when it ends', async () => {
    d = await playToTheEnd(WON);
    const s = d.debug();
    expect(s.table.game.over.winner).toBe(0);
    expect(s.table.celebrating).toBe(true);
    expect(heard).toContain(SOUND.fanfare);
    expect(heard).not.toContain(SOUND.win);
    // The cards are in the air: each frame draws more sprites than the still table, and differently.
    const still = spriteCount(d.step(0));
    d.wait(40);
    const a = d.step(0);
    const b = d.step(0);
    expect(spriteCount(a)).toBeGreaterThan(still + 10);
    expect(Array.from(a)).not.toEqual(Array.from(b));
    expect(d.debug().scene).toBe('table');
    d.wait(Math.ceil((CELEBRATION_MS * 60) / 1000) - 40);
    expect(d.debug().scene).toBe('results');
  });

  it('any button skips the celebration to the results, once it has shown half a second', async () => {
    d = await playToTheEnd(WON);
    d.press(BTN.SQUARE); // the last card's mashing does not skip it
    expect(d.debug().scene).toBe('table');
    d.wait(30);
    d.press(BTN.TRIANGLE);
    expect(d.debug().scene).toBe('results');
    expect(d.debug().results.winner).toBe('You win!');
  });
});
