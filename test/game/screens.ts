// The scenes the golden hashes and the screenshots are taken of, each
// reached by playing from the title with a fixed seed.
import { BTN, Driver } from '../support/driver';
import { goToTitleItem, openOptions, pairOrSandwich, playEasyGameToResults, playUntil, setOption, startFromOptions } from './helpers';

export interface Scene {
  name: string;
  /** Returns the driver with the frame to keep as d.last. */
  reach: () => Promise<Driver>;
}

async function title(): Promise<Driver> {
  const d = await Driver.create({ seed: 1 });
  d.wait(3);
  return d;
}

/** Left idle on the title: the CPU-only demo. */
async function titleDemo(): Promise<Driver> {
  const d = await Driver.create({ seed: 5 });
  d.wait(60 * 24);
  return d;
}

async function options(): Promise<Driver> {
  const d = await Driver.create({ seed: 1 });
  d.step(0);
  openOptions(d);
  setOption(d, 'Slap: Marriage', 'On');
  d.wait(2);
  return d;
}

async function howTo(): Promise<Driver> {
  const d = await Driver.create({ seed: 1 });
  d.step(0);
  goToTitleItem(d, 2);
  d.press(BTN.CROSS);
  d.wait(2);
  return d;
}

/** How to play from the title, on page `page`, with the options `set` sets first. */
async function howToPage(page: number, set: (d: Driver) => void): Promise<Driver> {
  const d = await Driver.create({ seed: 1 });
  d.step(0);
  openOptions(d);
  set(d);
  d.press(BTN.CIRCLE);
  goToTitleItem(d, 2);
  d.press(BTN.CROSS);
  for (let i = 0; i < page; i++) d.press(BTN.RIGHT);
  d.wait(2);
  return d;
}

/** The pause menu over a classic game: the table (and its pile) hidden. */
async function pause(language: string): Promise<Driver> {
  const d = await Driver.create({ seed: 2 });
  d.step(0);
  openOptions(d);
  setOption(d, 'Language', language);
  d.press(BTN.CIRCLE);
  goToTitleItem(d, 0);
  d.press(BTN.CROSS);
  d.wait(90);
  d.press(BTN.START);
  d.press(BTN.DOWN);
  d.wait(2);
  return d;
}

/** Statistics after one finished classic game and one Russian game ended from the pause menu. */
async function statistics(language: string): Promise<Driver> {
  const d = await playEasyGameToResults(3);
  d.press(BTN.CIRCLE);
  openOptions(d);
  setOption(d, 'Rules', 'Russian');
  setOption(d, 'Language', language);
  startFromOptions(d);
  playUntil(d, (s) => s.table.game.cardsPlayed > 30);
  d.press(BTN.START);
  d.press(BTN.START);
  goToTitleItem(d, 3);
  d.press(BTN.CROSS);
  // Its page, over a frame's work budget, is prepared behind the title's picture first (src/app/app.ts drawApp).
  d.wait(10);
  return d;
}

async function table6(): Promise<Driver> {
  const d = await Driver.create({ seed: 9 });
  d.step(0);
  openOptions(d);
  setOption(d, 'Players', '6');
  startFromOptions(d);
  // A challenge running against the human, with its pips.
  playUntil(d, (s) => s.table.game.challenge !== null && s.table.game.challenge.answerer === 0 && s.table.game.pile.length > 3);
  d.wait(30);
  return d;
}

/** The human slaps a pile that shows nothing: the hand, the red cross, the shake. */
async function tableWrongSlap(): Promise<Driver> {
  const d = await Driver.create({ seed: 4 });
  d.step(0);
  openOptions(d);
  setOption(d, 'Players', '4');
  startFromOptions(d);
  playUntil(d, (s) => s.table.game.pile.length > 2 && s.table.game.pendingCollect === null && !pairOrSandwich(s.table.game.pile));
  d.step(BTN.CROSS);
  d.wait(7);
  return d;
}

async function tableRussian(): Promise<Driver> {
  const d = await Driver.create({ seed: 1 });
  d.step(0);
  openOptions(d);
  setOption(d, 'Rules', 'Russian');
  setOption(d, 'Players', '3');
  setOption(d, 'Jokers', 'Player chooses');
  setOption(d, 'Language', 'Русский');
  startFromOptions(d);
  playUntil(d, (s) => s.table.choosing, 40000);
  d.press(BTN.RIGHT);
  d.wait(30);
  return d;
}

async function results(): Promise<Driver> {
  const d = await Driver.create({ seed: 3 });
  d.step(0);
  openOptions(d);
  setOption(d, 'Players', '3');
  setOption(d, 'CPU players', 'Easy');
  startFromOptions(d);
  playUntil(d, (s) => s.scene === 'results', 60000);
  // Its page is prepared behind the table's last picture over a few frames (src/app/app.ts drawApp).
  d.wait(10);
  return d;
}

export const SCENES: Scene[] = [
  { name: 'title', reach: title },
  { name: 'title-demo', reach: titleDemo },
  { name: 'options', reach: options },
  { name: 'how-to-play', reach: howTo },
  { name: 'table-6p', reach: table6 },
  { name: 'table-wrong-slap', reach: tableWrongSlap },
  { name: 'table-russian', reach: tableRussian },
  { name: 'results', reach: results },
  // How to play with pictures: slap patterns, what a slap costs, the Russian lays.
  { name: 'how-to-slaps', reach: () => howToPage(2, (d) => setOption(d, 'Slap: Marriage', 'On')) },
  { name: 'how-to-costs', reach: () => howToPage(3, () => undefined) },
  { name: 'how-to-challenges-ru', reach: () => howToPage(1, (d) => setOption(d, 'Language', 'Русский')) },
  {
    name: 'how-to-lays-ru',
    reach: () =>
      howToPage(2, (d) => {
        setOption(d, 'Rules', 'Russian');
        setOption(d, 'Language', 'Русский');
      }),
  },
  { name: 'pause', reach: () => pause('English') },
  { name: 'pause-ru', reach: () => pause('Русский') },
  { name: 'statistics', reach: () => statistics('English') },
  { name: 'statistics-ru', reach: () => statistics('Русский') },
];
