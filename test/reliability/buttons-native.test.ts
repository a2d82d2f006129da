// The button fuzz replayed in the native headless host: every session of a
// 30,000-frame fuzz run becomes an input script (seed, saved text, masks), and
// the host must draw the same frame hashes as the bundle in quickjs-emscripten
// did — the cross-check of test/native, under fuzzed input — and exit 0.
// One stretch also goes through the software rasterizer. (make soak replays
// 50,000 fuzzed frames in the sanitizer build with the rasterizer on.)
import { beforeAll, describe, expect, it } from 'vitest';
import { buttonFuzz } from '../../tools/fuzz/buttons-fuzz';
import { replayNative } from '../../tools/fuzz/buttons-native';
import { buildNative } from '../native/headless';
import { SIG_SAVE_FAILED } from '../../src/contract';

const SIGNALLED_LINE = '[script] saving settings failed: no reason given (the host signalled SIG_SAVE_FAILED, host.problem() null)\n';

const SEED = process.env.BUTTON_SEED !== undefined ? Number(process.env.BUTTON_SEED) >>> 0 : 20261129;

describe('button fuzz sessions replayed in the native headless host', () => {
  beforeAll(() => buildNative('headless'));

  it(`30,000 fuzzed frames: same hashes as quickjs-emscripten, every session exits cleanly (seed ${SEED})`, async () => {
    const fuzz = await buttonFuzz({ seed: SEED + 3, frames: 30_000, record: true });
    expect(fuzz.failure ?? '').toBe('');
    expect(fuzz.recordings.length).toBeGreaterThan(1);
    let frames = 0;
    for (const [i, rec] of fuzz.recordings.entries()) {
      const r = replayNative(rec, { raster: false });
      // Nothing on stderr but the app's scene log lines (src/app/app.ts logs each change of scene)
      // and, for each frame whose noise carried SIG_SAVE_FAILED (a host's word that a save it took
      // failed after all), the game saying so with what happened: this host's saves never fail.
      const signalled = rec.masks.filter((m) => (m & SIG_SAVE_FAILED) !== 0).length;
      const rest = r.stderr.replace(/^\[script\] scene \w+\n/gm, '');
      expect(rest, `session ${i}`).toBe(SIGNALLED_LINE.repeat(signalled));
      expect(r.status, `session ${i}`).toBe(0);
      expect(r.firstDiff, `session ${i} (seed ${rec.seed}): first frame whose hash differs`).toBe(-1);
      frames += r.frames;
    }
    expect(frames).toBe(30_000);
    // The rasterizer draws 1,000 fuzzed frames of the longest session without trouble.
    const longest = fuzz.recordings.reduce((a, b) => (b.masks.length > a.masks.length ? b : a));
    const cut = { ...longest, masks: longest.masks.slice(0, 1000), hashes: longest.hashes.slice(0, 1000), quit: false };
    const drawn = replayNative(cut, { raster: true });
    expect(drawn.status).toBe(0);
    expect(drawn.firstDiff).toBe(-1);
  });
});
