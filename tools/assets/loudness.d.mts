// Types of tools/assets/loudness.mjs for the TypeScript tests (test/audio).
export function peakDb(x: ArrayLike<number>): number;
export function rmsDb(x: ArrayLike<number>): number;
export function kWeight(x: ArrayLike<number>, rate: number): Float64Array;
export function loudnessDb(x: ArrayLike<number>, rate: number): number;
