// The saved settings and statistics in the browser's localStorage, in the
// C hosts' format (the contract's saveFile: src/contract.ts, as
// native/core/contract.h for native/core/save.c): the text, then one
// trailer line
//     "\n#ratscrew-save len=<bytes> fnv1a=<8 hex>\n"
// over the text's UTF-8 bytes, so a save copied from the page is a desktop
// save file and back. One setItem replaces the entry whole, so the ".new"
// file of the C hosts has no counterpart here. A damaged entry is handed to
// the script without its trailer ("damaged": the reader keeps what it can
// read, and the game says so) and kept under KEY + ".damaged", as save.c
// keeps "<path>.damaged"; the next save then replaces only the damaged one.
// Without storage (private browsing in some browsers, storage turned off),
// the settings live in memory for the visit: the load reports the problem
// once, and saves succeed in memory rather than repeating the notice.

import { SAVE_MAX_BYTES, SAVE_TRAILER_MARK, SAVE_TRAILER_MAX, saveTrailer, type SaveProblem } from '../../src/contract';

export const SAVE_KEY = 'ratscrew/save.json';
export const DAMAGED_KEY = `${SAVE_KEY}.damaged`;

/** The part of the Web Storage API the save uses (localStorage, or a test's stand-in). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const utf8 = new TextEncoder();

/** save.c format_trailer: the line that follows the text. */
export function trailer(text: string): string {
  return saveTrailer(utf8.encode(text));
}

/** save.c save_verify: the text when the stored value ends in its own trailer, else null. */
export function verify(stored: string): string | null {
  const n = stored.length;
  if (n < 2 || stored[n - 1] !== '\n') return null;
  const mark = stored.lastIndexOf('\n', n - 2);
  if (mark < 0) return null;
  const text = stored.slice(0, mark);
  return trailer(text) === stored.slice(mark) ? text : null;
}

/** Why a setItem failed, in host.problem()'s words. */
function writeProblem(e: unknown): SaveProblem {
  const name = e instanceof DOMException ? e.name : '';
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return 'full';
  if (name === 'SecurityError' || name === 'InvalidAccessError') return 'read-only';
  return 'failed';
}

export class LocalSave {
  private lastProblem: SaveProblem | null = null;
  /** The settings for this visit when there is no storage to keep them. */
  private memory: string | null = null;

  /** store: null when the browser has none (see openStore). */
  constructor(private readonly store: KeyValueStore | null) {}

  /** Whether saves are kept beyond this visit. */
  get persistent(): boolean {
    return this.store !== null;
  }

  /** The saved text if the entry is whole, without reading it as load() does (no problem, nothing moved aside). */
  peek(): string | null {
    try {
      const stored = this.store?.getItem(SAVE_KEY) ?? null;
      return stored === null ? null : verify(stored);
    } catch {
      return null;
    }
  }

  problem(): SaveProblem | null {
    return this.lastProblem;
  }

  load(): string | null {
    this.lastProblem = null;
    const store = this.store;
    if (!store) {
      // Told once, at the start: there is nowhere to read from or write to.
      this.lastProblem = 'unreadable';
      return this.memory;
    }
    let stored: string | null;
    try {
      stored = store.getItem(SAVE_KEY);
    } catch {
      this.lastProblem = 'unreadable';
      return null;
    }
    if (stored === null) return null;
    const text = verify(stored);
    if (text !== null) return text;
    if (utf8.encode(stored).length > SAVE_MAX_BYTES + SAVE_TRAILER_MAX) {
      // Larger than any save: not handed over, but moved aside so the next save destroys nothing.
      this.keepAside(stored, true);
      this.lastProblem = 'too-large';
      return null;
    }
    this.keepAside(stored, false);
    const mark = stored.indexOf(SAVE_TRAILER_MARK);
    this.lastProblem = 'damaged';
    return mark >= 0 ? stored.slice(0, mark) : stored;
  }

  save(text: string): boolean {
    this.lastProblem = null;
    const store = this.store;
    if (!store) {
      this.memory = text;
      return true;
    }
    if (utf8.encode(text).length > SAVE_MAX_BYTES) {
      this.lastProblem = 'failed';
      return false;
    }
    try {
      store.setItem(SAVE_KEY, text + trailer(text));
      return true;
    } catch (e) {
      this.lastProblem = writeProblem(e);
      return false;
    }
  }

  /**
   * host.keepDamaged(): the game could not read the text load() gave it (a
   * newer version, not its JSON), so the entry is kept under DAMAGED_KEY
   * before a save replaces it. True when kept, or when there is nothing to
   * keep (no storage: the text lives only in this visit).
   */
  keepDamaged(): boolean {
    const store = this.store;
    if (!store) return true;
    let stored: string | null;
    try {
      stored = store.getItem(SAVE_KEY);
    } catch {
      return false;
    }
    return stored === null || this.keepAside(stored, false);
  }

  /** Best effort, as save.c's keep_damaged_copy and move_aside; whether it was kept. */
  private keepAside(stored: string, remove: boolean): boolean {
    try {
      this.store!.setItem(DAMAGED_KEY, stored);
      if (remove) this.store!.removeItem(SAVE_KEY);
      return true;
    } catch {
      // A full storage keeps the damaged entry where it is: the next save replaces it.
      return false;
    }
  }
}

/**
 * localStorage when this browser keeps data for the page, else null.
 * Reading the property throws where storage is off; private windows of some
 * browsers hand out a storage that refuses every write. A storage that
 * refuses the probe but holds a save is a full one, not a missing one: its
 * save is read, and a failed save says "storage full".
 */
export function openStore(win: { localStorage?: Storage } = globalThis as { localStorage?: Storage }): KeyValueStore | null {
  let store: Storage | undefined;
  try {
    store = win.localStorage;
    if (!store) return null;
    const probe = 'ratscrew/probe';
    store.setItem(probe, '1');
    store.removeItem(probe);
    return store;
  } catch {
    try {
      return store && store.getItem(SAVE_KEY) !== null ? store : null;
    } catch {
      return null;
    }
  }
}
