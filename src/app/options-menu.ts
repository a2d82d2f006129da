// The options menu: which rows show for the chosen rule set, their text,
// and what Left/Right/Cross do to each. Rows are small integers; the slap
// rules take one row each.
import type { Strings } from './i18n/strings';
import type { OptionRow } from './screen';
import { SLAP_RULES, type Settings } from './settings';

const ROW_RULESET = 0;
const ROW_PLAYERS = 1;
const ROW_DIFFICULTY = 2;
/** ROW_SLAP + i is the i-th of SLAP_RULES. */
const ROW_SLAP = 10;
const ROW_RUN_LENGTH = 30;
const ROW_RUN_WRAP = 31;
const ROW_PENALTY = 32;
const ROW_SLAP_IN = 33;
const ROW_JOKERS = 34;
const ROW_RUSSIAN_JOKERS = 40;
const ROW_LANGUAGE = 50;
const ROW_SOUND = 51;
const ROW_MUSIC = 52;

/** The rows that apply to the settings' rule set, top to bottom. */
export function optionRows(s: Settings): number[] {
  const rows = [ROW_RULESET, ROW_PLAYERS];
  if (s.ruleSet === 'classic') {
    rows.push(ROW_DIFFICULTY);
    SLAP_RULES.forEach((rule, i) => {
      if (rule === 'joker' && !s.jokers) return;
      rows.push(ROW_SLAP + i);
      if (rule === 'run' && s.slapRules.run) rows.push(ROW_RUN_LENGTH, ROW_RUN_WRAP);
    });
    rows.push(ROW_PENALTY, ROW_SLAP_IN, ROW_JOKERS);
  } else {
    rows.push(ROW_DIFFICULTY, ROW_RUSSIAN_JOKERS);
  }
  rows.push(ROW_LANGUAGE, ROW_SOUND, ROW_MUSIC);
  return rows;
}

function onOff(t: Strings, v: boolean): string {
  return v ? t.on : t.off;
}

export function rowText(row: number, s: Settings, t: Strings): OptionRow {
  const o = t.opt;
  if (row >= ROW_SLAP && row < ROW_SLAP + SLAP_RULES.length) {
    const rule = SLAP_RULES[row - ROW_SLAP]!;
    return { label: o.slapRule + ': ' + t.slapRuleNames[rule], value: onOff(t, s.slapRules[rule]) };
  }
  switch (row) {
    case ROW_RULESET:
      return { label: o.ruleSet, value: t.ruleSetNames[s.ruleSet] };
    case ROW_PLAYERS:
      return { label: o.players, value: String(s.players) };
    case ROW_DIFFICULTY:
      return { label: o.difficulty, value: t.difficultyNames[s.difficulty] };
    case ROW_RUN_LENGTH:
      return { label: o.runLength, value: String(s.runLength) };
    case ROW_RUN_WRAP:
      return { label: o.runWrap, value: onOff(t, s.runWrap) };
    case ROW_PENALTY:
      return { label: o.penalty, value: t.cards(s.wrongSlapPenalty) };
    case ROW_SLAP_IN:
      return { label: o.slapIn, value: onOff(t, s.slapIn) };
    case ROW_JOKERS:
      return { label: o.jokers, value: onOff(t, s.jokers) };
    case ROW_RUSSIAN_JOKERS:
      return { label: o.russianJokers, value: t.russianJokerNames[s.russianJokers] };
    case ROW_LANGUAGE:
      return { label: o.language, value: t.languageName };
    case ROW_SOUND:
      return { label: o.sound, value: onOff(t, s.sound) };
    case ROW_MUSIC:
      return { label: o.music, value: onOff(t, s.music) };
  }
  return { label: '', value: '' };
}

/** The next value in a list, wrapping around; dir is +1 or -1. */
function step<T>(values: readonly T[], current: T, dir: number): T {
  const i = values.indexOf(current);
  return values[(i + dir + values.length) % values.length]!;
}

/** Changes one setting by one step (Cross and Right: +1, Left: -1). */
export function changeRow(row: number, s: Settings, dir: number): void {
  if (row >= ROW_SLAP && row < ROW_SLAP + SLAP_RULES.length) {
    const rule = SLAP_RULES[row - ROW_SLAP]!;
    s.slapRules[rule] = !s.slapRules[rule];
    return;
  }
  switch (row) {
    case ROW_RULESET:
      s.ruleSet = s.ruleSet === 'classic' ? 'russian' : 'classic';
      break;
    case ROW_PLAYERS:
      s.players = step([2, 3, 4, 5, 6], s.players, dir);
      break;
    case ROW_DIFFICULTY:
      s.difficulty = step(['easy', 'medium', 'hard'] as const, s.difficulty, dir);
      break;
    case ROW_RUN_LENGTH:
      s.runLength = s.runLength === 3 ? 4 : 3;
      break;
    case ROW_RUN_WRAP:
      s.runWrap = !s.runWrap;
      break;
    case ROW_PENALTY:
      s.wrongSlapPenalty = step([0, 1, 2] as const, s.wrongSlapPenalty, dir);
      break;
    case ROW_SLAP_IN:
      s.slapIn = !s.slapIn;
      break;
    case ROW_JOKERS:
      s.jokers = !s.jokers;
      break;
    case ROW_RUSSIAN_JOKERS:
      s.russianJokers = step(['off', 'beatsAll', 'chooser'] as const, s.russianJokers, dir);
      break;
    case ROW_LANGUAGE:
      s.language = s.language === 'en' ? 'ru' : 'en';
      break;
    case ROW_SOUND:
      s.sound = !s.sound;
      break;
    case ROW_MUSIC:
      s.music = !s.music;
      break;
  }
}
