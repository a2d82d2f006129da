// The messages between the page (worker-engine.ts) and the worker the
// script runs in (worker.ts). Each request but 'refused' (a notice) gets
// exactly one answer, in order; a worker that does not answer in time is
// ended by the page.
import type { SaveProblem } from '../../../src/contract';
import type { Chosen } from '../host';
import type { Entries, Write } from '../save-mirror';
import type { EngineKind, HostSetup } from './engine';

/** A headless replay: as ratscrew-headless runs an input script (test/web, bench/web.mjs). */
export interface ReplayScript {
  seed: number;
  frames: number;
  inputs: [number, number][];
  shots?: number[];
  saved?: string | null;
}

export type ToWorker =
  /** shared: where the worker also writes each frame's commands at once (a cross-origin isolated page: worker-engine.ts early). */
  /** source null: the bundle the worker fetched itself ('fetch'). */
  /** first: the answer carries frame 0 too (now 0, no buttons, no tap), so the page draws it without asking again. */
  | { readonly type: 'start'; readonly kind: EngineKind; readonly source: string | null; readonly host: HostSetup; readonly shared: SharedArrayBuffer | null; readonly first: boolean }
  /** From index.html's early start: the bundle's bytes (or why there are none), to compile while the page loads (a notice, no answer; the start reports a failure). */
  | { readonly type: 'bundle'; readonly bytes: ArrayBuffer | null; readonly error: string | null }
  /** typed: the keyboard's text since the last frame (host.typed()), null for none. */
  | { readonly type: 'frame'; readonly seq: number; readonly now: number; readonly buttons: number; readonly tap: number; readonly typed: string | null }
  | { readonly type: 'debug' }
  /** The page could not make the writes of the last answer: the entries as they are. */
  | { readonly type: 'refused'; readonly problem: SaveProblem; readonly entries: Entries }
  /** Runs a whole replay; the commands of the frames in `draw` (every frame when true) come back. */
  | { readonly type: 'replay'; readonly script: ReplayScript; readonly draw: readonly number[] | true };

/** What the host did during one request: the page's part of it. */
export interface HostOut {
  /** host.log lines. */
  readonly logs: string[];
  /** Writes to make to localStorage, in order. */
  readonly writes: Write[];
  /** What host.chosen said last during the request (the page's words and touch zones follow it), null when it was not called. */
  readonly chosen: Chosen | null;
  /** host.problem() after the request. */
  readonly problem: SaveProblem | null;
  /** The address the page's address bar should show (an online room's link, or the page again after it), or null. */
  readonly address: string | null;
}

export interface ReplayFrame {
  readonly frame: number;
  readonly n: number;
  readonly commands: Int32Array;
}

/** Frame 0, answered with the start: its command count, its commands and the script's time in it. */
export interface FirstFrame {
  readonly n: number;
  readonly commands: Int32Array;
  readonly scriptMs: number;
}

export type FromWorker =
  /** The script's evaluation begins (the load deadline starts). */
  | { readonly type: 'evaluating' }
  /** Frame 0 begins, within the start (the frame's deadline starts). */
  | { readonly type: 'framing' }
  /** first: frame 0, when the start asked for it. */
  | { readonly type: 'ready'; readonly out: HostOut; readonly first: FirstFrame | null }
  /** commands: null when they were written to the shared buffer. */
  | { readonly type: 'frame'; readonly n: number; readonly commands: Int32Array | null; readonly scriptMs: number; readonly out: HostOut }
  | { readonly type: 'debug'; readonly text: string }
  | { readonly type: 'replayed'; readonly hashes: string[]; readonly script: number[]; readonly frames: ReplayFrame[] }
  | { readonly type: 'failed'; readonly message: string; readonly detail: string };
