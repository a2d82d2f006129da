// Who sits at each seat: a person at a pad, or a CPU player at a difficulty.
// The rules engine knows only seats; this is where the app learns which of
// them it must wait for and which it plays itself.
import type { Difficulty } from '../ai';
import type { Seat } from '../rules/types';

export type Controller = { readonly kind: 'human'; readonly pad: number } | { readonly kind: 'cpu'; readonly difficulty: Difficulty };

/** CPU seats that share a difficulty: planSlaps draws for each group in one pass. */
export interface CpuGroup {
  readonly difficulty: Difficulty;
  readonly seats: readonly Seat[];
}

/** One person at `pad` in seat `human` (-1: none), CPU players at `difficulty` elsewhere. */
export function seatsWith(players: number, human: Seat, difficulty: Difficulty, pad = 0): Controller[] {
  const seats: Controller[] = [];
  for (let seat = 0; seat < players; seat++) seats.push(seat === human ? { kind: 'human', pad } : { kind: 'cpu', difficulty });
  return seats;
}

/** The CPU seats grouped by difficulty, in seat order within a group. */
export function cpuGroups(seats: readonly Controller[]): CpuGroup[] {
  const groups: { difficulty: Difficulty; seats: Seat[] }[] = [];
  seats.forEach((c, seat) => {
    if (c.kind !== 'cpu') return;
    const group = groups.find((g) => g.difficulty === c.difficulty);
    if (group) group.seats.push(seat);
    else groups.push({ difficulty: c.difficulty, seats: [seat] });
  });
  return groups;
}

/** The seats people play, in seat order. */
export function humanSeats(seats: readonly Controller[]): Seat[] {
  const out: Seat[] = [];
  seats.forEach((c, seat) => {
    if (c.kind === 'human') out.push(seat);
  });
  return out;
}
