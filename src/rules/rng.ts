// The one source of randomness: mulberry32, integer-only (Math.imul and
// shifts), so QuickJS on the PSP and Node give the same numbers. Its whole
// state is one uint32 kept in GameState.rng.

/** Math.imul read once (a global and a property lookup per use in QuickJS). */
const imul = Math.imul;

export interface Draw {
  value: number; // uint32
  state: number; // the next RNG state
}

export function nextRandom(state: number): Draw {
  const s = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(s ^ (s >>> 15), 1 | s);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return { value: (t ^ (t >>> 14)) >>> 0, state: s >>> 0 };
}

/** An integer in 0..n-1 from one uint32: value * n / 2^32 is exact in doubles for n < 2^21. */
export function below(value: number, n: number): number {
  return Math.floor((value * n) / 4294967296);
}

/** Fisher–Yates over a copy; returns the shuffled cards and the RNG state after. */
export function shuffle<T>(items: readonly T[], state: number): { items: T[]; state: number } {
  // nextRandom and below written out with a local state: a Draw object and
  // two calls per card made this the dearest part of the deal in QuickJS
  // (bench/results.md). The same numbers as nextRandom/below.
  const out = items.slice();
  let s = state | 0;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s + 0x6d2b79f5) | 0;
    let t = imul(s ^ (s >>> 15), 1 | s);
    t = (t + imul(t ^ (t >>> 7), 61 | t)) ^ t;
    const j = Math.floor((((t ^ (t >>> 14)) >>> 0) * (i + 1)) / 4294967296);
    const tmp = out[i];
    out[i] = out[j];
    out[j] = tmp;
  }
  return { items: out, state: s >>> 0 };
}
