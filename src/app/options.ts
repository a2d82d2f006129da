// Every game option, defined once: where it lives in the settings (and, for
// the rules' options, in GameOptions under the same name), its allowed
// values, its default, when its row shows in the options menu, its label
// key and how its value reads. The settings defaults, the save reader, the
// options menu and the game's options all derive from OPTIONS. Adding an
// option: one entry here plus its label in both languages (src/app/i18n/).
import type { Difficulty } from '../ai';
import { SLAP_RULES, defaultOptions, slapRuleAvailable } from '../rules';
import type { GameOptions, SlapRule } from '../rules/types';
import { LANGUAGE_CODES, type Language } from './i18n';
import type { Strings } from './i18n/strings';

export type { Language } from './i18n';

/** The player's settings: the rules' options and the app's own. */
export type Settings = GameOptions & {
  difficulty: Difficulty;
  /** People at the table: one, or two sharing the PSP (src/app/pads.ts). */
  humans: 1 | 2;
  language: Language;
  sound: boolean;
  music: boolean;
};

type Value = string | number | boolean;

export interface OptionDef {
  /** Field name, or [group, field] for the slap rules. */
  readonly path: string | readonly [string, string];
  readonly values: readonly Value[];
  /** The app's own default; rules options take theirs from defaultOptions() (docs/rules.md). */
  readonly appDefault?: Value;
  /** Passed on to GameOptions when a game starts. */
  readonly rules: boolean;
  /** Whether its row shows for these settings. */
  readonly shows: (s: Settings) => boolean;
  readonly label: (t: Strings) => string;
  readonly text: (v: Value, t: Strings) => string;
}

const BOOL = [false, true] as const;
const always = (): boolean => true;
const classic = (s: Settings): boolean => s.ruleSet === 'classic';
const onOff = (v: Value, t: Strings): string => (v ? t.on : t.off);
const number = (v: Value): string => String(v);

function slapRuleDef(rule: SlapRule): OptionDef {
  return {
    path: ['slapRules', rule],
    values: BOOL,
    rules: true,
    shows: (s) => classic(s) && slapRuleAvailable(rule, s),
    label: (t) => t.opt.slapRule + ': ' + t.slapRuleNames[rule],
    text: onOff,
  };
}

const runShows = (s: Settings): boolean => classic(s) && s.slapRules.run;

