// Russian plurals (src/app/i18n/plural.ts) against the CLDR rule as Node's
// ICU data carries it, and the number+noun phrases of the Russian table.
import { describe, expect, it } from 'vitest';
import { ruCount, ruPlural } from '../../src/app/i18n/plural';
import { RU } from '../../src/app/i18n/ru';

describe('Russian plural forms', () => {
  it('match the CLDR rule (Intl.PluralRules ru) for 0-112', () => {
    const cldr = new Intl.PluralRules('ru');
    for (let n = 0; n <= 112; n++) expect(ruPlural(n), String(n)).toBe(cldr.select(n));
  });

  it('give 11-14 and 111-114 the "many" form', () => {
    for (const n of [11, 12, 13, 14, 111, 112, 113, 114]) expect(ruPlural(n)).toBe('many');
    expect(ruCount(21, 'карту', 'карты', 'карт')).toBe('21 карту');
    expect(ruCount(12, 'карту', 'карты', 'карт')).toBe('12 карт');
    expect(ruCount(24, 'карту', 'карты', 'карт')).toBe('24 карты');
  });

  it('the Russian lines count cards in the case their verb takes', () => {
    expect(RU.penaltyHelp(1)).toBe('Ошибочный хлопок сжигает 1 карту.');
    expect(RU.penaltyHelp(2)).toBe('Ошибочный хлопок сжигает 2 карты.');
    expect(RU.slapClaim('Пара', 'Даша', false, 21)).toBe('Пара! Даша берёт 21 карту');
    expect(RU.slapClaim('Пара', 'Вы', true, 11)).toBe('Пара! Вы берёте 11 карт');
    expect(RU.lowerClaim('Макс', false, 3)).toBe('Младше! Макс берёт 3 карты');
    expect(RU.cards(1)).toBe('1 карта');
    expect(RU.challenge('Сэм', false, 1)).toBe('Вызов! У Сэма 1 попытка');
    expect(RU.challenge('Сэм', false, 4)).toBe('Вызов! У Сэма 4 попытки');
  });
});
