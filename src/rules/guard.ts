// The end of a game: by the rules, by the card limit, or by a repeated
// position (the endless-game guard), and the ranking that goes with it.
import type { GameEvent, GameOver, GameState, Seat } from './types';

/** Module scope: a global's property is a hash lookup per use in QuickJS. */
const imul = Math.imul;

/**
 * A 52-bit hash of the position that decides the rest of the game when the
 * pile is empty: every stack in order, whose turn it is, who is barred and
 * who is banned from slapping for how many more cards.
 * Two independent 32-bit hashes (FNV-1a and a murmur-style mix) joined, so a
 * false "repeat" is out of reach in practice. Integer ops only.
 */
export function stateHash(state: GameState): number {
  // The mix is written out in each loop rather than as a closure: a call per
  // card made this the dearest part of a claim in QuickJS (bench/results.md).
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  const stacks = state.stacks;
  for (let seat = 0; seat < stacks.length; seat++) {
    const stack = stacks[seat];
    for (let i = 0; i < stack.length; i++) {
      const v = stack[i];
      a = imul(a ^ v, 16777619);
      b = imul(b ^ v, 0x5bd1e995);
      b ^= b >>> 15;
    }
    // Separator between stacks; a slap ban only counts while it lasts, so
    // games without bans hash as they always did.
    const sep = 100 + (state.barred[seat] ? 1 : 0) + state.slapBan[seat] * 2;
    a = imul(a ^ sep, 16777619);
    b = imul(b ^ sep, 0x5bd1e995);
    b ^= b >>> 15;
  }
  const turn = 200 + state.turn;
  a = imul(a ^ turn, 16777619);
  b = imul(b ^ turn, 0x5bd1e995);
  b ^= b >>> 15;
  const cards = 300 + state.pile.length + state.burned.length;
  a = imul(a ^ cards, 16777619);
  b = imul(b ^ cards, 0x5bd1e995);
  b ^= b >>> 15;
  return (a >>> 0) + (b & 0xfffff) * 4294967296;
}

/** Seats clockwise starting at the dealer's left: the order that breaks ties. */
function tableOrder(state: GameState, from: Seat): Seat[] {
  const players = state.options.players;
  const seats: Seat[] = [];
  for (let step = 0; step < players; step++) seats.push((from + step) % players);
  return seats;
}

/** Classic ends: the winner, then the others from last eliminated to first. */
export function classicRanking(state: GameState, winner: Seat): Seat[] {
  const ranking = [winner];
  for (let i = state.outOrder.length - 1; i >= 0; i--) if (state.outOrder[i] !== winner) ranking.push(state.outOrder[i]);
  for (const seat of tableOrder(state, 0)) if (ranking.indexOf(seat) < 0) ranking.push(seat);
  return ranking;
}

/**
 * Ranking by cards held: most first in classic, fewest first in Russian.
 * Ties go in table order from `from` (the winner's seat, or the dealer's left).
 */
export function rankingByCards(state: GameState, fewestFirst: boolean, from: Seat): Seat[] {
  const order = tableOrder(state, from);
  const position = (seat: Seat): number => order.indexOf(seat);
  return order.slice().sort((x, y) => {
    const diff = state.stacks[x].length - state.stacks[y].length;
    if (diff !== 0) return fewestFirst ? diff : -diff;
    return position(x) - position(y);
  });
}

export function finish(draft: GameState, events: GameEvent[], result: GameOver): void {
  draft.over = result;
  draft.challenge = null;
  draft.pendingCollect = null;
  draft.lay = null;
  draft.pendingChoice = null;
  events.push({ type: 'gameOver', result });
}

/**
 * The ranking of a game stopped before its own end (the card limit, a
 * repeated position, or the players ending it): most cards first in
 * classic, fewest in Russian; ties from the dealer's left.
 */
export function rankingWhenStopped(state: GameState): Seat[] {
  return rankingByCards(state, state.options.ruleSet === 'russian', (state.dealer + 1) % state.options.players);
}

/** The limit's end, ranked as rankingWhenStopped says. */
export function finishByLimit(draft: GameState, events: GameEvent[], endedBy: 'cardLimit' | 'repeat'): void {
  const ranking = rankingWhenStopped(draft);
  finish(draft, events, { winner: ranking[0], ranking, byLimit: true, endedBy });
}

/** After a card is played: the card limit. */
export function checkCardLimit(draft: GameState, events: GameEvent[]): void {
  if (!draft.over && draft.cardsPlayed >= draft.options.cardLimit) finishByLimit(draft, events, 'cardLimit');
}

/**
 * After a pile is claimed (the pile is empty, nothing pending): remember the
 * position; seeing it again ends the game as a repeat.
 */
export function recordPosition(draft: GameState, events: GameEvent[]): void {
  if (draft.over) return;
  const hash = stateHash(draft);
  if (draft.seen.indexOf(hash) >= 0) finishByLimit(draft, events, 'repeat');
  else draft.seen = draft.seen.concat(hash);
}
