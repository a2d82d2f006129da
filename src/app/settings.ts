// Settings and lifetime statistics, saved through host.save as one JSON text
// with a version number. Reading is forgiving: whatever is readable is kept,
// whatever is not falls back to its default, and the caller learns that a
// notice is due. Never throws.
import { SLAP_RULES, defaultOptions } from '../rules';
import type { Difficulty } from '../ai';
import type { RuleSet, RussianJokerMode, SlapRule } from '../rules/types';

export type { Difficulty };
export type Language = 'en' | 'ru';

export const SAVE_VERSION = 1;

/** Classic slap rules in the order the options menu lists them (the engine's own order). */
export { SLAP_RULES };

export interface Settings {
  ruleSet: RuleSet;
  players: number;
  difficulty: Difficulty;
  slapRules: Record<SlapRule, boolean>;
  runLength: 3 | 4;
  runWrap: boolean;
  wrongSlapPenalty: 0 | 1 | 2;
  slapIn: boolean;
  jokers: boolean;
  russianJokers: RussianJokerMode;
  language: Language;
  sound: boolean;
  music: boolean;
}

export interface RuleSetStats {
  games: number;
  wins: number;
}

export interface Stats {
  classic: RuleSetStats;
  russian: RuleSetStats;
}

/** The rules' own defaults (RULES.md), medium CPUs, English, sound and music on. */
export function defaultSettings(): Settings {
  const rules = defaultOptions();
  return {
    ruleSet: rules.ruleSet,
    players: rules.players,
    difficulty: 'medium',
    slapRules: { ...rules.slapRules },
    runLength: rules.runLength,
    runWrap: rules.runWrap,
    wrongSlapPenalty: rules.wrongSlapPenalty,
    slapIn: rules.slapIn,
    jokers: rules.jokers,
    russianJokers: rules.russianJokers,
    language: 'en',
    sound: true,
    music: true,
  };
}

export function defaultStats(): Stats {
  return { classic: { games: 0, wins: 0 }, russian: { games: 0, wins: 0 } };
}

export interface Loaded {
  settings: Settings;
  stats: Stats;
  /** Something saved could not be read and was replaced by its default. */
  damaged: boolean;
}

/** The saved text; null (nothing saved yet) gives defaults without a notice. */
export function readSave(text: string | null): Loaded {
  const settings = defaultSettings();
  const stats = defaultStats();
  if (text === null || text === undefined) return { settings, stats, damaged: false };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { settings, stats, damaged: true };
  }
  const reader = new Reader();
  const root = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Dict) : null;
  if (root === null) return { settings, stats, damaged: true };
  if (root.version !== SAVE_VERSION) reader.damaged = true;
  readSettings(reader, reader.object(root.settings), settings);
  readStats(reader, reader.object(root.stats), stats);
  return { settings, stats, damaged: reader.damaged };
}

export function writeSave(settings: Settings, stats: Stats): string {
  return JSON.stringify({ version: SAVE_VERSION, settings, stats });
}

type Dict = Record<string, unknown>;

/**
 * Field readers that fall back to the default. A field that is missing
 * (saved by a version that did not have it) defaults quietly; one that is
 * present but unreadable also marks the save as damaged.
 */
class Reader {
  damaged = false;

  private bad<T>(v: unknown, fallback: T): T {
    if (v !== undefined) this.damaged = true;
    return fallback;
  }

  object(v: unknown): Dict | null {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v as Dict;
    return this.bad(v, null);
  }

  oneOf<T>(v: unknown, allowed: readonly T[], fallback: T): T {
    if (allowed.indexOf(v as T) >= 0) return v as T;
    return this.bad(v, fallback);
  }

  flag(v: unknown, fallback: boolean): boolean {
    if (typeof v === 'boolean') return v;
    return this.bad(v, fallback);
  }

  count(v: unknown): number {
    if (typeof v === 'number' && v >= 0 && v <= 1e9 && Math.floor(v) === v) return v;
    return this.bad(v, 0);
  }
}

function readSettings(r: Reader, o: Dict | null, s: Settings): void {
  if (o === null) return;
  s.ruleSet = r.oneOf(o.ruleSet, ['classic', 'russian'] as const, s.ruleSet);
  s.players = r.oneOf(o.players, [2, 3, 4, 5, 6], s.players);
  s.difficulty = r.oneOf(o.difficulty, ['easy', 'medium', 'hard'] as const, s.difficulty);
  const rules = r.object(o.slapRules);
  if (rules !== null) for (const rule of SLAP_RULES) s.slapRules[rule] = r.flag(rules[rule], s.slapRules[rule]);
  s.runLength = r.oneOf(o.runLength, [3, 4] as const, s.runLength);
  s.runWrap = r.flag(o.runWrap, s.runWrap);
  s.wrongSlapPenalty = r.oneOf(o.wrongSlapPenalty, [0, 1, 2] as const, s.wrongSlapPenalty);
  s.slapIn = r.flag(o.slapIn, s.slapIn);
  s.jokers = r.flag(o.jokers, s.jokers);
  s.russianJokers = r.oneOf(o.russianJokers, ['off', 'beatsAll', 'chooser'] as const, s.russianJokers);
  s.language = r.oneOf(o.language, ['en', 'ru'] as const, s.language);
  s.sound = r.flag(o.sound, s.sound);
  s.music = r.flag(o.music, s.music);
}

function readStats(r: Reader, o: Dict | null, s: Stats): void {
  if (o === null) return;
  for (const set of ['classic', 'russian'] as const) {
    const one = r.object(o[set]);
    if (one === null) continue;
    s[set].games = r.count(one.games);
    s[set].wins = r.count(one.wins);
  }
}
