// The save's storage split between the page and the worker the script runs
// in (web/src/engine/worker.ts): localStorage exists only on the page, and
// host.save must answer at once, inside the script's frame. So the worker
// keeps a copy of the save's entries (a MirrorStore: LocalSave's rules run
// there, over the copy) and queues each write; the page applies the writes
// of each frame to localStorage in order and stops at the first it cannot
// make (applyWrites): a later write — the save replacing a damaged entry
// whose copy did not fit — never happens without the one before it, so
// nothing is destroyed. The page then gives the worker the entries as they
// really are, and the script hears of the failure on its next frame
// (SIG_SAVE_FAILED, docs/host-api.md), with host.problem() saying why.
import type { SaveProblem } from '../../src/contract';
import { SAVE_KEYS, writeProblem, type KeyValueStore } from './save';

/** One write: a key and its new value, or null to remove it. */
export type Write = readonly [key: string, value: string | null];
/** The save's entries by key (absent ones null). */
export type Entries = Record<string, string | null>;

/** The save's entries as the store holds them now. */
export function readEntries(store: KeyValueStore): Entries {
  const out: Entries = {};
  for (const k of SAVE_KEYS) out[k] = store.getItem(k);
  return out;
}

/** The worker's copy: reads from it, writes into it and into the queue. */
export class MirrorStore implements KeyValueStore {
  private readonly items = new Map<string, string>();
  private queue: Write[] = [];

  constructor(entries: Entries) {
    this.reset(entries);
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.items.set(key, value);
    this.queue.push([key, value]);
  }

  removeItem(key: string): void {
    this.items.delete(key);
    this.queue.push([key, null]);
  }

  /** The writes since the last take, oldest first. */
  take(): Write[] {
    const q = this.queue;
    this.queue = [];
    return q;
  }

  /** The entries as the page found them after a write it could not make. */
  reset(entries: Entries): void {
    this.items.clear();
    for (const [k, v] of Object.entries(entries)) if (v !== null) this.items.set(k, v);
    this.queue = [];
  }
}

/** What became of a frame's writes: null when all were made. */
export interface Refused {
  readonly problem: SaveProblem;
  /** The save's entries as they are now. */
  readonly entries: Entries;
}

/** Makes the writes in order, stopping at the first the storage refuses. */
export function applyWrites(store: KeyValueStore, writes: readonly Write[]): Refused | null {
  for (const [key, value] of writes) {
    try {
      if (value === null) store.removeItem(key);
      else store.setItem(key, value);
    } catch (e) {
      let entries: Entries = {};
      try {
        entries = readEntries(store);
      } catch {
        // Unreadable now: the worker keeps nothing it could not have.
      }
      return { problem: writeProblem(e), entries };
    }
  }
  return null;
}
