// Sound in the web version (make test-web): nothing before the first
// gesture, the game's music after it; and the mixer's rules
// (native/core/mixer.c) in the browser's own audio graph, rendered offline
// and measured: the linear pan law, volume, 16 voices, the limiter's
// ceiling, music that loops.
import { beforeAll, describe, expect, it } from 'vitest';
import { MUSIC, SOUND } from '../../src/contract';
import { game, missing, sessionForTests } from './browser';

const why = missing();
/** mixer.h MIXER_CEILING as a float sample. */
const CEILING = 29204 / 32768;

describe.skipIf(why !== null)('sound in the web version', () => {
  const s = sessionForTests();
  let page: Awaited<ReturnType<typeof game>>['page'];

  beforeAll(async () => {
    ({ page } = await game(s, '&no-sw'));
  }, 600_000);

  const mix = (plays: [number, number, number][], music: [number, number] | null = null): Promise<{ rms: [number, number]; peak: number; voices: number }> =>
    page.evaluate(([p, m]) => (window as any).ratscrewTest.mix(p, m), [plays, music] as const);

  it('starts with the first key press, with the music the game asked for at volume 150', async () => {
    const before = await page.evaluate(() => (window as any).ratscrewTest.audio());
    expect(before.state).toBe('waiting for a gesture');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => (window as any).ratscrewTest.audio().music >= 0, null, { timeout: 30_000 });
    const after = await page.evaluate(() => (window as any).ratscrewTest.audio());
    expect(after.state).toBe('running');
    expect(after.music).toBe(MUSIC.theme);
    // set_gains(150, 0): 150 * 257 * 128 >> 7, over 65536, on both sides.
    const g = (150 * 257 * 128) / 128 / 65536;
    expect(after.musicGains[0]).toBeCloseTo(g, 5);
    expect(after.musicGains[1]).toBeCloseTo(g, 5);
  });

  it('pans linearly: at -96 the right side plays at 32/128 of the left', async () => {
    const { rms } = await mix([[SOUND.slap, 255, -96]]);
    expect(rms[0]).toBeGreaterThan(0.01);
    expect(rms[1] / rms[0]).toBeCloseTo(32 / 128, 2);
    const right = await mix([[SOUND.slap, 255, 127]]);
    expect(right.rms[0] / right.rms[1]).toBeCloseTo(1 / 128, 2);
  });

  it('scales by volume / 255', async () => {
    const full = await mix([[SOUND.sweep, 255, 0]]);
    const half = await mix([[SOUND.sweep, 128, 0]]);
    expect(half.rms[0] / full.rms[0]).toBeCloseTo(128 / 255, 2);
    expect(full.rms[0]).toBeCloseTo(full.rms[1], 6);
  });

  it('plays at most 16 voices, and the limiter holds the sum at the ceiling', async () => {
    const plays = Array.from({ length: 20 }, (): [number, number, number] => [SOUND.slap, 255, 0]);
    const r = await mix(plays);
    expect(r.voices).toBe(16);
    // Sixteen slaps at full volume sum far above full scale; the limiter keeps them at -1 dBFS.
    expect(r.peak).toBeLessThanOrEqual(CEILING + 1e-4);
    expect(r.peak).toBeGreaterThan(CEILING * 0.9);
  });

  it('loops the music', async () => {
    const r = await mix([], [MUSIC.theme, 150]);
    expect(r.rms[0]).toBeGreaterThan(0.005);
    expect(r.rms[0]).toBeCloseTo(r.rms[1], 6);
  });
});
