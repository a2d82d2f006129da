// Simulation benchmark bundle: CPU-only classic games played the way the
// table (src/app/table.ts) plays them — every seat a CPU player, plays after
// playDelay, slaps from planSlaps (replanned after every change of the pile),
// simultaneous slaps in orderSlaps order, a won pile collected after 1 s —
// but with no drawing, no text and no frames: time jumps to the next thing
// due. Built by bench/run.mjs with rollup into build/bench/sim.js, a plain
// script that defines `globalThis.simBench` (and, for the native headless
// host, a `ratscrew` entry whose frame() plays games and draws nothing).
import { chooseTaker, planSlaps, playDelay, type Difficulty, type SlapPlan } from '../../src/ai';
import { apply, defaultOptions, newGame, nextDealer, orderSlaps } from '../../src/rules';
import type { Action, GameState, Seat } from '../../src/rules/types';

const NEVER = 0x3fffffff;
const COLLECT_MS = 1000;
const CHOOSE_MS = 900;
/** A game that has not ended after this many actions is a bug: stop it. */
const MAX_ACTIONS = 200000;

interface SimTotals {
  games: number;
  cards: number;
  actions: number;
  slaps: number;
  checksum: number;
}

/** Plays one CPU-only game; returns the final state and counts into totals. */
function playGame(players: number, seed: number, dealer: Seat, difficulty: Difficulty, aiSeed: number, t: SimTotals): GameState {
  let game = newGame(defaultOptions('classic', players), seed >>> 0, dealer);
  const cpuSeats: Seat[] = [];
  for (let s = 0; s < players; s++) cpuSeats.push(s);
  let rng = aiSeed >>> 0 || 1;
  let plans: readonly SlapPlan[] = [];
  let nextPlan = 0;
  let playAt = NEVER;
  let collectAt = NEVER;
  let chooseAt = NEVER;
  let now = 0;

  const schedule = (at: number): void => {
    if (game.over !== null) {
      playAt = collectAt = chooseAt = NEVER;
      return;
    }
    if (game.pendingCollect === null) collectAt = NEVER;
    if (game.pendingChoice !== null) {
      playAt = NEVER;
      if (chooseAt === NEVER) chooseAt = at + CHOOSE_MS;
      return;
    }
    chooseAt = NEVER;
    if (game.pendingCollect !== null) {
      playAt = NEVER;
      return;
    }
    if (playAt === NEVER) {
      const d = playDelay(difficulty, rng);
      rng = d.rng;
      const laying = game.lay !== null && game.lay.left < game.lay.total;
      playAt = at + (laying ? d.delay >> 1 : d.delay);
    }
  };

  const act = (action: Action, at: number): void => {
    const before = game;
    const result = apply(game, action);
    t.actions++;
    if (!result.ok) {
      schedule(at);
      return;
    }
    game = result.state;
    for (const e of result.events) if (e.type === 'collectDue') collectAt = at + COLLECT_MS;
    if (game.pile !== before.pile && game.pile.length !== before.pile.length) {
      const planned = planSlaps(game, cpuSeats, difficulty, at, rng);
      rng = planned.rng;
      plans = planned.plans;
      nextPlan = 0;
    }
    if (game.turn !== before.turn || game.pile.length < before.pile.length) playAt = NEVER;
    schedule(at);
  };

  schedule(0);
  for (let guard = 0; game.over === null && guard < MAX_ACTIONS; guard++) {
    const slapAt = nextPlan < plans.length ? plans[nextPlan]!.at : NEVER;
    now = Math.min(slapAt, playAt, collectAt, chooseAt);
    if (now === NEVER) break;
    if (now === slapAt) {
      const batch: SlapPlan[] = [];
      while (nextPlan < plans.length && plans[nextPlan]!.at === now) batch.push(plans[nextPlan++]!);
      const ordered = batch.length > 1 ? orderSlaps(game, batch) : batch;
      const pileBefore = game.pile;
      for (const s of ordered) {
        if (game.pile !== pileBefore) continue;
        t.slaps++;
        act({ type: 'slap', seat: s.seat, at: now }, now);
      }
    } else if (now === collectAt) {
      collectAt = NEVER;
      if (game.pendingCollect !== null) act({ type: 'collect', seat: game.pendingCollect.seat, at: now }, now);
    } else if (now === chooseAt) {
      chooseAt = NEVER;
      const seat = game.pendingChoice;
      if (seat !== null) act({ type: 'choose', seat, target: chooseTaker(game, seat), at: now }, now);
    } else {
      playAt = NEVER;
      act({ type: 'play', seat: game.turn, at: now }, now);
    }
  }
  t.games++;
  t.cards += game.cardsPlayed;
  t.checksum = (Math.imul(t.checksum ^ game.cardsPlayed, 0x01000193) + (game.over !== null ? game.over.winner : 7)) >>> 0;
  return game;
}

let dealer = 0;
let gameIndex = 0;

/** Plays `count` games of a session; the dealer moves as in the app. Counts into `into` when given. */
function run(count: number, players: number, seed: number, into?: SimTotals): SimTotals {
  const t: SimTotals = into ?? { games: 0, cards: 0, actions: 0, slaps: 0, checksum: 0 };
  for (let i = 0; i < count; i++) {
    gameIndex++;
    const gameSeed = (Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) + Math.imul(gameIndex, 0x9e3779b1)) >>> 0;
    const aiSeed = (Math.imul(seed + gameIndex, 0x85ebca6b) ^ 0xc2b2ae35) >>> 0 || 1;
    const g = playGame(players, gameSeed, dealer, 'medium', aiSeed, t);
    dealer = nextDealer(g);
  }
  return t;
}

function reset(): void {
  dealer = 0;
  gameIndex = 0;
}

interface SimGlobal {
  simBench?: { run: typeof run; reset: typeof reset };
  ratscrew?: { commands: Int32Array; frame(now: number, buttons: number): number };
  host?: { seed?: number; log?: (text: string) => void };
}

const g = globalThis as unknown as SimGlobal;
g.simBench = { run, reset };
/**
 * Native hosts: each frame plays GAMES_PER_FRAME 4-player games, draws
 * nothing, and logs the running totals (the same checksum chain as one
 * simBench.run call over all those games).
 */
const GAMES_PER_FRAME = 10;
const commands = new Int32Array(8);
const session: SimTotals = { games: 0, cards: 0, actions: 0, slaps: 0, checksum: 0 };
g.ratscrew = {
  commands,
  frame(): number {
    run(GAMES_PER_FRAME, 4, typeof g.host?.seed === 'number' ? g.host.seed : 1, session);
    if (g.host && typeof g.host.log === 'function') g.host.log(`sim ${JSON.stringify(session)}`);
    return 0;
  },
};
