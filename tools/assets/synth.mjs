// Building blocks of the game's sounds at 22,050 Hz mono: seeded noise,
// band-limited oscillators, filters and envelopes. Floats in, floats out;
// tools/assets/sounds.mjs shapes the effects and tools/assets/music.mjs the
// theme from them.
import { makeRng } from './rng.mjs';

export const RATE = 22050;
export const TAU = 2 * Math.PI;

export const secs = (s) => Math.round(s * RATE);

/** Seeded white noise in [-1, 1): integer generator, so it never changes. */
export function noise(n, seed) {
  const rnd = makeRng(seed);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = rnd() / 2147483648 - 1;
  return out;
}

/**
 * One-pole low-pass; `cut(i)` gives the cutoff in Hz at sample i. With
 * `loop`, the filter first runs once over the whole buffer so that its state
 * at the start is the state the loop's end leaves: no click at the seam.
 */
export function lowpass(x, cut, loop = false) {
  const y = new Float64Array(x.length);
  let s = 0;
  for (let pass = loop ? 0 : 1; pass < 2; pass++) {
    for (let i = 0; i < x.length; i++) {
      const a = 1 - Math.exp((-TAU * cut(i)) / RATE);
      s += a * (x[i] - s);
      y[i] = s;
    }
  }
  return y;
}

/** High-pass as the input minus its low-pass. */
export function highpass(x, cut) {
  const lo = lowpass(x, cut);
  return x.map((v, i) => v - lo[i]);
}

/**
 * Resonant band-pass (RBJ biquad, 0 dB peak): `centre(i)` in Hz at sample i,
 * bandwidth centre / q. A paper or card sound is noise through one of these.
 */
export function bandpass(x, centre, q) {
  const y = new Float64Array(x.length);
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const w = (TAU * centre(i)) / RATE;
    const alpha = Math.sin(w) / (2 * q);
    const a0 = 1 + alpha;
    const v = ((alpha * x[i] - alpha * x2) - -2 * Math.cos(w) * y1 - (1 - alpha) * y2) / a0;
    x2 = x1; x1 = x[i]; y2 = y1; y1 = v;
    y[i] = v;
  }
  return y;
}

/** A direct-form biquad with fixed coefficients [b0, b1, b2, a1, a2] (a0 = 1). */
export function biquad(x, [b0, b1, b2, a1, a2]) {
  const y = new Float64Array(x.length);
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const v = b0 * x[i] + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1; x1 = x[i]; y2 = y1; y1 = v;
    y[i] = v;
  }
  return y;
}

/**
 * The band every asset is confined to: a linear-phase windowed-sinc low-pass
 * flat to BAND_TOP Hz and at least 80 dB down from BAND_STOP Hz. The mixer's
 * 2x resampler (native/core/mixer.c) rejects the mirror image of anything
 * below BAND_TOP, so the output has nothing between 13 kHz and 22 kHz.
 */
export const BAND_TOP = 8800;
export const BAND_STOP = 10000;
const BAND_TAPS = 161;

function kaiserI0(x) {
  let sum = 1, term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

const BAND_KERNEL = (() => {
  const beta = 8.0; // about 80 dB of stop band
  const fc = (BAND_TOP + BAND_STOP) / 2 / RATE;
  const half = (BAND_TAPS - 1) / 2;
  const h = new Float64Array(BAND_TAPS);
  let sum = 0;
  for (let j = 0; j < BAND_TAPS; j++) {
    const x = j - half;
    const s = x === 0 ? 2 * fc : Math.sin(TAU * fc * x) / (Math.PI * x);
    h[j] = s * (kaiserI0(beta * Math.sqrt(1 - (x / half) ** 2)) / kaiserI0(beta));
    sum += h[j];
  }
  return h.map((v) => v / sum);
})();

/**
 * Confines x to the asset band. A one-shot keeps its length (the filter's
 * 3.6 ms tails are cut, which the closing fade of master() covers); a loop
 * is filtered circularly so its seam stays smooth.
 */
export function bandLimit(x, loop) {
  const n = x.length;
  const half = (BAND_TAPS - 1) / 2;
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let acc = 0;
    for (let j = 0; j < BAND_TAPS; j++) {
      let k = i + j - half;
      if (k < 0 || k >= n) {
        if (!loop) continue;
        k = ((k % n) + n) % n;
      }
      acc += BAND_KERNEL[j] * x[k];
    }
    y[i] = acc;
  }
  return y;
}

