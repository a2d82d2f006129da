// How to play's pictures (src/app/howto.ts, the slap rules' examples in
// src/rules/slap-rules.ts) are judged by the rules
// themselves: each slap picture is a pile its rule matches, the challenge
// cards give the counts their captions say, and the Russian pictures
// compare as captioned.
import { describe, expect, it } from 'vitest';
import { stringsFor } from '../../src/app/i18n';
import { howToPages } from '../../src/app/howto';
import { SLAP_RULES, SLAP_RULE_TABLE, defaultOptions } from '../../src/rules';
import { DESKTOP_CAPS, PSP_CAPS } from '../support/caps';
import { challengeChances, penaltyCards } from '../../src/rules/cards';
import { compareCards } from '../../src/rules/russian';
import { matchesRule } from '../../src/rules/slaps';
import type { GameOptions } from '../../src/rules/types';

const en = stringsFor('en');

function everySlap(runLength: 3 | 4): GameOptions {
  const o = defaultOptions('classic', 4);
  o.jokers = true;
  o.runLength = runLength;
  for (const rule of SLAP_RULES) o.slapRules[rule] = true;
  return o;
}

describe('how to play pictures', () => {
  it.each([3, 4] as const)('each slap picture is a pile its rule matches (runs of %i)', (runLength) => {
    const o = everySlap(runLength);
    for (const rule of SLAP_RULES) expect(matchesRule(rule, SLAP_RULE_TABLE[rule].example(o), o), rule).toBe(true);
  });

  it('shows exactly the slap rules that are on, three a page, captioned with their help', () => {
    const o = everySlap(3);
    const pages = howToPages(o, en);
    const slapPages = pages.filter((p) => p.title.startsWith('Slaps'));
    expect(slapPages.length).toBe(Math.ceil(SLAP_RULES.length / 3));
    expect(slapPages.flatMap((p) => p.examples.map((e) => e.caption))).toEqual(SLAP_RULES.map((r) => en.slapRuleHelp[r]));
    const plain = howToPages(defaultOptions('classic', 4), en).filter((p) => p.title.startsWith('Slaps'));
    expect(plain.flatMap((p) => p.examples.map((e) => e.caption))).toEqual([en.slapRuleHelp.pair, en.slapRuleHelp.sandwich]);
  });

  it('the challenge cards give the chances their captions say', () => {
    const page = howToPages(defaultOptions('classic', 4), en).find((p) => p.title === 'Challenges')!;
    expect(page.examples.map((e) => challengeChances(e.cards[0]!))).toEqual([1, 2, 3, 4]);
    expect(page.examples.map((e) => e.caption)).toEqual(['Jack: 1 chance', 'Queen: 2 chances', 'King: 3 chances', 'Ace: 4 chances']);
  });

  it('the wrong-slap picture burns what the option burns, and says so', () => {
    for (const burn of [0, 1, 2] as const) {
      const o = { ...defaultOptions('classic', 4), wrongSlap: 'burn' as const, wrongSlapPenalty: burn };
      const costs = howToPages(o, en).find((p) => p.title === 'Wrong and late slaps')!;
      expect(costs.examples[0]!.burned).toBe(burn);
      expect(costs.examples[0]!.caption).toBe(en.penaltyHelp(burn));
      // The wrong slap's pile shows no slap pattern.
      for (const rule of SLAP_RULES) if (o.slapRules[rule]) expect(matchesRule(rule, costs.examples[0]!.cards, o)).toBe(false);
    }
  });

  it('the other wrong-slap rules show their own cost and burn nothing; tens stoppers are told with the challenges', () => {
    const costsOf = (o: GameOptions) => howToPages(o, en).find((p) => p.title === 'Wrong and late slaps')!.examples[0]!;
    expect(costsOf(defaultOptions('classic', 4))).toMatchObject({ caption: en.payHelp, burned: 0 });
    expect(costsOf({ ...defaultOptions('classic', 4), wrongSlap: 'pileToNext' })).toMatchObject({ caption: en.pileToNextHelp, burned: 0 });
    expect(costsOf({ ...defaultOptions('classic', 4), wrongSlap: 'ban', banCards: 5 })).toMatchObject({ caption: en.banHelp(5), burned: 0 });
    const challenges = howToPages({ ...defaultOptions('classic', 4), tensStop: true }, en).find((p) => p.title === 'Challenges')!;
    expect(challenges.text).toContain(en.tensStopHelp);
  });

  it('ends with two people on one PSP, with the host\'s keys and controllers where it has them', () => {
    const psp = howToPages(defaultOptions('classic', 4), en, PSP_CAPS).at(-1)!;
    expect(psp).toMatchObject({ title: 'Two people', psp: true, text: en.howToTwoPlayers });
    const padsOnly = howToPages(defaultOptions('classic', 4), en, { ...PSP_CAPS, pads: 2 }).at(-1)!.text;
    expect(padsOnly).toBe(en.howToTwoPlayers + '\n' + en.twoPlayerPads);
    // A computer (its hints name keys) shows no PSP: no drawing, no PSP button names (issue 20).
    for (const language of ['en', 'ru'] as const) {
      const t = stringsFor(language, DESKTOP_CAPS);
      const desktop = howToPages(defaultOptions('russian', 4), t, DESKTOP_CAPS).at(-1)!;
      expect(desktop.psp).toBe(false);
      expect(desktop.text).toBe([t.howToTwoPeopleHere, t.twoPlayerKeys(DESKTOP_CAPS.keys!), t.twoPlayerPads].join('\n\n'));
      expect(desktop.text).not.toMatch(/PSP|Square|Квадрат|D-pad|крестовина/);
      expect(desktop.text).toContain('Esc');
    }
    const keysOnly = howToPages(defaultOptions('classic', 4), stringsFor('en', DESKTOP_CAPS), { ...DESKTOP_CAPS, pads: 0 }).at(-1)!.text;
    expect(keysOnly).toBe('Two people at one screen: set People to 2 in Options.\n\nIn menus both can move and confirm. Esc pauses for both.\n\nKeyboard: left F plays, Q slaps; right J plays, P slaps.');
  });

  it('slapping back in is explained as the option is set', () => {
    const on = howToPages(defaultOptions('classic', 4), en).find((p) => p.title === 'Out of cards')!;
    expect(on.examples.map((e) => e.caption)).toEqual([en.slapInHelp(true), en.barredHelp]);
    const off = howToPages({ ...defaultOptions('classic', 4), slapIn: false }, en).find((p) => p.title === 'Out of cards')!;
    expect(off.examples.map((e) => e.caption)).toEqual([en.slapInHelp(false)]);
  });

  it('the Russian pictures compare as captioned, and the lays count as the rules do', () => {
    for (const jokers of ['off', 'beatsAll', 'chooser'] as const) {
      const o = { ...defaultOptions('russian', 3), russianJokers: jokers };
      const pages = howToPages(o, en);
      const compare = pages.find((p) => p.title === 'Higher or lower')!;
      expect(compare.examples.map((e) => compareCards(e.cards[1]!, e.cards[0]!, o))).toEqual(['higher', 'equal', 'lower']);
      const lays = pages.find((p) => p.title === 'Penalty lays')!;
      for (const e of lays.examples) {
        expect(compareCards(e.cards[1]!, e.cards[0]!, o)).toBe('higher');
        expect(e.caption).toMatch(new RegExp(`lays ${penaltyCards(e.cards[1]!)}$`));
      }
      const joker = pages.find((p) => p.title === 'Jokers')!;
      expect(joker.text).toBe(en.russianJokerHelp[jokers]);
      if (jokers === 'beatsAll') {
        expect(compareCards(joker.examples[0]!.cards[1]!, joker.examples[0]!.cards[0]!, o)).toBe('higher');
        expect(compareCards(joker.examples[1]!.cards[1]!, joker.examples[1]!.cards[0]!, o)).toBe('lower');
      }
    }
  });
});

