// Options a player can read (issue 20): before, one list of 23 rows with no
// word on what any of them did ("Card limit 5000"). Now the rows come under
// their groups' headings, every row explains itself in a line under the
// list in both languages, a slap rule shows its How to play picture, and
// every number says its unit.
import { describe, expect, it } from 'vitest';
import { stringsFor } from '../../src/app/i18n';
import { OPTIONS, defaultSettings, optionLines, setOption as set, type Settings } from '../../src/app/options';
import { SLAP_RULES } from '../../src/rules';

const every = (s: Settings): number[] => OPTIONS.map((_, i) => i);

describe('the options, for a player', () => {
  it.each(['en', 'ru'] as const)('every row has its own help line, in %s', (language) => {
    const t = stringsFor(language);
    for (const ruleSet of ['classic', 'russian'] as const) {
      const s = { ...defaultSettings(), ruleSet };
      const lines = optionLines(every(s), s, t);
      for (const line of lines) {
        expect(line.help, line.label).not.toBe('');
        expect(line.help, line.label).not.toBe(line.label);
      }
      // Different options, different lines (the slap rules each their own pattern).
      const helps = lines.filter((l) => !l.label.startsWith(t.opt.slapRule)).map((l) => l.help);
      expect(new Set(helps).size).toBe(helps.length);
    }
  });

  it('groups the rows under headings, each group together, in the order the strings name them', () => {
    const t = stringsFor('en');
    const s = defaultSettings();
    const lines = optionLines(every(s), s, t);
    expect(lines.filter((l) => l.group !== '').map((l) => l.group)).toEqual(['Game', 'Slap rules', 'Wrong slaps', 'More rules', 'Language and sound']);
    expect(lines[0]!.group).toBe('Game');
  });

  it('shows a slap rule with its picture, and nothing else with one', () => {
    const t = stringsFor('en');
    const s = defaultSettings();
    const lines = optionLines(every(s), s, t);
    for (const line of lines) {
      const slap = SLAP_RULES.some((r) => line.label === t.opt.slapRule + ': ' + t.slapRuleNames[r]);
      if (slap) expect(line.picture!.length, line.label).toBeGreaterThanOrEqual(1);
      else expect(line.picture, line.label).toBeNull();
    }
  });

  it('says the unit of every number: players, people, cards played', () => {
    const s = defaultSettings();
    set(OPTIONS.find((d) => d.path === 'cardLimit')!, s, 5000);
    const en = optionLines(every(s), s, stringsFor('en'));
    const ru = optionLines(every(s), s, stringsFor('ru'));
    const value = (lines: typeof en, label: string) => lines.find((l) => l.label === label)!.value;
    expect(value(en, 'Card limit')).toBe('5,000 cards played');
    expect(value(ru, 'Лимит карт')).toBe('5 000 сыгранных карт');
    expect(value(en, 'Players')).toMatch(/^\d players$/);
    expect(value(en, 'People')).toBe('1 person');
    for (const line of en) expect(line.value, line.label).not.toMatch(/^\d+$/);
  });

  it('explains the card limit with the rule set\'s own ranking', () => {
    const s = { ...defaultSettings(), ruleSet: 'russian' as const };
    const help = (t: ReturnType<typeof stringsFor>, st: Settings) => optionLines(every(st), st, t).find((l) => l.label === t.opt.cardLimit)!.help;
    expect(help(stringsFor('en'), s)).toContain('fewest cards wins');
    expect(help(stringsFor('en'), defaultSettings())).toContain('most cards wins');
    expect(help(stringsFor('ru'), s)).toContain('меньше карт');
  });
});
