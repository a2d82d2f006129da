// Settings and lifetime statistics, saved through host.save as one JSON text
// with a version number. Reading is forgiving: whatever is readable is kept,
// whatever is not falls back to its default, and the caller learns that a
// notice is due. Never throws.
import { SLAP_BUCKETS, defaultStats, type Stats } from './lifetime';

export { defaultStats } from './lifetime';
import { validName } from './names';
import { OPTIONS, defaultSettings, optionValue, setOption, type Settings } from './options';

export type { RuleSetStats, Stats, TwoPlayerStats } from './lifetime';

export const SAVE_VERSION = 1;

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

  count(v: unknown, fallback = 0): number {
    if (typeof v === 'number' && v >= 0 && v <= 1e9 && Math.floor(v) === v) return v;
    return this.bad(v, fallback);
  }

  /** An online seat's name as a player may choose it (src/app/names.ts); anything else is none yet. */
  name(v: unknown): string {
    if (typeof v === 'string' && (v === '' || validName(v))) return v;
    return this.bad(v, '');
  }

  /** An array of at most `max` counts; anything else is empty. */
  histogram(v: unknown, max: number): number[] {
    if (!Array.isArray(v) || v.length > max) return this.bad(v, []);
    const out: number[] = [];
    for (const x of v) {
      if (typeof x !== 'number' || x < 0 || x > 1e9 || Math.floor(x) !== x) return this.bad(v, []);
      out.push(x);
    }
    return out;
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
  s.name = r.name(o.name);
}

function readStats(r: Reader, o: Dict | null, s: Stats): void {
  if (o === null) return;
  for (const set of ['classic', 'russian'] as const) {
    const one = r.object(o[set]);
    if (one === null) continue;
    const to = s[set];
    for (const key of ['games', 'wins', 'piles', 'slapsWon', 'racesLost', 'wrongSlaps', 'challengesWon', 'longest'] as const) to[key] = r.count(one[key]);
    // -1: no winning slap yet.
    to.fastest = one.fastest === -1 ? -1 : r.count(one.fastest, -1);
    to.slapHistogram = r.histogram(one.slapHistogram, SLAP_BUCKETS);
  }
  const two = r.object(o.twoPlayer);
  if (two !== null) {
    s.twoPlayer.games = r.count(two.games);
    s.twoPlayer.leftWins = r.count(two.leftWins);
    s.twoPlayer.rightWins = r.count(two.rightWins);
  }
}
