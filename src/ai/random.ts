// The CPU players' own seeded randomness, in integers only.
//
// Every draw must come out bit-identical under QuickJS on the PSP and
// quickjs-emscripten in Node, so nothing here calls Math.exp/log/pow: the
// generator is mulberry32 (Math.imul and shifts), a normal deviate is the sum
// of twelve uniform integers (Irwin-Hall), and an exponential deviate is read
// from an integer inverse-CDF table (expTable.ts). Results are integers well
// below 2^53, so every later sum or product is exact in a double.
//
// The generator state lives in one module variable between startDraws() and
// endDraws(): a draw then allocates nothing, which matters when planSlaps runs
// on every card played on a 333 MHz PSP. Callers never see the variable; they
// pass an rng state in and get the advanced one back, so the public functions
// stay deterministic in their arguments.

import { EXP_QUANTILE } from './expTable';

let cursor = 0;

/** Math.imul read once: in the bundle each use of Math.imul is a global and a property lookup. */
const imul = Math.imul;

/** Begin a run of draws from the generator state `rng` (a uint32). */
export function startDraws(rng: number): void {
  cursor = rng | 0;
}

/** The generator state after the draws made since startDraws (a uint32). */
export function endDraws(): number {
  return cursor >>> 0;
}

/** One uniform 32-bit draw (mulberry32, by Tommy Ettinger; public domain). */
export function nextU32(): number {
  cursor = (cursor + 0x6d2b79f5) | 0;
  let t = imul(cursor ^ (cursor >>> 15), cursor | 1);
  t = (t + imul(t ^ (t >>> 7), t | 61)) ^ t;
  return (t ^ (t >>> 14)) >>> 0;
}

const TWO_32 = 4294967296;

/** True with probability p (0..1): one draw compared with p scaled to 2^32. */
export function chance(p: number): boolean {
  // p * 2^32 only shifts p's exponent, so the threshold is exact everywhere.
  return nextU32() < Math.floor(p * TWO_32);
}

/** A uniform integer 0..n-1 (n < 2^20): the draw times n fits a double exactly. */
export function below(n: number): number {
  return Math.floor((nextU32() * n) / TWO_32);
}

/** Mean of the sum of twelve uniform integers 0..65535. */
const IRWIN_HALL_MEAN = 6 * 65535;

/**
 * A standard normal deviate in units of 1/65536 (Irwin-Hall: twelve uniform
 * 16-bit integers, two per draw, minus their mean; the variance of the sum is
 * 65536^2 - 1, so one unit of 65536 is one standard deviation). The range is
 * +-6 standard deviations, which a reaction time never needs to exceed.
 */
export function normalDeviate(): number {
  // nextU32 written out with a local state: six calls a deviate made this the
  // dearest part of planSlaps in QuickJS (bench/results.md).
  let s = cursor;
  let sum = 0;
  for (let i = 0; i < 6; i++) {
    s = (s + 0x6d2b79f5) | 0;
    let t = imul(s ^ (s >>> 15), s | 1);
    t = (t + imul(t ^ (t >>> 7), t | 61)) ^ t;
    const u = (t ^ (t >>> 14)) >>> 0;
    sum += (u >>> 16) + (u & 0xffff);
  }
  cursor = s;
  return sum - IRWIN_HALL_MEAN;
}

/**
 * An exponential deviate with mean 1, in units of 1/2^28 (EXP_QUANTILE's
 * 1/4096 times a 16-bit interpolation fraction). One draw: the top 8 bits pick
 * one of 256 equal-probability bins of the inverse CDF, the next 16 bits
 * interpolate inside it. The last bin is the unbounded tail; the exponential
 * is memoryless, so a draw there is the bin's start plus a fresh draw.
 */
export function exponentialDeviate(): number {
  let base = 0;
  for (;;) {
    const u = nextU32();
    const bin = u >>> 24;
    const fraction = (u >>> 8) & 0xffff;
    if (bin < 255) {
      const low = EXP_QUANTILE[bin];
      return base + low * 65536 + (EXP_QUANTILE[bin + 1] - low) * fraction;
    }
    base += EXP_QUANTILE[255] * 65536;
  }
}

/** 2^28: the unit of exponentialDeviate, and the fixed point of exGaussianMs. */
const TICKS_PER_MS = 268435456;

/**
 * One ex-Gaussian draw, mu + sigma * N(0,1) + tau * Exp(1), plus `extra`
 * (all ms), rounded to whole ms. Summed in 1/2^28 ms as integers, so exact.
 */
export function exGaussianMs(mu: number, sigma: number, tau: number, extra: number): number {
  const ticks =
    (mu + extra) * TICKS_PER_MS + sigma * normalDeviate() * 4096 + tau * exponentialDeviate();
  return Math.round(ticks / TICKS_PER_MS);
}
