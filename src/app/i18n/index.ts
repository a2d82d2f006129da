// The language tables by settings code, with the buttons in their hints
// named for the machine: the PSP's Cross, Circle... or the desktop's keys
// (native/desktop/sdl_keys.c maps S, D, Z, A and Enter to them).
import { EN } from './en';
import { RU } from './ru';
import type { ButtonNames, Strings } from './strings';

export type { Strings } from './strings';

/**
 * Every language the game speaks, by its settings code, in the order Options
 * offers them: one table each (a Strings, so the compiler refuses a table
 * that lacks a string). Adding a language: its table file, and its line here.
 */
export const LANGUAGES = { en: EN, ru: RU } as const satisfies Readonly<Record<string, Strings>>;

export type Language = keyof typeof LANGUAGES;

/** The settings codes, in LANGUAGES' order. */
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];

/** The first key of each button in native/desktop/sdl_keys.c. */
export const DESKTOP_KEYS: ButtonNames = { cross: 'S', circle: 'D', square: 'Z', triangle: 'A', start: 'Enter' };

const TOKEN = /\{(cross|circle|square|triangle|start)\}/g;

function fill(text: string, names: ButtonNames): string {
  return text.indexOf('{') < 0 ? text : text.replace(TOKEN, (_m, k: keyof ButtonNames) => names[k]);
}

/** Every string of the table, and every string a function of it returns, with the button names filled in. */
function resolve(v: unknown, names: ButtonNames): unknown {
  if (typeof v === 'string') return fill(v, names);
  if (typeof v === 'function') {
    const f = v as (...a: unknown[]) => unknown;
    return (...a: unknown[]) => {
      const r = f(...a);
      return typeof r === 'string' ? fill(r, names) : r;
    };
  }
  if (Array.isArray(v)) return v.map((x) => resolve(x, names));
  if (v !== null && typeof v === 'object') {
    const o: Record<string, unknown> = {};
    for (const k of Object.keys(v)) o[k] = resolve((v as Record<string, unknown>)[k], names);
    return o;
  }
  return v;
}

const made: Record<string, Strings> = {};

/** The table for a language on a platform ('desktop' names keys; anything else, the PSP's buttons). Built once each. */
export function stringsFor(language: Language, platform = 'psp'): Strings {
  const desktop = platform === 'desktop';
  const key = language + (desktop ? ':desktop' : ':psp');
  let t = made[key];
  if (t === undefined) {
    const table: Strings = LANGUAGES[language];
    const names = desktop ? DESKTOP_KEYS : table.buttons;
    t = { ...(resolve(table, names) as Strings), buttons: names, glyphs: !desktop };
    made[key] = t;
  }
  return t;
}
