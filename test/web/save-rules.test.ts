// The web page's saves by the C hosts' rules (issue 33, item 3;
// docs/reliability.md section 9): every damaged copy kept, numbered as
// save.c numbers them; a damaged entry never replaced before it is kept,
// also when storage is full; an entry larger than any save never read. In
// Node, over a stand-in for localStorage with a quota (no browser needed:
// web/src/save.ts is the same code the page runs).
import { describe, expect, it } from 'vitest';
import { LocalSave, SAVE_KEY, trailer, type KeyValueStore } from '../../web/src/save';

/** localStorage with a quota: a setItem that would pass `quota` UTF-16 units (keys and values) throws as Chromium does. */
class QuotaStore implements KeyValueStore {
  readonly items = new Map<string, string>();
  constructor(public quota = Infinity) {}
  used(): number {
    let n = 0;
    for (const [k, v] of this.items) n += k.length + v.length;
    return n;
  }
  getItem(k: string): string | null {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    const before = this.items.get(k);
    const after = this.used() - (before === undefined ? 0 : k.length + before.length) + k.length + v.length;
    if (after > this.quota) throw new DOMException('the quota has been exceeded', 'QuotaExceededError');
    this.items.set(k, v);
  }
  removeItem(k: string): void {
    this.items.delete(k);
  }
  /** The quota set to what is stored now plus `room` units. */
  fill(room = 0): void {
    this.quota = this.used() + room;
  }
  /** The damaged copies: key -> value, in key order. */
  copies(): Record<string, string> {
    return Object.fromEntries([...this.items].filter(([k]) => k.startsWith(`${SAVE_KEY}.damaged`)).sort(([a], [b]) => (a < b ? -1 : 1)));
  }
}

const entry = (text: string): string => text + trailer(text);
const damage = (text: string): string => `${text}${trailer(`${text} `)}`; // the trailer of other text
const GOOD = '{"version":1,"settings":{"players":6},"stats":{"classic":{"games":12,"wins":5}}}';
const NEW = '{"version":1,"settings":{"players":4}}';
const copy = (n: number): string => `${SAVE_KEY}.damaged-${n}`;

