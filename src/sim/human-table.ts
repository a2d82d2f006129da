// One game at the game's own scheduler (src/table/table.ts) with a modelled
// person (human.ts) in seat 0 and CPU players elsewhere. The person's presses
// reach the table the way the app's buttons do: on frames (60 a second, the
// headless hosts' frame times), through tableFrame, the one order of a frame;
// Cross slaps, Square plays or collects. Between the person's frames time
// jumps from one CPU action to the next (a frame without presses), so the
// person looks at the table after each.
import { chooseTaker, lookalikePattern, type Difficulty } from '../ai';
import { headlessFrameMs as frameTime } from '../contract';
import { canSlap, slapPattern, type GameOptions, type GameState } from '../rules';
import { seatsWith } from '../table/seats';
import { NEVER, NO_PRESSES, newTable, nextDue, pauseTable, pileReadable, resumeTable, seatToAct, tableFrame, type Press, type Table } from '../table/table';
import { MOTOR_FLOOR_MS, humanChance, humanMoveMs, humanReactionMs, type Skill, HUMAN_PARAMS } from './human';

export const PERSON = 0;
/** A game that has not ended after this many actions is a bug: stop it. */
const MAX_ACTIONS = 100000;

export interface HumanGame {
  state: GameState;
  /** Slaps that claimed the pile, by the person and by the CPU players (while the person could slap too). */
  personSlaps: number;
  cpuSlaps: number;
  /** The person's slaps on a plain pile, and on a pile already gone. */
  personWrong: number;
  personLate: number;
  /** Inconsistencies: an engine refusal, or a game that did not end. */
  problems: string[];
}

/** The first frame time at or after `ms`. */
export function frameAtOrAfter(ms: number): number {
  let i = Math.ceil((ms * 60) / 1000);
  while (i > 0 && frameTime(i - 1) >= ms) i--;
  while (frameTime(i) < ms) i++;
  return frameTime(i);
}

/**
 * The pause exploit of issue 13 (docs/ai.md, "No pause advantage"): when a
 * slappable pile lands the person presses Start `afterMs` later, stays in the
 * menu `holdMs`, resumes, and slaps in the first frame after the resume if
 * the pile could be read behind the menu (pileReadable); if it could not,
 * they read it when it is readable again and react as usual.
 */
export interface PauseTrick {
  afterMs: number;
  holdMs: number;
}

interface PlannedSlap {
  /** Frame time of the press. */
  at: number;
  /** The frame by which the press can no longer be stopped (at - MOTOR_FLOOR_MS). */
  committed: number;
}

