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
    // One Start went back to the title from every menu.
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

// Each button means one thing everywhere (issue 20). Before, Start left the
// game from the title at once, and from every other scene asked "press Start
// again to quit": in a game the second Start (what a PSP player presses to
// resume) ended it with no results.
describe('Start: back from a menu, the pause menu in a game, a question on the title', () => {
  async function from(open: (d: Driver) => void, presses: number[]): Promise<any> {
    const d = await Driver.create({ seed: 1 });
    try {
      d.step(0);
      open(d);
      for (const b of presses) d.press(b);
      d.wait(3);
      return { ...d.debug(), quit: d.quit };
    } finally {
      d.dispose();
    }
  }

  it('one Start goes back from Options and from How to play', async () => {
    expect((await from((d) => d.presses(BTN.DOWN, BTN.CROSS), [BTN.START])).scene).toBe('title');
    expect((await from((d) => d.presses(BTN.DOWN, BTN.DOWN, BTN.CROSS), [BTN.START])).scene).toBe('title');
  });

  it('Start, Start in a game pauses and plays on: the game is not ended', async () => {
    const s = await from((d) => d.presses(BTN.CROSS), [BTN.START, BTN.START]);
    expect(s.scene).toBe('table');
    expect(s.paused).toBe(false);
  });

  it('End game in the pause menu asks once; Cross ends the game and shows its results', async () => {
    const asked = await from((d) => d.presses(BTN.CROSS), [BTN.START, BTN.UP, BTN.CROSS]);
    expect(asked.endAsked).toBe(true);
    expect(asked.scene).toBe('table');
    const ended = await from((d) => d.presses(BTN.CROSS), [BTN.START, BTN.UP, BTN.CROSS, BTN.CROSS]);
    expect(ended.scene).toBe('results');
    expect(ended.results.cause).toMatch(/^You ended it early/);
    const back = await from((d) => d.presses(BTN.CROSS), [BTN.START, BTN.UP, BTN.CROSS, BTN.CIRCLE]);
    expect(back.endAsked).toBe(false);
    expect(back.paused).toBe(true);
  });

  it('one Start goes back from Results to the title', async () => {
    const d = await Driver.create({ seed: 1 });
    try {
      d.step(0);
      d.press(BTN.CROSS);
      // Play until the results: Square every other frame (out of turn it does nothing), the scene read every 64 frames.
      for (let i = 0; i < 3_000 && d.debug().scene !== 'results'; i++) for (let k = 0; k < 32; k++) d.press(BTN.SQUARE);
      expect(d.debug().scene).toBe('results');
      d.press(BTN.START);
      d.wait(3);
      expect(d.debug().scene).toBe('title');
      expect(d.debug().quitConfirm).toBe(false);
    } finally {
      d.dispose();
    }
  });

  it('Start on the title asks; Circle stays, Start or Cross quits', async () => {
    const asked = await from(() => {}, [BTN.START]);
    expect(asked.quitConfirm).toBe(true);
    expect(asked.quit).toBe(false);
    const stayed = await from(() => {}, [BTN.START, BTN.CIRCLE]);
    expect(stayed.quitConfirm).toBe(false);
    expect(stayed.quit).toBe(false);
    expect((await from(() => {}, [BTN.START, BTN.START])).quit).toBe(true);
    expect((await from(() => {}, [BTN.START, BTN.CROSS])).quit).toBe(true);
  });
});
