// The results page as a player reads it (issue 32): the columns' headings
// fit their columns in both languages ("Выиграно стопок" and "Хлопков
// удачных" ran into each other), players the ranking cannot tell apart
// share a place instead of being numbered 2, 3, 4, and a game that one
// person ended says so ("The players ended it early" was said to one).
import { beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_CODE } from '../../src/assets/font';
import { stringsFor } from '../../src/app/i18n';
import { newStats, statsResults } from '../../src/app/game-stats';
import type { ResultsScreen } from '../../src/app/screen';
import { defaultOptions, newGame } from '../../src/rules';
import type { GameState } from '../../src/rules/types';
import { COMMAND_INTS, MAX_COMMANDS } from '../../src/contract';
import { beginFrame, bindCommands } from '../../src/view/drawlist';
import { newLayer } from '../../src/view/layer';
import { drawResultsPage, newMenusView } from '../../src/view/menus';
import { setFallbackCode, type TextRun } from '../../src/view/text';
import { BTN } from '../support/driver';
import { startGame } from './helpers';

beforeEach(() => {
  setFallbackCode(FALLBACK_CODE);
  bindCommands(new Int32Array(MAX_COMMANDS * COMMAND_INTS));
});

/** The box a laid-out text covers: its glyphs' left, top, right and bottom. */
function box(run: TextRun): [number, number, number, number] {
  let l = Infinity;
  let t = Infinity;
  let r = -Infinity;
  let b = -Infinity;
  for (let o = 0; o < run.cmds.length; o += COMMAND_INTS) {
    const [x, y, w, h] = [run.cmds[o + 1]!, run.cmds[o + 2]!, run.cmds[o + 3]!, run.cmds[o + 4]!];
    l = Math.min(l, x);
    t = Math.min(t, y);
    r = Math.max(r, x + w);
    b = Math.max(b, y + h);
  }
  return [l, t, r, b];
}

const overlap = (a: number[], b: number[]): boolean => a[0]! < b[2]! && b[0]! < a[2]! && a[1]! < b[3]! && b[1]! < a[3]!;

function sixPlayers(language: 'en' | 'ru'): ResultsScreen {
  const t = stringsFor(language);
  const names = [t.you, ...t.cpuNames];
  return {
    winner: t.wins(t.cpuNames[4]!, false),
    cause: t.resultCause('cardLimit', 'classic', 1),
    ranking: names.map((name, i) => ({ place: i + 1, name, cards: 52 - i * 9, piles: 10 + i, slapsWon: 12 + i, wrongSlaps: 3 + i })),
    fastestMs: 287,
    fastestLabel: t.statFastest,
    cardsPlayed: 5000,
    lifetime: [t.lifetimeLine(t.ruleSetNames.classic, 12, 5), t.lifetimeLine(t.ruleSetNames.russian, 3, 1)],
  };
}

describe('the results page', () => {
  it.each(['en', 'ru'] as const)('%s: no two of its texts overlap, and all stay on the panel, in both rule sets', (language) => {
    for (const slapping of [true, false]) {
      const v = newMenusView(newLayer());
      beginFrame();
      drawResultsPage(v, stringsFor(language), sixPlayers(language), slapping);
      const boxes = [...v.results, ...v.rankNames]
        .map((slot) => slot.run)
        .filter((run): run is TextRun => run !== null && run.cmds.length > 0)
        .map(box);
      expect(boxes.length).toBeGreaterThan(12);
      for (let i = 0; i < boxes.length; i++) {
        expect(boxes[i]![0], `text ${i} left of the panel`).toBeGreaterThanOrEqual(20);
        expect(boxes[i]![2], `text ${i} right of the panel`).toBeLessThanOrEqual(460);
        for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i]!, boxes[j]!), `${language} ${slapping ? 'classic' : 'Russian'}: texts ${i} and ${j} overlap: ${boxes[i]} ${boxes[j]}`).toBe(false);
      }
    }
  });
});

