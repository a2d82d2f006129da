// The statistics of one game, per seat: piles won, slaps won and lost, and
// the people's fastest slap (from the moment the top card landed and could be
// read: src/table/table.ts LAND_MS).
import type { GameEvent, GameState, Seat } from '../rules/types';
import type { SeatResult } from './screen';

export interface GameStats {
  piles: number[];
  slapsWon: number[];
  slapsLost: number[];
  /** The fastest winning slap by a person, in ms; -1 for none. */
  fastest: number;
}

function zeros(n: number): number[] {
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push(0);
  return a;
}

export function newStats(players: number): GameStats {
  return { piles: zeros(players), slapsWon: zeros(players), slapsLost: zeros(players), fastest: -1 };
}

/** Counts one engine event; topAt is when the pile's top card landed, human whether a person made it. */
export function countEvent(stats: GameStats, e: GameEvent, t: number, topAt: number, human: boolean): void {
  if (e.type === 'claimed') {
    stats.piles[e.seat]!++;
    if (e.reason !== 'slap') return;
    stats.slapsWon[e.seat]!++;
    // A slap before the card landed was a guess, not a reaction: it sets no record.
    if (human && t >= topAt && (stats.fastest < 0 || t - topAt < stats.fastest)) stats.fastest = t - topAt;
  } else if (e.type === 'wrongSlap') {
    stats.slapsLost[e.seat]!++;
  }
}

/** Every seat, best first, as the results screen lists them. */
export function statsResults(
  stats: GameStats,
  game: GameState,
  names: readonly string[],
): { ranking: SeatResult[]; fastestMs: number; cardsPlayed: number } {
  const ranking: SeatResult[] = [];
  for (const seat of game.over!.ranking as readonly Seat[]) {
    ranking.push({
      name: names[seat]!,
      cards: game.stacks[seat]!.length,
      piles: stats.piles[seat]!,
      slapsWon: stats.slapsWon[seat]!,
      slapsLost: stats.slapsLost[seat]!,
    });
  }
  return { ranking, fastestMs: stats.fastest, cardsPlayed: game.cardsPlayed };
}
