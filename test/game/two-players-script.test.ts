// A recorded two-person game (test/scripts/two-players.json), the script the
// PSP checks replay in PPSSPP (test/psp/replay.test.ts) and the native
// cross-check replays on the desktop: two people on one PSP, each of whom
// wins slaps, the left player with L and the right player with R. Recorded
// here by playing (UPDATE_SCRIPTS=1, or a missing file, records it again);
// the replay then checks, from the game's own state frame by frame, that
// each side took a pile by a slap of their own.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BTN, Driver } from '../support/driver';
import { readScript, replay, writeScript, type InputScript } from '../support/script';
import { openOptions, pairOrSandwich, setOption, startFromOptions } from './helpers';

const PATH = fileURLToPath(new URL('../scripts/two-players.json', import.meta.url));
const SLAP = [BTN.LTRIGGER, BTN.RTRIGGER];

async function record(): Promise<InputScript> {
  const d = await Driver.create({ seed: 12 });
  d.wait(5);
  openOptions(d);
  setOption(d, 'Players', '3');
  setOption(d, 'People', '2');
  startFromOptions(d);
  const shots: number[] = [];
  const won = [0, 0];
  let slapper = 0;
  for (let guard = 0; guard < 20000 && (won[0] < 2 || won[1] < 2); guard++) {
    const g = d.debug().table.game;
    if (g.pile.length > 0 && pairOrSandwich(g.pile) && g.pendingCollect === null) {
      // Take turns at the slappable piles, so that both sides win some.
      d.wait(12); // about 200 ms: a person's reaction, not a bot's
      d.step(SLAP[slapper]!);
      d.step(0);
      if (d.debug().table.game.pile.length === 0) {
        won[slapper]!++;
        if (won[slapper] === 1) shots.push(d.frameIndex - 1);
      }
      slapper = 1 - slapper;
      continue;
    }
    // Whoever the game waits for presses their own play button; a CPU's turn just passes.
    const seat = g.pendingCollect !== null ? g.pendingCollect.seat : g.turn;
    if (seat === 0) d.press(BTN.LEFT);
    else if (seat === g.options.players - 1) d.press(BTN.SQUARE);
    else d.step(0);
  }
  expect(won).toEqual([2, 2]);
  d.wait(30);
  const script = { seed: 12, frames: d.frameIndex, inputs: d.recorder.inputs, shots };
  d.dispose();
  return script;
}

describe('the recorded two-person game', () => {
  it('each side takes piles with a slap of their own, and the replay draws the same frames twice', async () => {
    if (process.env.UPDATE_SCRIPTS || !existsSync(PATH)) writeScript(PATH, await record());
    const script = readScript(PATH);
    const taken = [0, 0];
    let before: any = null;
    let mask = 0;
    let k = 0;
    const { vm, hashes } = await replay(script, (f, v) => {
      while (k < script.inputs.length && script.inputs[k]![0] <= f.index) mask = script.inputs[k++]![1];
      const s = v.debug();
      if (before?.table && s.table && s.scene === 'table' && before.table.game.pile.length > 0 && s.table.game.pile.length === 0) {
        // A pile that went to a person on the frame that person slapped.
        const players = s.table.game.options.players;
        for (const [side, seat] of [[0, 0], [1, players - 1]] as const) {
          if (mask & SLAP[side]! && s.table.game.stacks[seat].length > before.table.game.stacks[seat].length) taken[side]!++;
        }
      }
      before = s;
    });
    expect(vm.debug().settings.humans).toBe(2);
    vm.dispose();
    expect(taken[0]).toBeGreaterThanOrEqual(2);
    expect(taken[1]).toBeGreaterThanOrEqual(2);
    const again = await replay(script);
    again.vm.dispose();
    expect(again.hashes).toEqual(hashes);
  });
});
