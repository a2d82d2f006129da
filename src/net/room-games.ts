// A room's games by number, and the ends a dropped player missed. A room
// plays one game after another (the first, then each rematch); a player
// whose connection drops keeps their seat, and while they are away the game
// they left may end and a rematch begin, or be played to its end too. Back,
// they get what the room is doing now (its deal, with its number) and,
// before it, each game that ended since they left, as it ended (S.ended):
// their statistics count every game they were seated in, as everyone's do.
import type { Ended, Figures, PublicState } from './protocol';

/**
 * The ends a room keeps for players who come back: a drop lasts at most
 * 60 s (room-core.ts RECONNECT_S), and no game of the rules is played
 * from its deal to its end that fast more than a few times.
 */
export const ENDS_KEPT = 8;

export interface RoomGames {
  /** Games dealt so far: the number of the game on, or last played. */
  dealt: number;
  /** The last games that ended, oldest first. */
  readonly ended: Ended[];
}

export function newRoomGames(): RoomGames {
  return { dealt: 0, ended: [] };
}

/** A game is dealt (the first, or a rematch): its number. */
export function gameDealt(g: RoomGames): number {
  return ++g.dealt;
}

/** The game on has ended: its last state and every seat's figures, kept for whoever is away. */
export function gameEnded(g: RoomGames, state: PublicState, figures: Figures): void {
  g.ended.push([g.dealt, state, figures]);
  if (g.ended.length > ENDS_KEPT) g.ended.shift();
}

/**
 * For a player back after a drop during game `left`: the games that ended
 * since, from that one on, but the game on now (its deal carries its own
 * end). The player's script counts those it has not counted yet.
 */
export function endedSince(g: RoomGames, left: number): Ended[] {
  return g.ended.filter((e) => e[0] >= left && e[0] !== g.dealt);
}
