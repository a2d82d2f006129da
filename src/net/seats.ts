// The table as each player sees it: their own seat at the bottom. The
// server numbers the seats one way for everyone; every screen draws seat 0
// at the bottom and the others clockwise from it (src/view/seats.ts), so
// an online player's screen turns the table by their own seat: shown seat
// d is the server's seat d + you. Turning keeps clockwise order, so every
// rule that goes round the table (whose turn, the slaps' tie order) reads
// the same either way.
import type { GameEvent, GameState, Seat } from '../rules/types';

/** The shown seat of the server's seat `s` for the player at `you`; -1 stays -1. */
export function viewSeat(s: Seat, you: Seat, players: number): Seat {
  return s < 0 ? s : (s - you + players) % players;
}

/** The server's seat of the shown seat `d`. */
export function serverSeat(d: Seat, you: Seat, players: number): Seat {
  return d < 0 ? d : (d + you) % players;
}

/** A per-seat list in the shown seats' order. */
function turned<T>(list: readonly T[], you: Seat): T[] {
  const n = list.length;
  const out: T[] = [];
  for (let d = 0; d < n; d++) out.push(list[(d + you) % n]!);
  return out;
}

/** The game as the player at `you` sees it (the server's own when they sit at seat 0). */
export function viewGame(g: GameState, you: Seat): GameState {
  if (you === 0) return g;
  const n = g.options.players;
  const v = (s: Seat): Seat => viewSeat(s, you, n);
  return {
    ...g,
    dealer: v(g.dealer),
    stacks: turned(g.stacks, you),
    turn: v(g.turn),
    lastPlayer: g.lastPlayer === null ? null : v(g.lastPlayer),
    challenge: g.challenge === null ? null : { by: v(g.challenge.by), answerer: v(g.challenge.answerer), chancesLeft: g.challenge.chancesLeft },
    pendingCollect: g.pendingCollect === null ? null : { seat: v(g.pendingCollect.seat), reason: g.pendingCollect.reason },
    lay: g.lay === null ? null : { ...g.lay, seat: v(g.lay.seat) },
    pendingChoice: g.pendingChoice === null ? null : v(g.pendingChoice),
    barred: turned(g.barred, you),
    slapBan: turned(g.slapBan, you),
    outOrder: g.outOrder.map(v),
    over: g.over === null ? null : { ...g.over, winner: v(g.over.winner), ranking: g.over.ranking.map(v) },
  };
}

/** An event as the player at `you` sees it. */
export function viewEvent(e: GameEvent, you: Seat, players: number): GameEvent {
  if (you === 0) return e;
  const v = (s: Seat): Seat => viewSeat(s, you, players);
  switch (e.type) {
    case 'challenge':
      return { ...e, by: v(e.by), answerer: v(e.answerer) };
    case 'gameOver':
      return { ...e, result: { ...e.result, winner: v(e.result.winner), ranking: e.result.ranking.map(v) } };
    default:
      return { ...e, seat: v(e.seat) };
  }
}