/** Plays one game; the person in seat 0 at `skill`, CPU players at `difficulty`. */
export function playHumanGame(
  options: GameOptions,
  seed: number,
  dealer: number,
  difficulty: Difficulty,
  skill: Skill,
  personSeed: number,
  trick: PauseTrick | null = null,
): HumanGame {
  const out: HumanGame = { state: null as unknown as GameState, personSlaps: 0, cpuSlaps: 0, personWrong: 0, personLate: 0, problems: [] };
  const params = HUMAN_PARAMS[skill];
  let rng = personSeed >>> 0 || 1;
  let actions = 0;
  /** When the table last changed and the person has not looked since (-1: nothing new). */
  let changedAt = -1;
  /** The pile the person last looked at, and the slap they mean to make on it. */
  let seenPile: GameState['pile'] | null = null;
  let press: PlannedSlap | null = null;
  /** When the person will make their move (play, collect, name a taker), NEVER when it is not theirs. */
  let moveAt = NEVER;
  /** A pause to make: when, and when to resume. */
  let pauseAt = NEVER;
  let resumeAt = NEVER;
  /** The pile the trick was played on, and whether it could be read behind the menu. */
  let trickedPile: GameState['pile'] | null = null;
  let readBehindMenu = false;

  /** The person sees the table as it now is, at time t. */
  function look(table: Table, t: number): void {
    const game = table.game;
    if (game.pile !== seenPile) {
      seenPile = game.pile;
      // The pile changed under a planned slap: stopped if there is time, else it goes ahead.
      if (press !== null && t < press.committed) press = null;
      pauseAt = NEVER;
      planSlap(table);
    }
    if (seatToAct(game) !== PERSON) moveAt = NEVER;
    else if (moveAt === NEVER) {
      const d = humanMoveMs(skill, rng);
      rng = d.rng;
      moveAt = frameAtOrAfter(Math.max(t, table.topAt) + d.ms);
    }
  }

  /** Whether and when the person slaps the pile, judged when it can be read. */
  function planSlap(table: Table): void {
    const game = table.game;
    if (game.options.ruleSet !== 'classic' || game.over !== null || game.pile.length === 0) return;
    if (!canSlap(game, PERSON)) return;
    const pattern = slapPattern(game);
    const seen = pattern ?? lookalikePattern(game);
    if (seen === null) return;
    const c = humanChance(pattern !== null ? 1 - params.miss : params.falseAlarm, rng);
    rng = c.rng;
    if (!c.yes) return;
    if (trick !== null && pattern !== null && trickedPile !== game.pile) {
      trickedPile = game.pile;
      pauseAt = frameAtOrAfter(table.topAt + trick.afterMs);
      return;
    }
    schedulePress(table.topAt, seen);
  }

  function schedulePress(readableAt: number, pattern: Parameters<typeof humanReactionMs>[1]): void {
    const r = humanReactionMs(skill, pattern, rng);
    rng = r.rng;
    const at = frameAtOrAfter(readableAt + r.ms);
    if (press === null || at < press.at) press = { at, committed: at - MOTOR_FLOOR_MS };
  }

  const table: Table = newTable(
    { options, seed, dealer, seats: seatsWith(options.players, PERSON, difficulty), aiSeed: (seed ^ 0x2545f491) >>> 0 },
    0,
    (t, action, result, before, at) => {
      actions++;
      if (!result.ok) {
        // A barred seat's slap is the rules working; so is the person's Square in a frame where a CPU's slap took their turn.
        const code = result.error.code;
        const idle = action.type === 'slap' ? code === 'barred' : action.seat === PERSON && action.type === 'play' && (code === 'notYourTurn' || code === 'collectPending');
        if (!idle) out.problems.push(`${action.type} by ${action.seat} refused: ${result.error.message}`);
        return;
      }
      for (const e of result.events) {
        if (e.type === 'claimed' && e.reason === 'slap') {
          if (e.seat === PERSON) out.personSlaps++;
          // A pile the person could not slap (out of cards, or barred) was no contest for them.
          else if (canSlap(before, PERSON)) out.cpuSlaps++;
        } else if (e.type === 'wrongSlap' && e.seat === PERSON) out.personWrong++;
        else if (e.type === 'slapMissed' && e.seat === PERSON) out.personLate++;
      }
      // The person looks once the table has settled (its listener runs before the pile's new times are set).
      changedAt = at;
    },
  );
  look(table, 0);
  /** Looks at the table after the calls that changed it. */
  const settle = (): void => {
    if (changedAt >= 0) look(table, changedAt);
    changedAt = -1;
  };

  while (actions < MAX_ACTIONS && table.game.over === null) {
    const paused = table.pausedAt >= 0;
    const personAt: number = paused ? resumeAt : Math.min(press !== null ? press.at : NEVER, moveAt, pauseAt);
    const due = paused ? NEVER : nextDue(table);
    if (personAt === NEVER && due === NEVER) {
      out.problems.push('the table waits and nobody acts');
      break;
    }
    if (due < personAt) {
      tableFrame(table, due, NO_PRESSES);
      settle();
      continue;
    }
    const now: number = personAt;
    if (now === pauseAt) {
      // Start: the table stops; the person looks at what the menu leaves of the pile.
      pauseAt = NEVER;
      pauseTable(table, now);
      resumeAt = frameAtOrAfter(now + trick!.holdMs);
      readBehindMenu = pileReadable(table, now + trick!.holdMs);
      continue;
    }
    if (paused) {
      resumeAt = NEVER;
      resumeTable(table, now);
      settle();
      const pattern = slapPattern(table.game);
      if (pattern !== null) {
        if (readBehindMenu) press = { at: frameAtOrAfter(now + 1), committed: now };
        else schedulePress(table.topAt, pattern);
      }
      continue;
    }
    // The person's frame: their slap, then their move (a person about to slap does not cover the pile first).
    const presses: Press[] = [];
    if (press !== null && press.at === now) {
      press = null;
      presses.push({ type: 'slap', seat: PERSON });
    }
    if (moveAt <= now) {
      if (press !== null) moveAt = frameAtOrAfter(press.at + 1);
      else {
        moveAt = NEVER;
        presses.push(personMove(table.game));
      }
    }
    tableFrame(table, now, presses);
    settle();
    look(table, now);
  }
  if (table.game.over === null && out.problems.length === 0) out.problems.push(`no winner after ${actions} actions`);
  out.state = table.game;
  return out;
}

/** Square (play or collect) or naming a taker, as the app's buttons do. */
function personMove(game: GameState): Press {
  return game.pendingChoice === PERSON ? { type: 'choose', seat: PERSON, target: chooseTaker(game, PERSON) } : { type: 'move', seat: PERSON };
}
