// Russian plural categories for whole numbers, the CLDR rule written out
// because QuickJS has no Intl: "one" for 1, 21, 31... (but 11), "few" for
// 2-4, 22-24... (but 12-14), "many" for the rest, 0 and 11-14 included.

export type PluralCategory = 'one' | 'few' | 'many';

export function ruPlural(n: number): PluralCategory {
  const i = Math.floor(Math.abs(n));
  const d = i % 10;
  const dd = i % 100;
  if (d === 1 && dd !== 11) return 'one';
  if (d >= 2 && d <= 4 && (dd < 12 || dd > 14)) return 'few';
  return 'many';
}

/** n and the noun form its category takes: ruCount(21, 'карту', 'карты', 'карт') is "21 карту". */
export function ruCount(n: number, one: string, few: string, many: string): string {
  const c = ruPlural(n);
  return n + ' ' + (c === 'one' ? one : c === 'few' ? few : many);
}
