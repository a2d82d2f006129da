// The bundle in the page's own engine. It reaches the outside only through
// `globalThis` (src/host/entry.ts is its one user), so it runs as a function
// whose `globalThis` is a small object holding `host`: it neither sees nor
// leaves anything in the page's real global scope.
import { TAP_NONE } from '../../../src/contract';
import type { WebHost } from '../host';
import type { ScriptEngine } from './engine';
import { describeThrown } from './errors';

interface Entry {
  commands: Int32Array;
  frame(nowMs: number, buttons: number, tap?: number): number;
  debug?(): string;
}

/** The bundle compiled but not run, or what compiling it threw (thrown again when it is run, as before). */
export type Compiled = ((scope: object) => void) | { readonly error: unknown };

export class PageEngine implements ScriptEngine {
  readonly kind = 'page' as const;
  readonly commands: Int32Array;

  private constructor(private readonly entry: Entry) {
    this.commands = entry.commands;
  }

  static compile(source: string): Compiled {
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      return new Function('globalThis', `${source}\n//# sourceURL=ratscrew.js`) as (scope: object) => void;
    } catch (e) {
      return { error: e };
    }
  }

  static create(source: string | Compiled, host: WebHost): PageEngine {
    const scope: { host: WebHost; ratscrew?: Entry } = { host };
    const run = typeof source === 'string' ? PageEngine.compile(source) : source;
    try {
      if (typeof run !== 'function') throw run.error;
      run(scope);
    } catch (e) {
      throw describeThrown(e);
    }
    const entry = scope.ratscrew;
    if (!entry || !(entry.commands instanceof Int32Array) || typeof entry.frame !== 'function') {
      throw describeThrown(new Error('the script did not define ratscrew.commands and ratscrew.frame'));
    }
    return new PageEngine(entry);
  }

  frame(nowMs: number, buttons: number, tap = TAP_NONE): number {
    try {
      return this.entry.frame(nowMs, buttons, tap) | 0;
    } catch (e) {
      throw describeThrown(e);
    }
  }

  debug(): string {
    return this.entry.debug ? this.entry.debug() : '{}';
  }

  dispose(): void {}
}
