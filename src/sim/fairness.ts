// The fairness matrix: the modelled person (human.ts) at each skill against
// CPU players at each difficulty, at 2, 4 and 6 players, and the bands each
// cell must stay in (issue 21; docs/ai.md, "What the table shows"). The
// benchmark (bench/fairness.mjs) writes it into bench/results.md with 95%
// intervals and fails when a band is left; test/ai/fairness.test.ts checks
// two of its cells. Beside it the same person slapping blind as well,
// pressing Cross at a fixed time after every card whatever it is (issue 32;
// docs/ai.md, "False starts").
import { DIFFICULTIES, type Difficulty } from '../ai';
import { FALSE_START_MS, defaultOptions } from '../rules';
import { LAND_MS } from '../table/table';
import { SKILLS, type Skill } from './human';
import { playHumanGame, type BlindSlaps } from './human-table';

export { DIFFICULTIES };
export const PLAYER_COUNTS: readonly number[] = [2, 4, 6];

export interface Cell {
  difficulty: Difficulty;
  skill: Skill;
  players: number;
  games: number;
  /** The person's blind presses on top of their reactions, or null: they only react. */
  blind: BlindSlaps | null;
  /** Games the person won. */
  won: number;
  /** Slaps that claimed a pile: the person's, and everyone's. */
  personSlaps: number;
  allSlaps: number;
  problems: string[];
}

