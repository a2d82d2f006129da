// A small seeded PRNG for the fuzz drivers (sfc32 seeded by splitmix32). It is
// deliberately not the rules engine's own RNG, so a fault there cannot bias
// the fuzzing that is meant to find it.

function splitmix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** Mixes several integers into one uint32 seed (e.g. run seed and case index). */
export function mixSeed(...parts: number[]): number {
  let h = 0x2545f491;
  for (const p of parts) h = splitmix32((h ^ (p >>> 0)) + Math.imul(h, 31));
  return h >>> 0;
}

export class Rand {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = splitmix32(seed);
    this.b = splitmix32(this.a);
    this.c = splitmix32(this.b);
    this.d = splitmix32(this.c) | 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** A uniform uint32. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** An integer in 0..n-1. */
  below(n: number): number {
    return Math.floor((this.u32() / 4294967296) * n);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.u32() < p * 4294967296;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }
}
