// IMA ADPCM (4 bits a sample, the IMA/DVI step and index tables) for the
// game's sounds: assets/build/sounds/NAME.ima, decoded while playing by
// native/core/mixer.c (docs/sound.md, "Storage"). A file is an 8-byte header
// (the decoder's first state: predictor as int16 little-endian, step index,
// a zero byte; then the sample count, uint32 little-endian) and then the
// codes, two a byte, the earlier sample in the low nibble.
//
// The decoder is the standard one; the encoder is where the quality comes
// from. It picks each code by trying all 16 with one sample of lookahead,
// and it shapes its error towards low frequencies (noise feedback, error
// spectrum (1 + a z^-1)^2): ADPCM's error is otherwise white, and its share
// above 10 kHz would be heard as hiss over assets that have nothing there
// (tools/assets/synth.mjs keeps them below 10 kHz; test/audio/mix.test.ts).

export const STEPS = Int32Array.from([
  7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66, 73, 80, 88, 97, 107,
  118, 130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449, 494, 544, 598, 658, 724, 796, 876, 963,
  1060, 1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894,
  6484, 7132, 7845, 8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794,
  32767,
]);
export const INDEX_STEP = Int8Array.from([-1, -1, -1, -1, 2, 4, 6, 8]);
export const HEADER_BYTES = 8;
/** Noise feedback: how strongly the error is pushed below 10 kHz (0 = white). */
const SHAPE = 0.9;

/** The decoder's predictor after code. */
export function nextPred(pred, index, code) {
  const s = STEPS[index];
  let diff = s >> 3;
  if (code & 4) diff += s;
  if (code & 2) diff += s >> 1;
  if (code & 1) diff += s >> 2;
  pred = code & 8 ? pred - diff : pred + diff;
  return pred > 32767 ? 32767 : pred < -32768 ? -32768 : pred;
}

/** The decoder's step index after code. */
export function nextIndex(index, code) {
  index += INDEX_STEP[code & 7];
  return index < 0 ? 0 : index > 88 ? 88 : index;
}

/** The decoder's state after code: [predictor, index]. */
export function step(pred, index, code) {
  return [nextPred(pred, index, code), nextIndex(index, code)];
}

/** The sample count a .ima file's header gives. */
export const sampleCount = (bytes) => (bytes[4] | (bytes[5] << 8) | (bytes[6] << 16) | (bytes[7] << 24)) >>> 0;

/** Samples (Int16Array) decoded from a .ima file's bytes. */
export function decode(bytes) {
  const count = sampleCount(bytes);
  const out = new Int16Array(count);
  let pred = (bytes[0] | (bytes[1] << 8)) << 16 >> 16;
  let index = bytes[2];
  for (let i = 0; i < count; i++) {
    const b = bytes[HEADER_BYTES + (i >> 1)];
    [pred, index] = step(pred, index, i & 1 ? b >> 4 : b & 15);
    out[i] = pred;
  }
  return out;
}

/** The first state: the first sample, and the step index that best follows the first few samples. */
function firstState(pcm) {
  let best = { err: Infinity, index: 0 };
  for (let index = 0; index <= 88; index++) {
    let pred = pcm[0] ?? 0, ix = index, err = 0;
    for (let i = 1; i < Math.min(pcm.length, 32); i++) {
      let bestErr = Infinity, bp = 0, bi = 0;
      for (let code = 0; code < 16; code++) {
        const [p, n] = step(pred, ix, code);
        const e = (pcm[i] - p) ** 2;
        if (e < bestErr) [bestErr, bp, bi] = [e, p, n];
      }
      err += bestErr;
      [pred, ix] = [bp, bi];
    }
    if (err < best.err) best = { err, index };
  }
  return { pred: pcm[0] ?? 0, index: best.index };
}

/** A .ima file's bytes for the samples (Int16Array). */
export function encode(pcm) {
  const first = firstState(pcm);
  const bytes = new Uint8Array(HEADER_BYTES + ((pcm.length + 1) >> 1));
  bytes[0] = first.pred & 255;
  bytes[1] = (first.pred >> 8) & 255;
  bytes[2] = first.index;
  for (let k = 0; k < 4; k++) bytes[4 + k] = (pcm.length >>> (8 * k)) & 255;
  const f1 = 2 * SHAPE, f2 = SHAPE * SHAPE;
  let pred = first.pred, index = first.index, e1 = 0, e2 = 0;
  for (let i = 0; i < pcm.length; i++) {
    // the target: the sample less the shaped error of the samples before
    const target = pcm[i] - f1 * e1 - f2 * e2;
    let bestErr = Infinity, bestCode = 0, bp = 0, bi = 0;
    for (let code = 0; code < 16; code++) {
      const p = nextPred(pred, index, code);
      const n = nextIndex(index, code);
      let err = (target - p) ** 2;
      if (i + 1 < pcm.length) {
        const next = pcm[i + 1] - f1 * (target - p) - f2 * e1;
        let ahead = Infinity;
        for (let c2 = 0; c2 < 16; c2++) {
          const e = (next - nextPred(p, n, c2)) ** 2;
          if (e < ahead) ahead = e;
        }
        err += ahead;
      }
      if (err < bestErr) [bestErr, bestCode, bp, bi] = [err, code, p, n];
    }
    e2 = e1;
    e1 = target - bp;
    pred = bp;
    index = bi;
    bytes[HEADER_BYTES + (i >> 1)] |= i & 1 ? bestCode << 4 : bestCode;
  }
  return bytes;
}
