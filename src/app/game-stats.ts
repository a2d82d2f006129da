// The statistics of one game, per seat: piles won (Russian: taken), slaps
// that took the pile, wrong slaps, slap races lost (a slap that met a pile
// already taken) and challenges won; and the times of the people's winning
// slaps (from the moment the top card landed and could be read:
// src/table/table.ts LAND_MS).
import { rankingWhenStopped } from '../rules';
import type { GameEvent, GameOver, GameState, Seat } from '../rules/types';
import type { SeatResult } from './screen';
import type { Figures } from '../net/protocol';

export interface GameStats {
  /** Classic: piles won by any claim; Russian: piles a seat had to take. */
  piles: number[];
  slapsWon: number[];
  wrongSlaps: number[];
  racesLost: number[];
  challengesWon: number[];
  /** The fastest winning slap by a person, in ms; -1 for none. */
  fastest: number;
  /** Every winning slap by a person, in ms from the top card landing. */
  slapTimes: number[];
}

function zeros(n: number): number[] {
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push(0);
  return a;
}

export function newStats(players: number): GameStats {
  return {
    piles: zeros(players),
    slapsWon: zeros(players),
    wrongSlaps: zeros(players),
    racesLost: zeros(players),
    challengesWon: zeros(players),
    fastest: -1,
    slapTimes: [],
  };
}

/** Seat `from`'s figures as a room's server counted them (src/net/protocol.ts Figures) into seat `to` of `stats`; slap times are not among them. */
export function takeSeatFigures(stats: GameStats, to: number, figures: Figures, from: number): void {
  const [piles, slapsWon, wrongSlaps, racesLost, challengesWon] = figures;
  stats.piles[to] = piles[from] ?? 0;
  stats.slapsWon[to] = slapsWon[from] ?? 0;
  stats.wrongSlaps[to] = wrongSlaps[from] ?? 0;
  stats.racesLost[to] = racesLost[from] ?? 0;
  stats.challengesWon[to] = challengesWon[from] ?? 0;
}

/** Counts one engine event; topAt is when the pile's top card landed, human whether a person made it. */
export function countEvent(stats: GameStats, e: GameEvent, t: number, topAt: number, human: boolean): void {
  if (e.type === 'claimed') {
    stats.piles[e.seat]!++;
    if (e.reason === 'challenge') stats.challengesWon[e.seat]!++;
    if (e.reason !== 'slap') return;
    stats.slapsWon[e.seat]!++;
    // A slap before the card landed was a guess, not a reaction: it sets no record.
    if (!human || t < topAt) return;
    const ms = t - topAt;
    stats.slapTimes.push(ms);
    if (stats.fastest < 0 || ms < stats.fastest) stats.fastest = ms;
  } else if (e.type === 'wrongSlap') {
    stats.wrongSlaps[e.seat]!++;
  } else if (e.type === 'slapMissed') {
    stats.racesLost[e.seat]!++;
  }
}

/**
 * How a game ended, as the results say it (each in its own line of both
 * languages, src/app/i18n): by the rules' own end (one player holds every
 * card; Russian: one has played out every card), by the card limit, by a
 * repeated position (the endless-game guard), or by the players (`over`
 * null: ended from the pause menu).
 */
export type ResultCause = 'allCards' | 'cardLimit' | 'repeat' | 'ended';

export function resultCause(over: GameOver | null): ResultCause {
  if (over === null) return 'ended';
  return over.endedBy === 'rules' ? 'allCards' : over.endedBy;
}

/**
 * Whether the ranking goes by cards held, where equal cards are a tie: a
 * game stopped (the card limit, a repeat, the players) or a Russian game's
 * losers. A classic game played out ranks by who went out last: no ties.
 */
function rankedByCards(game: GameState): boolean {
  return game.over === null || game.over.endedBy !== 'rules' || game.options.ruleSet === 'russian';
}

/** Every seat, best first, as the results screen lists them (a game ended early: ranked as the card limit ranks). */
export function statsResults(
  stats: GameStats,
  game: GameState,
  names: readonly string[],
): { ranking: SeatResult[]; fastestMs: number; cardsPlayed: number } {
  const ranking: SeatResult[] = [];
  const seats = (game.over !== null ? game.over.ranking : rankingWhenStopped(game)) as readonly Seat[];
  const byCards = rankedByCards(game);
  for (let i = 0; i < seats.length; i++) {
    const seat = seats[i]!;
    const cards = game.stacks[seat]!.length;
    // The rules' winner is first alone, even when a tie-break made them so.
    const tied = byCards && i > 0 && !(i === 1 && game.over !== null) && cards === ranking[i - 1]!.cards;
    ranking.push({
      place: tied ? ranking[i - 1]!.place : i + 1,
      name: names[seat]!,
      cards,
      piles: stats.piles[seat]!,
      slapsWon: stats.slapsWon[seat]!,
      wrongSlaps: stats.wrongSlaps[seat]!,
    });
  }
  return { ranking, fastestMs: stats.fastest, cardsPlayed: game.cardsPlayed };
}
