// The statistics of one game, per seat: piles won, slaps won and lost, and
// the human's fastest slap (from the moment the top card landed).
import type { GameEvent, GameState, Seat } from '../rules/types';
import type { SeatResult } from './screen';

let piles: number[] = [];
let slapsWon: number[] = [];
let slapsLost: number[] = [];
let fastest = -1;
let human: Seat = 0;

function zeros(n: number): number[] {
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push(0);
  return a;
}

export function resetStats(players: number, humanSeat: Seat): void {
  piles = zeros(players);
  slapsWon = zeros(players);
  slapsLost = zeros(players);
  fastest = -1;
  human = humanSeat;
}

/** Counts one engine event; topAt is when the pile's top card landed. */
export function countEvent(e: GameEvent, t: number, topAt: number): void {
  if (e.type === 'claimed') {
    piles[e.seat]!++;
    if (e.reason !== 'slap') return;
    slapsWon[e.seat]!++;
    if (e.seat === human && (fastest < 0 || t - topAt < fastest)) fastest = t - topAt;
  } else if (e.type === 'wrongSlap') {
    slapsLost[e.seat]!++;
  }
}

/** Every seat, best first, as the results screen lists them. */
export function statsResults(game: GameState, names: readonly string[]): { ranking: SeatResult[]; fastestMs: number; cardsPlayed: number } {
  const ranking: SeatResult[] = [];
  for (const seat of game.over!.ranking) {
    ranking.push({
      name: names[seat]!,
      cards: game.stacks[seat]!.length,
      piles: piles[seat]!,
      slapsWon: slapsWon[seat]!,
      slapsLost: slapsLost[seat]!,
    });
  }
  return { ranking, fastestMs: fastest, cardsPlayed: game.cardsPlayed };
}

/** Test-only (ratscrew.debug()). */
export function statsDebug(): object {
  return { piles, slapsWon, slapsLost, fastest };
}
