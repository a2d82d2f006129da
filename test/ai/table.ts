// A table run by the game's own scheduler (src/table/table.ts), the way the
// app runs one, with a modelled person in seat 0: they play, collect and name
// a taker HUMAN_PLAY_MS after the game starts waiting for them, and slap a
// slappable pile humanSlapMs after its top card landed (null: never). Their
// actions reach the table as presses in tableFrame, the one order of a frame
// the app's buttons use too. Used by the integration test and, bundled, by
// the QuickJS determinism test, so it touches nothing but src/ai, src/rules
// and src/table.
import type { Difficulty } from '../../src/ai';
import { chooseTaker } from '../../src/ai';
import { slapPattern, type Action, type GameOptions, type GameState } from '../../src/rules';
import { seatsWith } from '../../src/table/seats';
import { NEVER, NO_PRESSES, newTable, nextDue, seatToAct, tableFrame, type Press, type Table } from '../../src/table/table';

export interface TableRun {
  state: GameState;
  /** Every action applied: type code, seat, time. */
  trace: number[];
  cpuValidSlaps: number;
  cpuWrongSlaps: number;
  /** CPU slaps made after the pile was taken: committed before it went. */
  cpuLateSlaps: number;
  humanSlapWins: number;
  /** Inconsistencies: an engine refusal, or a slap whose outcome the pile it was made on does not explain. */
  problems: string[];
}

const HUMAN = 0;
const HUMAN_PLAY_MS = 500;
const TYPE_CODE: Record<Action['type'], number> = { play: 1, slap: 2, collect: 3, choose: 4 };

export function runTable(
  options: GameOptions,
  seed: number,
  difficulty: Difficulty,
  humanSlapMs: number | null,
  maxActions: number,
): TableRun {
  const run: TableRun = { state: null as unknown as GameState, trace: [], cpuValidSlaps: 0, cpuWrongSlaps: 0, cpuLateSlaps: 0, humanSlapWins: 0, problems: [] };
  /** When the game started waiting for the person (-1: it is not). */
  let waitingSince = 0;
  let actions = 0;
  /** The top-card time of the pile the person last slapped: they slap each pile once. */
  let slappedTop = -1;
  const table: Table = newTable(
    { options, seed, dealer: 0, seats: seatsWith(options.players, HUMAN, difficulty), aiSeed: (seed ^ 0x5f3759df) >>> 0 },
    0,
    (t, action, result, before, at) => {
      actions++;
      if (!result.ok) {
        // A slap refused because its seat sits out is the rules working; anything else is a fault.
        if (action.type !== 'slap' || result.error.code !== 'barred') run.problems.push(`${action.type} by ${action.seat} refused: ${result.error.message}`);
        return;
      }
      run.trace.push(TYPE_CODE[action.type], action.seat, at);
      if (action.type === 'slap') {
        const claimed = result.events.some((e) => e.type === 'claimed' && e.reason === 'slap');
        const wrong = result.events.some((e) => e.type === 'wrongSlap');
        // A false start (in the flight or just after the landing, a committed CPU slap's) is wrong whatever the pile.
        const valid = slapPattern(before) !== null && !result.events.some((e) => e.type === 'wrongSlap' && e.falseStart === true);
        // A slap that comes after the pile was taken (a committed one, docs/ai.md) misses.
        if (before.pile.length === 0) {
          if (!result.events.some((e) => e.type === 'slapMissed')) run.problems.push(`seat ${action.seat} slapped an empty pile and the engine said ${result.events.map((e) => e.type).join(',')}`);
          else if (action.seat !== HUMAN) run.cpuLateSlaps++;
        } else if (valid !== claimed || valid === wrong) run.problems.push(`seat ${action.seat} slapped a ${valid ? 'valid' : 'plain'} pile and the engine said ${result.events.map((e) => e.type).join(',')}`);
        else if (action.seat === HUMAN) run.humanSlapWins += claimed ? 1 : 0;
        else if (claimed) run.cpuValidSlaps++;
        else run.cpuWrongSlaps++;
      }
      waitingSince = seatToAct(t.game) === HUMAN ? (waitingSince >= 0 && seatToAct(before) === HUMAN ? waitingSince : at) : -1;
    },
  );
  waitingSince = seatToAct(table.game) === HUMAN ? 0 : -1;

  while (actions < maxActions && table.game.over === null) {
    const game = table.game;
    const slapAt = humanSlapMs !== null && slappedTop !== table.topAt && slapPattern(game) !== null ? table.topAt + humanSlapMs : NEVER;
    const moveAt = waitingSince >= 0 ? waitingSince + HUMAN_PLAY_MS : NEVER;
    const personAt = Math.min(slapAt, moveAt);
    const due = nextDue(table);
    if (personAt === NEVER && due === NEVER) {
      run.problems.push('the table waits and nobody acts');
      break;
    }
    if (due < personAt) {
      tableFrame(table, due, NO_PRESSES);
      continue;
    }
    let press: Press;
    if (personAt === slapAt) {
      slappedTop = table.topAt;
      press = { type: 'slap', seat: HUMAN };
    } else press = game.pendingChoice === HUMAN ? { type: 'choose', seat: HUMAN, target: chooseTaker(game, HUMAN) } : { type: 'move', seat: HUMAN };
    tableFrame(table, personAt, [press]);
  }
  run.state = table.game;
  return run;
}
