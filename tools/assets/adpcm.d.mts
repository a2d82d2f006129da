// Types of tools/assets/adpcm.mjs for the TypeScript tests (test/audio, test/assets).
export const STEPS: Int32Array;
export const INDEX_STEP: Int8Array;
export const HEADER_BYTES: number;
export function nextPred(pred: number, index: number, code: number): number;
export function nextIndex(index: number, code: number): number;
export function step(pred: number, index: number, code: number): [number, number];
export function sampleCount(bytes: Uint8Array): number;
export function decode(bytes: Uint8Array): Int16Array;
export function encode(pcm: Int16Array): Uint8Array;
