// Russian lines put the players' names in the case the sentence needs
// (issue 32): "У Даши 2 попытки", not "У Даша"; "Максу нельзя хлопать",
// not "Макс нельзя". Every name the table gives a player in Russian (the
// CPU players and the two people's seats) is checked in every line that
// declines it, and through the table's own message line in a real game.
import { describe, expect, it } from 'vitest';
import { RU } from '../../src/app/i18n/ru';
import { stringsFor } from '../../src/app/i18n';
import { BTN, Driver } from '../support/driver';
import { openOptions, setOptions, startFromOptions } from './helpers';

/** Each name as a Russian speaker declines it, written here apart from the table. */
const CASES: Record<string, { genitive: string; dative: string }> = {
  Даша: { genitive: 'Даши', dative: 'Даше' },
  Алекс: { genitive: 'Алекса', dative: 'Алексу' },
  Макс: { genitive: 'Макса', dative: 'Максу' },
  Ким: { genitive: 'Кима', dative: 'Киму' },
  Сэм: { genitive: 'Сэма', dative: 'Сэму' },
  Левый: { genitive: 'Левого', dative: 'Левому' },
  Правый: { genitive: 'Правого', dative: 'Правому' },
};

describe('Russian names in the lines about their players', () => {
  const names = [...RU.cpuNames, RU.leftPlayer, RU.rightPlayer];

  it('covers every name the table gives a player', () => {
    expect(names.sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(names)('%s: the genitive after "у", the dative before "нельзя"', (name) => {
    const { genitive, dative } = CASES[name]!;
    expect(RU.challenge(name, false, 2)).toBe(`Вызов! У ${genitive} 2 попытки`);
    expect(RU.chancesLeft(name, false, 1)).toBe(`У ${genitive} осталась 1 попытка`);
    expect(RU.chancesLeft(name, false, 3)).toBe(`У ${genitive} осталось 3 попытки`);
    expect(RU.stillBanned(name, false, 2)).toBe(`${dative} нельзя хлопать ещё 2 карты`);
    expect(RU.barred(name, false)).toBe(`${dative} больше нельзя хлопать`);
    // The lines that name the player as the subject keep the name as it is.
    expect(RU.wins(name, false)).toBe(`${name} побеждает!`);
    expect(RU.out(name, false)).toBe(`${name} выбывает`);
  });

  it('"you" keeps its own forms', () => {
    expect(RU.challenge(RU.you, true, 4)).toBe('Вызов! У вас 4 попытки');
    expect(RU.stillBanned(RU.you, true, 1)).toBe('Вам нельзя хлопать ещё 1 карту');
  });

  it('a Russian game\'s challenge line declines the CPU player it names', async () => {
    const d = await Driver.create({ seed: 11 });
    d.step(0);
    openOptions(d);
    setOptions(d, { Language: 'Русский' });
    startFromOptions(d);
    const t = stringsFor('ru');
    const seen = new Set<string>();
    for (let i = 0; i < 20000 && seen.size < 2; i++) {
      const s = d.debug();
      const m: string = s.table?.message ?? '';
      if (m.startsWith('Вызов! У ') && !m.startsWith('Вызов! У вас')) seen.add(m);
      const g = s.table?.game;
      d.step(g && !g.over && (g.pendingCollect?.seat === 0 || (g.turn === 0 && !g.pendingCollect)) && i % 9 === 0 ? BTN.SQUARE : 0);
    }
    expect(seen.size).toBeGreaterThan(0);
    for (const m of seen) {
      const who = m.slice('Вызов! У '.length).split(' ')[0]!;
      expect(Object.values(CASES).map((c) => c.genitive), m).toContain(who);
      expect(t.cpuNames, m).not.toContain(who);
    }
    d.dispose();
  });
});
