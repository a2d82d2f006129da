import { describe, expect, it } from 'vitest';
import { EXP_ONE, EXP_QUANTILE } from '../../src/ai/expTable';
import { chance, endDraws, exGaussianMs, exponentialDeviate, nextU32, normalDeviate, startDraws } from '../../src/ai/random';
import { testRandom } from './helpers';

describe('the AI sampler', () => {
  it('holds the exponential inverse CDF the docs say it was generated from', () => {
    expect(EXP_QUANTILE).toHaveLength(256);
    for (let i = 0; i < 256; i++) expect(EXP_QUANTILE[i]).toBe(Math.round(-Math.log(1 - i / 256) * EXP_ONE) + 0); // + 0: -ln(1) is -0
  });

  it('is mulberry32: the same stream as the published implementation, state carried as a uint32', () => {
    const reference = testRandom(0xdeadbeef);
    startDraws(0xdeadbeef);
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < 1000; i++) {
      ours.push(nextU32());
      theirs.push(reference() * 4294967296);
    }
    expect(ours).toEqual(theirs);
    const state = endDraws();
    expect(state).toBe(state >>> 0);
    expect(state).toBe((0xdeadbeef + 1000 * 0x6d2b79f5) >>> 0);
  });

  it('draws a normal with mean 0 and one standard deviation = 65536 units, within +-6 sd', () => {
    startDraws(1);
    const n = 100_000;
    let sum = 0;
    let squares = 0;
    let beyond2 = 0;
    let widest = 0;
    for (let i = 0; i < n; i++) {
      const z = normalDeviate() / 65536;
      widest = Math.max(widest, Math.abs(z));
      sum += z;
      squares += z * z;
      if (Math.abs(z) > 2) beyond2++;
    }
    expect(widest).toBeLessThanOrEqual(6);
    expect(widest).toBeGreaterThan(3.5); // the tails are there
    expect(Math.abs(sum / n)).toBeLessThan(0.015);
    expect(Math.sqrt(squares / n)).toBeCloseTo(1, 1);
    expect(beyond2 / n).toBeGreaterThan(0.04); // normal: 4.55%
    expect(beyond2 / n).toBeLessThan(0.051);
  });

  it('draws an exponential with mean 1 (2^28 units) and its tail, ln 10 at the 90th percentile', () => {
    startDraws(2);
    const n = 200_000;
    let sum = 0;
    let overLn10 = 0;
    let overLn256 = 0;
    let least = Infinity;
    for (let i = 0; i < n; i++) {
      const e = exponentialDeviate() / 2 ** 28;
      least = Math.min(least, e);
      sum += e;
      if (e > Math.log(10)) overLn10++;
      if (e > Math.log(256)) overLn256++;
    }
    expect(least).toBeGreaterThanOrEqual(0);
    expect(sum / n).toBeGreaterThan(0.99);
    expect(sum / n).toBeLessThan(1.01);
    expect(overLn10 / n).toBeGreaterThan(0.097);
    expect(overLn10 / n).toBeLessThan(0.103);
    // The memoryless tail beyond the table: 1/256 of draws, not capped there.
    expect(overLn256 / n).toBeGreaterThan(0.5 / 256);
    expect(overLn256 / n).toBeLessThan(1.5 / 256);
  });

  it('sums an ex-Gaussian in whole ms with the right mean', () => {
    startDraws(3);
    const n = 50_000;
    let sum = 0;
    let whole = 0;
    for (let i = 0; i < n; i++) {
      const ms = exGaussianMs(300, 40, 60, 25);
      if (Number.isInteger(ms)) whole++;
      sum += ms;
    }
    expect(whole).toBe(n);
    expect(sum / n).toBeGreaterThan(383);
    expect(sum / n).toBeLessThan(387);
  });

  it('takes a chance p about p of the time, never at 0, always at 1', () => {
    startDraws(4);
    let hits = 0;
    for (let i = 0; i < 100_000; i++) if (chance(0.15)) hits++;
    expect(hits / 100_000).toBeGreaterThan(0.145);
    expect(hits / 100_000).toBeLessThan(0.155);
    for (let i = 0; i < 1000; i++) expect(chance(0)).toBe(false);
    for (let i = 0; i < 1000; i++) expect(chance(1)).toBe(true);
  });
});
