// Delta debugging (Zeller's ddmin, simplified): the shortest list that still
// fails, by removing chunks of decreasing size, then single elements, until
// no single removal keeps the failure. Generic over the list's elements.

/**
 * Returns a sub-list of `items` (order kept) for which `fails` is still true
 * and from which no single element can be removed without losing the
 * failure (1-minimal). `fails(items)` must be true. `budget` caps the number
 * of `fails` calls (each is a replay) and `ms` the time; past either, the
 * shortest list found so far is returned.
 */
export function shrink<T>(items: readonly T[], fails: (list: readonly T[]) => boolean, budget = 5_000, ms = 60_000): T[] {
  let list = items.slice();
  let calls = 0;
  const deadline = Date.now() + ms;
  const test = (candidate: T[]): boolean => {
    calls++;
    if (Date.now() > deadline) calls = budget;
    return fails(candidate);
  };
  // Whatever follows the first failing prefix is irrelevant: binary-search the shortest failing prefix.
  let lo = 0;
  let hi = list.length;
  while (lo < hi && calls < budget) {
    const mid = (lo + hi) >> 1;
    if (test(list.slice(0, mid))) hi = mid;
    else lo = mid + 1;
  }
  list = list.slice(0, hi);
  let chunks = 2;
  while (list.length >= 2 && calls < budget) {
    const size = Math.ceil(list.length / chunks);
    let removed = false;
    // Try removing each chunk (the complement of each chunk is what remains).
    for (let start = 0; start < list.length && calls < budget; start += size) {
      const candidate = list.slice(0, start).concat(list.slice(start + size));
      if (candidate.length > 0 && test(candidate)) {
        list = candidate;
        chunks = Math.max(chunks - 1, 2);
        removed = true;
        break;
      }
    }
    if (removed) continue;
    if (size === 1) break; // every single removal loses the failure: 1-minimal
    chunks = Math.min(chunks * 2, list.length);
  }
  return list;
}
