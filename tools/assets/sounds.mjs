// The game's sound effects and table theme, synthesized from oscillators and
// seeded integer noise (tools/assets/synth.mjs) at 22,050 Hz mono, and
// mastered: confined to the asset band and set to a loudness per sound
// (docs/sound.md has the levels and why). Output: 16-bit little-endian.
import { loudnessDb, peakDb } from './loudness.mjs';
import { theme } from './music.mjs';
import {
  addTone, bandLimit, bandpass, env, lowpass, noise, noteHz, RATE, secs, TAU,
} from './synth.mjs';

export { RATE };

/**
 * Ids are fixed: the game codes against them (src/assets/sounds.ts).
 * `loudness` is the mastered level in dB of gated K-weighted loudness
 * (tools/assets/loudness.mjs): the mix between cues. The slap, the action
 * the game is about, is the loudest; win and lose match; the theme sits
 * under the effects (and the game plays it at volume 150 of 255 besides).
 */
export const SOUND_LIST = [
  { name: 'flip', make: flip, loudness: -23 },
  { name: 'slap', make: slap, loudness: -12 },
  { name: 'sweep', make: sweep, loudness: -17 },
  { name: 'buzz', make: buzz, loudness: -15 },
  { name: 'win', make: win, loudness: -16 },
  { name: 'lose', make: lose, loudness: -16 },
  { name: 'deal', make: deal, loudness: -21 },
  { name: 'click', make: click, loudness: -21 },
  // 92% of the sound bytes: stored as IMA ADPCM, a quarter of the size
  // (tools/assets/adpcm.mjs; docs/sound.md, "Storage")
  { name: 'theme', make: theme, loudness: -17, loop: true, codec: 'ima' },
];

/**
 * Peak ceilings. The game plays the theme at volume 150 of 255, so its
 * 0.5 is 0.29 in the mix; an effect's 0.6 on top makes 0.89, the mixer's
 * limiter threshold (-1 dBFS, native/core/mixer.h): any one cue over the
 * music never touches the limiter, which is left for cues that pile up.
 */
export const PEAK_CEILING = { effect: 0.6, loop: 0.5 };

/**
 * Confines a sound to the asset band, scales it to its loudness and checks
 * its peak; a one-shot also fades in over 1 ms and out over its last 4 ms,
 * so starting or cutting it off never clicks.
 */
/** Whether samples stay under the sound's peak ceiling: [ok, peak dBFS]. */
export function underCeiling(x, loop) {
  const peak = peakDb(x);
  return [peak <= 20 * Math.log10(loop ? PEAK_CEILING.loop : PEAK_CEILING.effect), peak];
}

export function master(x, { name, loudness, loop = false }) {
  const banded = bandLimit(x, loop);
  const gain = 10 ** ((loudness - loudnessDb(banded, RATE)) / 20);
  const fadeIn = loop ? 0 : secs(0.001);
  const fadeOut = loop ? 0 : Math.min(x.length, secs(0.004));
  const out = banded.map((v, i) => {
    const tail = x.length - 1 - i;
    const g = (tail < fadeOut ? tail / fadeOut : 1) * (i < fadeIn ? i / fadeIn : 1);
    return v * gain * g;
  });
  const [ok, peak] = underCeiling(out, loop);
  if (!ok) throw new Error(`${name}: peak ${peak.toFixed(2)} dBFS at loudness ${loudness} dB; lower its loudness`);
  return out;
}

// --- effects -------------------------------------------------------------
// Each has its own shape, so a player can tell them apart with eyes shut
// (docs/sound.md): flip a hard "tak", deal a rising "fsst", sweep a long
// riffling whoosh, slap a thump with a crack.

/** A short burst of noise through a resonance at `hz`, added into out at `at`. */
function addTick(out, at, seed, hz, q, vol, tau) {
  const n = Math.min(secs(tau * 8), out.length - at);
  if (n <= 0) return;
  const x = bandpass(noise(n, seed), () => hz, q);
  for (let i = 0; i < n; i++) out[at + i] += vol * x[i] * env(i / RATE, 0.0004, tau);
}

/** A card snapped onto the pile: the edge's tick, then the card's body hitting cards. */
function flip() {
  const out = new Float64Array(secs(0.08));
  addTick(out, 0, 11, 3200, 1.5, 0.5, 0.003);
  const land = secs(0.003);
  for (let i = land; i < out.length; i++) {
    const t = (i - land) / RATE;
    out[i] += 0.2 * Math.sin(TAU * 190 * t) * env(t, 0.0008, 0.015) + 0.25 * Math.sin(TAU * 560 * t) * env(t, 0.0005, 0.01);
  }
  addTick(out, land, 13, 1100, 1.0, 0.7, 0.008);
  return out;
}

/** Dealing: a card sliding off the deck across the felt, brightening as it goes, and a soft stop. */
function deal() {
  const n = secs(0.13);
  const slide = bandpass(noise(n, 12), (i) => 1400 + 2400 * (i / n), 2);
  const end = secs(0.1);
  const out = slide.map((v, i) => v * Math.sin((Math.PI * Math.min(i, end)) / end) ** 1.2 * (i < end ? 1 : 0));
  addTick(out, end - secs(0.004), 14, 2500, 2, 0.4, 0.004);
  return out;
}

const SLAP_DRIVE = 3;
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
  // Saturating the hit (as a real palm on cards does) takes off the few
  // needle peaks of the noise: more loudness under the same peak.
  return out.map((v) => Math.tanh(SLAP_DRIVE * v));
}

/**
 * The pile swept to the winner: a low whoosh whose colour rises and falls,
 * with the riffle of the cards' edges running through it, fast in the middle.
 */
function sweep() {
  const n = secs(0.45);
  const shape = (i) => Math.sin((Math.PI * i) / n) ** 1.5;
  const out = bandpass(noise(n, 31), (i) => 250 + 650 * Math.sin((Math.PI * i) / n), 0.9).map((v, i) => 1.2 * v * shape(i));
  let t = 0.02;
  for (let k = 0; t < 0.42; k++) {
    const i = secs(t);
    addTick(out, i, 100 + k, 1600, 3, 0.4 * shape(i), 0.003);
    t += 0.034 - 0.022 * Math.sin((Math.PI * t) / 0.45); // 34 ms apart at the ends, 12 ms in the middle
  }
  return out;
}

/** Wrong slap: two short, low, rough buzzes ("eh-eh"). */
function buzz() {
  const out = new Float64Array(secs(0.4));
  for (const at of [0, 0.19]) {
    addTone(out, secs(at), 0.13, 98, { wave: 'saw', vol: 0.35, attack: 0.008, tau: 1, release: 0.03 });
    addTone(out, secs(at), 0.13, 104, { wave: 'square', vol: 0.2, attack: 0.008, tau: 1, release: 0.03 });
  }
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

