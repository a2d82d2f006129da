// Every game option, defined once: where it lives in the settings (and, for
// the rules' options, in GameOptions under the same name), its allowed
// values, its default, when its row shows in the options menu, its label
// key and how its value reads. The settings defaults, the save reader, the
// options menu and the game's options all derive from OPTIONS. Adding an
// option: one entry here plus its label and its line of help in both
// languages (src/app/i18n/). The menu shows the rows under their groups'
// headings (Game, Slap rules, Wrong slaps, More rules, Language and sound)
// and the selected row's help under the list, with a slap rule's picture.
import { DIFFICULTIES, type Difficulty } from '../ai';
import { SLAP_RULES, SLAP_RULE_TABLE, defaultOptions, slapRuleAvailable } from '../rules';
import type { GameOptions, SlapRule } from '../rules/types';
import { LANGUAGE_CODES, type Language } from './i18n';
import type { Strings } from './i18n/strings';
import type { OptionRow } from './screen';

export type { Language } from './i18n';

/** The player's settings: the rules' options and the app's own. */
export type Settings = GameOptions & {
  difficulty: Difficulty;
  /** People at the table: one, or two sharing the PSP (src/app/pads.ts). */
  humans: 1 | 2;
  /** After each slap race, show who pressed and when: at hard and master (auto), always or never. */
  slapTimes: 'auto' | 'on' | 'off';
  /** An online room this player creates: seats kept for CPU players (the Create screen's row, src/app/room-setup.ts). */
  onlineCpus: number;
  /** This player's name at an online table, chosen once (src/app/scenes/entry.ts); '' before. */
  name: string;
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
  /** Its group: an index into Strings.optionGroups (the rows of a group come together in OPTIONS). */
  readonly group: number;
  /** What it does, in one line (two at most) under the list. */
  readonly help: (t: Strings, s: Settings) => string;
  /** A slap rule's picture: the cards of its How to play example (src/rules/slap-rules.ts). */
  readonly picture?: (s: Settings) => number[];
}

const GAME = 0;
const SLAPS = 1;
const WRONG = 2;
const MORE = 3;
const LANGUAGE = 4;

const BOOL = [false, true] as const;
const always = (): boolean => true;
const classic = (s: Settings): boolean => s.ruleSet === 'classic';
const onOff = (v: Value, t: Strings): string => (v ? t.on : t.off);

function slapRuleDef(rule: SlapRule): OptionDef {
  return {
    path: ['slapRules', rule],
    values: BOOL,
    rules: true,
    shows: (s) => classic(s) && slapRuleAvailable(rule, s),
    label: (t) => t.opt.slapRule + ': ' + t.slapRuleNames[rule],
    text: onOff,
    group: SLAPS,
    help: (t) => t.slapRuleHelp[rule],
    picture: (s) => SLAP_RULE_TABLE[rule].example(gameOptions(s)),
  };
}

const runShows = (s: Settings): boolean => classic(s) && s.slapRules.run;

