// Sleep mode, the script's side: the PSP host turns a suspend into the
// SIG_SUSPEND bit of the next frame's button mask (native/psp/psp_power.c).
// At the table it pauses the game as Start does, in that very frame, before
// the table moves, so the pause menu is up when the PSP wakes; anywhere else
// it does nothing; it is never a button press. The recorded sleep script
// (test/scripts/sleep.json: a suspend while a CPU player is about to play,
// the pause menu after waking, Continue, play on) is replayed on the PSP by
// test/psp/replay.test.ts, where the power callback itself is called.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SIG_SUSPEND } from '../../src/contract';
import { BTN, Driver } from '../support/driver';
import { readScript, replay, writeScript, type InputScript } from '../support/script';
import { playUntil } from './helpers';

const PATH = fileURLToPath(new URL('../scripts/sleep.json', import.meta.url));
const SEED = 5;

let d: Driver;
afterEach(() => d?.dispose());

/** A classic game from the title (Cross on Play), until a CPU player is to play. */
async function cpuAboutToPlay(): Promise<Driver> {
  d = await Driver.create({ seed: SEED });
  d.wait(5);
  d.press(BTN.CROSS);
  playUntil(d, (s) => s.scene === 'table' && s.table.game.turn === 0 && s.table.game.pendingCollect === null);
  d.press(BTN.SQUARE);
  d.until((s) => s.table.game.turn !== 0);
  d.wait(10);
  return d;
}

async function record(): Promise<InputScript> {
  await cpuAboutToPlay();
  d.step(SIG_SUSPEND);
  d.wait(60);
  const shots = [d.frameIndex - 1]; // the pause menu after waking
  d.press(BTN.CROSS); // Continue
  for (let i = 0; i < 600; i++) {
    const g = d.debug().table.game;
    if (g.turn === 0 && g.pendingCollect === null && g.over === null) d.press(BTN.SQUARE);
    else d.step(0);
  }
  shots.push(d.frameIndex - 1);
  const script = { seed: SEED, frames: d.frameIndex, inputs: d.recorder.inputs, shots };
  d.dispose();
  return script;
}

describe('sleep mode in the script', () => {
  it('a suspend at the table pauses it in that frame, before any CPU player moves', async () => {
    await cpuAboutToPlay();
    const before = d.debug();
    d.step(SIG_SUSPEND);
    const s = d.debug();
    expect(s.paused).toBe(true);
    expect(s.pauseCursor).toBe(0); // Continue, as after Start
    expect(s.table.timers.paused).toBe(true);
    expect(s.table.game).toEqual(before.table.game);
    // Asleep and awake again, the menu is still up and the table still waits.
    d.wait(300);
    expect(d.debug().paused).toBe(true);
    expect(d.debug().table.game).toEqual(before.table.game);
    // A second suspend while paused is not a Start: the game goes on paused.
    d.step(SIG_SUSPEND);
    expect(d.debug().scene).toBe('table');
    expect(d.debug().paused).toBe(true);
    d.press(BTN.CROSS);
    expect(d.debug().paused).toBe(false);
  });

  it('a suspend anywhere else changes nothing, and is not a button press', async () => {
    d = await Driver.create({ seed: SEED });
    d.wait(5);
    const title = d.debug();
    d.step(SIG_SUSPEND);
    d.step(0);
    expect(d.debug()).toEqual(title);
    d.press(BTN.DOWN);
    d.press(BTN.CROSS); // Options
    const options = d.debug();
    expect(options.scene).toBe('options');
    d.step(SIG_SUSPEND | BTN.DOWN); // held with a real button: the button alone counts
    d.step(0);
    expect(d.debug().optionCursor).toBe(options.optionCursor + 1);
    expect(d.debug().quitConfirm).toBe(false);
  });

  it('the recorded sleep script pauses at its suspend and plays on after Continue, the same frames twice', async () => {
    if (process.env.UPDATE_SCRIPTS || !existsSync(PATH)) writeScript(PATH, await record());
    const script = readScript(PATH);
    const at = script.inputs.find(([, mask]) => (mask & SIG_SUSPEND) !== 0)![0];
    d = await Driver.create({ seed: script.seed });
    let mask = 0;
    let k = 0;
    for (let f = 0; f < script.frames; f++) {
      while (k < script.inputs.length && script.inputs[k]![0] <= f) mask = script.inputs[k++]![1];
      d.step(mask);
      if (f === at - 1) expect(d.debug().paused).toBe(false);
      if (f === at) expect(d.debug().paused).toBe(true);
    }
    expect(d.debug().scene).toBe('table');
    expect(d.debug().paused).toBe(false);
    const a = await replay(script);
    const b = await replay(script);
    a.vm.dispose();
    b.vm.dispose();
    expect(a.hashes).toEqual(b.hashes);
  });
});
