// The story's layers hold (docs/architecture.md): the view draws what the app
// hands it and imports only types from src/app (issue 32 item 7 closed the
// view -> app value imports; a new screen's data placed in src/app and read
// by its drawing opens them again). Read with TypeScript's own parser, so a
// type-only import in any of its spellings is told from a value import.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** Every .ts file under `dir`, relative to src/. */
function files(dir: string): string[] {
  return readdirSync(path.join(SRC, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

/** The modules `file` takes values from (imports and re-exports that are not type-only), as paths relative to src/. */
export function valueImports(file: string, text = readFileSync(path.join(SRC, file), 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const from = (spec: ts.Expression): void => {
    if (ts.isStringLiteral(spec) && spec.text.startsWith('.')) out.push(path.join(path.dirname(file), spec.text));
  };
  for (const s of source.statements) {
    if (ts.isImportDeclaration(s)) {
      const c = s.importClause;
      if (c?.isTypeOnly) continue;
      const named = c?.namedBindings;
      const onlyTypes = c !== undefined && c.name === undefined && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) from(s.moduleSpecifier);
    } else if (ts.isExportDeclaration(s) && s.moduleSpecifier && !s.isTypeOnly) {
      const named = s.exportClause;
      if (!(named && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly))) from(s.moduleSpecifier);
    }
  }
  return out;
}

describe('the layers', () => {
  it('src/view takes no value from src/app', () => {
    const found = files('view').flatMap((f) => valueImports(f).filter((m) => m.startsWith('app/')).map((m) => `${f} -> ${m}`));
    expect(found).toEqual([]);
  });

  it('tells a value import from a type-only one', () => {
    expect(valueImports('view/x.ts', "import { A } from '../app/a';")).toEqual(['app/a']);
    expect(valueImports('view/x.ts', "import { A, type B } from '../app/a';")).toEqual(['app/a']);
    expect(valueImports('view/x.ts', "import * as A from '../app/a'; export { b } from '../app/b';")).toEqual(['app/a', 'app/b']);
    expect(valueImports('view/x.ts', "import type { A } from '../app/a'; import { type B } from '../app/b'; export type { C } from '../app/c';")).toEqual([]);
  });
});
