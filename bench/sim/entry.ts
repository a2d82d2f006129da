// Simulation benchmark bundle: CPU-only classic games played by the game's
// own table scheduler (src/table/table.ts), every seat a CPU player, with no
// drawing, no text and no frames: time jumps to the next thing due. Built by
// bench/lib/build.mjs with rollup into build/bench/sim.js, a plain script that
// defines `globalThis.simBench` (and, for the native headless host, a
// `ratscrew` entry whose frame() plays games and draws nothing).
import { defaultOptions, nextDealer } from '../../src/rules';
import type { GameState, Seat } from '../../src/rules/types';
import { seatsWith } from '../../src/table/seats';
import { NEVER, NO_PRESSES, newTable, nextDue, tableFrame } from '../../src/table/table';
import { FRAME_HASH_PRIME } from '../../src/contract';

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
function playGame(players: number, seed: number, dealer: Seat, aiSeed: number, t: SimTotals): GameState {
  const table = newTable(
    { options: defaultOptions('classic', players), seed, dealer, seats: seatsWith(players, -1, 'medium'), aiSeed },
    0,
    (_table, action) => {
      t.actions++;
      if (action.type === 'slap') t.slaps++;
    },
  );
  const start = t.actions;
  for (let now = nextDue(table); now !== NEVER && t.actions - start < MAX_ACTIONS; now = nextDue(table)) tableFrame(table, now, NO_PRESSES);
  const game = table.game;
  t.games++;
  t.cards += game.cardsPlayed;
  t.checksum = (Math.imul(t.checksum ^ game.cardsPlayed, FRAME_HASH_PRIME) + (game.over !== null ? game.over.winner : 7)) >>> 0;
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
    const g = playGame(players, gameSeed, dealer, aiSeed, t);
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