/** Top to bottom, as the options menu lists them. */
export const OPTIONS: readonly OptionDef[] = [
  {
    path: 'ruleSet',
    values: ['classic', 'russian'],
    rules: true,
    shows: always,
    label: (t) => t.opt.ruleSet,
    text: (v, t) => t.ruleSetNames[v as 'classic'],
    group: GAME,
    help: (t) => t.optionHelp.ruleSet,
  },
  {
    path: 'players',
    values: [2, 3, 4, 5, 6],
    rules: true,
    shows: always,
    label: (t) => t.opt.players,
    text: (v, t) => t.playersCount(v as number),
    group: GAME,
    help: (t) => t.optionHelp.players,
  },
  {
    path: 'humans',
    values: [1, 2],
    appDefault: 1,
    rules: false,
    shows: always,
    label: (t) => t.opt.humans,
    text: (v, t) => t.peopleCount(v as number),
    group: GAME,
    help: (t) => t.optionHelp.humans[t.machine ?? 'psp'],
  },
  {
    path: 'difficulty',
    values: DIFFICULTIES,
    appDefault: 'medium',
    rules: false,
    shows: always,
    label: (t) => t.opt.difficulty,
    text: (v, t) => t.difficultyNames[v as Difficulty],
    group: GAME,
    help: (t) => t.optionHelp.difficulty,
  },
  {
    // Only on the Create screen of an online room (src/app/room-setup.ts), never in Options.
    path: 'onlineCpus',
    values: [0, 1, 2, 3, 4],
    appDefault: 1,
    rules: false,
    shows: () => false,
    label: (t) => t.opt.onlineCpus,
    text: (v, t) => t.seatsCount(v as number),
    group: GAME,
    help: (t) => t.optionHelp.onlineCpus,
  },
  {
    path: 'slapTimes',
    values: ['auto', 'on', 'off'],
    appDefault: 'auto',
    rules: false,
    shows: classic,
    label: (t) => t.opt.slapTimes,
    text: (v, t) => t.slapTimesNames[v as 'auto'],
    group: GAME,
    help: (t) => t.optionHelp.slapTimes,
  },
  ...SLAP_RULES.flatMap((rule): OptionDef[] =>
    rule !== 'run'
      ? [slapRuleDef(rule)]
      : [
          slapRuleDef(rule),
          {
            path: 'runLength',
            values: [3, 4],
            rules: true,
            shows: runShows,
            label: (t) => t.opt.runLength,
            text: (v, t) => t.cards(v as number),
            group: SLAPS,
            help: (t) => t.optionHelp.runLength,
          },
          { path: 'runWrap', values: BOOL, rules: true, shows: runShows, label: (t) => t.opt.runWrap, text: onOff, group: SLAPS, help: (t) => t.optionHelp.runWrap },
        ],
  ),
  {
    path: 'wrongSlap',
    values: ['pay', 'burn', 'pileToNext', 'ban'],
    rules: true,
    shows: classic,
    label: (t) => t.opt.wrongSlap,
    text: (v, t) => t.wrongSlapNames[v as 'burn'],
    group: WRONG,
    help: (t) => t.optionHelp.wrongSlap,
  },
  {
    path: 'wrongSlapPenalty',
    values: [0, 1, 2],
    rules: true,
    shows: (s) => classic(s) && s.wrongSlap === 'burn',
    label: (t) => t.opt.penalty,
    text: (v, t) => t.cards(v as number),
    group: WRONG,
    help: (t) => t.optionHelp.wrongSlapPenalty,
  },
  {
    path: 'banCards',
    values: [3, 5],
    rules: true,
    shows: (s) => classic(s) && s.wrongSlap === 'ban',
    label: (t) => t.opt.banCards,
    text: (v, t) => t.cards(v as number),
    group: WRONG,
    help: (t) => t.optionHelp.banCards,
  },
  { path: 'tensStop', values: BOOL, rules: true, shows: classic, label: (t) => t.opt.tensStop, text: onOff, group: MORE, help: (t) => t.optionHelp.tensStop },
  { path: 'slapIn', values: BOOL, rules: true, shows: classic, label: (t) => t.opt.slapIn, text: onOff, group: MORE, help: (t) => t.optionHelp.slapIn },
  { path: 'jokers', values: BOOL, rules: true, shows: classic, label: (t) => t.opt.jokers, text: onOff, group: MORE, help: (t) => t.optionHelp.jokers },
  {
    path: 'russianJokers',
    values: ['off', 'beatsAll', 'chooser'],
    rules: true,
    shows: (s) => !classic(s),
    label: (t) => t.opt.russianJokers,
    text: (v, t) => t.russianJokerNames[v as 'off'],
    group: MORE,
    help: (t) => t.optionHelp.russianJokers,
  },
  {
    path: 'cardLimit',
    values: [500, 1000, 2000, 5000, 10000],
    rules: true,
    shows: always,
    label: (t) => t.opt.cardLimit,
    text: (v, t) => t.cardsPlayedCount(v as number),
    group: MORE,
    // The rule set's own ranking: most cards in classic, fewest in the Russian game (src/rules/guard.ts).
    help: (t, s) => t.optionHelp.cardLimit(s.ruleSet === 'russian'),
  },
  {
    path: 'language',
    values: LANGUAGE_CODES,
    appDefault: 'en',
    rules: false,
    shows: always,
    label: (t) => t.opt.language,
    text: (_v, t) => t.languageName,
    group: LANGUAGE,
    help: (t) => t.optionHelp.language,
  },
  { path: 'sound', values: BOOL, appDefault: true, rules: false, shows: always, label: (t) => t.opt.sound, text: onOff, group: LANGUAGE, help: (t) => t.optionHelp.sound },
  { path: 'music', values: BOOL, appDefault: true, rules: false, shows: always, label: (t) => t.opt.music, text: onOff, group: LANGUAGE, help: (t) => t.optionHelp.music },
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
  (s as Settings).name = '';
  return s as Settings;
}

/** Whether a game with these settings shows each slap race's times. */
export function showSlapTimes(s: Settings): boolean {
  return s.slapTimes === 'on' || (s.slapTimes === 'auto' && (s.difficulty === 'hard' || s.difficulty === 'master'));
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

/** The rows as the menu shows them: each with its text, its group's heading where the group begins, its help and picture. */
export function optionLines(rows: readonly number[], s: Settings, t: Strings): OptionRow[] {
  let group = -1;
  return rows.map((row) => {
    const def = OPTIONS[row]!;
    const heading = def.group !== group ? t.optionGroups[def.group]! : '';
    group = def.group;
    return { ...rowText(row, s, t), group: heading, help: def.help(t, s), picture: def.picture !== undefined ? def.picture(s) : null };
  });
}

/** Changes one setting by one step through its values, wrapping (Cross and Right: +1, Left: -1). */
export function changeRow(row: number, s: Settings, dir: number): void {
  const def = OPTIONS[row]!;
  const i = def.values.indexOf(optionValue(def, s));
  setOption(def, s, def.values[(i + dir + def.values.length) % def.values.length]!);
}
