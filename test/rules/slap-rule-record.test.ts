// A slap rule is one record (src/rules/slap-rules.ts) plus its name and help
// line in each language: this test proves it by adding one. It copies src/
// to a scratch folder, adds a dummy rule ("sevens": the top card is a seven)
// as one record and its two strings per language, nothing else, and checks
// that the copy type-checks (every table keyed by SlapRule is complete) and
// that the game uses the new rule everywhere a rule is used: the options and
// their defaults, the options menu, the save reader, the engine's judgement,
// How to play in both languages, the CPU players and the human model. The
// dummy rule is never shipped: it lives only in the scratch copy.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { typecheckFolder } from '../support/typecheck';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RECORD = `  sevens: {
    match: (pile) => pile.length > 0 && !isJoker(pile[pile.length - 1]!) && rankOf(pile[pile.length - 1]!) === 7,
    on: false,
    example: () => [c(2, CLUBS), c(7, HEARTS)],
    perception: 'oneCard',
    nearMiss: null,
  },
`;
const TABLE_END = '} as const satisfies Record<string, SlapRuleDef>;';

/** Every .ts file under dir. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** Inserts `line` after the first `anchor` in the text; throws when the anchor is missing. */
function insertAfter(text: string, anchor: string, line: string): string {
  const at = text.indexOf(anchor);
  if (at < 0) throw new Error(`no "${anchor}"`);
  const end = text.indexOf('\n', at) + 1;
  return text.slice(0, end) + line + text.slice(end);
}

const CHECK = `
import { OPTIONS, defaultSettings, gameOptions, rowText } from './src/app/options';
import { readSave, writeSave, defaultStats } from './src/app/settings';
import { howToPages } from './src/app/howto';
import { stringsFor } from './src/app/i18n';
import { planSlaps, DIFFICULTY_PARAMS, lookalikePattern } from './src/ai';
import { SLAP_RULES, defaultOptions, slapPattern, newGame, makeCard } from './src/rules';
import { humanReactionMs } from './src/sim/human';

const out: Record<string, unknown> = {};
out.inRules = SLAP_RULES.includes('sevens' as never);
out.defaultOn = (defaultOptions().slapRules as Record<string, boolean>).sevens;
const settings = defaultSettings();
(settings.slapRules as Record<string, boolean>).sevens = true;
const en = stringsFor('en');
const row = OPTIONS.findIndex((d) => Array.isArray(d.path) && d.path[1] === 'sevens');
out.row = row >= 0 ? rowText(row, settings, en) : null;
out.saved = (readSave(writeSave(settings, defaultStats())).settings.slapRules as Record<string, boolean>).sevens;
const options = gameOptions(settings);
out.inGame = (options.slapRules as Record<string, boolean>).sevens;
const only = { ...options, slapRules: { ...options.slapRules } } as typeof options;
for (const rule of SLAP_RULES) (only.slapRules as Record<string, boolean>)[rule] = rule === 'sevens';
const game = { ...newGame(only, 1, 0), pile: [makeCard(3, 0), makeCard(7, 2)] };
out.pattern = slapPattern(game);
out.plainPattern = slapPattern({ ...game, pile: [makeCard(3, 0), makeCard(8, 2)] });
out.lookalike = lookalikePattern({ ...game, pile: [makeCard(3, 0), makeCard(8, 2)] });
const plan = planSlaps(game, [1, 2, 3], 'hard', 1000, 5);
out.cpuPlan = plan.plans.map((p) => ({ valid: p.valid, after: p.at - 1000 }));
out.cpuFloor = DIFFICULTY_PARAMS.hard.floor;
out.human = humanReactionMs('expert', 'sevens' as never, 9).ms;
for (const language of ['en', 'ru'] as const) {
  const t = stringsFor(language);
  const examples = howToPages(only, t).flatMap((p) => p.examples);
  out['howto_' + language] = examples.filter((e) => e.caption === (t.slapRuleHelp as Record<string, string>).sevens).map((e) => e.cards);
}
console.log(JSON.stringify(out));
`;

describe('a slap rule is one record plus its two strings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slap-rule-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adding a dummy rule that way type-checks and reaches options, saves, the engine, How to play, the CPUs and the human model', () => {
    cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
    cpSync(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'));
    const tablePath = join(dir, 'src/rules/slap-rules.ts');
    let table = readFileSync(tablePath, 'utf8');
    expect(table).toContain(TABLE_END);
    table = table.replace(TABLE_END, RECORD + TABLE_END).replace("import { isJoker, makeCard } from './cards';", "import { isJoker, makeCard, rankOf } from './cards';");
    writeFileSync(tablePath, table);
    // Its two strings, in every language table that names the slap rules.
    let languages = 0;
    for (const file of sources(join(dir, 'src'))) {
      const text = readFileSync(file, 'utf8');
      if (!text.includes('slapRuleNames: {')) continue;
      const ru = /[а-я]/.test(text);
      let t = insertAfter(text, 'slapRuleNames: {', ru ? "    sevens: 'Семёрки',\n" : "    sevens: 'Sevens',\n");
      t = insertAfter(t, 'slapRuleHelp: {', ru ? "    sevens: 'Семёрки: верхняя карта семёрка',\n" : "    sevens: 'Sevens: the top card is a seven',\n");
      writeFileSync(file, t);
      languages++;
    }
    expect(languages).toBe(2);

    // Every table keyed by SlapRule must be complete without touching anything else.
    expect(typecheckFolder(dir), 'with only the record and its strings added, the type checker says').toBe('');

    writeFileSync(join(dir, 'check.ts'), CHECK);
    const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
    const out = JSON.parse(execFileSync(process.execPath, [tsx, join(dir, 'check.ts')], { cwd: dir, encoding: 'utf8' }));
    expect(out.inRules).toBe(true);
    expect(out.defaultOn).toBe(false);
    expect(out.row).toEqual({ label: 'Slap: Sevens', value: 'On' });
    expect(out.saved).toBe(true);
    expect(out.inGame).toBe(true);
    expect(out.pattern).toBe('sevens');
    expect(out.plainPattern).toBe(null);
    expect(out.lookalike).toBe(null);
    // Hard CPUs miss 3% of piles; with this seed they slap it, as a reaction (never under the floor).
    expect(out.cpuPlan).toHaveLength(1);
    expect(out.cpuPlan[0].valid).toBe(true);
    expect(out.cpuPlan[0].after).toBeGreaterThanOrEqual(out.cpuFloor);
    expect(out.human).toBeGreaterThan(150);
    expect(out.human).toBeLessThan(2000);
    // How to play pictures the record's pile (the 2 of clubs, the 7 of hearts) with its help line, in both languages.
    expect(out.howto_en).toEqual([[0, 2 * 13 + 5]]);
    expect(out.howto_ru).toEqual([[0, 2 * 13 + 5]]);
  }, 120_000);
});
