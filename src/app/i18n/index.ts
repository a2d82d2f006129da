// The language tables by settings code.
import type { Language } from '../options';
import { EN } from './en';
import { RU } from './ru';
import type { Strings } from './strings';

export type { Strings } from './strings';

export function stringsFor(language: Language): Strings {
  return language === 'ru' ? RU : EN;
}
