// The mix a player hears (docs/sound.md): a minute of real play (both
// full-game scripts) and a deliberate pile-up of cues, mixed by
// native/core/mixer.c at the hosts' 44,100 Hz. No sample may reach full
// scale, and the 2x resampling may leave no mirror image of the assets'
// band above it.
import { beforeAll, describe, expect, it } from 'vitest';
import { MUSIC, SOUND } from '../../src/assets/sounds';
import { bandShareDb, powerSpectrum } from './spectrum';
import { buildCapture, capture, HOST_RATE, playEvents, readWavMono, type AudioEvent, type CaptureStats } from './capture';

const CEILING = 29204; // MIXER_CEILING, native/core/mixer.h: -1 dBFS

describe('the mixed sound of play', () => {
  let events: AudioEvent[];
  let play: CaptureStats & { wav: string };
  beforeAll(async () => {
    buildCapture();
    const p = await playEvents(['full-game-classic', 'full-game-russian']);
    events = p.events;
    play = capture('play', events, p.endMs);
  });

  it('has the cues of a real game in it', () => {
    const played = (id: number) => events.filter((e) => e[1] === 4 && e[2] === id).length;
    expect(played(SOUND.flip)).toBeGreaterThan(50);
    expect(played(SOUND.slap)).toBeGreaterThan(5);
    expect(played(SOUND.sweep)).toBeGreaterThan(3);
    expect(events.some((e) => e[1] === 5 && e[2] === MUSIC.theme)).toBe(true);
    expect(play.frames / HOST_RATE).toBeGreaterThan(60);
  });

  it('never reaches full scale; the limiter catches only the rare stacked cue', () => {
    expect(play.fullScale).toBe(0);
    expect(play.peak).toBeLessThanOrEqual(CEILING);
    // A wrong slap sends slap and buzz together over the music: the one
    // sum the levels of tools/assets/sounds.mjs do not keep below -1 dBFS.
    // The old clamping mixer flattened 54 samples of this capture.
    expect(play.limitedFrames / play.frames).toBeLessThan(1e-4);
  });

  it('adds no mirror image above the assets\' band (the 2x resampling)', () => {
    const { rate, mono } = readWavMono(play.wav);
    const power = powerSpectrum(mono);
    // tools/assets/synth.mjs keeps every asset below 10 kHz. Linear
    // interpolation mirrored them into 12-22 kHz at -27 dB (-31 dB in
    // 13-15 kHz alone); the windowed-sinc kernel leaves -67 dB (-63 dB above 10 kHz).
    expect(bandShareDb(power, rate, 13000, 22050)).toBeLessThan(-60);
    expect(bandShareDb(power, rate, 10000, 22050)).toBeLessThan(-60);
    expect(bandShareDb(power, rate, 0, 10000)).toBeGreaterThan(-0.01);
  });
});

describe('a pile-up of cues', () => {
  it('is limited below full scale, not clipped', () => {
    buildCapture();
    // Music, then every voice at once: a slap, sweeps and both jingles, all
    // at full volume, hard left and centre; far past full scale if summed.
    const burst: AudioEvent[] = [[0, 5, MUSIC.theme, 255, 0]];
    for (let k = 0; k < 16; k++) burst.push([100, 4, [SOUND.slap, SOUND.sweep, SOUND.win, SOUND.lose][k % 4]!, 255, k % 2 ? -128 : 0]);
    burst.push([700, 4, SOUND.slap, 255, 0]);
    const r = capture('pile-up', burst, 2500);
    expect(r.fullScale).toBe(0);
    expect(r.peak).toBeLessThanOrEqual(CEILING);
    expect(r.limitedFrames).toBeGreaterThan(0); // the limiter, not luck, kept it there
    // ...and it lets go again: the last second (music alone) is not held down.
    const { left, rate } = readWavMono(r.wav);
    const tail = left.subarray(left.length - rate);
    expect(Math.max(...Array.from(tail, Math.abs))).toBeGreaterThan(0.3 * 32768);
  });
});
