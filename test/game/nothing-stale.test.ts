// Nothing stale, nothing covered (issue 32, item 3): the slap's hand and
// burst leave as the next line appears; the slap-times line leaves as the
// next card lands; a person's slap on the pile they just took says no
// "Too late!"; no line from before a pause survives it and its 3-2-1, which
// says what it counts to; the out-of-the-game prompt says why; and the last
// picture of a quit shows no question (the web page keeps it under its
// panel).
import { afterEach, describe, expect, it } from 'vitest';
import { newCues } from '../../src/app/cues';
import { EN } from '../../src/app/i18n/en';
import { newTableShow, showEvent, showSlapTimes, type TableShow } from '../../src/app/table-show';
import { COMMAND_INTS, OP_MUSIC, OP_QUIT, OP_SOUND } from '../../src/contract';
import { defaultOptions, newGame } from '../../src/rules';
import type { GameState } from '../../src/rules/types';
import { LAND_MS } from '../../src/table/table';
import type { Controller } from '../../src/table/seats';
import { newTableDisplay } from '../../src/view/table-display';
import { BTN, Driver } from '../support/driver';
import { pairOrSandwich, playUntil, playUntilOut, startGame } from './helpers';

let d: Driver | undefined;
afterEach(() => {
  d?.dispose();
  d = undefined;
});

const base: GameState = newGame(defaultOptions('classic', 3), 1, 0);

function showAt(): TableShow {
  const display = newTableDisplay();
  display.names = [EN.you, 'Dana', 'Alex'];
  display.human = 0;
  const seats: Controller[] = [{ kind: 'human', pad: 0 }, { kind: 'cpu', difficulty: 'medium' }, { kind: 'cpu', difficulty: 'medium' }];
  return newTableShow(display, EN, newCues(), seats, 0, false, 0);
}

const slapWon = { type: 'claimed', seat: 0, reason: 'slap', pattern: 'pair', cards: 6 } as const;
const pairPile: GameState = { ...base, pile: [1, 14] };

describe('the slap moment leaves in time', () => {
  it("the slap's hand and burst leave as a newer line appears, not with the slap's own", () => {
    const show = showAt();
    showEvent(show, slapWon, pairPile, base, 1000, false);
    expect(show.display.slapHand.active).toBe(true);
    expect(show.display.message).toBe('Pair! You take 6 cards');
    // The next card, a king, lands 300 ms later: its line would be under the burst.
    showEvent(show, { type: 'challenge', by: 0, answerer: 1, chances: 3 }, base, base, 1300, false);
    expect(show.display.message).toBe('Challenge! Dana has 3 chances');
    expect(show.display.slapHand.active).toBe(false);
  });

  it('the slap-times line leaves as the next card lands', () => {
    const show = showAt();
    showSlapTimes(show, 'You 312 ms · Dana 298 ms', 1000);
    showEvent(show, { type: 'played', seat: 0, card: 3, comparison: 'none' }, base, base, 1400 + LAND_MS, false);
    expect(show.display.slapTimes).toBe('');
  });

  it('a slap on the pile you just took yourself says nothing; a slap too late on a pile someone else took says so', () => {
    const show = showAt();
    showEvent(show, slapWon, pairPile, base, 1000, false);
    showEvent(show, { type: 'slapMissed', seat: 0 }, base, base, 1100, false);
    expect(show.display.message).toBe('Pair! You take 6 cards');
    showEvent(show, { ...slapWon, seat: 1 }, pairPile, base, 2000, false);
    showEvent(show, { type: 'slapMissed', seat: 0 }, base, base, 2100, false);
    expect(show.display.message).toBe('Too late!');
  });
});

describe('the slap-times line', () => {
  it("names each slapper once: the winner's second press on the pile they took is no time", async () => {
    d = await startGame(6, { Players: '4', 'CPU players': 'Hard' });
    let seenFor = 0;
    for (let i = 0; i < 30000; i++) {
      const s = d.debug();
      const g = s.table.game;
      const slappable = g.over === null && g.pile.length > 1 && pairOrSandwich(g.pile) && g.pendingCollect === null && !s.table.flying;
      seenFor = slappable ? seenFor + 1 : 0;
      if (slappable && seenFor === 12) {
        d.step(BTN.CROSS);
        d.step(0);
        if (d.debug().table.game.pile.length !== 0 || d.debug().table.game.turn !== 0) continue;
        d.wait(3);
        d.press(BTN.CROSS); // again, on the pile just taken
        const times: string = d.debug().table.slapTimes;
        expect(times).toMatch(/^You \d+ ms/);
        expect(times.split('You').length - 1).toBe(1);
        expect(d.debug().table.message).toMatch(/^(Pair|Sandwich)! You take/);
        return;
      }
      if (g.over === null && (g.turn === 0 || g.pendingCollect?.seat === 0) && g.pendingChoice === null && !s.table.flying) d.press(BTN.SQUARE);
      else d.step(0);
    }
    throw new Error('the person never won a slap');
  });
});

describe('a pause and its 3-2-1', () => {
  it('leaves no line from before it, and the 3-2-1 says what it counts to', async () => {
    d = await startGame(4, { Players: '4' });
    const s = playUntil(d, (x) => x.table.message !== '' && !x.table.flying && x.table.game.pendingCollect === null && x.table.game.pendingChoice === null);
    const before = s.table.message;
    d.press(BTN.START);
    d.press(BTN.CROSS); // Continue: the 3-2-1
    const counting = d.debug();
    expect(counting.table.countdown).toBe(true);
    expect(counting.table.countdownLine).toBe('Play resumes in 3');
    expect(counting.table.message).toBe('');
    d.until((x) => x.table.countdownLine === 'Play resumes in 1', 200);
    d.until((x) => !x.table.countdown, 200);
    expect(d.debug().table.message).not.toBe(before);
  });
});

describe('the out-of-the-game prompt', () => {
  it('says why the person is out', async () => {
    d = await playUntilOut(4);
    expect(d.debug().outPrompt).toBe(true);
    expect(d.debug().outWhy).toBe('You have no cards left, and Slap back in is off.');
  });
});

describe('quitting from the title', () => {
  /** The picture of a frame: its commands without sounds, music and the quit. */
  const picture = (cmds: Int32Array): string => {
    const out: number[] = [];
    for (let o = 0; o < cmds.length; o += COMMAND_INTS) {
      const op = cmds[o]!;
      if (op !== OP_SOUND && op !== OP_MUSIC && op !== OP_QUIT) out.push(...cmds.subarray(o, o + COMMAND_INTS));
    }
    return out.join(',');
  };

  it('the last picture is the menu without the question', async () => {
    d = await Driver.create({ seed: 1 });
    d.wait(5);
    const menu = picture(d.step(0));
    d.press(BTN.START); // "Quit to the PSP menu?"
    expect(d.debug().quitConfirm).toBe(true);
    d.step(BTN.CROSS); // yes
    expect(d.quit).toBe(true);
    expect(picture(d.last)).toBe(menu);
  });
});
