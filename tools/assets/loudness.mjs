// Level meters for the sounds (docs/sound.md): sample peak, plain RMS, and
// loudness as the ear judges it: K-weighted (ITU-R BS.1770's high-pass and
// +4 dB presence shelf) mean square over 50 ms blocks, gated to the blocks
// within 20 dB of the loudest, so a jingle's silent tail or a click's
// decay does not lower its figure. Used to master each sound to its level
// (tools/assets/sounds.mjs) and by the level tests (test/audio).
import { biquad } from './synth.mjs';

const db = (power) => (power > 0 ? 10 * Math.log10(power) : -Infinity);

/** Largest |sample| in dBFS (1 = full scale). */
export function peakDb(x) {
  let m = 0;
  for (const v of x) m = Math.max(m, Math.abs(v));
  return 20 * Math.log10(m);
}

/** Root mean square over the whole sound, in dBFS. */
export function rmsDb(x) {
  let s = 0;
  for (const v of x) s += v * v;
  return db(s / x.length);
}

/** RBJ cookbook biquad coefficients [b0, b1, b2, a1, a2], normalised (a0 = 1). */
function rbj(type, f, q, gainDb, rate) {
  const w = (2 * Math.PI * f) / rate;
  const cos = Math.cos(w), alpha = Math.sin(w) / (2 * q);
  let b, a;
  if (type === 'highpass') {
    b = [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2];
    a = [1 + alpha, -2 * cos, 1 - alpha];
  } else {
    const A = 10 ** (gainDb / 40), s = 2 * Math.sqrt(A) * alpha;
    b = [A * (A + 1 + (A - 1) * cos + s), -2 * A * (A - 1 + (A + 1) * cos), A * (A + 1 + (A - 1) * cos - s)];
    a = [A + 1 - (A - 1) * cos + s, 2 * (A - 1 - (A + 1) * cos), A + 1 - (A - 1) * cos - s];
  }
  return [b[0] / a[0], b[1] / a[0], b[2] / a[0], a[1] / a[0], a[2] / a[0]];
}

/** The K-weighting curve at `rate` (the BS.1770 stages, redesigned for the rate). */
export function kWeight(x, rate) {
  const shelf = biquad(x, rbj('shelf', 1681.97, 0.7072, 4, rate));
  return biquad(shelf, rbj('highpass', 38.14, 0.5003, 0, rate));
}

/**
 * Gated K-weighted loudness in dB (relative to a full-scale sine's
 * mean square of 1/2, so a full-scale 1 kHz sine reads about 0): 50 ms
 * blocks every 10 ms, those within 20 dB of the loudest averaged.
 */
export function loudnessDb(x, rate) {
  const k = kWeight(x, rate);
  const block = Math.round(0.05 * rate), hop = Math.round(0.01 * rate);
  const powers = [];
  for (let s = 0; s === 0 || s + block <= k.length; s += hop) {
    let sum = 0, n = 0;
    for (let i = s; i < Math.min(k.length, s + block); i++, n++) sum += k[i] * k[i];
    powers.push(sum / Math.max(n, 1));
  }
  const top = Math.max(...powers);
  const kept = powers.filter((p) => p >= top / 100);
  return db((2 * kept.reduce((a, b) => a + b, 0)) / kept.length);
}
