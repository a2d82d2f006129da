// The option table (src/app/options.ts) is the one definition the settings,
// the save format, the options menu and the game's options derive from.
import { describe, expect, it } from 'vitest';
import { stringsFor } from '../../src/app/i18n';
import { OPTIONS, changeRow, defaultSettings, gameOptions, optionRows, rowText } from '../../src/app/options';
import { defaultStats, readSave, writeSave } from '../../src/app/settings';
import { defaultOptions } from '../../src/rules';

describe('the option table', () => {
  it('writes the defaults in the save format the game has always written (the card limit added last among the rules, slap times beside the difficulty, an online room\'s CPU seats beside them, the online name last; a wrong slap pays a card since issue 32)', () => {
    expect(JSON.stringify(defaultSettings())).toBe(
      '{"ruleSet":"classic","players":4,"humans":1,"difficulty":"medium","onlineCpus":1,"slapTimes":"auto","slapRules":{"pair":true,"sandwich":true,"topBottom":false,"tens":false,"sandwichTens":false,"marriage":false,"divorce":false,"hoagie":false,"run":false,"flush":false,"joker":false},"runLength":3,"runWrap":false,"wrongSlap":"pay","wrongSlapPenalty":1,"banCards":3,"tensStop":false,"slapIn":true,"jokers":false,"russianJokers":"off","cardLimit":5000,"language":"en","sound":true,"music":true,"name":""}',
    );
  });

  it('a save from before a wrong slap paid a card keeps the rule it holds: the old default burns', () => {
    const old = JSON.parse(writeSave(defaultSettings(), defaultStats()));
    old.settings.wrongSlap = 'burn';
    const loaded = readSave(JSON.stringify(old));
    expect(loaded.damaged).toBe(false);
    expect(loaded.settings.wrongSlap).toBe('burn');
    expect(defaultSettings().wrongSlap).toBe('pay');
  });

  it('steps every option through all its values and back, and reads each value back from a save', () => {
    for (let row = 0; row < OPTIONS.length; row++) {
      const s = defaultSettings();
      const seen = new Set<string>();
      for (let i = 0; i < OPTIONS[row]!.values.length; i++) {
        seen.add(JSON.stringify(s));
        const loaded = readSave(writeSave(s, defaultStats()));
        expect(loaded.damaged).toBe(false);
        expect(loaded.settings).toEqual(s);
        changeRow(row, s, 1);
      }
      expect(seen.size).toBe(OPTIONS[row]!.values.length);
      expect(s).toEqual(defaultSettings());
    }
  });

  it('shows the Russian rows without the classic slap rules, and labels every row in both languages', () => {
    const s = defaultSettings();
    const classicRows = optionRows(s).length;
    s.ruleSet = 'russian';
    const en = stringsFor('en');
    const russian = optionRows(s).map((row) => rowText(row, s, en).label);
    expect(russian).toEqual([en.opt.ruleSet, en.opt.players, en.opt.humans, en.opt.difficulty, en.opt.russianJokers, en.opt.cardLimit, en.opt.language, en.opt.sound, en.opt.music]);
    expect(classicRows).toBeGreaterThan(russian.length);
    for (const lang of ['en', 'ru'] as const)
      for (let row = 0; row < OPTIONS.length; row++) expect(rowText(row, defaultSettings(), stringsFor(lang)).label).not.toBe('');
  });

  it('passes the rules options on to the game, dropping the joker slap without jokers', () => {
    const s = defaultSettings();
    s.players = 6;
    s.slapRules.joker = true;
    s.wrongSlapPenalty = 2;
    s.cardLimit = 1000;
    const o = gameOptions(s);
    expect(o).toEqual({ ...defaultOptions('classic', 6), wrongSlapPenalty: 2, cardLimit: 1000 });
    s.jokers = true;
    expect(gameOptions(s).slapRules.joker).toBe(true);
  });
});
