// What a host shows when the script fails (docs/host-api.md §4).

/** The script threw, ran past its time budget, or ran out of memory. */
export class ScriptError extends Error {
  constructor(message: string, readonly detail: string) {
    super(message);
  }
}

/** The C hosts' limits (native/core/vm.h), where the engine can enforce them. */
export const FRAME_BUDGET_MS = 2000;
export const LOAD_BUDGET_MS = 10000;
export const MEMORY_LIMIT = 8 * 1024 * 1024;

/** The text of anything thrown, with its stack, as the C hosts' error screen shows it. */
export function describeThrown(e: unknown): ScriptError {
  if (e instanceof ScriptError) return e;
  if (e instanceof Error) return new ScriptError(`${e.name}: ${e.message}`, e.stack ?? '');
  return new ScriptError(String(e), '');
}