describe('how to play says each thing once, and true to the rule set', () => {
  const russian = (jokers: 'off' | 'beatsAll' | 'chooser'): GameOptions => ({ ...defaultOptions('russian', 4), russianJokers: jokers });
  /** The sentences of a text, without their closing stop. */
  const sentences = (text: string): string[] => text.split(/(?<=[.!?])\s+|\n+/).map((x) => x.trim().replace(/[.!]$/, '')).filter((x) => x.length > 12);

  it.each(['en', 'ru'] as const)('%s: no page repeats a sentence of its text in a caption', (language) => {
    const t = stringsFor(language);
    for (const o of [russian('off'), russian('beatsAll'), russian('chooser'), everySlap(3)]) {
      for (const page of howToPages(o, t)) {
        for (const s of sentences(page.text)) {
          for (const e of page.examples) expect(e.caption, `${page.title}: "${s}" twice`).not.toContain(s);
        }
      }
    }
  });

  it.each(['en', 'ru'] as const)('%s: the Russian pages show no slapping hand (no slaps in that game)', (language) => {
    for (const jokers of ['off', 'beatsAll', 'chooser'] as const) {
      for (const page of howToPages(russian(jokers), stringsFor(language))) {
        for (const e of page.examples) expect([0, 3], `${page.title}: ${e.caption}`).toContain(e.mark);
      }
    }
  });
});
