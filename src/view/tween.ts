// Animation curves over host time in integer arithmetic only (no Math.sin or
// Math.pow: their last bits differ between C libraries, and the draw list
// must hash the same in every host).

/** Progress 0..256 of an animation that started at `start` and lasts `duration` ms. */
export function progress(now: number, start: number, duration: number): number {
  const t = now - start;
  if (t <= 0) return 0;
  if (t >= duration) return 256;
  return Math.floor((t * 256) / duration);
}

/** Ease-out (quadratic) of a 0..256 progress. */
export function easeOut(p: number): number {
  const r = 256 - p;
  return 256 - ((r * r) >> 8);
}

/** a..b at progress p (0..256). */
export function lerp(a: number, b: number, p: number): number {
  return a + (((b - a) * p) >> 8);
}

const SHAKE = [0, 4, -4, 3, -3, 2, -2, 1, -1, 0];

/** Sideways offset of a shaking thing, `elapsed` ms into a 300 ms shake. */
export function shakeOffset(elapsed: number): number {
  if (elapsed < 0) return 0;
  const i = Math.floor(elapsed / 30);
  return i < SHAKE.length ? SHAKE[i]! : 0;
}

/** A 0..n..0 triangle wave with a period of 2n steps of stepMs: bobbing arrows, pulsing highlights. */
export function triangle(now: number, stepMs: number, n: number): number {
  const k = Math.floor(now / stepMs) % (2 * n);
  return k < n ? k : 2 * n - k;
}
