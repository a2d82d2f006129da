// How a game ended, in the results (issue 20, "True words"): every cause has
// its own line in both languages, and where the ranking is by cards it is
// the rule set's own: most cards first in classic, fewest first in Russian.
// The rules' card limit and repeated-position guard end games as they say.
import { describe, expect, it } from 'vitest';
import { stringsFor } from '../../src/app/i18n';
import { resultCause, type ResultCause } from '../../src/app/game-stats';
import { defaultOptions, newGame, rankingWhenStopped } from '../../src/rules';
import type { GameState, RuleSet } from '../../src/rules/types';
import { playUntil, startGame } from './helpers';

const CAUSES: ResultCause[] = ['allCards', 'cardLimit', 'repeat', 'ended'];
const RULE_SETS: RuleSet[] = ['classic', 'russian'];
/** The words each language uses for "most cards wins" and "fewest cards wins". */
const RANKED = { en: { classic: 'most cards wins', russian: 'fewest cards wins' }, ru: { classic: 'больше карт', russian: 'меньше карт' } };

describe('the results say how the game ended', () => {
  it.each(['en', 'ru'] as const)('%s: each cause has its own line, with the rule set\'s ranking', (language) => {
    const t = stringsFor(language);
    const lines = new Set<string>();
    for (const ruleSet of RULE_SETS) {
      for (const cause of CAUSES) {
        const line = t.resultCause(cause, ruleSet, 1);
        expect(line.length, `${language} ${ruleSet} ${cause}`).toBeGreaterThan(10);
        lines.add(line);
        if (cause !== 'allCards') {
          expect(line, `${language} ${ruleSet} ${cause}`).toContain(RANKED[language][ruleSet]);
          expect(line).not.toContain(RANKED[language][ruleSet === 'classic' ? 'russian' : 'classic']);
        }
      }
    }
    expect(lines.size).toBe(CAUSES.length * RULE_SETS.length);
  });

  it('takes the cause from how the rules ended the game', () => {
    expect(resultCause(null)).toBe('ended');
    expect(resultCause({ winner: 0, ranking: [0, 1], byLimit: false, endedBy: 'rules' })).toBe('allCards');
    expect(resultCause({ winner: 0, ranking: [0, 1], byLimit: true, endedBy: 'cardLimit' })).toBe('cardLimit');
    expect(resultCause({ winner: 0, ranking: [0, 1], byLimit: true, endedBy: 'repeat' })).toBe('repeat');
  });

  it('ranks a stopped game by cards: most first in classic, fewest first in Russian', () => {
    for (const ruleSet of RULE_SETS) {
      const g: GameState = newGame(defaultOptions(ruleSet, 3), 7, 0);
      g.stacks = [g.stacks[0]!.slice(0, 5), g.stacks[1]!.slice(0, 12), g.stacks[2]!.slice(0, 9)];
      expect(rankingWhenStopped(g)).toEqual(ruleSet === 'classic' ? [1, 2, 0] : [0, 2, 1]);
    }
  });

  it('a Russian game stopped by the card limit says fewest cards wins, and ranks so', async () => {
    const d = await startGame(2, { Rules: 'Russian', Players: '2', 'Card limit': '500' });
    const s = playUntil(d, (s) => s.scene === 'results', 80000);
    // This seed's game runs into the limit (a game that ended by the rules would say so instead).
    expect(s.table.game.over.endedBy).toBe('cardLimit');
    expect(s.results.cause).toBe('The card limit was reached: fewest cards wins');
    const cards = s.results.ranking.map((r: { cards: number }) => r.cards);
    expect(cards).toEqual([...cards].sort((a: number, b: number) => a - b));
    d.dispose();
  });
});
