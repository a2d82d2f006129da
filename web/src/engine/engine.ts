// Where the page runs dist/ratscrew.js: in its own JavaScript engine, or in
// QuickJS compiled to WebAssembly (quickjs-emscripten, as the vitest host
// does). docs/web.md has the measurements that chose the page's engine; the
// other stays for the benchmark (bench/web.mjs) and `?engine=quickjs`.
import type { WebHost } from '../host';
import { PageEngine } from './page';

export type EngineKind = 'page' | 'quickjs';

/** The bundle's `ratscrew` global as the page sees it (docs/host-api.md §2). */
export interface Engine {
  readonly kind: EngineKind;
  /** The command buffer: frame() writes commands [0, n) into it. */
  readonly commands: Int32Array;
  /** ratscrew.frame(nowMs, buttons, tap): the number of commands. Throws a ScriptError. `tap`: TAP_NONE, or where a touch or click began (docs/host-api.md). */
  frame(nowMs: number, buttons: number, tap?: number): number;
  /** ratscrew.debug(): the app's state as JSON text (tests only). */
  debug(): string;
  dispose(): void;
}

export { describeThrown, ScriptError } from './errors';

export function isEngineKind(s: string | null): s is EngineKind {
  return s === 'page' || s === 'quickjs';
}

export async function createEngine(kind: EngineKind, source: string, host: WebHost): Promise<Engine> {
  if (kind === 'quickjs') return (await import('./quickjs')).QuickJsEngine.create(source, host);
  return PageEngine.create(source, host);
}

