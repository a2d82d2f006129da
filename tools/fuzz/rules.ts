// Command line for the rules engine fuzzer.
//   npx tsx tools/fuzz/rules.ts [--seed S] [--actions N] [--keep-going] [--deep-every K] [--strict]
// (--strict also stops on the known findings listed in rules-fuzz.ts)
//   npx tsx tools/fuzz/rules.ts --seed S --case K      replay one case (every check on every step)
// Prints the seed first; on a failure prints the shrunk reproduction and exits 1.
import { DEFAULT_CONFIG, ciConfig, fuzzRun, makeCase, replayCase, reproduce, runCase } from './rules-fuzz';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const seed = arg('seed') !== undefined ? Number(arg('seed')) >>> 0 : (Math.random() * 4294967296) >>> 0;
console.log(`rules fuzz: seed ${seed}`);

if (arg('case') !== undefined) {
  const index = Number(arg('case'));
  const c = makeCase(seed, index);
  console.log(`case ${index}: ${c.options.ruleSet}, ${c.options.players} players, game seed ${c.gameSeed}, dealer ${c.dealer}`);
  const r = runCase(c, { ...DEFAULT_CONFIG, deepCheckEvery: 1, roundTripEvery: 1 });
  console.log(`${r.actions.length} actions (${r.accepted} accepted, ${r.refused} refused), ended: ${r.endedBy ?? 'no'}`);
  if (r.failure) {
    console.log(reproduce(c, r.actions, r.failure).text);
    process.exit(1);
  }
  const again = replayCase(c, r.actions);
  if (again) {
    console.log(`replay failed: ${again.message}`);
    process.exit(1);
  }
  console.log('ok');
} else {
  const actions = Number(arg('actions') ?? 1_000_000);
  const deepEvery = Number(arg('deep-every') ?? DEFAULT_CONFIG.deepCheckEvery);
  const base = process.argv.includes('--strict') ? DEFAULT_CONFIG : ciConfig();
  const config = { ...base, deepCheckEvery: deepEvery };
  const summary = fuzzRun(seed, actions, { keepGoing: process.argv.includes('--keep-going'), config });
  const rate = Math.round(summary.actions / (summary.ms / 1000));
  console.log(
    `${summary.actions} actions in ${summary.cases} games (${summary.byRuleSet.classic} classic, ${summary.byRuleSet.russian} Russian): ` +
      `${summary.accepted} accepted, ${summary.refused} refused; endings ${JSON.stringify(summary.endings)}; ` +
      `${(summary.ms / 1000).toFixed(1)} s, ${rate} actions/s`,
  );
  for (const [kind, t] of config.tolerated ?? []) console.log(`known finding ${kind}: ${t.count} times, e.g. ${t.example}`);
  for (const f of summary.failures) console.log(`\n${f.text}`);
  process.exit(summary.failures.length > 0 ? 1 : 0);
}
