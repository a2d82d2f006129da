// A language is one table plus its line in LANGUAGES: this test proves it by
// adding one, following the recipe in docs/architecture.md ("How to add … A
// language") and touching exactly the files it lists. It copies src/ to a
// scratch folder, adds a dummy language ("xx", English words under another
// name), and checks that the copy type-checks and that the game offers and
// uses it: the options row, the save, How to play, the notices. A table that
// lacks a string, or a language left out of LANGUAGES, does not compile. The
// dummy language is never shipped: it lives only in the scratch copy.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { typecheckFolder } from '../support/typecheck';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** The files a recipe of docs/architecture.md names, one per numbered step (its first `path`). */
export function recipeFiles(title: string): string[] {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const at = doc.indexOf(`**${title}**`);
  if (at < 0) throw new Error(`no recipe "${title}" in docs/architecture.md`);
  const rest = doc.slice(at + title.length + 4);
  const end = rest.search(/\n\*\*|\n## /);
  const steps = (end < 0 ? rest : rest.slice(0, end)).split('\n').filter((l) => /^\d+\. /.test(l));
  return steps.map((l) => /`([^`]+)`/.exec(l)?.[1] ?? `(step without a file: ${l})`);
}

/** Replaces the one `from` in `text`; throws when it is not there exactly once. */
function replaceOnce(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`"${from}" found ${parts.length - 1} times`);
  return parts.join(to);
}

/** The scratch copy type-checked as tsc would: '' when it does, else the report. */
const typecheck = typecheckFolder;

const CHECK = `
import { LANGUAGE_CODES, stringsFor, type Language } from './src/app/i18n';
import { OPTIONS, changeRow, defaultSettings, rowText } from './src/app/options';
import { defaultStats, readSave, writeSave } from './src/app/settings';
import { howToPages } from './src/app/howto';
import { loadNotice, saveNotice } from './src/app/notice';
import { defaultOptions } from './src/rules';

const out: Record<string, unknown> = {};
const dummy: Language = 'xx';
out.codes = LANGUAGE_CODES;
// The Language row, stepped on from English: the new language comes after the others.
const settings = defaultSettings();
const row = OPTIONS.findIndex((d) => d.path === 'language');
const seen: string[] = [];
for (let i = 0; i < LANGUAGE_CODES.length; i++) {
  changeRow(row, settings, 1);
  seen.push(rowText(row, settings, stringsFor(settings.language)).value);
}
out.row = seen;
out.saved = readSave(writeSave({ ...settings, language: dummy }, defaultStats())).settings.language;
const t = stringsFor(dummy);
out.title = t.title;
out.hint = t.titleHint;
out.pages = howToPages(defaultOptions('classic', 4), t).map((p) => p.title);
out.notices = [loadNotice('full', t), saveNotice('read-only', t)];
console.log(JSON.stringify(out));
`;

describe('a language is one table plus its line in LANGUAGES', () => {
  const dir = mkdtempSync(join(tmpdir(), 'language-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const copy = (): void => {
    rmSync(join(dir, 'src'), { recursive: true, force: true });
    cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
    cpSync(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  };
  const en = readFileSync(join(ROOT, 'src/app/i18n/en.ts'), 'utf8');
  /** The dummy table: every English string, under its own name. */
  const table = replaceOnce(replaceOnce(en, 'export const EN: Strings', 'export const XX: Strings'), "languageName: 'English'", "languageName: 'Dummy'");
  const edits: Record<string, (text: string) => string> = {
    'src/app/i18n/xx.ts': () => table,
    'src/app/i18n/index.ts': (text) => replaceOnce(replaceOnce(text, "import { RU } from './ru';", "import { RU } from './ru';\nimport { XX } from './xx';"), '{ en: EN, ru: RU }', '{ en: EN, ru: RU, xx: XX }'),
  };
  const apply = (files: string[]): void => {
    for (const file of files) {
      const path = join(dir, file);
      let text = '';
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        // a new file
      }
      writeFileSync(path, edits[file]!(text));
    }
  };

  it('the recipe names exactly the files the dummy language changes', () => {
    expect(recipeFiles('A language').sort()).toEqual(Object.keys(edits).sort());
  });

  it('added that way, it type-checks and the game offers it, saves it and speaks it', () => {
    copy();
    apply(Object.keys(edits));
    expect(typecheck(dir)).toBe('');
    writeFileSync(join(dir, 'check.ts'), CHECK);
    const out = JSON.parse(execFileSync(process.execPath, [TSX, join(dir, 'check.ts')], { cwd: dir, encoding: 'utf8' }));
    expect(out.codes).toEqual(['en', 'ru', 'xx']);
    expect(out.row).toEqual(['Русский', 'Dummy', 'English']);
    expect(out.saved).toBe('xx');
    expect(out.title).toBe('Egyptian Ratscrew');
    // Its hints name the PSP's buttons like every table's.
    expect(out.hint).toContain('Cross: confirm');
    expect(out.pages.length).toBeGreaterThan(2);
    expect(out.notices).toEqual(['Saved settings could not be read (storage full): defaults used.', 'Could not save (read-only). Playing on with these settings.']);
  }, 180_000);

  it('a table that lacks a string does not compile, and names the string', () => {
    copy();
    apply(Object.keys(edits));
    const path = join(dir, 'src/app/i18n/xx.ts');
    const text = readFileSync(path, 'utf8');
    const line = /^ {2}endQuestion: .*\n/m.exec(text);
    expect(line).not.toBeNull();
    writeFileSync(path, text.replace(line![0], ''));
    expect(typecheck(dir)).toMatch(/xx\.ts.*Property 'endQuestion' is missing/s);
  }, 180_000);

  it('a table left out of LANGUAGES is no language: the game cannot be set to it', () => {
    copy();
    apply(['src/app/i18n/xx.ts']);
    writeFileSync(join(dir, 'src/probe.ts'), "import { stringsFor } from './app/i18n';\nexport const t = stringsFor('xx');\n");
    expect(typecheck(dir)).toMatch(/probe\.ts.*'"xx"' is not assignable/s);
  }, 180_000);
});
