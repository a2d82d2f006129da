// Button fuzzing through the whole game in the bundle (tools/fuzz/buttons-fuzz.ts):
// 100,000 frames of seeded, mostly purposeful, partly random button masks
// (BUTTON_SEED=n picks another seed; it is printed). No frame throws, every
// scene is reached, no scene traps the player, Start leads back to the title,
// the table's game keeps the rules' invariants, and a session restarted after
// quitting loads the game's own saved text cleanly.
import { describe, expect, it } from 'vitest';
import { buttonFuzz } from '../../tools/fuzz/buttons-fuzz';
import { BTN, Driver } from '../support/driver';

const SEED = process.env.BUTTON_SEED !== undefined ? Number(process.env.BUTTON_SEED) >>> 0 : 20261129;
const FRAMES = 100_000;

describe('button fuzzing through the whole game', () => {
  it(`${FRAMES} frames of button masks: no exception, no trap, every scene reached (seed ${SEED})`, async () => {
    const r = await buttonFuzz({ seed: SEED, frames: FRAMES });
    const { failure, ...summary } = r;
    console.log(`button fuzz seed ${SEED}: ${JSON.stringify(summary)}`);
    expect(failure ?? '').toBe('');
    expect(r.frames).toBe(FRAMES);
    for (const scene of ['title', 'options', 'howTo', 'table', 'results']) expect(r.sceneFrames[scene], scene).toBeGreaterThan(0);
    expect(r.demoFrames).toBeGreaterThan(0);
    expect(r.quitConfirmSeen).toBeGreaterThan(0);
    expect(r.gamesFinished).toBeGreaterThanOrEqual(2);
    expect(r.sessions).toBeGreaterThan(1); // quitting and restarting with the saved text happened
    expect(r.optionChanges).toBeGreaterThan(50);
    for (const from of ['table', 'table+quitConfirm', 'title', 'options', 'howTo', 'results']) expect(r.probes[from] ?? 0, `no escape probe from ${from}`).toBeGreaterThan(0);
    // Start, Start reached the title from everywhere (Circle was never needed).
    expect(r.startDidNotLeave).toEqual({});
  });

  it('is deterministic: the same seed draws the same frames', async () => {
    const a = await buttonFuzz({ seed: SEED + 1, frames: 15_000 });
    const b = await buttonFuzz({ seed: SEED + 1, frames: 15_000 });
    expect(a.failure).toBeNull();
    expect(b.digest).toBe(a.digest);
    expect(b.transitions).toEqual(a.transitions);
    const c = await buttonFuzz({ seed: SEED + 2, frames: 15_000 });
    expect(c.digest).not.toBe(a.digest);
  });
});

// Start, then Start, reaches the title from every scene (first found missing in
// Options, How to play and Results; fixed in 9c7580e: Start asks everywhere).
describe('Start, Start leads back to the title', () => {
  async function startStartFrom(open: (d: Driver) => void): Promise<string> {
    const d = await Driver.create({ seed: 1 });
    try {
      d.step(0);
      open(d);
      d.press(BTN.START);
      d.press(BTN.START);
      d.wait(3);
      return d.debug().scene;
    } finally {
      d.dispose();
    }
  }

  it('Start, Start leads from Options to the title', async () => {
    expect(await startStartFrom((d) => d.presses(BTN.DOWN, BTN.CROSS))).toBe('title');
  });

  it('Start, Start leads from How to play to the title', async () => {
    expect(await startStartFrom((d) => d.presses(BTN.DOWN, BTN.DOWN, BTN.CROSS))).toBe('title');
  });

  it('Start, Start leads from Results to the title', async () => {
    const d = await Driver.create({ seed: 1 });
    try {
      d.step(0);
      d.press(BTN.CROSS);
      // Play until the results: Square every other frame (out of turn it does nothing), the scene read every 64 frames.
      for (let i = 0; i < 3_000 && d.debug().scene !== 'results'; i++) for (let k = 0; k < 32; k++) d.press(BTN.SQUARE);
      expect(d.debug().scene).toBe('results');
      d.press(BTN.START);
      d.press(BTN.START);
      d.wait(3);
      expect(d.debug().scene).toBe('title');
    } finally {
      d.dispose();
    }
  });

  it('Start, Start leads from the table to the title (the quit question)', async () => {
    expect(await startStartFrom((d) => d.presses(BTN.CROSS))).toBe('title');
  });
});
