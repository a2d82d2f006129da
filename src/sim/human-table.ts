// One game at the game's own scheduler (src/table/table.ts) with a modelled
// person (human.ts) in seat 0 and CPU players elsewhere. The person sees
// what the screen shows when it shows it: a played card flies face down and
// turns as it lands (src/view/table-view.ts), so the person reads it on the
// first frame that draws its face, and their reaction runs from there. Their
// presses reach the table the way the app's buttons do: on frames (60 a
// second, the headless hosts' frame times), through tableFrame, the one
// order of a frame; Cross slaps, Square plays or collects. Between the
// person's frames time jumps from one CPU action to the next (a frame without
// presses), and the person looks at the table after each: a press due more
// than COMMIT_MS after a change of the pile is stopped, a closer one goes
// ahead onto the pile as the rules hold it, as the CPUs' do.
import { COMMIT_MS, chooseTaker, lookalikePattern, type Difficulty } from '../ai';
import { headlessFrameMs as frameTime } from '../contract';
import { canSlap, slapPattern, type GameOptions, type GameState, type SlapRule } from '../rules';
import { seatsWith } from '../table/seats';
import {
  NEVER,
  NO_PRESSES,
  RESUME_COUNTDOWN_MS,
  newTable,
  nextDue,
  pauseTable,
  resumeTable,
  seatToAct,
  tableFrame,
  type Press,
  type Table,
} from '../table/table';
import { humanChance, humanMoveMs, humanReactionMs, type Skill, HUMAN_PARAMS } from './human';

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
  /** Slaps made while the top card was still flying face down (committed before it was played), by the person and by the CPUs. */
  personInFlight: number;
  cpuInFlight: number;
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

/** The first frame that shows the face of the pile's top card: the one at or after its landing. */
export function firstFrameShowing(table: Table): number {
  return frameAtOrAfter(table.topAt);
}

/**
 * The pause test of issue 21 (docs/ai.md, "A pause is worth nothing"): on
 * the first frame that shows a slappable pile the person means to slap, they
 * press Start, stay in the menu `holdMs`, continue, wait out the 3-2-1
 * (RESUME_COUNTDOWN_MS), and slap in the first frame the game runs again,
 * keeping what they saw and thinking it over meanwhile.
 */
export interface PauseTrick {
  holdMs: number;
}

/**
 * Blind slapping: Cross pressed `afterPlayMs` after every card is played,
 * whatever it turns out to be, on top of the person's reactions to what they
 * see. 0 is the first frame of the flight (the card still face down, an
 * independent probe's player of issue 32); LAND_MS + FALSE_START_MS is the
 * first frame the rules take for a reaction, a guess timed to the landing.
 */
export interface BlindSlaps {
  afterPlayMs: number;
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
  blind: BlindSlaps | null = null,
): HumanGame {
  const out: HumanGame = { state: null as unknown as GameState, personSlaps: 0, cpuSlaps: 0, personWrong: 0, personLate: 0, personInFlight: 0, cpuInFlight: 0, problems: [] };
  const params = HUMAN_PARAMS[skill];
  let rng = personSeed >>> 0 || 1;
  let actions = 0;
  /** When the table last changed and the person has not looked since (-1: nothing new). */
  let changedAt = -1;
  /** The pile the person last looked at. */
  let seenPile: GameState['pile'] | null = null;
  /** Frame times of the slaps the person means to make, earliest first. */
  let presses: number[] = [];
  /** When the person will make their move (play, collect, name a taker), NEVER when it is not theirs. */
  let moveAt = NEVER;
  /** The trick: when to press Start, when the game runs again, and whether to slap then. */
  let pauseAt = NEVER;
  let resumeAt = NEVER;
  let slapOnResume = false;
  /** Blind slapping: the frame of the next blind press, NEVER when none is due. */
  let blindAt = NEVER;

  /** The person sees the table as it now is, at time t. */
  function look(table: Table, t: number): void {
    const game = table.game;
    if (game.pile !== seenPile) {
      seenPile = game.pile;
      // The pile changed under the planned slaps: those not yet committed are stopped, the rest go ahead.
      presses = presses.filter((at) => at <= t + COMMIT_MS);
      pauseAt = NEVER;
      planSlap(table);
    }
    if (seatToAct(game) !== PERSON) moveAt = NEVER;
    else if (moveAt === NEVER) {
      const d = humanMoveMs(skill, rng);
      rng = d.rng;
      moveAt = frameAtOrAfter(Math.max(t, firstFrameShowing(table)) + d.ms);
    }
  }

  /** Whether and when the person slaps the pile, judged from the first frame that shows it. */
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
    if (trick !== null && pattern !== null) {
      pauseAt = firstFrameShowing(table);
      return;
    }
    schedulePress(firstFrameShowing(table), seen);
  }

  function schedulePress(readAt: number, pattern: SlapRule): void {
    const r = humanReactionMs(skill, pattern, rng);
    rng = r.rng;
    const at = frameAtOrAfter(readAt + r.ms);
    if (presses.indexOf(at) < 0) presses = presses.concat(at).sort((a, b) => a - b);
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
      if (blind !== null && action.type === 'play') blindAt = frameAtOrAfter(at + blind.afterPlayMs + 1);
      if (action.type === 'slap' && at < t.topAt) {
        if (action.seat === PERSON) out.personInFlight++;
        else out.cpuInFlight++;
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
    const personAt: number = paused ? resumeAt : Math.min(presses.length > 0 ? presses[0]! : NEVER, moveAt, pauseAt, blindAt);
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
    if (paused) {
      // The 3-2-1 is over: the table runs again (what fell due meanwhile first), and the person slaps at once.
      resumeAt = NEVER;
      const shift = resumeTable(table, now);
      if (moveAt !== NEVER) moveAt += shift;
      presses = presses.map((at) => Math.max(at, now));
      settle();
      tableFrame(table, now, slapOnResume ? [{ type: 'slap', seat: PERSON }] : NO_PRESSES);
      slapOnResume = false;
      settle();
      continue;
    }
    if (now === pauseAt) {
      // Start on the first frame that shows the pile; the table runs up to this frame, then stops.
      pauseAt = NEVER;
      pauseTable(table, now);
      settle();
      resumeAt = frameAtOrAfter(now + trick!.holdMs + RESUME_COUNTDOWN_MS);
      slapOnResume = true;
      continue;
    }
    // The person's frame: a slap, or else their move. A person about to slap does not cover the pile
    // first, and one who slaps starts their move afresh from what the slap did.
    const frame: Press[] = [];
    const blindNow = blindAt === now;
    if (blindNow) blindAt = NEVER;
    if (presses.length > 0 && presses[0] === now) {
      presses = presses.slice(1);
      frame.push({ type: 'slap', seat: PERSON });
      moveAt = NEVER;
    } else if (blindNow) {
      // A blind press whatever the pile: only one who may slap bothers.
      if (canSlap(table.game, PERSON)) frame.push({ type: 'slap', seat: PERSON });
      if (moveAt <= now) moveAt = frameAtOrAfter(now + 1);
    } else if (moveAt <= now) {
      if (presses.length > 0) moveAt = frameAtOrAfter(presses[0]! + 1);
      else {
        moveAt = NEVER;
        frame.push(personMove(table.game));
      }
    }
    tableFrame(table, now, frame);
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
