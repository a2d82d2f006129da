// Work spread over frames so that no frame costs more than its budget
// (issue 24; the counts are bench/results.md's, `make bench`): the title's
// CPU games are dealt a step a frame before their table shows
// (src/app/scenes/title.ts stepStart), and the frame that takes a pile shows
// the picture before it once more, its sounds at once, its own picture the
// next frame (src/app/app.ts drawApp, src/app/screen.ts pictureWaits).
import { afterEach, describe, expect, it } from 'vitest';
import { SOUND } from '../../src/contract';
import { pictureOf, soundsOf } from '../support/commands';
import { BTN, Driver } from '../support/driver';
import { goToTitleItem } from './helpers';

const drivers: Driver[] = [];
afterEach(() => {
  for (const d of drivers.splice(0)) d.dispose();
});

async function driver(seed: number): Promise<Driver> {
  const d = await Driver.create({ seed });
  drivers.push(d);
  return d;
}

/** Frames from `first` until the picture is no longer `before`; -1 if it still is after `max`. */
function framesUntilChanged(d: Driver, before: string, first: number, max: number): number {
  for (let i = 0; i < max; i++) if (pictureOf(d.step(i === 0 ? first : 0)) !== before) return i;
  return -1;
}

describe('the title\'s CPU games are dealt over frames', () => {
  it('Watch CPUs: the menu stays up, whole, while the options and the deal take a frame each, then the game shows', async () => {
    const d = await driver(4);
    d.wait(2);
    goToTitleItem(d, 4);
    d.wait(30);
    const menu = pictureOf(d.step(0));
    const shownAt = framesUntilChanged(d, menu, BTN.CROSS, 10);
    // the press, the options, the deal and the table's start come first; its picture is prepared behind the menu
    expect(shownAt).toBeGreaterThanOrEqual(3);
    expect(shownAt).toBeLessThanOrEqual(8);
    const s = d.debug();
    expect(s.watching).toBe(true);
    expect(s.table.game.cardsPlayed).toBe(0);
  });
});

describe('a pile taken', () => {
  it('shows the picture before it once more, with the slap and sweep sounds; its own picture the next frame', async () => {
    const d = await driver(25);
    d.wait(2);
    d.press(BTN.CROSS); // Play
    let previous = pictureOf(d.step(0));
    for (let f = 0; f < 20000; f++) {
      const s = d.debug();
      const g = s.table?.game;
      const ours = s.scene === 'table' && g && g.over === null && g.turn === 0 && g.pendingCollect === null;
      const cmds = d.step(ours && f % 8 === 0 ? BTN.SQUARE : 0);
      const picture = pictureOf(cmds);
      if (soundsOf(cmds).includes(SOUND.sweep)) {
        expect(picture).toBe(previous);
        const next = pictureOf(d.step(0));
        expect(next).not.toBe(picture);
        return;
      }
      previous = picture;
    }
    throw new Error('no pile was taken');
  });
});