describe('the web page\'s saves, by the C hosts\' rules', () => {
  it('a second damage gets a second copy: the first is never overwritten', () => {
    const store = new QuotaStore();
    const first = damage('{"version":1,"first":1}');
    const second = damage('{"version":1,"second":2}');
    store.setItem(SAVE_KEY, first);
    new LocalSave(store).load();
    expect(new LocalSave(store).save(NEW)).toBe(true);
    store.setItem(SAVE_KEY, second);
    new LocalSave(store).load();
    expect(store.copies()).toEqual({ [copy(1)]: first, [copy(2)]: second });
  });

  it('a damaged entry with no room for its copy: loaded and told, left where it is; the save is refused "full", the entry intact', () => {
    const store = new QuotaStore();
    const damaged = damage(GOOD);
    store.setItem(SAVE_KEY, damaged);
    store.fill(100); // room for a small save, not for a copy of the entry
    const s = new LocalSave(store);
    expect(s.load()).toBe(GOOD);
    expect(s.problem()).toBe('damaged');
    expect(s.save(NEW)).toBe(false);
    expect(s.problem()).toBe('full');
    expect(store.getItem(SAVE_KEY)).toBe(damaged);
    // The next visit: the same six players, and the notice again.
    const next = new LocalSave(store);
    expect(next.load()).toBe(GOOD);
    expect(next.problem()).toBe('damaged');
  });

  it('an intact entry larger than any save (300 KB) is not read: "too-large"', () => {
    const store = new QuotaStore();
    const big = JSON.stringify({ version: 1, pad: 'x'.repeat(300 * 1024) });
    store.setItem(SAVE_KEY, entry(big));
    const s = new LocalSave(store);
    expect(s.load()).toBeNull();
    expect(s.problem()).toBe('too-large');
    expect(s.peek()).toBeNull();
    // Left in place until a save keeps it and takes its place.
    expect(store.getItem(SAVE_KEY)).toBe(entry(big));
    expect(s.save(NEW)).toBe(true);
    expect(store.getItem(copy(1))).toBe(entry(big));
    expect(new LocalSave(store).load()).toBe(NEW);
  });

  it('just within the limit: read (256 KB of text and its trailer)', () => {
    const store = new QuotaStore();
    const text = JSON.stringify({ version: 1, pad: 'x'.repeat(256 * 1024 - 24) });
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(256 * 1024);
    store.setItem(SAVE_KEY, entry(text));
    expect(new LocalSave(store).load()).toBe(text);
  });

  it('a too-large entry with no room for its copy: the save is refused, the entry stays', () => {
    const store = new QuotaStore();
    const big = 'y'.repeat(300 * 1024);
    store.setItem(SAVE_KEY, big);
    store.fill(1000);
    const s = new LocalSave(store);
    expect(s.load()).toBeNull();
    expect(s.save(NEW)).toBe(false);
    expect(s.problem()).toBe('full');
    expect(store.getItem(SAVE_KEY)).toBe(big);
  });

  it('keepDamaged with no room: false, "full"; the save that follows is refused, the entry intact', () => {
    const store = new QuotaStore();
    store.setItem(SAVE_KEY, entry('[1,2,3]'));
    store.fill(20);
    const s = new LocalSave(store);
    expect(s.load()).toBe('[1,2,3]');
    expect(s.keepDamaged()).toBe(false);
    expect(s.problem()).toBe('full');
    expect(s.save('{}')).toBe(false);
    expect(store.getItem(SAVE_KEY)).toBe(entry('[1,2,3]'));
  });

  it('keepDamaged refused, then room again: the next save keeps the entry first', () => {
    const store = new QuotaStore();
    store.setItem(SAVE_KEY, entry('[1,2,3]'));
    store.fill(20);
    const s = new LocalSave(store);
    s.load();
    expect(s.keepDamaged()).toBe(false);
    store.quota = Infinity;
    expect(s.save(NEW)).toBe(true);
    expect(store.getItem(copy(1))).toBe(entry('[1,2,3]'));
    // An intact entry the game read is replaced without a copy.
    expect(s.save(GOOD)).toBe(true);
    expect(Object.keys(store.copies())).toEqual([copy(1)]);
  });

  it('at most five copies: the oldest goes, the rest keep their order', () => {
    const store = new QuotaStore();
    for (let i = 1; i <= 7; i++) {
      store.setItem(SAVE_KEY, `damage ${i}`);
      const s = new LocalSave(store);
      s.load();
      expect(s.save(NEW)).toBe(true);
    }
    expect(Object.values(store.copies())).toEqual(['damage 3', 'damage 4', 'damage 5', 'damage 6', 'damage 7']);
  });

  it.each([[[5]], [[2, 3, 4, 5]], [[1, 3, 5]]])('copies with gaps (%j): they close up, the new one follows', (numbers) => {
    const store = new QuotaStore();
    for (const n of numbers) store.setItem(copy(n), `copy ${n}`);
    store.setItem(SAVE_KEY, 'new damage');
    const s = new LocalSave(store);
    s.load();
    expect(s.save(NEW)).toBe(true);
    const expected = [...numbers.map((n) => `copy ${n}`), 'new damage'];
    expect(store.copies()).toEqual(Object.fromEntries(expected.map((v, i) => [copy(i + 1), v])));
  });

  it('the same damage twice is kept once; the copy of an earlier version (".damaged") is left alone and counts', () => {
    const store = new QuotaStore();
    store.setItem(`${SAVE_KEY}.damaged`, 'kept by an earlier version');
    store.setItem(SAVE_KEY, 'kept by an earlier version');
    new LocalSave(store).load();
    expect(store.copies()).toEqual({ [`${SAVE_KEY}.damaged`]: 'kept by an earlier version' });
    store.setItem(SAVE_KEY, 'twice');
    new LocalSave(store).load();
    new LocalSave(store).load();
    expect(Object.values(store.copies())).toEqual(['kept by an earlier version', 'twice']);
  });

  it('a copy that fails half-way (room for the fresh copy, not for closing up) loses no copy', () => {
    const store = new QuotaStore();
    for (let n = 2; n <= 5; n++) store.setItem(copy(n), `copy ${n} `.repeat(50));
    store.setItem(SAVE_KEY, 'new damage');
    store.fill(60); // the fresh copy fits; moving a 400-unit copy down does not
    const s = new LocalSave(store);
    s.load();
    expect(s.save(NEW)).toBe(false);
    const values = Object.values(store.copies());
    for (let n = 2; n <= 5; n++) expect(values).toContain(`copy ${n} `.repeat(50));
    expect(store.getItem(SAVE_KEY)).toBe('new damage');
  });
});
