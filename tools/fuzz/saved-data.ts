// Damaged saved text, made on purpose: every kind of damage a save can come
// back with (empty, cut short, bytes flipped, valid JSON of the wrong shape,
// a newer version, huge, lone surrogates), and a spec oracle for what the game
// must make of it: a field that is present and valid is kept, one that is
// present but unreadable falls back to its default and raises the notice, one
// that is missing defaults quietly (docs/host-api.md, src/app/settings.ts).
import { DIFFICULTIES } from '../../src/ai';
import { NAME_MAX } from '../../src/net/protocol';
import { SLAP_RULES, defaultOptions } from '../../src/rules';
import { Rand } from './random';

/** The slap rules' names and defaults come from their table (src/rules/slap-rules.ts); the oracle checks how a save is read. */
export const SLAP_RULE_NAMES: readonly string[] = SLAP_RULES;
const slapRuleDefaults = defaultOptions().slapRules;
/** Every slap rule switched away from its default. */
const slapRulesFlipped = Object.fromEntries(SLAP_RULES.map((rule) => [rule, !slapRuleDefaults[rule]]));

/** Allowed values of every setting (booleans for the flags). */
export const SETTING_VALUES: Record<string, readonly unknown[]> = {
  ruleSet: ['classic', 'russian'],
  players: [2, 3, 4, 5, 6],
  humans: [1, 2],
  difficulty: DIFFICULTIES,
  onlineCpus: [0, 1, 2, 3, 4],
  slapTimes: ['auto', 'on', 'off'],
  runLength: [3, 4],
  runWrap: [true, false],
  wrongSlap: ['pay', 'burn', 'pileToNext', 'ban'],
  wrongSlapPenalty: [0, 1, 2],
  banCards: [3, 5],
  tensStop: [true, false],
  slapIn: [true, false],
  jokers: [true, false],
  russianJokers: ['off', 'beatsAll', 'chooser'],
  cardLimit: [500, 1000, 2000, 5000, 10000],
  language: ['en', 'ru'],
  sound: [true, false],
  music: [true, false],
};

export const DEFAULTS = {
  ruleSet: 'classic',
  players: 4,
  humans: 1,
  difficulty: 'medium',
  onlineCpus: 1,
  name: '',
  slapTimes: 'auto',
  slapRules: slapRuleDefaults,
  runLength: 3,
  runWrap: false,
  wrongSlap: 'pay',
  wrongSlapPenalty: 1,
  banCards: 3,
  tensStop: false,
  slapIn: true,
  jokers: false,
  russianJokers: 'off',
  cardLimit: 5000,
  language: 'en',
  sound: true,
  music: true,
} as const;

/** A save the game could have written, every field away from its default. */
export function sampleSave(): string {
  return JSON.stringify({
    version: 1,
    settings: {
      ruleSet: 'russian',
      players: 6,
      humans: 2,
      difficulty: 'master',
      onlineCpus: 3,
      name: 'Анна-Мария',
      slapTimes: 'off',
      slapRules: slapRulesFlipped,
      runLength: 4,
      runWrap: true,
      wrongSlap: 'ban',
      wrongSlapPenalty: 2,
      banCards: 5,
      tensStop: true,
      slapIn: false,
      jokers: true,
      russianJokers: 'chooser',
      language: 'ru',
      sound: false,
      music: false,
    },
    stats: { classic: { games: 12, wins: 5 }, russian: { games: 3, wins: 0 }, twoPlayer: { games: 7, leftWins: 4, rightWins: 2 } },
  });
}

/** Lifetime counts per rule set (src/app/lifetime.ts); fastest is -1 for none, the histogram at most 201 counts. */
const STAT_COUNTS = ['games', 'wins', 'piles', 'slapsWon', 'racesLost', 'wrongSlaps', 'challengesWon', 'longest'] as const;
type SetStats = Record<(typeof STAT_COUNTS)[number] | 'fastest', number> & { slapHistogram: number[] };
const noStats = (): SetStats => ({ games: 0, wins: 0, piles: 0, slapsWon: 0, racesLost: 0, wrongSlaps: 0, challengesWon: 0, fastest: -1, slapHistogram: [], longest: 0 });

