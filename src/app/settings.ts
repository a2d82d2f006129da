// Settings and lifetime statistics, saved through host.save as one JSON text
// with a version number. Reading is forgiving: whatever is readable is kept,
// whatever is not falls back to its default, and the caller learns that a
// notice is due. Never throws.
import { OPTIONS, defaultSettings, optionValue, setOption, type Settings } from './options';

export const SAVE_VERSION = 1;

export interface RuleSetStats {
  games: number;
  wins: number;
}

/** Games two people played on one PSP, and how often each side won (kept apart from single play). */
export interface TwoPlayerStats {
  games: number;
  leftWins: number;
  rightWins: number;
}

export interface Stats {
  classic: RuleSetStats;
  russian: RuleSetStats;
  twoPlayer: TwoPlayerStats;
}

export function defaultStats(): Stats {
  return { classic: { games: 0, wins: 0 }, russian: { games: 0, wins: 0 }, twoPlayer: { games: 0, leftWins: 0, rightWins: 0 } };
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

  count(v: unknown): number {
    if (typeof v === 'number' && v >= 0 && v <= 1e9 && Math.floor(v) === v) return v;
    return this.bad(v, 0);
  }
}

/** Each option from the save, as OPTIONS defines it; a group (the slap rules) is one object. */
function readSettings(r: Reader, o: Dict | null, s: Settings): void {
  if (o === null) return;
  const groups: Record<string, Dict | null> = {};
  for (const def of OPTIONS) {
    let from: Dict | null = o;
    let key: string;
    if (typeof def.path === 'string') key = def.path;
    else {
      const [group, field] = def.path;
      if (!(group in groups)) groups[group] = r.object(o[group]);
      from = groups[group]!;
      key = field;
    }
    if (from !== null) setOption(def, s, r.oneOf(from[key], def.values, optionValue(def, s)));
  }
}

function readStats(r: Reader, o: Dict | null, s: Stats): void {
  if (o === null) return;
  for (const set of ['classic', 'russian'] as const) {
    const one = r.object(o[set]);
    if (one === null) continue;
    s[set].games = r.count(one.games);
    s[set].wins = r.count(one.wins);
  }
  const two = r.object(o.twoPlayer);
  if (two !== null) {
    s.twoPlayer.games = r.count(two.games);
    s.twoPlayer.leftWins = r.count(two.leftWins);
    s.twoPlayer.rightWins = r.count(two.rightWins);
  }
}
