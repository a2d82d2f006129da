// The title deals the game Play would start while it waits for the press
// (src/app/session.ts dealAhead), and a new scene's first picture is
// prepared behind the last one (src/app/app.ts drawApp): the frame of the
// press pays for neither (issue 24: no frame over budget). The game is the
// one the press would have dealt, and the table, once shown, is drawn as if
// it had been drawn in one go.
import { afterEach, describe, expect, it } from 'vitest';
import { pictureOf } from '../support/commands';
import { BTN, Driver } from '../support/driver';
import { playEasyGameToResults } from './helpers';

const drivers: Driver[] = [];
afterEach(() => {
  for (const d of drivers.splice(0)) d.dispose();
});

async function driver(): Promise<Driver> {
  const d = await Driver.create({ seed: 4 });
  drivers.push(d);
  return d;
}

/** Presses Cross on the title's Play after `idle` frames; returns whether the game was dealt ahead, and the game dealt. */
async function playAfter(idle: number): Promise<{ dealtAhead: boolean; stacks: unknown }> {
  const d = await driver();
  d.wait(idle);
  const dealtAhead = d.debug().nextDealt === true;
  d.press(BTN.CROSS);
  const s = d.debug();
  expect(s.scene).toBe('table');
  return { dealtAhead, stacks: s.table.game.stacks };
}

describe('dealing ahead', () => {
  it('Play starts the game the title dealt while it waited: the game the press deals', async () => {
    // Pressed in the third frame, before the title deals ahead; and a second in, after.
    const early = await playAfter(2);
    const late = await playAfter(60);
    expect(early.dealtAhead).toBe(false);
    expect(late.dealtAhead).toBe(true);
    expect(late.stacks).toEqual(early.stacks);
  });

  it('the results deal the game Play again starts', async () => {
    const d = await playEasyGameToResults(3);
    drivers.push(d);
    d.wait(60);
    expect(d.debug().nextDealt).toBe(true);
    const dealer = d.debug().dealer;
    d.press(BTN.CROSS);
    const s = d.debug();
    expect(s.scene).toBe('table');
    expect(s.table.game.dealer).toBe(dealer);
    expect(s.table.game.cardsPlayed).toBe(0);
  });

  it('until the table is ready the title stays up, whole, and the table shows within a few frames', async () => {
    const d = await driver();
    d.wait(60);
    const title = pictureOf(d.step(0));
    let shownAt = -1;
    for (let i = 0; i < 8 && shownAt < 0; i++) {
      const picture = pictureOf(d.step(i === 0 ? BTN.CROSS : 0));
      if (picture !== title) shownAt = i;
    }
    expect(d.debug().scene).toBe('table');
    expect(shownAt).toBeGreaterThanOrEqual(0);
    expect(shownAt).toBeLessThanOrEqual(4);
  });
});
