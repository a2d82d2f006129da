// Runs dist/ratscrew.js in Node's own engine (node:vm, V8) with a fake host
// and plays the human seat with a simple policy, to write an input script for
// the headless hosts: the same bundle, seed, saved text and button masks give
// the same frames in every host (docs/host-api.md §5), which the benchmark
// checks by comparing per-frame hashes with the native run.
//
// The human: on the title presses Cross (Play is the first item); at the
// table presses Square REACT_FRAMES after it becomes their turn to play or
// to collect a pile they won; never slaps (the CPU players do); out of the
// game, keeps watching (Cross on the out prompt's first row). With
// `untilResults`, stops a second into the results screen (RESULTS_FRAMES):
// its page is prepared over a few frames behind the table's last picture
// (src/app/app.ts drawApp) and the next game is dealt ahead a quarter of a
// second after it shows (src/app/session.ts), and all of that is counted.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { BTN_CIRCLE, BTN_CROSS, BTN_DOWN, BTN_SQUARE, COMMAND_INTS, OP_SOUND, SOUND, frameHash, headlessFrameMs } from '../../tools/contract/contract.mjs';

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
  let needSince = -1;
  let pressUntil = -1;
  let resultsAt = -1;
  return drive({ bundlePath, seed, players, frames }, (f, st) => {
    if (st && st.scene === 'title' && !st.demo) {
      if (f >= PRESS_AT_TITLE && f < PRESS_AT_TITLE + 3) return BTN_CROSS;
    } else if (st && st.scene === 'table' && st.outPrompt) {
      // out of the game (src/app/scenes/table.ts outFrame): Cross on its first
      // row keeps watching, the CPUs playing on three times faster
      if (f < pressUntil) return BTN_CROSS;
      if (needSince < 0) needSince = f;
      else if (f - needSince >= REACT_FRAMES) {
        pressUntil = f + 2;
        needSince = -1;
        return BTN_CROSS;
      }
    } else if (st && st.scene === 'table' && st.table.game.over === null) {
      const g = st.table.game;
      const need = g.pendingCollect !== null ? g.pendingCollect.seat === 0 : g.pendingChoice === null && g.turn === 0;
      if (f < pressUntil) return BTN_SQUARE;
      if (!need) needSince = -1;
      else if (needSince < 0) needSince = f;
      else if (f - needSince >= REACT_FRAMES) {
        pressUntil = f + 2;
        needSince = -1;
        return BTN_SQUARE;
      }
    } else if (st && st.scene === 'results' && untilResults) {
      if (resultsAt < 0) resultsAt = f;
      if (f - resultsAt >= RESULTS_FRAMES) return null;
    }
    return 0;
  });
}

/** Frames of the title's CPU demo, and of Watch CPUs, that playTitle plays. */
export const DEMO_FRAMES = 900;
export const WATCH_FRAMES = 900;

/**
 * The title left alone and then Watch CPUs: nobody touches the title until
 * its CPU demo starts (after src/app/scenes/title.ts DEMO_AFTER_MS idle: the
 * demo's deal and table), the demo plays DEMO_FRAMES frames, Circle stops it
 * (the title menu comes back), Down moves to the Watch CPUs row (`watchRow`,
 * src/app/scenes/title.ts ITEM_WATCH) and Cross starts a CPU-only game with
 * the saved settings (`players`), watched for WATCH_FRAMES frames.
 * `phase` gives what each frame showed: idle (the title before any demo),
 * demo, menu (the title after it), watch; a deal is its game's first frame.
 */
export function playTitle({ bundlePath, seed, players, watchRow }) {
  const phase = [];
  let part = 'idle';
  let since = 0;
  /** a press in progress: the button is down two frames, then up two */
  let press = null;
  let crossed = false;
  let seenDemo = false;
  const run = drive({ bundlePath, seed, players, frames: 20 * 3600 }, (f, st) => {
    if (press !== null && f - press.at >= 4) press = null;
    const start = (button) => {
      press = { button, at: f };
    };
    if (press === null) {
      if (part === 'idle' && st && st.demo) [part, since] = ['demo', f];
      else if (part === 'demo' && f - since >= DEMO_FRAMES) {
        if (st.demo) start(BTN_CIRCLE);
        else [part, since] = ['menu', f];
      } else if (part === 'menu' && f - since >= 30) {
        if (st.scene !== 'title') throw new Error(`bench: the title's row ${watchRow} led to the ${st.scene} scene, not Watch CPUs`);
        if (crossed) {
          if (!st.watching) throw new Error(`bench: the title's row ${watchRow} is not Watch CPUs`);
          [part, since] = ['watch', f];
        } else if (st.titleCursor !== watchRow) start(BTN_DOWN);
        else {
          start(BTN_CROSS);
          crossed = true;
        }
      } else if (part === 'watch') {
        if (!st.watching) throw new Error('bench: Watch CPUs ended by itself');
        if (f - since >= WATCH_FRAMES) return null;
      }
    }
    // what frame f-1 left on screen: its part
    if (st) {
      seenDemo ||= st.demo;
      phase[f - 1] = st.watching ? 'watch' : st.demo ? 'demo' : seenDemo ? 'menu' : 'idle';
    }
    return press !== null && f - press.at < 2 ? press.button : 0;
  });
  if (part !== 'watch') throw new Error(`bench: the title run ended in its ${part} part`);
  phase.push('watch'); // the last frame: Watch CPUs, which never stopped
  return { ...run, phase };
}

/**
 * The frame loop every policy shares: frame f's buttons are decide(f, st),
 * st the app's state after frame f-1 (null at 0); null ends the run.
 */
function drive({ bundlePath, seed, players, frames }, decide) {
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
  let f = 0;
  for (; f < frames; f++) {
    const st = f === 0 ? null : JSON.parse(r.debug());
    const want = decide(f, st);
    if (want === null) break;
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
    let anySound = false;
    for (let i = 0; i < n; i++) {
      if (cmds[i * COMMAND_INTS] !== OP_SOUND) continue;
      anySound = true;
      if (cmds[i * COMMAND_INTS + 1] === SOUND.slap) slap = true;
      if (cmds[i * COMMAND_INTS + 1] === SOUND.sweep) sweep = true;
    }
    if (slap && sweep) slapClaims.push(f);
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
