// Whole games from the title to the results screen by scripted inputs, in
// both rule sets. The scripts are test/scripts/full-game-*.json in the
// headless host's format (the native cross-check replays them too). They
// are recorded here by playing through the menus; UPDATE_SCRIPTS=1 (or a
// missing file) records them again.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BTN, Driver } from '../support/driver';
import { writeScreenshot } from '../support/raster';
import { readScript, replay, writeScript, type InputScript } from '../support/script';
import { openOptions, setOption, startFromOptions } from './helpers';

const scriptPath = (name: string): string => fileURLToPath(new URL(`../scripts/${name}.json`, import.meta.url));

/** Mashes buttons in a fixed rhythm (no peeking at the game) until the results show. */
function mashUntilResults(d: Driver, pattern: number[], shots: number[], maxFrames: number): void {
  const start = d.frameIndex;
  for (let i = 0; d.debug().scene !== 'results'; i++) {
    if (i >= maxFrames) throw new Error('the game did not end in time');
    d.step(pattern[i % pattern.length]);
    if (i === 150) shots.push(d.frameIndex - 1);
  }
  expect(d.frameIndex - start).toBeGreaterThan(100);
}

async function recordClassic(): Promise<InputScript> {
  const d = await Driver.create({ seed: 1 });
  const shots: number[] = [];
  d.wait(20);
  shots.push(10);
  openOptions(d);
  setOption(d, 'Players', '2');
  setOption(d, 'CPU players', 'Hard');
  setOption(d, 'Wrong slap', 'Burns cards');
  setOption(d, 'Wrong slap burns', '2 cards');
  d.wait(10);
  shots.push(d.frameIndex - 1);
  startFromOptions(d);
  // Square every 0.4 s plays when it is the human's turn (and collects won
  // piles); Cross every 1.6 s slaps blindly: mostly wrong slaps that burn two
  // cards each, so the human runs out within a minute or so and the game ends.
  const rhythm: number[] = [];
  for (let i = 0; i < 96; i++) rhythm.push(i < 2 ? BTN.CROSS : i % 24 === 12 || i % 24 === 13 ? BTN.SQUARE : 0);
  mashUntilResults(d, rhythm, shots, 8000);
  d.wait(60);
  shots.push(d.frameIndex - 1);
  const script = { seed: 1, frames: d.frameIndex, inputs: d.recorder.inputs, shots };
  d.dispose();
  return script;
}

async function recordRussian(): Promise<InputScript> {
  const d = await Driver.create({ seed: 2 });
  const shots: number[] = [];
  d.wait(5);
  openOptions(d);
  setOption(d, 'Rules', 'Russian');
  setOption(d, 'Players', '2');
  setOption(d, 'CPU players', 'Hard');
  setOption(d, 'Jokers', 'Beat all');
  startFromOptions(d);
  mashUntilResults(d, [BTN.SQUARE, BTN.SQUARE, 0, 0, 0, 0], shots, 20000);
  d.wait(60);
  shots.push(d.frameIndex - 1);
  const script = { seed: 2, frames: d.frameIndex, inputs: d.recorder.inputs, shots };
  d.dispose();
  return script;
}

async function scriptFor(name: string, record: () => Promise<InputScript>): Promise<InputScript> {
  const path = scriptPath(name);
  if (process.env.UPDATE_SCRIPTS || !existsSync(path)) writeScript(path, await record());
  return readScript(path);
}

describe('whole games by scripted inputs', () => {
  it.each([
    ['full-game-classic', recordClassic, 'classic'],
    ['full-game-russian', recordRussian, 'russian'],
  ] as const)('%s: title to results', async (name, record, ruleSet) => {
    const script = await scriptFor(name, record);
    expect(script.frames).toBeLessThan(20000);
    const scenes = new Set<string>();
    let most = 0;
    const { vm, hashes } = await replay(script, (f, vm) => {
      scenes.add(vm.debug().scene);
      most = Math.max(most, f.cmds!.length / 8);
      if (script.shots.includes(f.index)) writeScreenshot(`test-output/${name}-${f.index}.png`, f.cmds!);
    });
    // Every frame fits the command buffer with room to spare (the writer would drop the rest).
    expect(most).toBeLessThan(1024);
    const end = vm.debug();
    expect(end.scene).toBe('results');
    expect([...scenes]).toEqual(expect.arrayContaining(['title', 'options', 'table', 'results']));
    expect(end.table.game.options.ruleSet).toBe(ruleSet);
    expect(end.table.game.over).not.toBe(null);
    expect(end.results.ranking.length).toBe(2);
    expect(end.results.cardsPlayed).toBe(end.table.game.cardsPlayed);
    // Lifetime stats were counted and saved at the game's end.
    expect(end.stats[ruleSet].games).toBe(1);
    expect(JSON.parse(vm.saved!).stats[ruleSet].games).toBe(1);
    // Replaying gives the same frames: the draw list depends only on seed, times and buttons.
    const again = await replay(script);
    expect(again.hashes).toEqual(hashes);
    again.vm.dispose();
    vm.dispose();
  });
});
