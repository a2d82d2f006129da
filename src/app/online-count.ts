// What an online room's games add to this player's statistics
// (src/app/lifetime.ts), each once: a game played to its results on screen,
// and a game they were seated in that ended while they were away, when they
// come back to a later one (their seat was played for them to its end, a
// rematch begun meanwhile: the server's S.ended, docs/network.md "Drops").
// Such a game counts as the others count it: every seat's figures as the
// server counted them from the steps it sent.
import { dealGame, gameFromPublic, type Deal, type Figures } from '../net/protocol';
import type { GameState, Seat } from '../rules/types';
import { newStats, takeSeatFigures, type GameStats } from './game-stats';
import { addGame } from './lifetime';
import type { OnlineAppTable } from './online-table';
import type { RoomLink } from './room';
import { save } from './saving';
import type { App } from './state';

/** The game on screen (`room.game`) reached its results: counted, unless it was already. `you` is this player's seat in `played`. */
export function countOnlineGame(app: App, room: RoomLink, game: GameState, played: GameStats, you: Seat): void {
  if (room.game <= room.counted) return;
  room.counted = room.game;
  addGame(app.stats, game, played, you, game.over !== null && game.over.winner === you);
  save(app);
}

/**
 * A later game's deal has come (a rematch; after a drop, maybe with games
 * that ended meanwhile): every game before it not counted yet counts now.
 * Those that ended while this player was away, from their ends as the
 * server sent them (the one on screen with this player's own slap times
 * from it); and the one on screen, if it ended with them there and the
 * rematch came before its results.
 */
export function countGamesBefore(app: App, room: RoomLink, onScreen: OnlineAppTable | null, deal: Deal): Missed {
  const next = dealGame(deal);
  const options = deal[3];
  const you = deal[0];
  const counted = room.counted;
  const missed: Missed = { games: 0, winner: -1 };
  for (const [number, state, figures] of room.missed) {
    if (number <= room.counted || number >= next) continue;
    const played = seatFigures(figures, options.players);
    if (onScreen !== null && number === room.game) {
      played.slapTimes.push(...onScreen.stats.slapTimes);
      played.fastest = onScreen.stats.fastest;
    }
    const game = gameFromPublic(options, state);
    addGame(app.stats, game, played, you, game.over !== null && game.over.winner === you);
    room.counted = number;
    missed.games++;
    missed.winner = game.over !== null ? game.over.winner : -1;
  }
  room.missed.length = 0;
  const shown = onScreen?.game;
  if (shown !== undefined && shown.over !== null && room.game > room.counted && room.game < next) {
    addGame(app.stats, shown, onScreen!.stats, 0, shown.over.winner === 0);
    room.counted = room.game;
  }
  if (room.counted !== counted) save(app);
  return missed;
}

/** The games that ended while this player was away, counted by countGamesBefore, and the last one's winner (the room's seat; -1: none). */
export interface Missed {
  games: number;
  winner: Seat;
}

/** A game's figures as the server sent them, by seat; no slap times (a seat played for its player never slaps). */
function seatFigures(figures: Figures, players: number): GameStats {
  const st = newStats(players);
  for (let s = 0; s < players; s++) takeSeatFigures(st, s, figures, s);
  return st;
}