/** Top to bottom, as the options menu lists them. */
export const OPTIONS: readonly OptionDef[] = [
  { path: 'ruleSet', values: ['classic', 'russian'], rules: true, shows: always, label: (t) => t.opt.ruleSet, text: (v, t) => t.ruleSetNames[v as 'classic'] },
  { path: 'players', values: [2, 3, 4, 5, 6], rules: true, shows: always, label: (t) => t.opt.players, text: number },
  { path: 'humans', values: [1, 2], appDefault: 1, rules: false, shows: always, label: (t) => t.opt.humans, text: number },
  {
    path: 'difficulty',
    values: ['easy', 'medium', 'hard'],
    appDefault: 'medium',
    rules: false,
    shows: always,
    label: (t) => t.opt.difficulty,
    text: (v, t) => t.difficultyNames[v as Difficulty],
  },
  ...SLAP_RULES.flatMap((rule): OptionDef[] =>
    rule !== 'run'
      ? [slapRuleDef(rule)]
      : [
          slapRuleDef(rule),
          { path: 'runLength', values: [3, 4], rules: true, shows: runShows, label: (t) => t.opt.runLength, text: number },
          { path: 'runWrap', values: BOOL, rules: true, shows: runShows, label: (t) => t.opt.runWrap, text: onOff },
        ],
  ),
  {
    path: 'wrongSlap',
    values: ['burn', 'pileToNext', 'ban'],
    rules: true,
    shows: classic,
    label: (t) => t.opt.wrongSlap,
    text: (v, t) => t.wrongSlapNames[v as 'burn'],
  },
  {
    path: 'wrongSlapPenalty',
    values: [0, 1, 2],
    rules: true,
    shows: (s) => classic(s) && s.wrongSlap === 'burn',
    label: (t) => t.opt.penalty,
    text: (v, t) => t.cards(v as number),
  },
  { path: 'banCards', values: [3, 5], rules: true, shows: (s) => classic(s) && s.wrongSlap === 'ban', label: (t) => t.opt.banCards, text: (v, t) => t.cards(v as number) },
  { path: 'tensStop', values: BOOL, rules: true, shows: classic, label: (t) => t.opt.tensStop, text: onOff },
  { path: 'slapIn', values: BOOL, rules: true, shows: classic, label: (t) => t.opt.slapIn, text: onOff },
  { path: 'jokers', values: BOOL, rules: true, shows: classic, label: (t) => t.opt.jokers, text: onOff },
  {
    path: 'russianJokers',
    values: ['off', 'beatsAll', 'chooser'],
    rules: true,
    shows: (s) => !classic(s),
    label: (t) => t.opt.russianJokers,
    text: (v, t) => t.russianJokerNames[v as 'off'],
  },
  { path: 'cardLimit', values: [500, 1000, 2000, 5000, 10000], rules: true, shows: always, label: (t) => t.opt.cardLimit, text: number },
  { path: 'language', values: LANGUAGE_CODES, appDefault: 'en', rules: false, shows: always, label: (t) => t.opt.language, text: (_v, t) => t.languageName },
  { path: 'sound', values: BOOL, appDefault: true, rules: false, shows: always, label: (t) => t.opt.sound, text: onOff },
  { path: 'music', values: BOOL, appDefault: true, rules: false, shows: always, label: (t) => t.opt.music, text: onOff },
];

type Dict = Record<string, unknown>;

/** The option's value in settings or GameOptions (they share the names). */
export function optionValue(def: OptionDef, o: object): Value {
  const d = o as Dict;
  return (typeof def.path === 'string' ? d[def.path] : (d[def.path[0]] as Dict)[def.path[1]]) as Value;
}

export function setOption(def: OptionDef, o: object, v: Value): void {
  const d = o as Dict;
  if (typeof def.path === 'string') d[def.path] = v;
  else {
    if (typeof d[def.path[0]] !== 'object' || d[def.path[0]] === null) d[def.path[0]] = {};
    (d[def.path[0]] as Dict)[def.path[1]] = v;
  }
}

/** Every option at its default, in OPTIONS order (which is also the order a save writes them in). */
export function defaultSettings(): Settings {
  const rules = defaultOptions();
  const s = {};
  for (const def of OPTIONS) setOption(def, s, def.rules ? optionValue(def, rules) : def.appDefault!);
  return s as Settings;
}

/** The rules' options for a game with these settings. */
export function gameOptions(s: Settings): GameOptions {
  const o = defaultOptions(s.ruleSet, s.players);
  for (const def of OPTIONS) if (def.rules) setOption(def, o, optionValue(def, s));
  for (const rule of SLAP_RULES) if (!slapRuleAvailable(rule, o)) o.slapRules[rule] = false;
  return o;
}

// ---- the options menu ----

/** The rows (indexes into OPTIONS) that show for these settings, top to bottom. */
export function optionRows(s: Settings): number[] {
  const rows: number[] = [];
  OPTIONS.forEach((def, i) => {
    if (def.shows(s)) rows.push(i);
  });
  return rows;
}

export function rowText(row: number, s: Settings, t: Strings): { label: string; value: string } {
  const def = OPTIONS[row]!;
  return { label: def.label(t), value: def.text(optionValue(def, s), t) };
}

/** Changes one setting by one step through its values, wrapping (Cross and Right: +1, Left: -1). */
export function changeRow(row: number, s: Settings, dir: number): void {
  const def = OPTIONS[row]!;
  const i = def.values.indexOf(optionValue(def, s));
  setOption(def, s, def.values[(i + dir + def.values.length) % def.values.length]!);
}
