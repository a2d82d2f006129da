// Headless simulator: random-but-legal games with no CPU players, to see how
// the rules play out (who wins, how long games run, how often the guard
// ends them) and how fast the engine is.
//
//   npm run sim -- --rules classic --players 4 --games 10000
//   npm run sim -- --rules russian --jokers chooser --seed 7
//
// Options: --rules classic|russian, --players 2..6, --games N, --seed N,
// --jokers (classic: add jokers; russian: beatsAll|chooser), --limit N (card
// limit), --slaps pair,sandwich,... (the classic slap rules that are on),
// --wrong-slap pay|burn|pileToNext|ban (what a wrong slap costs; pay by
// default), --penalty 0|1|2 (burn that many: implies --wrong-slap burn),
// --no-slap-in, --run 3|4, --wrap, --slap-valid P,
// --slap-wrong P (the random slap policy's chances).
import { DEFAULT_POLICY, SLAP_RULES, defaultOptions, newGame, nextDealer, playout } from '../src/rules';
import type { GameOptions, PlayoutPolicy, RussianJokerMode, SlapRule } from '../src/rules';

interface SimArgs {
  options: GameOptions;
  games: number;
  seed: number;
  policy: PlayoutPolicy;
}

function fail(message: string): never {
  process.stderr.write(`sim: ${message}\n`);
  process.exit(2);
}

export function parseArgs(argv: string[]): SimArgs {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) fail(`unexpected argument ${arg}`);
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      flags.set(arg.slice(2), next);
      i++;
    } else flags.set(arg.slice(2), '');
  }
  const number = (name: string, fallback: number): number => {
    if (!flags.has(name)) return fallback;
    const value = Number(flags.get(name));
    if (!Number.isFinite(value)) fail(`--${name} needs a number`);
    return value;
  };
  const rules = flags.get('rules') ?? 'classic';
  if (rules !== 'classic' && rules !== 'russian') fail(`--rules must be classic or russian`);
  const options = defaultOptions(rules, number('players', 4));
  options.cardLimit = number('limit', options.cardLimit);
  if (flags.has('jokers')) {
    const mode = flags.get('jokers') || 'beatsAll';
    if (rules === 'classic') options.jokers = true;
    else if (mode === 'beatsAll' || mode === 'chooser') options.russianJokers = mode as RussianJokerMode;
    else fail('--jokers for russian is beatsAll or chooser');
  }
  if (flags.has('slaps')) {
    const wanted = (flags.get('slaps') ?? '').split(',').filter(Boolean);
    for (const rule of wanted) if (SLAP_RULES.indexOf(rule as SlapRule) < 0) fail(`unknown slap rule ${rule}`);
    for (const rule of SLAP_RULES) options.slapRules[rule] = wanted.indexOf(rule) >= 0;
  }
  if (flags.has('wrong-slap')) {
    const rule = flags.get('wrong-slap') ?? '';
    if (rule !== 'pay' && rule !== 'burn' && rule !== 'pileToNext' && rule !== 'ban') fail('--wrong-slap is pay, burn, pileToNext or ban');
    options.wrongSlap = rule;
  }
  if (flags.has('penalty')) {
    options.wrongSlap = 'burn';
    options.wrongSlapPenalty = number('penalty', 1) as 0 | 1 | 2;
  }
  if (flags.has('no-slap-in')) options.slapIn = false;
  if (flags.has('run')) options.runLength = number('run', 3) as 3 | 4;
  if (flags.has('wrap')) options.runWrap = true;
  return {
    options,
    games: number('games', 1000),
    seed: number('seed', 1) >>> 0,
    policy: {
      ...DEFAULT_POLICY,
      slapValid: number('slap-valid', DEFAULT_POLICY.slapValid),
      slapWrong: number('slap-wrong', DEFAULT_POLICY.slapWrong),
    },
  };
}

export interface SimSummary {
  games: number;
  wins: number[];
  lengths: number[]; // cards played per game, sorted
  endedBy: Record<'rules' | 'cardLimit' | 'repeat', number>;
  seconds: number;
}

/** Play a session: the dealer moves one seat each game, seeds follow from --seed. */
export function simulate(args: SimArgs): SimSummary {
  const { options, games, seed, policy } = args;
  const wins = new Array<number>(options.players).fill(0);
  const lengths: number[] = [];
  const endedBy = { rules: 0, cardLimit: 0, repeat: 0 };
  let dealer = 0;
  const started = process.hrtime.bigint();
  for (let game = 0; game < games; game++) {
    const gameSeed = (seed * 1000003 + game * 2654435761) >>> 0;
    const start = newGame(options, gameSeed, dealer);
    const { state } = playout(start, gameSeed ^ 0x5bd1e995, policy);
    const over = state.over!;
    wins[over.winner]++;
    lengths.push(state.cardsPlayed);
    endedBy[over.endedBy]++;
    dealer = nextDealer(state);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  lengths.sort((a, b) => a - b);
  return { games, wins, lengths, endedBy, seconds };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

export function report(args: SimArgs, s: SimSummary): string {
  const o = args.options;
  const lines: string[] = [];
  const on = SLAP_RULES.filter((rule) => o.slapRules[rule]).join(',');
  lines.push(
    o.ruleSet === 'classic'
      ? `rules classic, ${o.players} players, slaps ${on || 'none'}, wrong slap ${o.wrongSlap === 'burn' ? `burn ${o.wrongSlapPenalty}` : o.wrongSlap}, slap-in ${o.slapIn ? 'on' : 'off'}, jokers ${o.jokers ? 'on' : 'off'}, card limit ${o.cardLimit}`
      : `rules russian, ${o.players} players, jokers ${o.russianJokers}, card limit ${o.cardLimit}`,
  );
  lines.push(`games            ${s.games} (seed ${args.seed})`);
  lines.push(`winners by seat  ${s.wins.map((w, seat) => `${seat}: ${w} (${((100 * w) / s.games).toFixed(1)}%)`).join('  ')}`);
  const L = s.lengths;
  lines.push(`cards played     min ${L[0]}  median ${percentile(L, 50)}  p90 ${percentile(L, 90)}  max ${L[L.length - 1]}`);
  const limitEnds = s.endedBy.cardLimit + s.endedBy.repeat;
  lines.push(`ended by limit   ${limitEnds} (card limit ${s.endedBy.cardLimit}, repeated position ${s.endedBy.repeat})`);
  lines.push(`speed            ${(s.games / s.seconds).toFixed(0)} games/s (${s.seconds.toFixed(2)} s)`);
  lines.push('length histogram (cards played)');
  const top = L[L.length - 1];
  const width = Math.max(1, Math.ceil((top + 1) / 10));
  const buckets = new Array<number>(10).fill(0);
  for (const n of L) buckets[Math.min(9, Math.floor(n / width))]++;
  const most = Math.max(...buckets);
  buckets.forEach((count, i) => {
    const bar = '#'.repeat(Math.round((40 * count) / most));
    lines.push(`  ${String(i * width).padStart(5)}-${String((i + 1) * width - 1).padEnd(5)} ${String(count).padStart(6)} ${bar}`);
  });
  return lines.join('\n');
}

const isMain = process.argv[1] !== undefined && /sim\.ts$/.test(process.argv[1]);
if (isMain) {
  const args = parseArgs(process.argv.slice(2));
  process.stdout.write(report(args, simulate(args)) + '\n');
}
