// A table run the way the app runs one: CPU seats play after playDelay, the
// CPU slap plans from planSlaps fire at their times and are dropped when the
// pile changes, a pile due to a player is collected after a second, and the
// human (seat 0) plays after 500 ms and slaps valid piles after a fixed time.
// Used by the integration test and, bundled, by the QuickJS determinism test,
// so it touches nothing but src/ai and src/rules.
import { chooseTaker, planSlaps, playDelay, type Difficulty, type SlapPlan } from '../../src/ai';
import { apply, newGame, slapPattern, type Action, type GameOptions, type GameState } from '../../src/rules';

export interface TableRun {
  state: GameState;
  /** Every action applied: type code, seat, time. */
  trace: number[];
  cpuValidSlaps: number;
  cpuWrongSlaps: number;
  humanSlapWins: number;
  /** Inconsistencies: an engine refusal, or a plan whose validity the engine did not confirm. */
  problems: string[];
}

const HUMAN_PLAY_MS = 500;
const COLLECT_MS = 1000;
const TYPE_CODE: Record<Action['type'], number> = { play: 1, slap: 2, collect: 3, choose: 4 };

export function runTable(
  options: GameOptions,
  seed: number,
  difficulty: Difficulty,
  humanSlapMs: number | null,
  maxActions: number,
): TableRun {
  let state = newGame(options, seed);
  let aiRng = (seed ^ 0x5f3759df) >>> 0;
  const cpuSeats: number[] = [];
  for (let seat = 1; seat < options.players; seat++) cpuSeats.push(seat);
  const run: TableRun = { state, trace: [], cpuValidSlaps: 0, cpuWrongSlaps: 0, humanSlapWins: 0, problems: [] };

  let changedAt = 0; // host time of the last change of the pile (or turn)
  let plans: SlapPlan[] = [];
  let nextMoveAt = 0;
  const scheduleMove = (): void => {
    if (state.pendingCollect) {
      nextMoveAt = changedAt + COLLECT_MS;
      return;
    }
    const mover = state.pendingChoice !== null ? state.pendingChoice : state.turn;
    if (mover === 0) {
      nextMoveAt = changedAt + HUMAN_PLAY_MS;
    } else {
      const d = playDelay(difficulty, aiRng);
      aiRng = d.rng;
      nextMoveAt = changedAt + d.delay;
    }
  };
  const replan = (): void => {
    const p = planSlaps(state, cpuSeats, difficulty, changedAt, aiRng);
    aiRng = p.rng;
    plans = p.plans;
  };
  scheduleMove();

  for (let n = 0; n < maxActions && !state.over; n++) {
    const humanAt = humanSlapMs !== null && slapPattern(state) !== null ? changedAt + humanSlapMs : Infinity;
    const planAt = plans.length > 0 ? plans[0].at : Infinity;
    let action: Action;
    let plan: SlapPlan | null = null;
    if (planAt <= humanAt && planAt <= nextMoveAt) {
      plan = plans.shift()!;
      action = { type: 'slap', seat: plan.seat, at: plan.at };
    } else if (humanAt <= nextMoveAt) {
      action = { type: 'slap', seat: 0, at: humanAt };
    } else if (state.pendingCollect) {
      action = { type: 'collect', seat: state.pendingCollect.seat, at: nextMoveAt };
    } else if (state.pendingChoice !== null) {
      action = { type: 'choose', seat: state.pendingChoice, target: chooseTaker(state, state.pendingChoice), at: nextMoveAt };
    } else {
      action = { type: 'play', seat: state.turn, at: nextMoveAt };
    }
    const result = apply(state, action);
    if (!result.ok) {
      run.problems.push(`${action.type} by ${action.seat} refused: ${result.error.message}`);
      break;
    }
    const before = state;
    state = result.state;
    run.trace.push(TYPE_CODE[action.type], action.seat, action.at ?? 0);

    if (action.type === 'slap') {
      const claimed = result.events.some((e) => e.type === 'claimed' && e.reason === 'slap');
      const wrong = result.events.some((e) => e.type === 'wrongSlap');
      if (plan) {
        if (plan.valid && claimed) run.cpuValidSlaps++;
        else if (!plan.valid && wrong) run.cpuWrongSlaps++;
        else run.problems.push(`seat ${plan.seat} planned valid=${plan.valid} but the engine said ${result.events.map((e) => e.type).join(',')}`);
      } else if (claimed) {
        run.humanSlapWins++;
      } else {
        run.problems.push(`the human slapped a valid pile and did not claim it`);
      }
    }
    const pileChanged = state.pile !== before.pile || state.burned !== before.burned;
    const turnChanged = state.turn !== before.turn || state.pendingCollect !== before.pendingCollect || state.pendingChoice !== before.pendingChoice;
    if (pileChanged || turnChanged) {
      changedAt = action.at ?? changedAt;
      if (pileChanged) replan(); // the app drops unfired plans when the pile changes
      scheduleMove();
    }
  }
  run.state = state;
  return run;
}
