// Sound effects and the table tune, synthesized from oscillators and seeded
// integer noise at 22,050 Hz mono. Output: 16-bit little-endian samples.
import { makeRng } from './rng.mjs';

export const RATE = 22050;
const TAU = 2 * Math.PI;

/** Ids are fixed: the game codes against them (src/assets/sounds.ts). */
/** `peak` is the mastered peak level (1 = full scale): the mix between cues. */
export const SOUND_LIST = [
  { name: 'flip', make: flip, peak: 0.55 },
  { name: 'slap', make: slap, peak: 0.95 },
  { name: 'sweep', make: sweep, peak: 0.6 },
  { name: 'buzz', make: buzz, peak: 0.6 },
  { name: 'win', make: win, peak: 0.7 },
  { name: 'lose', make: lose, peak: 0.7 },
  { name: 'deal', make: deal, peak: 0.4 },
  { name: 'click', make: click, peak: 0.35 },
  { name: 'theme', make: theme, peak: 0.5, loop: true },
];

/**
 * Scales a sound so its largest sample is `peak`; a one-shot also fades to
 * silence over its last 4 ms, so cutting it off never clicks.
 */
export function master(x, peak, loop = false) {
  let max = 0;
  for (const v of x) max = Math.max(max, Math.abs(v));
  const fade = loop ? 0 : Math.min(x.length, secs(0.004));
  return x.map((v, i) => {
    const tail = x.length - 1 - i;
    const g = tail < fade ? tail / fade : 1;
    return max === 0 ? 0 : (v * peak * g) / max;
  });
}

const secs = (s) => Math.round(s * RATE);

