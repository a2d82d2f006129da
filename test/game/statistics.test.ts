// Statistics: each game's counts per seat (src/app/game-stats.ts), the
// lifetime figures per rule set (src/app/lifetime.ts), the Statistics screen
// on the title menu with its reset, and the title's "Watch CPUs".
import { afterEach, describe, expect, it } from 'vitest';
import { countEvent, newStats } from '../../src/app/game-stats';
import { stringsFor } from '../../src/app/i18n';
import { SLAP_BUCKET_MS, addGame, defaultStats, medianBucket, statsRows } from '../../src/app/lifetime';
import { defaultOptions, newGame } from '../../src/rules';
import { BTN, Driver } from '../support/driver';
import { goToTitleItem, openOptions, playEasyGameToResults, setOption } from './helpers';

let d: Driver | undefined;
afterEach(() => d?.dispose());

describe('one game\'s counts', () => {
  it('counts piles, winning slaps with their times, wrong slaps, lost races and challenges, per seat', () => {
    const s = newStats(3);
    countEvent(s, { type: 'claimed', seat: 0, reason: 'slap', pattern: 'pair', cards: 6 }, 1250, 1000, true);
    countEvent(s, { type: 'claimed', seat: 0, reason: 'slap', pattern: 'pair', cards: 4 }, 2400, 2200, true);
    countEvent(s, { type: 'claimed', seat: 1, reason: 'slap', pattern: 'pair', cards: 4 }, 3100, 3000, false);
    countEvent(s, { type: 'claimed', seat: 0, reason: 'challenge', cards: 9 }, 5000, 4000, true);
    countEvent(s, { type: 'wrongSlap', seat: 0, burned: 1, barred: false }, 6000, 5500, true);
    countEvent(s, { type: 'slapMissed', seat: 0 }, 7000, 6900, true);
    countEvent(s, { type: 'slapMissed', seat: 2 }, 7000, 6900, false);
    expect(s.piles).toEqual([3, 1, 0]);
    expect(s.slapsWon).toEqual([2, 1, 0]);
    expect(s.wrongSlaps).toEqual([1, 0, 0]); // what the results used to call "slaps lost"
    expect(s.racesLost).toEqual([1, 0, 1]);
    expect(s.challengesWon).toEqual([1, 0, 0]);
    expect(s.slapTimes).toEqual([250, 200]); // only the person's
    expect(s.fastest).toBe(200);
  });
});

describe('lifetime statistics', () => {
  it('adds up the person\'s figures per rule set; the median is the bucket of the middle slap', () => {
    const stats = defaultStats();
    const game = { ...newGame(defaultOptions('classic', 3), 1, 0), cardsPlayed: 140 };
    const one = newStats(3);
    for (const ms of [180, 240, 260, 900]) countEvent(one, { type: 'claimed', seat: 0, reason: 'slap', pattern: 'pair', cards: 2 }, 1000 + ms, 1000, true);
    countEvent(one, { type: 'wrongSlap', seat: 0, burned: 1, barred: false }, 0, 0, true);
    addGame(stats, game, one, 0, true);
    addGame(stats, { ...game, cardsPlayed: 90 }, newStats(3), 0, false);
    const c = stats.classic;
    expect([c.games, c.wins, c.slapsWon, c.wrongSlaps, c.fastest, c.longest]).toEqual([2, 1, 4, 1, 180, 140]);
    expect(stats.russian.games).toBe(0);
    // 180, 240, 260, 900: the lower middle one is 240, in the 240-250 ms bucket.
    expect(medianBucket(c.slapHistogram) * SLAP_BUCKET_MS).toBe(240);
    const rows = statsRows(stats, stringsFor('en'));
    const row = (label: string): { classic: string; russian: string } => rows.find((r) => r.label === label)!;
    expect(row('Win rate')).toEqual({ label: 'Win rate', classic: '50%', russian: '-' });
    expect(row('Median winning slap').classic).toBe('240-250 ms');
    expect(row('Fastest winning slap').classic).toBe('180 ms');
    expect(row('Wrong slaps').classic).toBe('1');
    expect(row('Piles you had to take')).toMatchObject({ classic: '-', russian: '0' });
    expect(medianBucket([])).toBe(-1);
  });

  it('a finished game adds exactly what the table counted for the person', async () => {
    d = await playEasyGameToResults(3);
    const s = d.debug();
    expect(s.scene).toBe('results');
    const c = s.stats.classic;
    const counted = s.table.timers; // the game's own counts, kept to its end
    expect(c.games).toBe(1);
    expect(c.wins).toBe(s.table.game.over.winner === 0 ? 1 : 0);
    expect(c.slapsWon).toBe(counted.slapsWon[0]);
    expect(c.slapsWon).toBeGreaterThan(0);
    expect(c.wrongSlaps).toBe(counted.wrongSlaps[0]);
    expect(c.challengesWon).toBe(counted.challengesWon[0]);
    expect(c.longest).toBe(s.table.game.cardsPlayed);
    expect(c.fastest).toBe(s.results.fastestMs);
    // Every winning slap made after its card landed has a time (one before it was a guess: src/app/game-stats.ts).
    const timed = c.slapHistogram.reduce((a: number, b: number) => a + b, 0);
    expect(timed).toBeGreaterThan(0);
    expect(timed).toBeLessThanOrEqual(c.slapsWon);
    // Saved with the game.
    expect(JSON.parse(d.vm.saved!).stats.classic).toEqual(c);
  });
});

