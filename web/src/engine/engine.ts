// Where the page runs dist/ratscrew.js: in a worker (web/src/engine/
// worker.ts), so that a frame that never returns can be stopped — the
// page's watchdog ends the worker after the C hosts' deadline
// (worker-engine.ts), as their interrupt handler ends a frame — and in the
// worker, in the browser's own JavaScript engine or in QuickJS compiled to
// WebAssembly (quickjs-emscripten, as the vitest host does). docs/web.md has
// the measurements that chose the browser's engine; the other stays for the
// benchmark (bench/web.mjs) and `?engine=quickjs`.
import type { Capabilities } from '../../../src/contract';
import type { Entries } from '../save-mirror';

export type EngineKind = 'page' | 'quickjs';

/** The bundle's `ratscrew` global as the worker sees it (docs/host-api.md §2): called synchronously there. */
export interface ScriptEngine {
  readonly kind: EngineKind;
  /** The command buffer: frame() writes commands [0, n) into it. */
  readonly commands: Int32Array;
  /** ratscrew.frame(nowMs, buttons, tap): the number of commands. Throws a ScriptError. `tap`: TAP_NONE, or where a touch or click began (docs/host-api.md). */
  frame(nowMs: number, buttons: number, tap?: number): number;
  /** ratscrew.debug(): the app's state as JSON text (tests only). */
  debug(): string;
  dispose(): void;
}

/**
 * The host the script gets in the worker: the page's (saves in a copy of
 * localStorage's save entries, null when the browser keeps none; the
 * online rooms at net.url, src/net.ts), or the headless host's (the
 * replays of test/web and bench/web.mjs).
 */
export type HostSetup =
  | { readonly kind: 'page'; readonly seed: number; readonly caps: Capabilities; readonly storage: Entries | null; readonly net: { readonly url: string; readonly search: string; readonly page: string } }
  | { readonly kind: 'headless'; readonly seed: number; readonly saved: string | null };

export { describeThrown, ScriptError } from './errors';
export { WorkerEngine as Engine } from './worker-engine';

export function isEngineKind(s: string | null): s is EngineKind {
  return s === 'page' || s === 'quickjs';
}