describe('places in the ranking', () => {
  function stopped(ruleSet: 'classic' | 'russian', cards: number[], over: GameState['over']): GameState {
    const g = newGame(defaultOptions(ruleSet, cards.length), 5, 0);
    let next = 0;
    g.stacks = cards.map((n) => Array.from({ length: n }, () => next++ % 52));
    g.over = over;
    return g;
  }
  const names = ['You', 'Dana', 'Alex', 'Max'];
  const places = (g: GameState): number[] => statsResults(newStats(g.options.players), g, names).ranking.map((r) => r.place);
  const cardsOf = (g: GameState): number[] => statsResults(newStats(g.options.players), g, names).ranking.map((r) => r.cards);

  it('a game ended early: the same cards, the same place', () => {
    const g = stopped('classic', [10, 20, 10, 10], null);
    expect(cardsOf(g)).toEqual([20, 10, 10, 10]);
    expect(places(g)).toEqual([1, 2, 2, 2]);
    // Level at the top, nobody first alone.
    expect(places(stopped('classic', [15, 15, 11, 11], null))).toEqual([1, 1, 3, 3]);
  });

  it('a game the card limit stopped: its winner first alone, the others tied by cards', () => {
    const g = stopped('classic', [12, 12, 14, 14], null);
    g.over = { winner: 2, ranking: [2, 3, 0, 1], byLimit: true, endedBy: 'cardLimit' };
    expect(places(g)).toEqual([1, 2, 3, 3]);
  });

  it('a classic game played out ranks by who went out last: every place its own', () => {
    const g = stopped('classic', [52, 0, 0, 0], null);
    g.over = { winner: 0, ranking: [0, 3, 1, 2], byLimit: false, endedBy: 'rules' };
    expect(places(g)).toEqual([1, 2, 3, 4]);
  });

  it('a Russian game: the one who played out first, then the others by fewest cards, ties shared', () => {
    const g = stopped('russian', [0, 9, 9, 4], null);
    g.over = { winner: 0, ranking: [0, 3, 1, 2], byLimit: false, endedBy: 'rules' };
    expect(places(g)).toEqual([1, 2, 3, 3]);
  });
});

describe('a game the players ended', () => {
  it.each(['en', 'ru'] as const)('%s: one person ended it, or the two did', (language) => {
    const t = stringsFor(language);
    const one = t.resultCause('ended', 'classic', 1);
    const two = t.resultCause('ended', 'classic', 2);
    expect(one).not.toBe(two);
    expect(one).toMatch(language === 'en' ? /^You ended it early/ : /^Вы закончили игру досрочно/);
    expect(two).toMatch(language === 'en' ? /^The players ended it early/ : /^Игроки закончили игру досрочно/);
  });

  it('two people: the fastest slap is either one\'s, not "yours" (the right player\'s 338 ms was "Your fastest slap")', async () => {
    const d = await startGame(3, { People: '2' });
    d.wait(120);
    d.press(BTN.START);
    d.presses(BTN.DOWN, BTN.DOWN, BTN.CROSS, BTN.CROSS);
    const s = d.until((x) => x.scene === 'results', 200);
    expect(s.results.fastestLabel).toBe('Fastest slap of you two');
    d.dispose();
    const one = await startGame(3);
    one.wait(120);
    one.press(BTN.START);
    one.presses(BTN.DOWN, BTN.DOWN, BTN.CROSS, BTN.CROSS);
    expect(one.until((x) => x.scene === 'results', 200).results.fastestLabel).toBe('Your fastest slap');
    one.dispose();
  });

  it('End game from the pause menu, alone at the table: the results say you ended it', async () => {
    const d = await startGame(3);
    d.wait(120);
    d.press(BTN.START);
    d.presses(BTN.DOWN, BTN.DOWN, BTN.CROSS, BTN.CROSS);
    const s = d.until((x) => x.scene === 'results', 200);
    expect(s.results.cause).toBe('You ended it early: most cards wins');
    d.dispose();
  });
});
