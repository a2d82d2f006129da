// Type-checks a folder's tsconfig.json in this process with TypeScript's
// API, for the recipe tests (test/game/add-language.test.ts,
// test/rules/slap-rule-record.test.ts), which check scratch copies of src/
// with a change applied: what `tsc --noEmit -p DIR` reports, without a tsc
// process each time, and with the files of the last check that did not
// change (TypeScript's own lib files, most of src/) reused, not parsed again.
import ts from 'typescript';

const parsed = new Map<string, ts.SourceFile>();

/** '' when the folder type-checks, else tsc's report (file, line, message). */
export function typecheckFolder(dir: string): string {
  const config = ts.getParsedCommandLineOfConfigFile(`${dir}/tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
  if (!config) throw new Error(`no tsconfig.json in ${dir}`);
  const host = ts.createCompilerHost(config.options);
  host.getSourceFile = (fileName, languageVersion) => {
    const text = ts.sys.readFile(fileName);
    if (text === undefined) return undefined;
    const old = parsed.get(fileName);
    if (old && old.text === text) return old;
    const file = ts.createSourceFile(fileName, text, languageVersion);
    parsed.set(fileName, file);
    return file;
  };
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' });
}
