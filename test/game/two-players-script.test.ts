// A recorded two-person game (test/scripts/two-players.json), the script the
// PSP checks replay in PPSSPP (test/psp/replay.test.ts) and the native
// cross-check replays on the desktop: two people on one PSP, from the title
// to the results, each winning slaps, the left player with L and the right
// player with R. Once each has won two, the right player slaps at anything
// (each wrong slap burns two cards), so that the game ends in a minute or so
// rather than the many minutes two careful players take. Recorded
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
  setOption(d, 'Players', '2');
  setOption(d, 'People', '2');
  setOption(d, 'Wrong slap', 'Burns cards');
  setOption(d, 'Wrong slap burns', '2 cards');
  startFromOptions(d);
  const shots: number[] = [];
  const won = [0, 0];
  let slapper = 0;
  for (let guard = 0; guard < 60000 && d.debug().scene === 'table'; guard++) {
    const g = d.debug().table.game;
    if (g.over !== null) {
      d.step(0);
      continue;
    }
    if (g.pile.length > 0 && pairOrSandwich(g.pile) && g.pendingCollect === null) {
      // Take turns at the slappable piles, so that both sides win some.
      d.until((s) => !s.table.flying, 30);
      d.wait(12); // about 200 ms after the card landed: a person's reaction, not a bot's
      d.step(SLAP[slapper]!);
      d.step(0);
      if (d.debug().table.game.pile.length === 0) {
        won[slapper]!++;
        if (won[slapper] === 1) shots.push(d.frameIndex - 1);
      }
      // Once both have won two, only the left player takes good piles.
      slapper = won[0] >= 2 && won[1] >= 2 ? 0 : 1 - slapper;
      continue;
    }
    if (won[0] >= 2 && won[1] >= 2 && g.stacks[1].length > 0 && g.pile.length > 0 && g.pendingCollect === null && !pairOrSandwich(g.pile)) {
      d.until((s) => !s.table.flying, 30);
      d.wait(12);
      d.step(SLAP[1]!); // the right player's wrong slap
      d.step(0);
      continue;
    }
    // Whoever the game waits for presses their own play button.
    const seat = g.pendingCollect !== null ? g.pendingCollect.seat : g.turn;
    if (seat === 0) d.press(BTN.LEFT);
    else if (seat === g.options.players - 1) d.press(BTN.SQUARE);
    else d.step(0);
  }
  expect(d.debug().scene).toBe('results');
  expect(won[0]).toBeGreaterThanOrEqual(2);
  expect(won[1]).toBeGreaterThanOrEqual(2);
  d.wait(60);
  shots.push(d.frameIndex - 1);
  const script = { seed: 12, frames: d.frameIndex, inputs: d.recorder.inputs, shots };
  d.dispose();
  return script;
}

describe('the recorded two-person game', () => {
  it('plays from the title to the results; each side takes piles with a slap of their own; the replay draws the same frames twice', async () => {
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
    const end = vm.debug();
    expect(end.settings.humans).toBe(2);
    expect(end.scene).toBe('results');
    expect(end.stats.twoPlayer.games).toBe(1);
    vm.dispose();
    expect(taken[0]).toBeGreaterThanOrEqual(2);
    expect(taken[1]).toBeGreaterThanOrEqual(2);
    const again = await replay(script);
    again.vm.dispose();
    expect(again.hashes).toEqual(hashes);
  });
});
