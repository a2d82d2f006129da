// Runs dist/ratscrew.js in Node's own engine (node:vm, V8) with a fake host
// and plays the human seat with a simple policy, to write an input script for
// the headless hosts: the same bundle, seed, saved text and button masks give
// the same frames in every host (docs/host-api.md §5), which the benchmark
// checks by comparing per-frame hashes with the native run.
//
// The human: on the title presses Cross (Play is the first item); at the
// table presses Square REACT_FRAMES after it becomes their turn to play or
// to collect a pile they won; never slaps (the CPU players do). With
// `untilResults`, stops a second into the results screen (RESULTS_FRAMES):
// its page is prepared over a few frames behind the table's last picture
// (src/app/app.ts drawApp) and the next game is dealt ahead a quarter of a
// second after it shows (src/app/session.ts), and all of that is counted.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { BTN_CROSS, BTN_SQUARE, COMMAND_INTS, OP_SOUND, SOUND, frameHash, headlessFrameMs } from '../../tools/contract/contract.mjs';

/** The human's reaction: about 330 ms. */
const REACT_FRAMES = 20;
const PRESS_AT_TITLE = 60;
/** Frames played on the results screen with `untilResults`. */
const RESULTS_FRAMES = 60;

/**
 * The saved text the benchmark starts with: only the rule set and player
 * count. The app's reader (src/app/settings.ts) gives every field a save
 * lacks its default without calling the save damaged, so this never has to
 * repeat the defaults. If it ever did call it damaged, playScript reports
 * that as `damagedSave`.
 */
export function savedText(players, ruleSet = 'classic') {
  return JSON.stringify({ version: 1, settings: { ruleSet, players } });
}

export function loadBundle(source, { seed, saved, logs = [] }) {
  const ctx = {
    host: {
      seed, // no caps: the PSP's, as the headless host
      load: () => saved,
      save: (t) => {
        saved = t;
        return true;
      },
      log: (t) => logs.push(String(t)),
    },
  };
  vm.createContext(ctx);
  vm.runInContext(source, ctx, { filename: 'ratscrew.js' });
  return ctx.ratscrew;
}

/**
 * Plays `frames` frames (or until the results screen) and returns the input
 * script, the per-frame hashes, scene names and the frames where a slap won
 * the pile (a SOUND slap and a SOUND sweep in the same frame).
 */
export function playScript({ bundlePath, seed, players, frames, untilResults = false }) {
  const source = readFileSync(bundlePath, 'utf8');
  const saved = savedText(players);
  const logs = [];
  const r = loadBundle(source, { seed, saved, logs });
  const inputs = [];
  const hashes = [];
  const scenes = [];
  const slapClaims = [];
  /** frames whose list holds a SOUND command: something happened in the game */
  const cued = [];
  let mask = 0;
  let needSince = -1;
  let pressUntil = -1;
  let f = 0;
  let resultsAt = -1;
  for (; f < frames; f++) {
    // decide this frame's mask from what the previous frame left
    let want = 0;
    const st = f === 0 ? null : JSON.parse(r.debug());
    if (st && st.scene === 'title' && !st.demo) {
      if (f >= PRESS_AT_TITLE && f < PRESS_AT_TITLE + 3) want = BTN_CROSS;
    } else if (st && st.scene === 'table' && st.table.game.over === null) {
      const g = st.table.game;
      const need = g.pendingCollect !== null ? g.pendingCollect.seat === 0 : g.pendingChoice === null && g.turn === 0;
      if (f < pressUntil) want = BTN_SQUARE;
      else if (!need) needSince = -1;
      else if (needSince < 0) needSince = f;
      else if (f - needSince >= REACT_FRAMES) {
        want = BTN_SQUARE;
        pressUntil = f + 2;
        needSince = -1;
      }
    } else if (st && st.scene === 'results' && untilResults) {
      if (resultsAt < 0) resultsAt = f;
      if (f - resultsAt >= RESULTS_FRAMES) break;
    }
    if (want !== mask || inputs.length === 0) {
      inputs.push([f, want]);
      mask = want;
    }
    const n = r.frame(headlessFrameMs(f), mask);
    const cmds = r.commands;
    hashes.push(frameHash(cmds, n));
    scenes.push(st ? st.scene : 'title');
    let slap = false;
    let sweep = false;
    for (let i = 0; i < n; i++) {
      if (cmds[i * COMMAND_INTS] !== OP_SOUND) continue;
      if (cmds[i * COMMAND_INTS + 1] === SOUND.slap) slap = true;
      if (cmds[i * COMMAND_INTS + 1] === SOUND.sweep) sweep = true;
    }
    if (slap && sweep) slapClaims.push(f);
    let anySound = false;
    for (let i = 0; i < n; i++) if (cmds[i * COMMAND_INTS] === OP_SOUND) anySound = true;
    cued.push(anySound);
  }
  // the scene of frame f is known after it ran: shift by one (frame f's scene = debug after frame f)
  const after = scenes.slice(1);
  after.push(JSON.parse(r.debug()).scene);
  return {
    script: { seed, frames: f, inputs, saved },
    hashes,
    scenes: after,
    slapClaims,
    cued,
    damagedSave: logs.some((l) => /damaged/.test(l)),
    logs,
  };
}
