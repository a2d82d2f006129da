// The fairness matrix: the modelled person (human.ts) at each skill against
// CPU players at each difficulty, at 2, 4 and 6 players, and the bands each
// cell must stay in (issue 13; docs/ai.md, "What the table shows"). The
// benchmark (bench/fairness.mjs) writes it into bench/results.md; the band
// test (test/ai/fairness.test.ts) checks it.
import type { Difficulty } from '../ai';
import { defaultOptions } from '../rules';
import { SKILLS, type Skill } from './human';
import { playHumanGame } from './human-table';

export const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard'];
export const PLAYER_COUNTS: readonly number[] = [2, 4, 6];

export interface Cell {
  difficulty: Difficulty;
  skill: Skill;
  players: number;
  games: number;
  /** Games the person won. */
  won: number;
  /** Slaps that claimed a pile: the person's, and everyone's. */
  personSlaps: number;
  allSlaps: number;
  problems: string[];
}

/** Plays `games` seeded games for one cell; the dealer goes round the table. */
export function runCell(difficulty: Difficulty, skill: Skill, players: number, games: number, seed = 1): Cell {
  const cell: Cell = { difficulty, skill, players, games, won: 0, personSlaps: 0, allSlaps: 0, problems: [] };
  const options = defaultOptions('classic', players);
  for (let i = 0; i < games; i++) {
    const gameSeed = (Math.imul(seed + i, 0x9e3779b1) ^ Math.imul(players, 0x85ebca6b)) >>> 0;
    const personSeed = (Math.imul(seed + i, 0x27d4eb2d) + 0x165667b1) >>> 0;
    const g = playHumanGame(options, gameSeed, i % players, difficulty, skill, personSeed);
    if (g.state.over?.winner === 0) cell.won++;
    cell.personSlaps += g.personSlaps;
    cell.allSlaps += g.personSlaps + g.cpuSlaps;
    for (const p of g.problems) cell.problems.push(`game ${i}: ${p}`);
  }
  return cell;
}

export function runMatrix(games: number, seed = 1): Cell[] {
  const cells: Cell[] = [];
  for (const players of PLAYER_COUNTS) {
    for (const difficulty of DIFFICULTIES) for (const skill of SKILLS) cells.push(runCell(difficulty, skill, players, games, seed));
  }
  return cells;
}

/**
 * A target: the person's share of games won in a cell is at least `min`
 * (and at most `max`) times a fair share (1 / players); `minShare` is an
 * absolute floor ("an expert wins most").
 */
export interface Band {
  difficulty: Difficulty;
  skill: Skill;
  /** Lower and upper bound in fair shares. */
  min: number;
  max: number;
  /** Lower bound on the share of games itself. */
  minShare: number;
  /** Upper bound on the share of games itself (1 when absent). */
  maxShare?: number;
  says: string;
}

export const BANDS: readonly Band[] = [
  { difficulty: 'easy', skill: 'beginner', min: 1, max: Infinity, minShare: 0, says: 'easy: a beginner wins at least a fair share' },
  { difficulty: 'easy', skill: 'average', min: 1.5, max: Infinity, minShare: 0, says: 'easy: an average player wins clearly more (1.5 fair shares)' },
  { difficulty: 'medium', skill: 'average', min: 0.67, max: Infinity, maxShare: 2 / 3, minShare: 0, says: 'medium: an average player wins about a fair share (2/3 of one at least, 2 games in 3 at most)' },
  { difficulty: 'medium', skill: 'expert', min: 0, max: Infinity, minShare: 0.5, says: 'medium: an expert wins most games' },
  { difficulty: 'hard', skill: 'expert', min: 0.5, max: Infinity, minShare: 0, says: 'hard: an expert wins at least half a fair share' },
  { difficulty: 'hard', skill: 'elite', min: 1, max: Infinity, minShare: 0, says: 'hard: an elite player wins at least a fair share' },
];

/** The person's slap share may move this much (absolute) between 2, 4 and 6 players. */
export const SLAP_SHARE_SPREAD = 0.1;

export function gameShare(c: Cell): number {
  return c.won / c.games;
}

export function slapShare(c: Cell): number {
  return c.allSlaps === 0 ? 0 : c.personSlaps / c.allSlaps;
}

/** The band's limits on the share of games at this many players. */
export function bandLimits(b: Band, players: number): { low: number; high: number } {
  return { low: Math.max(b.min / players, b.minShare), high: Math.min(b.maxShare ?? 1, b.max / players) };
}

/**
 * What is out of band: each banded cell's share of games against its limits,
 * widened by `z` standard errors of a share over that many games (z = 0: the
 * point estimate itself must be inside), and each skill and difficulty's
 * slap share spread over the player counts.
 */
export function outOfBand(cells: readonly Cell[], z = 0): string[] {
  const out: string[] = [];
  for (const c of cells) if (c.problems.length > 0) out.push(`${c.difficulty}/${c.skill}/${c.players}p: ${c.problems[0]}`);
  for (const b of BANDS) {
    for (const c of cells) {
      if (c.difficulty !== b.difficulty || c.skill !== b.skill) continue;
      const { low, high } = bandLimits(b, c.players);
      const share = gameShare(c);
      const p = Math.min(Math.max(share, low), high);
      const margin = z * Math.sqrt(Math.max(p * (1 - p), 0.25 / c.games) / c.games);
      if (share < low - margin || share > high + margin)
        out.push(`${b.says}: ${c.players} players, ${pct(share)} of ${c.games} games, band ${pct(low)}-${pct(high)}`);
    }
  }
  for (const d of DIFFICULTIES) {
    for (const s of SKILLS) {
      const row = cells.filter((c) => c.difficulty === d && c.skill === s);
      if (row.length < 2) continue;
      const shares = row.map(slapShare);
      const spread = Math.max(...shares) - Math.min(...shares);
      const slaps = Math.min(...row.map((c) => c.allSlaps));
      const margin = z * Math.sqrt(0.5 / slaps);
      if (spread > SLAP_SHARE_SPREAD + margin) out.push(`${d}/${s}: slap share moves ${pct(spread)} between player counts (${shares.map(pct).join(', ')})`);
    }
  }
  return out;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%`;
}

/** The matrix as markdown: slaps won / games won per cell, one table per player count. */
export function matrixMarkdown(cells: readonly Cell[]): string {
  const L: string[] = [];
  for (const players of PLAYER_COUNTS) {
    const rows = cells.filter((c) => c.players === players);
    if (rows.length === 0) continue;
    L.push(`### ${players} players (fair share ${pct(1 / players)}), ${rows[0]!.games} games a cell`);
    L.push('');
    L.push(`| CPU | ${SKILLS.join(' | ')} |`);
    L.push(`| --- | ${SKILLS.map(() => '---').join(' | ')} |`);
    for (const d of DIFFICULTIES) {
      const cols = SKILLS.map((s) => {
        const c = rows.find((r) => r.difficulty === d && r.skill === s);
        if (!c) return '';
        const band = BANDS.find((b) => b.difficulty === d && b.skill === s);
        let mark = '';
        if (band) {
          const { low, high } = bandLimits(band, players);
          const share = gameShare(c);
          mark = share >= low && share <= high ? ` (band ${pct(low)}${high < 1 ? `-${pct(high)}` : '+'} ✓)` : ` (band ${pct(low)}${high < 1 ? `-${pct(high)}` : '+'} ✗)`;
        }
        return `${pct(slapShare(c))} / ${pct(gameShare(c))}${mark}`;
      });
      L.push(`| ${d} | ${cols.join(' | ')} |`);
    }
    L.push('');
  }
  return L.join('\n');
}