/** Attack/decay envelope: linear attack, exponential decay with time constant tau (s). */
export const env = (t, attack, tau) => (t < attack ? t / attack : Math.exp(-(t - attack) / tau));

/**
 * Band-limited oscillators: each wave is summed from its Fourier series up
 * to HARMONIC_CEILING Hz (inside the asset band), so high notes neither
 * alias into out-of-tune whistles nor leave the band. harmonic(k) gives the
 * sine and cosine amplitudes of harmonic k.
 */
const HARMONIC_CEILING = 8500;
const WAVES = {
  sine: { max: 1, harmonic: () => [1, 0] },
  square: { max: 64, harmonic: (k) => [k % 2 ? 4 / (Math.PI * k) : 0, 0] },
  pulse25: {
    max: 64,
    // Duty 1/4: (4 / (pi k)) sin(pi k / 4) cos(2 pi k (p - 1/8)), expanded.
    harmonic: (k) => {
      const a = (4 / (Math.PI * k)) * Math.sin((Math.PI * k) / 4);
      return [a * Math.sin((Math.PI * k) / 4), a * Math.cos((Math.PI * k) / 4)];
    },
  },
  triangle: { max: 15, harmonic: (k) => [0, k % 2 ? -8 / (Math.PI * Math.PI * k * k) : 0] },
  saw: { max: 64, harmonic: (k) => [-2 / (Math.PI * k), 0] },
  // A soft, hollow tone (odd harmonics falling as 1/k^2, a little 2nd): the
  // bridge's flute-like lead.
  flute: { max: 8, harmonic: (k) => [k === 1 ? 1 : k === 2 ? 0.12 : k % 2 ? 1 / (k * k) : 0, 0] },
};

/** The harmonics of `wave` at `freq` as [k, sinAmp, cosAmp] triples. */
function spectrum(wave, freq) {
  const { max, harmonic } = WAVES[wave];
  const out = [];
  const top = Math.max(1, Math.min(max, Math.floor(HARMONIC_CEILING / freq)));
  for (let k = 1; k <= top; k++) {
    const [a, b] = harmonic(k);
    if (a !== 0 || b !== 0) out.push([k, a, b]);
  }
  return out;
}

const sampleWave = (partials, phase) => {
  let v = 0;
  for (const [k, a, b] of partials) {
    const x = TAU * k * phase;
    v += a * Math.sin(x) + b * Math.cos(x);
  }
  return v;
};

/** Adds a tone into buf from sample `start`, wrapping round if `wrap`. */
export function addTone(buf, start, dur, freq, { wave = 'square', vol = 0.2, attack = 0.005, tau = 0.2, release = 0.03, vibrato = 0, wrap = false, slide = 0 }) {
  const n = secs(dur + release);
  const partials = spectrum(wave, freq * (1 + Math.max(0, slide) * (dur + release)));
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    const f = freq * (1 + slide * t) * (1 + vibrato * Math.sin(TAU * 5.5 * t));
    phase += f / RATE;
    let a = env(t, attack, tau);
    if (t > dur) a *= 1 - (t - dur) / release; // release ramp: no clicks
    let k = start + i;
    if (k >= buf.length) {
      if (!wrap) break;
      k %= buf.length;
    }
    buf[k] += vol * a * sampleWave(partials, phase % 1);
  }
}

const NOTE_INDEX = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
/** "C#4" -> Hz (equal temperament, A4 = 440). */
export function noteHz(name) {
  const m = /^([A-G])(#|b)?(-?\d)$/.exec(name);
  if (!m) throw new Error(`bad note ${name}`);
  const semis = NOTE_INDEX[m[1]] + (m[2] === '#' ? 1 : m[2] === 'b' ? -1 : 0) + 12 * (Number(m[3]) + 1);
  return 440 * 2 ** ((semis - 69) / 12);
}
