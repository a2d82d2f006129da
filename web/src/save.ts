// The saved settings and statistics in the browser's localStorage, in the
// C hosts' format (the contract's saveFile: src/contract.ts, as
// native/core/contract.h for native/core/save.c): the text, then one
// trailer line
//     "\n#ratscrew-save len=<bytes> fnv1a=<8 hex>\n"
// over the text's UTF-8 bytes, so a save copied from the page is a desktop
// save file and back. One setItem replaces the entry whole, so the ".new"
// file of the C hosts has no counterpart here. The rules are save.c's
// (docs/reliability.md, sections 8 and 9): an entry larger than any save is
// not read; a damaged one is handed to the script without its trailer
// ("damaged": the reader keeps what it can read, and the game says so), and
// its bytes are kept as a numbered copy, KEY + ".damaged-1" .. "-5" (oldest
// first; the oldest goes when all are taken; the same bytes never twice);
// nothing that is not an intact save, or that the script could not read
// (keepDamaged), is ever replaced before it is kept — when storage is too
// full for the copy, the save is refused and the entry stays. localStorage
// has no rename, so a copy is the only way to keep. Without storage (private
// browsing in some browsers, storage turned off), the settings live in
// memory for the visit: the load reports the problem once, and saves
// succeed in memory rather than repeating the notice.

import { SAVE_MAX_BYTES, SAVE_TRAILER_MARK, SAVE_TRAILER_MAX, saveTrailer, type SaveProblem } from '../../src/contract';

export const SAVE_KEY = 'ratscrew/save.json';
/** Where earlier versions kept their one damaged copy: left alone, but it counts as kept. */
export const OLD_DAMAGED_KEY = `${SAVE_KEY}.damaged`;
/** Numbered damaged copies kept at most (save.h SAVE_DAMAGED_KEPT). */
export const DAMAGED_KEPT = 5;
/** The key of damaged copy n (1 .. DAMAGED_KEPT, oldest first). */
export const damagedKey = (n: number): string => `${SAVE_KEY}.damaged-${n}`;
/** A copy being made, before the others make room for it (save.c keep). */
export const FRESH_COPY_KEY = `${SAVE_KEY}.damaged-new`;
/** Every key the save may write, for a host that copies the storage elsewhere (the worker's mirror). */
export const SAVE_KEYS: readonly string[] = [SAVE_KEY, OLD_DAMAGED_KEY, FRESH_COPY_KEY, ...Array.from({ length: DAMAGED_KEPT }, (_, i) => damagedKey(i + 1))];

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

/** Larger than any save with its trailer (save.c reads no more than that): never read. */
export function tooLarge(stored: string): boolean {
  // A UTF-16 unit is at most 3 UTF-8 bytes: only a long entry needs counting.
  return stored.length * 3 > SAVE_MAX_BYTES + SAVE_TRAILER_MAX && utf8.encode(stored).length > SAVE_MAX_BYTES + SAVE_TRAILER_MAX;
}

/** The text of an intact entry within the size limit, else null. */
function intactText(stored: string): string | null {
  return tooLarge(stored) ? null : verify(stored);
}

/** Why a setItem failed, in host.problem()'s words. */
export function writeProblem(e: unknown): SaveProblem {
  const name = e instanceof DOMException ? e.name : '';
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return 'full';
  if (name === 'SecurityError' || name === 'InvalidAccessError') return 'read-only';
  return 'failed';
}

/** The saved text if the entry is whole, read as load() would but without a problem or a copy (the touch zones' look before the start). */
export function peekSaved(store: KeyValueStore | null): string | null {
  try {
    const stored = store?.getItem(SAVE_KEY) ?? null;
    return stored === null ? null : intactText(stored);
  } catch {
    return null;
  }
}

export class LocalSave {
  private lastProblem: SaveProblem | null = null;
  /** The settings for this visit when there is no storage to keep them. */
  private memory: string | null = null;
  /** The entry the script could not read (keepDamaged): kept before any save replaces it. */
  private unreadable: string | null = null;

  /** store: null when the browser has none (see openStore). */
  constructor(private readonly store: KeyValueStore | null) {}

  /** Whether saves are kept beyond this visit. */
  get persistent(): boolean {
    return this.store !== null;
  }

  peek(): string | null {
    return peekSaved(this.store);
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
    if (tooLarge(stored)) {
      // Not read; left where it is until a save can keep it and take its place.
      this.lastProblem = 'too-large';
      return null;
    }
    const text = verify(stored);
    if (text !== null) return text;
    // A copy when there is room; without, the entry stays, and says so again next time.
    this.tryKeep(stored);
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
      // What the new entry replaces is an intact save the game read, or is
      // kept first (keep does nothing for bytes kept already).
      const old = store.getItem(SAVE_KEY);
      if (old !== null && (old === this.unreadable || intactText(old) === null)) this.keep(old);
      store.setItem(SAVE_KEY, text + trailer(text));
      this.unreadable = null;
      return true;
    } catch (e) {
      this.lastProblem = writeProblem(e);
      return false;
    }
  }

  /**
   * host.keepDamaged(): the game could not read the text load() gave it (a
   * newer version, not its JSON), so the entry is kept as a numbered copy
   * before a save replaces it. True when kept, or when there is nothing to
   * keep (no storage: the text lives only in this visit); false (and the
   * problem why) when storage refused the copy: the entry stays, and the
   * next save keeps it first or is refused.
   */
  keepDamaged(): boolean {
    const store = this.store;
    if (!store) return true;
    try {
      const stored = store.getItem(SAVE_KEY);
      this.unreadable = stored;
      if (stored !== null) this.keep(stored);
      return true;
    } catch (e) {
      this.lastProblem = writeProblem(e);
      return false;
    }
  }

  /**
   * The page could not make this visit's latest writes after all (a copy of
   * the storage answered for it, web/src/save-mirror.ts): host.problem()
   * says why; what was not kept is kept, or refused, by the next save.
   */
  refused(problem: SaveProblem): void {
    this.lastProblem = problem;
  }

  private tryKeep(stored: string): boolean {
    try {
      this.keep(stored);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Keeps stored as the next numbered copy (save.c keep, next_slot): the
   * copy is written first, then the others close up from -1 in their order
   * (the oldest going when all five are taken), then it takes the next
   * number. Throws what the storage threw; a failure leaves every earlier
   * copy, and the entry, where they were.
   */
  private keep(stored: string): void {
    const store = this.store!;
    const copies = [OLD_DAMAGED_KEY, ...Array.from({ length: DAMAGED_KEPT }, (_, i) => damagedKey(i + 1))];
    if (copies.some((k) => store.getItem(k) === stored)) return;
    store.setItem(FRESH_COPY_KEY, stored);
    const taken: number[] = [];
    for (let n = 1; n <= DAMAGED_KEPT; n++) if (store.getItem(damagedKey(n)) !== null) taken.push(n);
    if (taken.length === DAMAGED_KEPT) store.removeItem(damagedKey(taken.shift()!));
    taken.forEach((n, i) => {
      if (n === i + 1) return;
      store.setItem(damagedKey(i + 1), store.getItem(damagedKey(n))!);
      store.removeItem(damagedKey(n));
    });
    store.setItem(damagedKey(taken.length + 1), stored);
    store.removeItem(FRESH_COPY_KEY);
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
