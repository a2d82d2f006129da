// Each sound's level and character, measured on the committed assets
// (assets/build/sounds): peaks leave the mixer its headroom, every cue sits
// in its loudness band (docs/sound.md), win and lose match, and the card
// sounds differ in colour and length.
import { describe, expect, it } from 'vitest';
import { loudnessDb, peakDb, rmsDb } from '../../tools/assets/loudness.mjs';
import { soundIndex, soundSamples } from './capture';
import { centroidHz, powerSpectrum } from './spectrum';

const RATE = 22050;
const sine = (hz: number, amp: number, secs: number) => Float64Array.from({ length: Math.round(secs * RATE) }, (_, i) => amp * Math.sin((2 * Math.PI * hz * i) / RATE));

describe('the level meter', () => {
  it('reads a sine as expected', () => {
    const s = sine(1000, 0.5, 1);
    expect(peakDb(s)).toBeCloseTo(-6.02, 1);
    expect(rmsDb(s)).toBeCloseTo(-9.03, 1);
    // K-weighting lifts 1 kHz by about 0.7 dB; loudness is relative to a full-scale sine.
    expect(loudnessDb(s, RATE)).toBeGreaterThan(-6.02);
    expect(loudnessDb(s, RATE)).toBeLessThan(-4.5);
    // The presence shelf: 3 kHz reads louder than 200 Hz at the same level.
    expect(loudnessDb(sine(3000, 0.5, 1), RATE) - loudnessDb(sine(200, 0.5, 1), RATE)).toBeGreaterThan(3);
  });

  it('gates out silence, so a tail does not lower a cue\'s loudness', () => {
    const s = sine(1000, 0.5, 0.5);
    const padded = new Float64Array(s.length * 3);
    padded.set(s);
    expect(loudnessDb(padded, RATE)).toBeCloseTo(loudnessDb(s, RATE), 0);
    expect(rmsDb(padded)).toBeLessThan(rmsDb(s) - 4);
  });
});

describe('sound levels', () => {
  const sounds = Object.fromEntries(soundIndex().map((e) => [e.name, { e, x: soundSamples(e) }]));
  const loud = (name: string) => loudnessDb(sounds[name]!.x, RATE);
  // [low, high] loudness in dB (tools/assets/loudness.mjs), docs/sound.md.
  const BANDS: Record<string, [number, number]> = {
    slap: [-13, -11], buzz: [-16, -14], win: [-17, -15], lose: [-17, -15], sweep: [-18, -16],
    flip: [-24, -22], deal: [-22, -20], click: [-22, -20], theme: [-18, -16],
    fanfare: [-18, -16], chime: [-18, -16],
  };

  it('puts every sound in its loudness band', () => {
    expect(Object.keys(BANDS).sort()).toEqual(Object.keys(sounds).sort());
    for (const [name, [lo, hi]] of Object.entries(BANDS)) {
      expect(loud(name), name).toBeGreaterThanOrEqual(lo);
      expect(loud(name), name).toBeLessThanOrEqual(hi);
    }
  });

  it('keeps each cue at or below -4.4 dBFS and the theme at -6 dBFS, so one cue over the music stays under -1 dBFS', () => {
    for (const { e, x } of Object.values(sounds)) {
      expect(peakDb(x), e.name).toBeLessThanOrEqual(e.loop ? -6 : -4.4);
    }
  });

  it('matches the win and lose jingles within half a decibel', () => {
    expect(Math.abs(loud('win') - loud('lose'))).toBeLessThan(0.5);
  });

  it('makes the slap the loudest cue and keeps the theme (played at 150 of 255) under every game cue', () => {
    for (const name of ['buzz', 'win', 'lose', 'sweep', 'flip', 'deal']) expect(loud('slap'), name).toBeGreaterThan(loud(name));
    const themeInMix = loud('theme') + 20 * Math.log10(150 / 255);
    for (const name of ['slap', 'buzz', 'win', 'lose', 'sweep']) expect(loud(name) - themeInMix, name).toBeGreaterThan(3);
  });

  it('gives flip, deal and sweep each its own colour and length', () => {
    const cards = ['flip', 'deal', 'sweep'].map((name) => {
      const x = sounds[name]!.x;
      return { name, centroid: centroidHz(powerSpectrum(x, 1024), RATE), secs: x.length / RATE };
    });
    for (let i = 0; i < cards.length; i++) {
      for (let j = i + 1; j < cards.length; j++) {
        const [a, b] = [cards[i]!, cards[j]!];
        const apart = Math.max(a.centroid, b.centroid) / Math.min(a.centroid, b.centroid);
        const longer = Math.max(a.secs, b.secs) / Math.min(a.secs, b.secs);
        expect(apart, `${a.name}/${b.name} centroids`).toBeGreaterThan(1.5);
        expect(longer, `${a.name}/${b.name} lengths`).toBeGreaterThan(1.5);
      }
    }
  });
});
