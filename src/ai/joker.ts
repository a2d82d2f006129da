// Russian "joker player chooses": whom a CPU names to take the pile.
import { cardCount } from '../rules';
import type { GameState, Seat } from '../rules';

/**
 * Russian joker chooser: a CPU names the opponent with the fewest cards
 * (ties: nearest clockwise). The winner is whoever empties their stack first,
 * so the pile goes to the opponent closest to doing that.
 */
export function chooseTaker(state: GameState, seat: Seat): Seat {
  const players = state.options.players;
  let taker = seat;
  let fewest = Infinity;
  for (let step = 1; step < players; step++) {
    const other = (seat + step) % players;
    const count = cardCount(state, other);
    // Strictly fewer: on a tie the seat met first clockwise stays.
    if (count < fewest) {
      fewest = count;
      taker = other;
    }
  }
  return taker;
}
