// Lifetime statistics per rule set: what the person at the table did in
// every game since the last reset, added up at the end of each game (or when
// it is ended from the pause menu), and the Statistics screen's rows.
// Winning slap times are kept as a histogram of SLAP_BUCKET_MS buckets, so
// the save stays small and the median is exact to one bucket.
import type { GameState } from '../rules/types';
import type { Strings } from './i18n/strings';
import type { GameStats } from './game-stats';
import type { StatsRow } from './screen';

export const SLAP_BUCKET_MS = 10;
/** Buckets 0..SLAP_BUCKETS-2 are SLAP_BUCKET_MS wide; the last holds every slower slap. */
export const SLAP_BUCKETS = 201;

export interface RuleSetStats {
  /** Games started by a person and finished or ended. */
  games: number;
  wins: number;
  /** Classic: piles won; Russian: piles taken. */
  piles: number;
  slapsWon: number;
  racesLost: number;
  wrongSlaps: number;
  challengesWon: number;
  /** Fastest winning slap in ms, -1 for none yet. */
  fastest: number;
  /** Winning slaps by time: slapHistogram[i] counts those of i * SLAP_BUCKET_MS up to the next bucket. */
  slapHistogram: number[];
  /** Cards played in the longest game. */
  longest: number;
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

export function emptyRuleSetStats(): RuleSetStats {
  return { games: 0, wins: 0, piles: 0, slapsWon: 0, racesLost: 0, wrongSlaps: 0, challengesWon: 0, fastest: -1, slapHistogram: [], longest: 0 };
}

export function defaultStats(): Stats {
  return { classic: emptyRuleSetStats(), russian: emptyRuleSetStats(), twoPlayer: { games: 0, leftWins: 0, rightWins: 0 } };
}

export function slapBucket(ms: number): number {
  const b = Math.floor(ms / SLAP_BUCKET_MS);
  return b < 0 ? 0 : b >= SLAP_BUCKETS - 1 ? SLAP_BUCKETS - 1 : b;
}

/** Adds one game the person at seat `you` played; `won` only for a game that ended by the rules or the limit. */
export function addGame(stats: Stats, game: GameState, played: GameStats, you: number, won: boolean): void {
  const set = stats[game.options.ruleSet];
  set.games++;
  if (won) set.wins++;
  set.piles += played.piles[you]!;
  set.slapsWon += played.slapsWon[you]!;
  set.racesLost += played.racesLost[you]!;
  set.wrongSlaps += played.wrongSlaps[you]!;
  set.challengesWon += played.challengesWon[you]!;
  if (played.fastest >= 0 && (set.fastest < 0 || played.fastest < set.fastest)) set.fastest = played.fastest;
  for (const ms of played.slapTimes) {
    const b = slapBucket(ms);
    while (set.slapHistogram.length <= b) set.slapHistogram.push(0);
    set.slapHistogram[b]!++;
  }
  if (game.cardsPlayed > set.longest) set.longest = game.cardsPlayed;
}

/** The bucket holding the median winning slap (the lower median for an even count), -1 for none. */
export function medianBucket(h: readonly number[]): number {
  let n = 0;
  for (const c of h) n += c;
  if (n === 0) return -1;
  const k = Math.ceil(n / 2);
  let seen = 0;
  for (let i = 0; i < h.length; i++) {
    seen += h[i]!;
    if (seen >= k) return i;
  }
  return h.length - 1;
}

function rate(set: RuleSetStats, t: Strings): string {
  return set.games === 0 ? t.none : t.percent(Math.round((set.wins * 100) / set.games));
}

function median(set: RuleSetStats, t: Strings): string {
  const b = medianBucket(set.slapHistogram);
  if (b < 0) return t.none;
  const from = b * SLAP_BUCKET_MS;
  return b === SLAP_BUCKETS - 1 ? '>= ' + t.ms(from) : from + '-' + t.ms(from + SLAP_BUCKET_MS);
}

/** The Statistics screen: a row per figure, with '-' where a rule set has no such thing (no slaps in Russian). */
export function statsRows(stats: Stats, t: Strings): StatsRow[] {
  const c = stats.classic;
  const r = stats.russian;
  const L = t.statsRows;
  const n = String;
  return [
    { label: L.games, classic: n(c.games), russian: n(r.games) },
    { label: L.wins, classic: n(c.wins), russian: n(r.wins) },
    { label: L.winRate, classic: rate(c, t), russian: rate(r, t) },
    { label: L.pilesWon, classic: n(c.piles), russian: t.none },
    { label: L.pilesTaken, classic: t.none, russian: n(r.piles) },
    { label: L.slapsWon, classic: n(c.slapsWon), russian: t.none },
    { label: L.racesLost, classic: n(c.racesLost), russian: t.none },
    { label: L.wrongSlaps, classic: n(c.wrongSlaps), russian: t.none },
    { label: L.fastest, classic: c.fastest < 0 ? t.none : t.ms(c.fastest), russian: t.none },
    { label: L.median, classic: median(c, t), russian: t.none },
    { label: L.challengesWon, classic: n(c.challengesWon), russian: t.none },
    { label: L.longest, classic: n(c.longest), russian: n(r.longest) },
  ];
}