describe('the Statistics screen', () => {
  const saved = JSON.stringify({ version: 1, settings: {}, stats: { classic: { games: 4, wins: 3, slapsWon: 12 }, russian: { games: 2, wins: 0, piles: 7 } } });

  it('opens from the title with both rule sets\' figures; Triangle asks, Circle keeps, Cross resets and saves', async () => {
    d = await Driver.create({ seed: 1, saved });
    d.step(0);
    goToTitleItem(d, 3);
    d.press(BTN.CROSS);
    let s = d.debug();
    expect(s.scene).toBe('stats');
    const row = (label: string): any => d!.debug().statsRows.find((r: any) => r.label === label);
    expect(row('Games played')).toMatchObject({ classic: '4', russian: '2' });
    expect(row('Win rate')).toMatchObject({ classic: '75%', russian: '0%' });
    expect(row('Piles you had to take').russian).toBe('7');
    d.press(BTN.TRIANGLE);
    expect(d.debug().statsConfirm).toBe(true);
    d.press(BTN.CIRCLE); // keep them
    s = d.debug();
    expect(s.statsConfirm).toBe(false);
    expect(s.stats.classic.games).toBe(4);
    expect(d.vm.saves).toBe(0);
    d.press(BTN.TRIANGLE);
    d.press(BTN.CROSS); // reset
    s = d.debug();
    expect(s.stats.classic.games).toBe(0);
    expect(row('Games played')).toMatchObject({ classic: '0', russian: '0' });
    expect(JSON.parse(d.vm.saved!).stats.russian.piles).toBe(0);
    d.press(BTN.CIRCLE);
    expect(d.debug().scene).toBe('title');
  });
});

describe('Watch CPUs', () => {
  it('plays a CPU-only game with the player\'s options until any button', async () => {
    d = await Driver.create({ seed: 1 });
    d.step(0);
    openOptions(d);
    setOption(d, 'Rules', 'Russian');
    setOption(d, 'Players', '5');
    d.press(BTN.CIRCLE);
    goToTitleItem(d, 4);
    d.press(BTN.CROSS);
    // dealt over a few frames behind the menu (src/app/scenes/title.ts stepStart)
    let s = d.until((x) => x.watching, 10);
    expect(s.watching).toBe(true);
    expect(s.table.game.options.ruleSet).toBe('russian');
    expect(s.table.game.options.players).toBe(5);
    expect(s.table.names).not.toContain('You');
    d.wait(600);
    s = d.debug();
    expect(s.table.game.cardsPlayed).toBeGreaterThan(10);
    expect(s.stats.russian.games).toBe(0); // watching counts nothing
    d.press(BTN.SQUARE);
    s = d.debug();
    expect(s.watching).toBe(false);
    expect(s.demo).toBe(false);
    expect(s.scene).toBe('title');
  });

  it('the game limit option ends a game at that many cards', async () => {
    d = await Driver.create({ seed: 1 });
    d.step(0);
    openOptions(d);
    setOption(d, 'Card limit', '500');
    d.press(BTN.CIRCLE);
    goToTitleItem(d, 4);
    d.press(BTN.CROSS);
    const s = d.until((s) => s.table !== null && (s.table.game.over !== null || s.table.game.cardsPlayed > 500), 60000, 30);
    expect(s.table.game.options.cardLimit).toBe(500);
    expect(s.table.game.cardsPlayed).toBeLessThanOrEqual(500);
  });
});

describe('the median of slow slaps', () => {
  it('slaps of 2 s and more share the last bucket, shown as at least its start', () => {
    const stats = defaultStats();
    const game = newGame(defaultOptions('classic', 3), 1, 0);
    const one = newStats(3);
    for (const ms of [2500, 9000, 30]) countEvent(one, { type: 'claimed', seat: 0, reason: 'slap', pattern: 'pair', cards: 2 }, 1000 + ms, 1000, true);
    addGame(stats, game, one, 0, false);
    expect(statsRows(stats, stringsFor('en')).find((r) => r.label === 'Median winning slap')!.classic).toBe('>= 2000 ms');
  });
});
