// The table theme: renders assets/src/theme.json, a form of 8-bar sections
// (each with its own lead, bass figure and percussion), as one seamless
// loop. Long and varied on purpose: a game lasts about five minutes, and a
// short loop heard 25 times wears a player out (docs/sound.md).
import { addTone, highpass, bandpass, env, lowpass, noise, noteHz, RATE, secs } from './synth.mjs';

/** The section `name` with `like`'s bars and melody filled in. */
function section(score, name) {
  const s = score.sections[name];
  if (!s) throw new Error(`theme: no section ${name}`);
  return s.like ? { ...score.sections[s.like], ...s, like: undefined } : s;
}

/** Hz of a note name moved by whole octaves. */
const pitch = (nm, octave = 0) => noteHz(nm) * 2 ** octave;

/** Short noise hits for the percussion, made once. */
function percussion() {
  const hat = highpass(noise(secs(0.04), 41), () => 6000).map((v, i) => v * env(i / RATE, 0.001, 0.01));
  const shaker = bandpass(noise(secs(0.07), 43), () => 4800, 1.2).map((v, i) => v * env(i / RATE, 0.012, 0.018));
  return { hat, shaker };
}

function addHit(out, start, hit, vol) {
  for (let i = 0; i < hit.length; i++) out[(start + i) % out.length] += vol * hit[i];
}

/** Renders one section from beat `first` of the loop. */
function renderSection(out, score, s, first, hits) {
  const beat = 60 / score.tempo;
  const at = (b) => Math.round((first + b) * beat * RATE);
  const wrap = true;
  s.bars.forEach((bar, b) => {
    const span = 4 / bar.length;
    bar.forEach((name, k) => {
      const chord = score.chords[name];
      if (!chord) throw new Error(`theme: no chord ${name}`);
      const start = b * 4 + k * span;
      if (s.pad) {
        for (const nm of chord.tones) {
          addTone(out, at(start), beat * span * 0.95, pitch(nm), { wave: 'triangle', vol: s.pad, attack: 0.12, tau: 3, release: 0.2, wrap });
        }
      }
      for (let j = 0; j < span; j++) {
        const pos = start + j;
        if (s.bass === 'beats') {
          addTone(out, at(pos), beat * 0.8, pitch(chord.bass[j % 2]), { wave: 'triangle', vol: 0.24, tau: 0.35, wrap });
        } else if (s.bass === 'halves' && j % 2 === 0) {
          addTone(out, at(pos), beat * 1.7, pitch(chord.bass[(j / 2) % 2]), { wave: 'triangle', vol: 0.26, tau: 0.6, release: 0.08, wrap });
        }
        if (s.stabs && j % 2 === 1) {
          for (const nm of chord.tones) addTone(out, at(pos), beat * 0.35, pitch(nm), { wave: 'square', vol: 0.035, tau: 0.12, wrap });
        }
        if (s.arp) {
          // Eighths up and down the chord an octave above the stabs.
          const order = [0, 1, 2, 1];
          for (let e = 0; e < 2; e++) {
            const nm = chord.tones[order[(pos * 2 + e) % 4]];
            addTone(out, at(pos + e / 2), beat * 0.3, pitch(nm, 1), { wave: 'pulse25', vol: s.arp, tau: 0.08, wrap });
          }
        }
      }
    });
  });
  let pos = 0;
  const lead = s.lead;
  for (const [nm, len] of s.melody) {
    if (nm !== 'r') {
      addTone(out, at(pos), len * beat * 0.9, pitch(nm, lead.octave ?? 0), {
        wave: lead.wave, vol: lead.vol, attack: lead.attack ?? 0.005, tau: lead.tau ?? 0.5, vibrato: lead.vibrato ?? 0.003, wrap,
      });
    }
    pos += len;
  }
  const beats = s.bars.length * 4;
  if (pos !== beats) throw new Error(`theme: a melody has ${pos} beats, its bars need ${beats}`);
  for (let e = 0; e < beats * 2; e++) {
    if (s.hats === 'eighths' && e % 2 === 1) addHit(out, at(e / 2), hits.hat, 0.12);
    if (s.hats === 'shaker') addHit(out, at(e / 2), hits.shaker, e % 2 ? 0.16 : 0.09);
  }
  return beats;
}

/**
 * The whole loop: sections in the order of `form`. Every voice writes with
 * wrap-around, so tails that run past the end sound at the start, exactly
 * as they do when the loop repeats.
 */
export function theme(score) {
  const sections = score.form.map((name) => section(score, name));
  const beats = sections.reduce((n, s) => n + s.bars.length * 4, 0);
  const out = new Float64Array(secs((beats * 60) / score.tempo));
  const hits = percussion();
  let first = 0;
  for (const s of sections) first += renderSection(out, score, s, first, hits);
  return lowpass(out, () => 7000, true);
}
