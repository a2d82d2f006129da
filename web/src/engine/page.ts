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

export class PageEngine implements ScriptEngine {
  readonly kind = 'page' as const;
  readonly commands: Int32Array;

  private constructor(private readonly entry: Entry) {
    this.commands = entry.commands;
  }

  static create(source: string, host: WebHost): PageEngine {
    const scope: { host: WebHost; ratscrew?: Entry } = { host };
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      new Function('globalThis', `${source}\n//# sourceURL=ratscrew.js`)(scope);
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
