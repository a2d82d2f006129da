// The language tables by settings code, with the buttons in their hints
// named as this host's players know them (its capabilities, host.caps): the
// PSP's Cross, Circle... or the keys the host says it maps them to.
import { DEFAULT_CAPABILITIES, type Capabilities } from '../../contract';
import { EN } from './en';
import { RU } from './ru';
import type { HintNames, Machine, Strings } from './strings';

export type { Machine, Strings } from './strings';

/**
 * Every language the game speaks, by its settings code, in the order Options
 * offers them: one table each (a Strings, so the compiler refuses a table
 * that lacks a string). Adding a language: its table file, and its line here.
 */
export const LANGUAGES = { en: EN, ru: RU } as const satisfies Readonly<Record<string, Strings>>;

export type Language = keyof typeof LANGUAGES;

/** The settings codes, in LANGUAGES' order. */
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];

const TOKEN = /\{(cross|circle|square|triangle|start|confirm)\}/g;

function fill(text: string, names: HintNames): string {
  return text.indexOf('{') < 0 ? text : text.replace(TOKEN, (_m, k: keyof HintNames) => names[k]);
}

/** Every string of the table, and every string a function of it returns, with the button names filled in. */
function resolve(v: unknown, names: HintNames): unknown {
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

/**
 * What the players hold, from the host's capabilities: a touch screen's
 * zones, a keyboard whose keys the hints name, or else the PSP's buttons.
 */
export function machineOf(caps: Capabilities): Machine {
  if (caps.touch.length > 0) return 'touch';
  return !caps.glyphs && caps.keys !== null ? 'keyboard' : 'psp';
}

const made: Record<string, Strings> = {};

/**
 * The table for a language on a host: PSP button glyphs and names where the
 * players press the PSP's buttons, else the host's key names (a host with
 * neither, a touch screen alone, gets the PSP's names). Built once each.
 */
export function stringsFor(language: Language, caps: Capabilities = DEFAULT_CAPABILITIES): Strings {
  const keys = caps.glyphs ? null : caps.keys;
  const machine = machineOf(caps);
  const key = [language, machine, ...(keys === null ? ['glyphs'] : [keys.cross, keys.circle, keys.square, keys.triangle, keys.start, keys.confirm])].join(':');
  let t = made[key];
  if (t === undefined) {
    const table: Strings = LANGUAGES[language];
    // In menus a keyboard's player confirms with Enter as often as with the Cross key: footers name both.
    const names: HintNames =
      keys === null
        ? { ...table.buttons, confirm: table.buttons.cross }
        : { cross: keys.cross, circle: keys.circle, square: keys.square, triangle: keys.triangle, start: keys.start, confirm: keys.cross + '/' + keys.confirm };
    t = { ...(resolve(table, names) as Strings), buttons: names, glyphs: keys === null, keys, machine };
    made[key] = t;
  }
  return t;
}
