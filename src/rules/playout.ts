// Random-but-legal play, driven by the seeded RNG: the simulator's table and
// the property tests' opponent. No clocks: slap times are made up from the
// RNG, and a batch of slaps is applied in orderSlaps() order as the app would.
import { apply } from './apply';
import { below, nextRandom } from './rng';
import { slapPattern, orderSlaps } from './slaps';
import { canSlap } from './state';
import type { Action, GameEvent, GameState, Seat } from './types';

export interface PlayoutPolicy {
  /** Chance that someone slaps a valid pile (before it is covered or collected). */
  slapValid: number;
  /** Chance per move that someone slaps a pile with no pattern. */
  slapWrong: number;
  /** Chance that a slap comes before a due collect. */
  slapBeforeCollect: number;
}

export const DEFAULT_POLICY: PlayoutPolicy = { slapValid: 0.7, slapWrong: 0.02, slapBeforeCollect: 0.2 };

/** A little RNG cursor so the policy reads like sentences. */
export class Dice {
  constructor(public state: number) {}
  next(): number {
    const draw = nextRandom(this.state);
    this.state = draw.state;
    return draw.value;
  }
  below(n: number): number {
    return below(this.next(), n);
  }
  chance(p: number): boolean {
    return this.next() < p * 4294967296;
  }
}

function slappers(state: GameState): Seat[] {
  const seats: Seat[] = [];
  for (let seat = 0; seat < state.options.players; seat++) if (canSlap(state, seat)) seats.push(seat);
  return seats;
}

/** One to three distinct eligible seats slap at made-up times (ties likely), in the order they take effect. */
function slapBatch(state: GameState, dice: Dice, now: number): Action[] {
  const seats = slappers(state);
  if (seats.length === 0) return [];
  const count = 1 + dice.below(Math.min(3, seats.length));
  const slaps: { seat: Seat; at: number }[] = [];
  for (let i = 0; i < count; i++) {
    const pick = seats.splice(dice.below(seats.length), 1)[0];
    slaps.push({ seat: pick, at: now + 200 + dice.below(4) * 10 });
  }
  return orderSlaps(state, slaps).map((s) => ({ type: 'slap', seat: s.seat, at: s.at }) as Action);
}

/** The next action(s) a random table would take. `now` stands in for host time. */
export function randomActions(state: GameState, dice: Dice, now: number, policy: PlayoutPolicy = DEFAULT_POLICY): Action[] {
  if (state.options.ruleSet === 'russian') {
    if (state.pendingChoice !== null) {
      return [{ type: 'choose', seat: state.pendingChoice, target: dice.below(state.options.players), at: now }];
    }
    return [{ type: 'play', seat: state.turn, at: now }];
  }
  if (state.pendingCollect) {
    if (dice.chance(policy.slapBeforeCollect)) {
      const batch = slapBatch(state, dice, now);
      if (batch.length > 0) return batch;
    }
    return [{ type: 'collect', seat: state.pendingCollect.seat, at: now }];
  }
  const valid = slapPattern(state) !== null;
  if (dice.chance(valid ? policy.slapValid : policy.slapWrong)) {
    const batch = slapBatch(state, dice, now);
    if (batch.length > 0) return batch;
  }
  return [{ type: 'play', seat: state.turn, at: now }];
}

export interface PlayoutResult {
  state: GameState;
  actions: Action[];
  events: number;
}

/**
 * Play a whole game at random. `onStep` sees every state after every action
 * (for invariant checks). Throws if the engine refuses a legal action.
 */
export function playout(
  start: GameState,
  seed: number,
  policy: PlayoutPolicy = DEFAULT_POLICY,
  onStep?: (state: GameState, action: Action, events: GameEvent[]) => void,
  maxActions = 1_000_000,
): PlayoutResult {
  const dice = new Dice(seed >>> 0);
  const actions: Action[] = [];
  let state = start;
  let events = 0;
  let now = 0;
  while (!state.over) {
    if (actions.length >= maxActions) throw new Error(`playout did not end after ${maxActions} actions`);
    for (const action of randomActions(state, dice, now, policy)) {
      const result = apply(state, action);
      if (!result.ok) throw new Error(`legal action refused: ${JSON.stringify(action)}: ${result.error.message}`);
      state = result.state;
      events += result.events.length;
      actions.push(action);
      if (onStep) onStep(state, action, result.events);
      if (state.over) break;
    }
    now += 500;
  }
  return { state, actions, events };
}