export interface Expected {
  settings: Record<string, unknown>;
  stats: {
    classic: SetStats;
    russian: SetStats;
    twoPlayer: { games: number; leftWins: number; rightWins: number };
  };
  damaged: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/**
 * An online seat's name as the Online screens let a player write it (the letters both fonts
 * draw, which the server takes too): '' (none chosen yet), or 1 to NAME_MAX
 * Latin or Cyrillic letters, digits, spaces and . _ ' - (no control characters), not starting
 * or ending with a space.
 */
const NAME_LETTER = /^[A-Za-z0-9\u0401\u0410-\u044f\u0451 ._'-]$/;
const isName = (v: unknown): v is string =>
  typeof v === 'string' && (v === '' || ([...v].length <= NAME_MAX && v.trim() === v && [...v].every((c) => NAME_LETTER.test(c))));
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1e9;

/** What the game must load from `text` (null: nothing saved). */
export function expectedLoad(text: string | null): Expected {
  const settings: Record<string, unknown> = structuredClone(DEFAULTS) as unknown as Record<string, unknown>;
  const stats = { classic: noStats(), russian: noStats(), twoPlayer: { games: 0, leftWins: 0, rightWins: 0 } };
  if (text === null) return { settings, stats, damaged: false };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { settings, stats, damaged: true };
  }
  if (!isObject(data)) return { settings, stats, damaged: true };
  let damaged = data.version !== 1;
  const field = (v: unknown, ok: boolean): boolean => {
    if (v !== undefined && !ok) damaged = true;
    return ok;
  };
  const s = data.settings;
  if (field(s, isObject(s)) && isObject(s)) {
    for (const [key, allowed] of Object.entries(SETTING_VALUES)) {
      if (field(s[key], allowed.includes(s[key]))) settings[key] = s[key];
    }
    if (field(s.name, isName(s.name))) settings.name = s.name;
    const rules = s.slapRules;
    if (field(rules, isObject(rules)) && isObject(rules)) {
      const out = settings.slapRules as Record<string, boolean>;
      for (const rule of SLAP_RULE_NAMES) if (field(rules[rule], typeof rules[rule] === 'boolean')) out[rule] = rules[rule] as boolean;
    }
  }
  const st = data.stats;
  if (field(st, isObject(st)) && isObject(st)) {
    for (const set of ['classic', 'russian'] as const) {
      const one = st[set];
      if (!field(one, isObject(one)) || !isObject(one)) continue;
      for (const key of STAT_COUNTS) if (field(one[key], isCount(one[key]))) stats[set][key] = one[key] as number;
      if (field(one.fastest, one.fastest === -1 || isCount(one.fastest))) stats[set].fastest = one.fastest as number;
      const h = one.slapHistogram;
      if (field(h, Array.isArray(h) && h.length <= 201 && h.every(isCount))) stats[set].slapHistogram = h as number[];
    }
    const two = st.twoPlayer;
    if (field(two, isObject(two)) && isObject(two)) {
      for (const key of ['games', 'leftWins', 'rightWins'] as const) if (field(two[key], isCount(two[key]))) stats.twoPlayer[key] = two[key] as number;
    }
  }
  return { settings, stats, damaged };
}

const ODD_VALUES: readonly unknown[] = [null, true, false, 0, -1, 1.5, 7, 1e308, -0, '', 'ru', 'classic', 'x'.repeat(300), [], [1, 2], {}, { a: 1 }, '\u0000', '\ud800', '6', 4, 'hard', 'x'.repeat(13), ' Kim', 'Kim\n', 'Ким'];
const ODD_TEXT = ['{', '}', '[', ']', '"', ',', ':', '\\', '\\u', '\ud83c', '\udfb4', '\u0000', 'null', '1e999', '-', 'é', 'Ж', '\n', ' '];

/** A JSON-level change: a random path set to an odd value, deleted, or joined by an extra key. */
function mutateJson(rnd: Rand, root: Record<string, unknown>): void {
  const paths: [Record<string, unknown>, string][] = [];
  const walk = (o: Record<string, unknown>): void => {
    for (const k of Object.keys(o)) {
      paths.push([o, k]);
      if (isObject(o[k])) walk(o[k] as Record<string, unknown>);
    }
  };
  walk(root);
  const [obj, key] = rnd.pick(paths);
  const r = rnd.below(10);
  if (r < 6) obj[key] = structuredClone(rnd.pick(ODD_VALUES));
  else if (r < 8) delete obj[key];
  else obj[`extra${rnd.below(3)}`] = structuredClone(rnd.pick(ODD_VALUES));
}

/** A text-level change: cut, insert, replace, duplicate. */
function mutateText(rnd: Rand, text: string): string {
  const at = rnd.below(text.length + 1);
  switch (rnd.below(4)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1 + rnd.below(8));
    case 1:
      return text.slice(0, at) + rnd.pick(ODD_TEXT) + text.slice(at);
    case 2:
      return text.slice(0, at) + rnd.pick(ODD_TEXT) + text.slice(at + 1);
    default: {
      const len = 1 + rnd.below(20);
      return text.slice(0, at + len) + text.slice(at, at + len) + text.slice(at + len);
    }
  }
}

/** A damaged variant of `base`: 1..3 JSON-level changes and/or text-level ones. */
export function damagedSave(rnd: Rand, base: string): string {
  let text = base;
  if (rnd.chance(0.6)) {
    const root = JSON.parse(text) as Record<string, unknown>;
    for (let i = 1 + rnd.below(3); i > 0; i--) mutateJson(rnd, root);
    text = JSON.stringify(root);
  }
  if (rnd.chance(0.5)) for (let i = 1 + rnd.below(3); i > 0; i--) text = mutateText(rnd, text);
  return text;
}

