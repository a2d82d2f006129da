// The music is stored as IMA ADPCM (tools/assets/adpcm.mjs) and decoded by
// the mixer as it plays (native/core/mixer.c): both decoders must give the
// same samples, and the encoder must keep what the assets promise: a close
// copy, with its error pushed below 10 kHz, where the assets have their sound.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decode, encode } from '../../tools/assets/adpcm.mjs';
import { soundIndex, soundSamples, ROOT } from './capture';
import { bandShareDb, powerSpectrum } from './spectrum';

const RATE = 22050;
const snrDb = (x: ArrayLike<number>, y: ArrayLike<number>) => {
  let s = 0, e = 0;
  for (let i = 0; i < x.length; i++) {
    s += x[i]! ** 2;
    e += (x[i]! - y[i]!) ** 2;
  }
  return 10 * Math.log10(s / e);
};

describe('IMA ADPCM', () => {
  it("the mixer's decoder gives exactly the encoder's samples for the stored music", () => {
    for (const e of soundIndex().filter((x) => x.codec === 'ima')) {
      const js = decode(readFileSync(path.join(ROOT, 'assets/build/sounds', e.file)));
      const c = soundSamples(e);
      expect(js.length).toBe(e.samples);
      expect(c.length).toBe(e.samples);
      const firstDiff = js.findIndex((v, i) => v / 32768 !== c[i]);
      expect(firstDiff, `first differing sample ${firstDiff}`).toBe(-1);
    }
  });

  it('stores a chord and a melody-range sweep within 20 dB, with the error 60 dB down above 10 kHz', () => {
    // a chord (what the theme is made of) and a 200 Hz - 2 kHz sweep (its tunes'
    // range); above that 4-bit ADPCM's error grows: 17 dB at 4 kHz (docs/sound.md)
    const n = RATE * 2;
    const chord = Int16Array.from({ length: n }, (_, i) =>
      Math.round(6000 * (Math.sin((2 * Math.PI * 220 * i) / RATE) + Math.sin((2 * Math.PI * 277 * i) / RATE) + 0.5 * Math.sin((2 * Math.PI * 1320 * i) / RATE))));
    const sweep = Int16Array.from({ length: n }, (_, i) => Math.round(12000 * Math.sin(2 * Math.PI * (200 * i / RATE + (900 * (i / RATE) ** 2) / 2))));
    for (const [name, x] of [['chord', chord], ['sweep', sweep]] as const) {
      const bytes = encode(x);
      expect(bytes.length, name).toBe(8 + n / 2); // 4 bits a sample
      const y = decode(bytes);
      expect(snrDb(x, y), name).toBeGreaterThan(20);
      const err = Float64Array.from(x, (v, i) => (v - y[i]!) / 32768);
      const sig = Float64Array.from(x, (v) => v / 32768);
      // the error above 10 kHz against the whole signal's power
      const errHigh = bandShareDb(powerSpectrum(err), RATE, 10000, RATE / 2) + 10 * Math.log10(err.reduce((s, v) => s + v * v, 0) / sig.reduce((s, v) => s + v * v, 0));
      expect(errHigh, name).toBeLessThan(-60);
    }
  });
});