/** Plays `games` seeded games for one cell; the dealer goes round the table. With `blind`, the same games with the person slapping blind too. */
export function runCell(difficulty: Difficulty, skill: Skill, players: number, games: number, seed = 1, blind: BlindSlaps | null = null): Cell {
  const cell: Cell = { difficulty, skill, players, games, blind, won: 0, personSlaps: 0, allSlaps: 0, problems: [] };
  const options = defaultOptions('classic', players);
  for (let i = 0; i < games; i++) {
    const gameSeed = (Math.imul(seed + i, 0x9e3779b1) ^ Math.imul(players, 0x85ebca6b)) >>> 0;
    const personSeed = (Math.imul(seed + i, 0x27d4eb2d) + 0x165667b1) >>> 0;
    const g = playHumanGame(options, gameSeed, i % players, difficulty, skill, personSeed, null, blind);
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

/** A target: the person's share of games won in a cell, at every table size (issue 21). */
export interface Band {
  difficulty: Difficulty;
  skill: Skill;
  low: number;
  high: number;
  says: string;
}

export const BANDS: readonly Band[] = [
  { difficulty: 'easy', skill: 'beginner', low: 0.6, high: 1, says: 'easy: a beginner wins at least 60%' },
  { difficulty: 'medium', skill: 'average', low: 0.35, high: 0.65, says: 'medium: an average player wins 35-65%' },
  { difficulty: 'hard', skill: 'expert', low: 0.15, high: 0.4, says: 'hard: an expert wins 15-40%' },
  { difficulty: 'master', skill: 'elite', low: 0.3, high: 0.65, says: 'master: an elite player wins 30-65%' },
];

/** The person's slap share may move this much (absolute) between 2, 4 and 6 players. */
export const SLAP_SHARE_SPREAD = 0.1;

export function gameShare(c: Cell): number {
  return c.won / c.games;
}

export function slapShare(c: Cell): number {
  return c.allSlaps === 0 ? 0 : c.personSlaps / c.allSlaps;
}

/** The 95% Wilson score interval of `won` out of `n`. */
export function interval95(won: number, n: number): { low: number; high: number } {
  const z = 1.96;
  const p = won / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * What is out of band: each banded cell's share of games against its band
 * (strict: its whole 95% interval must lie inside; otherwise the point
 * estimate), and each skill and difficulty's slap share spread over the
 * player counts.
 */
export function outOfBand(cells: readonly Cell[], strict = false): string[] {
  const out: string[] = [];
  for (const c of cells) if (c.problems.length > 0) out.push(`${c.difficulty}/${c.skill}/${c.players}p: ${c.problems[0]}`);
  for (const b of BANDS) {
    for (const c of cells) {
      if (c.difficulty !== b.difficulty || c.skill !== b.skill) continue;
      const share = gameShare(c);
      const ci = interval95(c.won, c.games);
      const inside = strict ? ci.low >= b.low && ci.high <= b.high : share >= b.low && share <= b.high;
      if (!inside) out.push(`${b.says}: ${c.players} players, ${pct(share)} of ${c.games} games (95%: ${pct(ci.low)}-${pct(ci.high)})`);
    }
  }
  for (const d of DIFFICULTIES) {
    for (const s of SKILLS) {
      const row = cells.filter((c) => c.difficulty === d && c.skill === s);
      if (row.length < 2) continue;
      const shares = row.map(slapShare);
      const spread = Math.max(...shares) - Math.min(...shares);
      if (spread > SLAP_SHARE_SPREAD) out.push(`${d}/${s}: slap share moves ${pct(spread)} between player counts (${shares.map(pct).join(', ')})`);
    }
  }
  return out;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%`;
}

/** The matrix as markdown: slaps won / games won (95% interval) per cell, one table per player count; banded cells say their band. */
export function matrixMarkdown(cells: readonly Cell[]): string {
  const L: string[] = [];
  for (const players of PLAYER_COUNTS) {
    const rows = cells.filter((c) => c.players === players);
    if (rows.length === 0) continue;
    L.push(`### ${players} players, ${rows[0]!.games} games a cell`);
    L.push('');
    L.push(`| CPU | ${SKILLS.join(' | ')} |`);
    L.push(`| --- | ${SKILLS.map(() => '---').join(' | ')} |`);
    for (const d of DIFFICULTIES) {
      const cols = SKILLS.map((s) => {
        const c = rows.find((r) => r.difficulty === d && r.skill === s);
        if (!c) return '';
        const ci = interval95(c.won, c.games);
        const band = BANDS.find((b) => b.difficulty === d && b.skill === s);
        let mark = '';
        if (band) {
          const ok = ci.low >= band.low && ci.high <= band.high;
          mark = ` **band ${pct(band.low)}${band.high < 1 ? `-${pct(band.high)}` : '+'} ${ok ? '✓' : '✗'}**`;
        }
        return `${pct(slapShare(c))} / ${pct(gameShare(c))} (${pct(ci.low)}-${pct(ci.high)})${mark}`;
      });
      L.push(`| ${d} | ${cols.join(' | ')} |`);
    }
    L.push('');
  }
  return L.join('\n');
}

// ---- blind slapping (issue 32) ----

/** When the blind slapper presses, after each card is played. */
export interface BlindTiming {
  slaps: BlindSlaps;
  says: string;
  /** Whether the gain over reacting is held to BLIND_GAIN_MAX (else only shown). */
  held: boolean;
}

export const BLIND_TIMINGS: readonly BlindTiming[] = [
  // The probe of issue 32: Cross on the first frame of every flight, the card still face down.
  { slaps: { afterPlayMs: 0 }, says: 'in the flight', held: true },
  // The same guess held back to the first frame the rules take for a reaction: it wins every race it
  // hits (no CPU is that quick), so only what a wrong slap costs can make it lose (docs/ai.md, "False starts").
  { slaps: { afterPlayMs: LAND_MS + FALSE_START_MS }, says: `${FALSE_START_MS} ms after the landing`, held: true },
];

/** Blind slapping may gain at most this share of games over reacting, in every cell (issue 32). */
export const BLIND_GAIN_MAX = 0.02;

/** Each reacting cell's blind twins: the same games, the same person, BLIND_TIMINGS each. */
export function runBlind(reacting: readonly Cell[], seed = 1): Cell[] {
  const out: Cell[] = [];
  for (const c of reacting) for (const b of BLIND_TIMINGS) out.push(runCell(c.difficulty, c.skill, c.players, c.games, seed, b.slaps));
  return out;
}

function twin(reacting: readonly Cell[], c: Cell): Cell | undefined {
  return reacting.find((r) => r.difficulty === c.difficulty && r.skill === c.skill && r.players === c.players && r.games === c.games);
}

/** Blind cells whose share of games exceeds the same person's reacting share by more than BLIND_GAIN_MAX; `all`: every timing, else the held ones. */
export function blindGains(reacting: readonly Cell[], blind: readonly Cell[], all = false): string[] {
  const out: string[] = [];
  for (const c of blind) {
    const timing = BLIND_TIMINGS.find((b) => b.slaps.afterPlayMs === c.blind?.afterPlayMs);
    const r = twin(reacting, c);
    if (timing === undefined || r === undefined || (!all && !timing.held)) continue;
    if (c.problems.length > 0) out.push(`${c.difficulty}/${c.skill}/${c.players}p blind: ${c.problems[0]}`);
    const gain = gameShare(c) - gameShare(r);
    if (gain > BLIND_GAIN_MAX + 1e-9)
      out.push(`${c.difficulty}, ${c.skill}, ${c.players} players, blind ${timing.says}: ${pct(gameShare(c))} of games against ${pct(gameShare(r))} reacting`);
  }
  return out;
}

/** Blind against reacting as markdown: one table per CPU level, games won reacting / blind at each timing, per skill and table size. */
export function blindMarkdown(reacting: readonly Cell[], blind: readonly Cell[]): string {
  const L: string[] = [];
  const heads = ['reacting', ...BLIND_TIMINGS.map((b) => `blind ${b.says}`)];
  for (const d of DIFFICULTIES) {
    const rows = reacting.filter((c) => c.difficulty === d);
    if (rows.length === 0) continue;
    L.push(`### ${d}: games won, ${heads.join(' / ')}`);
    L.push('');
    const players = PLAYER_COUNTS.filter((p) => rows.some((c) => c.players === p));
    L.push(`| skill | ${players.map((p) => `${p} players`).join(' | ')} |`);
    L.push(`| --- | ${players.map(() => '---').join(' | ')} |`);
    for (const s of SKILLS) {
      const cols = players.map((p) => {
        const r = rows.find((c) => c.skill === s && c.players === p);
        if (!r) return '';
        const parts = [pct(gameShare(r))];
        for (const b of BLIND_TIMINGS) {
          const c = blind.find((x) => x.blind?.afterPlayMs === b.slaps.afterPlayMs && x.difficulty === d && x.skill === s && x.players === p);
          parts.push(c ? pct(gameShare(c)) + (gameShare(c) - gameShare(r) > BLIND_GAIN_MAX + 1e-9 ? ' ✗' : '') : '');
        }
        return parts.join(' / ');
      });
      L.push(`| ${s} | ${cols.join(' | ')} |`);
    }
    L.push('');
  }
  return L.join('\n');
}
