// Out of the game (issue 20): before, a person out for good (no cards, with
// slapping back in off, or barred) kept the "Play / Slap" legend and the old
// lines while the CPUs played on for minutes with no word. Now the table
// stops once and asks: keep watching (the CPUs finish at three times the
// pace, a banner says so) or end the game (its results, as it stood).
import { afterEach, describe, expect, it } from 'vitest';
import { BTN, Driver } from '../support/driver';
import { playUntilOut } from './helpers';
import { WATCH_PACE } from '../../src/app/scenes/table';

let d: Driver;
afterEach(() => d?.dispose());

describe('the last person out', () => {
  it('is asked once, the table waiting; Keep watching plays on at three times the pace to the end', async () => {
    d = await playUntilOut(4);
    let s = d.debug();
    expect(s.outPrompt).toBe(true);
    expect(s.table.game.stacks[0]).toEqual([]);
    expect(s.table.hint).toBe('');
    const frozen = JSON.stringify(s.table.game);
    d.wait(120);
    expect(JSON.stringify(d.debug().table.game)).toBe(frozen); // the table waits for the answer
    d.press(BTN.CROSS); // Keep watching (the first row)
    s = d.debug();
    expect(s.outPrompt).toBe(false);
    expect(s.pace).toBe(WATCH_PACE);
    // The CPUs play on by themselves; never asked again, and the game ends.
    const end = d.until((x) => x.scene === 'results' || x.outPrompt, 60 * 600, 30);
    expect(end.outPrompt).toBe(false);
    expect(end.scene).toBe('results');
  });

  it('End the game shows the results of the game as it stood', async () => {
    d = await playUntilOut(4);
    d.press(BTN.DOWN);
    d.press(BTN.CROSS);
    const s = d.debug();
    expect(s.scene).toBe('results');
    expect(s.results.cause).toBe('You ended it early: most cards wins');
  });
});