/** Seeded white noise in [-1, 1): integer generator, so it never changes. */
function noise(n, seed) {
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
function lowpass(x, cut, loop = false) {
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
function highpass(x, cut) {
  const lo = lowpass(x, cut);
  return x.map((v, i) => v - lo[i]);
}

/** Attack/decay envelope: linear attack, exponential decay with time constant tau (s). */
const env = (t, attack, tau) => (t < attack ? t / attack : Math.exp(-(t - attack) / tau));

/**
 * Band-limited oscillators: each wave is summed from its Fourier series up
 * to HARMONIC_CEILING Hz, so high notes do not alias into out-of-tune
 * whistles at a 22,050 Hz rate. harmonic(k) gives the sine and cosine
 * amplitudes of harmonic k.
 */
const HARMONIC_CEILING = 9000;
const WAVES = {
  sine: { max: 1, harmonic: (k) => [1, 0] },
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
function addTone(buf, start, dur, freq, { wave = 'square', vol = 0.2, attack = 0.005, tau = 0.2, release = 0.03, vibrato = 0, wrap = false, slide = 0 }) {
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

// --- effects -------------------------------------------------------------

/** A card turned onto the pile: a short bright rustle with a paper tick. */
function flip() {
  const n = secs(0.09);
  const x = highpass(noise(n, 11), () => 1800);
  return x.map((v, i) => 0.9 * v * env(i / RATE, 0.004, 0.018) + (i < 40 ? 0.3 * Math.sin((TAU * 2400 * i) / RATE) * (1 - i / 40) : 0));
}

/** Dealing: a lighter, shorter flip. */
function deal() {
  const n = secs(0.06);
  const x = highpass(noise(n, 12), () => 2600);
  return x.map((v, i) => 0.6 * v * env(i / RATE, 0.002, 0.012));
}

/** A hand slapping the pile: a dull thump under a sharp smack. */
function slap() {
  const n = secs(0.26);
  const smack = lowpass(noise(n, 21), (i) => 3800 - 2800 * Math.min(1, i / secs(0.05)));
  const out = new Float64Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    phase += (130 - 70 * Math.min(1, t / 0.08)) / RATE;
    out[i] = 2.2 * smack[i] * env(t, 0.001, 0.03) + 0.7 * Math.sin(TAU * phase) * env(t, 0.002, 0.06);
  }
  return out;
}

/** The pile swept to the winner: a noise swoosh whose brightness rises and falls. */
function sweep() {
  const n = secs(0.42);
  const x = lowpass(noise(n, 31), (i) => 500 + 3500 * Math.sin((Math.PI * i) / n));
  return x.map((v, i) => 1.6 * v * Math.sin((Math.PI * i) / n) ** 1.5);
}

/** Wrong slap: a low, rough two-oscillator buzz. */
function buzz() {
  const n = secs(0.42);
  const out = new Float64Array(n);
  addTone(out, 0, 0.36, 98, { wave: 'saw', vol: 0.35, attack: 0.01, tau: 1, release: 0.05 });
  addTone(out, 0, 0.36, 104, { wave: 'square', vol: 0.2, attack: 0.01, tau: 1, release: 0.05 });
  return lowpass(out, () => 1400);
}

/** A UI tick for menu moves. */
function click() {
  const out = new Float64Array(secs(0.035));
  addTone(out, 0, 0.02, 1320, { wave: 'sine', vol: 0.5, attack: 0.001, tau: 0.008, release: 0.01 });
  return out;
}

/** Win: a rising arpeggio into a held major chord. */
function win() {
  const out = new Float64Array(secs(1.5));
  const arp = ['C5', 'E5', 'G5', 'C6', 'E6'];
  arp.forEach((nm, k) => addTone(out, secs(0.09 * k), 0.12, noteHz(nm), { wave: 'pulse25', vol: 0.3, tau: 0.15 }));
  for (const nm of ['C5', 'E5', 'G5', 'C6']) {
    addTone(out, secs(0.5), 0.8, noteHz(nm), { wave: 'square', vol: 0.07, tau: 0.45, vibrato: 0.004, release: 0.15 });
  }
  addTone(out, secs(0.5), 0.8, noteHz('C4'), { wave: 'triangle', vol: 0.2, tau: 0.5, release: 0.15 });
  return lowpass(out, () => 6000);
}

/** Lose: three drooping notes and a long sagging one ("wah wah wah waah"). */
function lose() {
  const out = new Float64Array(secs(1.8));
  const notes = [['G4', 0, 0.26], ['F#4', 0.3, 0.26], ['F4', 0.6, 0.26], ['E4', 0.9, 0.7]];
  for (const [nm, at, dur] of notes) {
    const last = nm === 'E4';
    addTone(out, secs(at), dur, noteHz(nm), {
      wave: 'saw', vol: 0.25, attack: 0.03, tau: 0.6, release: 0.08,
      vibrato: last ? 0.012 : 0.004, slide: last ? -0.04 : -0.02,
    });
  }
  return lowpass(out, () => 1600);
}

// --- music ---------------------------------------------------------------

/**
 * Renders the score in assets/src/theme.json as a seamless loop: every
 * voice writes with wrap-around, so tails that run past the end sound at the
 * start, exactly as they would when the loop repeats.
 */
function theme(score) {
  const beat = 60 / score.tempo;
  const beats = score.bars.length * 4;
  const out = new Float64Array(secs(beats * beat));
  const at = (b) => Math.round(b * beat * RATE);
  // Bass and off-beat chord stabs from the bar chords.
  score.bars.forEach((bar, b) => {
    const span = 4 / bar.length;
    bar.forEach((name, k) => {
      const chord = score.chords[name];
      for (let j = 0; j < span; j++) {
        const pos = b * 4 + k * span + j;
        addTone(out, at(pos), beat * 0.8, noteHz(chord.bass[j % 2]), { wave: 'triangle', vol: 0.24, tau: 0.35, wrap: true });
        if (j % 2 === 1) {
          for (const nm of chord.tones) {
            addTone(out, at(pos), beat * 0.35, noteHz(nm), { wave: 'square', vol: 0.035, tau: 0.12, wrap: true });
          }
        }
      }
    });
  });
  // Melody: a 25% pulse lead with a little vibrato.
  let pos = 0;
  for (const [nm, len] of score.melody) {
    if (nm !== 'r') {
      addTone(out, at(pos), len * beat * 0.9, noteHz(nm), { wave: 'pulse25', vol: 0.13, tau: 0.5, vibrato: 0.003, wrap: true });
    }
    pos += len;
  }
  if (pos !== beats) throw new Error(`theme: melody has ${pos} beats, bars need ${beats}`);
  // Brushed hi-hat on the off-beat eighths.
  const hat = highpass(noise(secs(0.04), 41), () => 6000);
  for (let e = 1; e < beats * 2; e += 2) {
    const s = at(e / 2);
    for (let i = 0; i < hat.length; i++) out[(s + i) % out.length] += 0.12 * hat[i] * env(i / RATE, 0.001, 0.01);
  }
  return lowpass(out, () => 7000, true);
}

/** Float samples -> Int16 with hard clipping (effects are mastered below 1). */
export function toInt16(x) {
  const out = new Int16Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = Math.max(-32767, Math.min(32767, Math.round(x[i] * 32767)));
  return out;
}

/** Little-endian bytes of the samples (the .s16 file). */
export function s16Bytes(pcm) {
  const b = Buffer.alloc(pcm.length * 2);
  for (let i = 0; i < pcm.length; i++) b.writeInt16LE(pcm[i], i * 2);
  return b;
}

/** A canonical 44-byte-header PCM WAV of the samples. */
export function wavBytes(pcm) {
  const data = s16Bytes(pcm);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(RATE, 24);
  h.writeUInt32LE(RATE * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}
