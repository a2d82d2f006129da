// Words true to the host the players sit at (issue 32), from what host.caps
// says they hold, in both languages: no "this PSP" on a computer or a
// phone; How to play's first page names the two people's own keys when
// two play; the footers name every key that confirms a menu (Enter as well
// as S); and the Slap times option says what its "Hard and Master" means.
import { describe, expect, it } from 'vitest';
import { howToPages } from '../../src/app/howto';
import { stringsFor } from '../../src/app/i18n';
import { OPTIONS, defaultSettings, optionLines, optionRows } from '../../src/app/options';
import { defaultOptions } from '../../src/rules';
import type { Capabilities } from '../../src/contract';
import { DESKTOP_CAPS, PSP_CAPS, TOUCH_CAPS } from '../support/caps';

const LANGUAGES = ['en', 'ru'] as const;
const HOSTS: [string, Capabilities][] = [
  ['PSP', PSP_CAPS],
  ['desktop', DESKTOP_CAPS],
  ['phone', TOUCH_CAPS],
];

function help(language: 'en' | 'ru', caps: Capabilities, path: string): string {
  const s = { ...defaultSettings(), humans: 2 as const };
  const rows = optionRows(s);
  const lines = optionLines(rows, s, stringsFor(language, caps));
  const i = rows.findIndex((r) => OPTIONS[r]!.path === path);
  return lines[i]!.help;
}

describe('the machine named in the words is the one the players hold', () => {
  it('reads it from the capabilities', () => {
    expect(HOSTS.map(([, caps]) => stringsFor('en', caps).machine)).toEqual(['psp', 'keyboard', 'touch']);
  });

  it.each(LANGUAGES)('%s: the People option\'s help and the two-people page say PSP only on the PSP', (language) => {
    for (const [host, caps] of HOSTS) {
      const t = stringsFor(language, caps);
      const people = help(language, caps, 'humans');
      const page = howToPages(defaultOptions('classic', 4), t, caps, 2).at(-1)!;
      const quit = t.machine === 'psp' ? t.quitQuestion.psp : t.quitQuestion.elsewhere;
      if (host === 'PSP') {
        expect(people, host).toContain('PSP');
        expect(page.psp, host).toBe(true);
        expect(quit).toContain('PSP');
        continue;
      }
      for (const text of [people, page.text, quit]) expect(text, `${language} ${host}`).not.toContain('PSP');
      // A phone's players hold no PSP to draw.
      expect(page.psp, host).toBe(false);
    }
    expect(help(language, DESKTOP_CAPS, 'humans')).toMatch(language === 'en' ? /keyboard/ : /клавиатур/);
    expect(help(language, TOUCH_CAPS, 'humans')).toMatch(language === 'en' ? /screen/ : /экране/);
    expect(howToPages(defaultOptions('classic', 4), stringsFor(language, TOUCH_CAPS), TOUCH_CAPS).at(-1)!.text).toContain(stringsFor(language, TOUCH_CAPS).twoPlayerTouch);
  });
});

describe('How to play\'s first page names the buttons of the people at the table', () => {
  it.each(LANGUAGES)('%s, a keyboard: one person Z and S; two people F and Q, J and P', (language) => {
    const t = stringsFor(language, DESKTOP_CAPS);
    for (const ruleSet of ['classic', 'russian'] as const) {
      const one = howToPages(defaultOptions(ruleSet, 4), t, DESKTOP_CAPS, 1)[0]!.text;
      const two = howToPages(defaultOptions(ruleSet, 4), t, DESKTOP_CAPS, 2)[0]!.text;
      expect(one).toMatch(/\bZ\b/);
      expect(two, `${language} ${ruleSet}`).not.toMatch(/\b[ZS]\b/);
      for (const key of ruleSet === 'classic' ? ['F', 'Q', 'J', 'P'] : ['F', 'J']) expect(two, `${language} ${ruleSet}`).toMatch(new RegExp(`\\b${key}\\b`));
      expect(two).toContain('Esc');
    }
  });

  it.each(LANGUAGES)('%s, the PSP: two people, D-pad Left and L, Square and R', (language) => {
    const t = stringsFor(language, PSP_CAPS);
    const two = howToPages(defaultOptions('classic', 4), t, PSP_CAPS, 2)[0]!.text;
    for (const glyph of ['←', 'L', '□', 'R']) expect(two).toContain(glyph);
    expect(two).not.toContain('✕');
  });
});

describe('footers name every key that confirms', () => {
  const FOOTERS = ['titleHint', 'optionsHint', 'resultsHint', 'pauseHint', 'outHint', 'quitAnswers', 'endAnswers', 'chooseHint', 'resetHint'] as const;

  it.each(LANGUAGES)('%s: S and Enter on a keyboard, Cross on the PSP', (language) => {
    const keys = stringsFor(language, DESKTOP_CAPS);
    const psp = stringsFor(language, PSP_CAPS);
    for (const f of FOOTERS) {
      expect(keys[f], f).toContain('S/Enter');
      expect(psp[f], f).not.toContain('Enter');
      expect(psp[f], f).toContain(psp.buttons.cross);
    }
  });
});

describe('the Slap times option', () => {
  it.each(LANGUAGES)('%s: its help says what its value "Hard and Master" means', (language) => {
    const t = stringsFor(language);
    const line = help(language, PSP_CAPS, 'slapTimes');
    expect(line).toContain(t.slapTimesNames.auto);
    expect(line).toContain(t.difficultyNames.hard);
    expect(line).toContain(t.difficultyNames.master);
  });
});
