// A recorded game through issue 20's moments (test/scripts/moments.json),
// which the PSP checks replay in PPSSPP frame for frame against the headless
// host (test/psp/replay.test.ts): the title's quit question (Start, then
// Circle stays), a slap the person wins at the bottom seat, a wrong slap's
// burned cards, a false start (Cross while a card flies: issue 32), the
// pause menu closed with Start through the 3-2-1, the
// out-of-the-game prompt (Keep watching: the table at three times the pace),
// then End game from the pause menu, its one question, and the results of
// the game as it stood. The celebration is in two-players.json and
// full-game-russian.json. Recorded here by playing (UPDATE_SCRIPTS=1, or a
// missing file, records it again); the replay then checks each moment from
// the game's own state.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BTN, Driver } from '../support/driver';
import { readScript, replay, writeScript, type InputScript } from '../support/script';
import { openOptions, pairOrSandwich, setOption, startFromOptions, waitToSee } from './helpers';

const PATH = fileURLToPath(new URL('../scripts/moments.json', import.meta.url));
/** The title's seed: with it the game is still running when the person, out for good, watches it and then ends it. */
const SEED = 1;

async function record(): Promise<InputScript> {
  const d = await Driver.create({ seed: SEED });
  const shots: number[] = [];
  const shot = (): void => {
    shots.push(d.frameIndex - 1);
  };
  d.wait(5);
  d.press(BTN.START); // "Quit to the PSP menu?"
  d.wait(4);
  shot();
  d.press(BTN.CIRCLE); // stay
  openOptions(d);
  setOption(d, 'Players', '3');
  setOption(d, 'CPU players', 'Hard');
  setOption(d, 'Slap back in', 'Off');
  setOption(d, 'Wrong slap', 'Burns cards');
  setOption(d, 'Wrong slap burns', '2 cards');
  startFromOptions(d);
  let wonSlap = false;
  let wrongSlap = false;
  let falseStart = false;
  let paused = false;
  for (let guard = 0; guard < 20000; guard++) {
    const s = d.debug();
    if (s.outPrompt || s.scene !== 'table' || s.table.game.over !== null) break;
    const g = s.table.game;
    if (!paused && g.cardsPlayed >= 12 && !s.table.flying && !s.table.countdown) {
      paused = true;
      d.press(BTN.START); // the pause menu
      d.wait(4);
      shot();
      d.press(BTN.START); // Start again closes it, through the 3-2-1
      d.wait(20);
      shot();
      d.until((x) => !x.table.countdown, 200);
      continue;
    }
    if (!wonSlap && g.pile.length > 0 && pairOrSandwich(g.pile) && g.pendingCollect === null && !s.table.flying) {
      d.wait(12); // about 200 ms: a person's reaction
      d.step(BTN.CROSS);
      d.step(0);
      if (d.debug().table.game.stacks[0].length > g.stacks[0].length || d.debug().table.game.pendingCollect?.seat === 0) {
        wonSlap = true;
        d.wait(8); // the hand slams, the pile waits under it
        shot();
      }
      continue;
    }
    if (wonSlap && !wrongSlap && g.pile.length > 1 && !pairOrSandwich(g.pile) && g.pendingCollect === null && !s.table.flying && g.stacks[0].length > 2) {
      wrongSlap = true;
      waitToSee(d);
      d.step(BTN.CROSS); // a wrong slap: two cards burned
      d.step(0);
      d.wait(6);
      shot();
      continue;
    }
    if (wrongSlap && !falseStart && s.table.flying && g.lastPlayer !== 0 && g.pendingCollect === null && g.stacks[0].length > 2) {
      falseStart = true;
      d.step(BTN.CROSS); // a false start: the card is still flying
      d.step(0);
      d.wait(6);
      shot();
      continue;
    }
    if ((g.turn === 0 || g.pendingCollect?.seat === 0) && g.pendingChoice === null) d.press(BTN.SQUARE);
    else d.step(0);
  }
  expect(d.debug().outPrompt).toBe(true);
  d.wait(4);
  shot();
  d.press(BTN.CROSS); // Keep watching
  d.wait(90);
  shot();
  d.press(BTN.START); // the pause menu
  d.press(BTN.UP); // End game
  d.press(BTN.CROSS); // "End this game?"
  d.wait(4);
  shot();
  d.press(BTN.CROSS); // yes
  d.wait(60);
  shot();
  expect(d.debug().scene).toBe('results');
  const script = { seed: SEED, frames: d.frameIndex, inputs: d.recorder.inputs, shots };
  d.dispose();
  return script;
}

describe('the recorded game through the moments of issue 20', () => {
  it('asks before quitting, wins and loses a slap at the bottom seat, starts falsely, pauses, asks the person out, ends from the pause menu; the replay draws the same frames twice', async () => {
    if (process.env.UPDATE_SCRIPTS || !existsSync(PATH)) writeScript(PATH, await record());
    const script = readScript(PATH);
    const seen = new Set<string>();
    let cause = '';
    const { vm, hashes } = await replay(script, (_f, vm) => {
      const s = vm.debug();
      if (s.quitConfirm) seen.add('quit question');
      if (s.paused) seen.add('pause');
      if (s.table?.countdown) seen.add('3-2-1');
      if (s.outPrompt) seen.add('out prompt');
      if (s.pace > 1) seen.add('watching faster');
      if (s.endAsked) seen.add('end question');
      if (s.table !== null && /^(Pair|Sandwich)! You take/.test(s.table.message)) seen.add('slap won by you');
      if (s.table !== null && /^Wrong slap: 2 cards burned/.test(s.table.message)) seen.add('wrong slap by you');
      if (s.table !== null && /^False start: 2 cards burned/.test(s.table.message)) seen.add('false start by you');
      if (s.scene === 'results') cause = s.results.cause;
    });
    expect([...seen].sort()).toEqual(
      ['3-2-1', 'end question', 'false start by you', 'out prompt', 'pause', 'quit question', 'slap won by you', 'watching faster', 'wrong slap by you'].sort(),
    );
    expect(vm.debug().scene).toBe('results');
    expect(cause).toMatch(/^You ended it early/);
    const again = await replay(script);
    expect(again.hashes).toEqual(hashes);
    again.vm.dispose();
    vm.dispose();
  });
});