/** Saved texts of every kind of damage, each with a name. */
export function deepSave(depth: number): string {
  return `{"version":1,"settings":{"language":"ru","players":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
}

export function nastySaves(): [string, string][] {
  const good = sampleSave();
  const parsed = JSON.parse(good) as { settings: Record<string, unknown>; stats: unknown };
  const deep = (n: number, open: string, close: string): string => open.repeat(n) + close.repeat(n);
  return [
    ['empty', ''],
    ['whitespace', ' \n\t '],
    ['truncated to 1', good.slice(0, 1)],
    ['truncated to half', good.slice(0, good.length >> 1)],
    ['truncated by one', good.slice(0, -1)],
    ['corrupt JSON', good.replace('"players":6', '"players":6,,')],
    ['binary garbage', '\u0000\u0001\u00ff\ufffe\ufeff{"version":1}'],
    // The probe of issue 25: texts whose trailer would match but that do not parse.
    ['a byte order mark first', `\ufeff${good}`],
    ['a raw NUL inside', good.replace('"version":1', '"version":1\u0000')],
    ['a NaN literal', good.replace('"version":1', '"version":NaN')],
    ['null', 'null'],
    ['number', '42'],
    ['string', '"version 1"'],
    ['array', JSON.stringify([parsed])],
    ['settings is an array', JSON.stringify({ version: 1, settings: [1, 2], stats: parsed.stats })],
    ['settings is a string', JSON.stringify({ version: 1, settings: 'russian', stats: 'x' })],
    ['every field the wrong type', JSON.stringify({ version: 1, settings: Object.fromEntries(Object.keys(parsed.settings).map((k) => [k, [k]])), stats: { classic: 'x', russian: { games: -1, wins: 0.5 } } })],
    ['future version', good.replace('"version":1', '"version":2')],
    ['version as a string', good.replace('"version":1', '"version":"1"')],
    ['no version', good.replace('"version":1,', '')],
    ['partial: one valid field', JSON.stringify({ version: 1, settings: { language: 'ru' } })],
    ['partial: valid and invalid fields', JSON.stringify({ version: 1, settings: { ...parsed.settings, players: 9, difficulty: 'insane' } })],
    // The online fields (issue 35): a name too long, padded, not a string, with control characters
    // or letters the fonts do not draw; a CPU count out of range or not a number.
    ['name: 13 letters', JSON.stringify({ version: 1, settings: { ...parsed.settings, name: 'x'.repeat(NAME_MAX + 1) } })],
    ['name: 12 letters', JSON.stringify({ version: 1, settings: { ...parsed.settings, name: 'Ж'.repeat(NAME_MAX) } })],
    ['name: a number', JSON.stringify({ version: 1, settings: { ...parsed.settings, name: 42 } })],
    ['name: null', JSON.stringify({ version: 1, settings: { ...parsed.settings, name: null } })],
    ['name: control characters', JSON.stringify({ version: 1, settings: { ...parsed.settings, name: 'Kim\u0000\u0007' } })],
    ['name: a newline', JSON.stringify({ version: 1, settings: { ...parsed.settings, name: 'Kim\nDana' } })],
    ['name: a leading space', JSON.stringify({ version: 1, settings: { ...parsed.settings, name: ' Kim' } })],
    ['name: an emoji', JSON.stringify({ version: 1, settings: { ...parsed.settings, name: 'Kim \ud83c\udccf' } })],
    ['onlineCpus: 5', JSON.stringify({ version: 1, settings: { ...parsed.settings, onlineCpus: 5 } })],
    ['onlineCpus: -1', JSON.stringify({ version: 1, settings: { ...parsed.settings, onlineCpus: -1 } })],
    ['onlineCpus: 1.5', JSON.stringify({ version: 1, settings: { ...parsed.settings, onlineCpus: 1.5 } })],
    ['onlineCpus: a string', JSON.stringify({ version: 1, settings: { ...parsed.settings, onlineCpus: '2' } })],
    ['onlineCpus: 1e308', '{"version":1,"settings":{"onlineCpus":1e308,"name":"Kim"}}'],
    ['huge counts', JSON.stringify({ version: 1, stats: { classic: { games: 1e300, wins: 1e10 }, russian: { games: 2 ** 53, wins: 1 } } })],
    ['__proto__ keys', '{"version":1,"__proto__":{"settings":{"language":"ru"}},"settings":{"__proto__":{"players":6},"constructor":{"x":1}}}'],
    ['duplicate keys', '{"version":1,"settings":{"players":6,"players":"six"}}'],
    ['lone surrogates', good.replace('"ru"', '"r\ud800u"').replace('"hard"', '"\udfff"')],
    ['escaped lone surrogates', good.replace('"ru"', '"\\ud800"')],
    // 5,000 deep: quickjs-emscripten's wasm stack overflows (RangeError in the test host,
    // not a QuickJS exception) near 10,000; the native host is tested 100,000 deep.
    ['nested 5,000 deep (arrays)', deep(5_000, '[', ']')],
    ['nested 5,000 deep (in a field)', `{"version":1,"settings":{"language":"ru","players":${deep(5_000, '[', ']')}}}`],
    ['1 MB string field', JSON.stringify({ version: 1, settings: { language: 'ru', difficulty: 'x'.repeat(1 << 20) } })],
  ];
}
