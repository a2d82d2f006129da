// Button fuzzing through the whole game: the bundle (dist/ratscrew.js) in a
// quickjs-emscripten BundleVM, fed frame after frame with button masks from a
// seeded policy that mostly navigates with purpose (so it reaches the table,
// the options, how to play, the idle demo, the quit question and the results)
// and partly mashes noise. Checked:
//  - no frame throws; every frame's command list is well formed;
//  - the scene (ratscrew.debug()) is always a known one, and the game on the
//    table keeps the rules engine's invariants (tools/fuzz/invariants.ts);
//  - escape probes at random moments: the way out is each button's one
//    meaning (issue 20): Start goes back from a menu, opens the pause menu
//    over the table (whose End game, confirmed with Cross, shows the
//    results), and on the title asks to quit, Start again quitting. A scene
//    Start does not lead out of within a few presses is a trap;
//  - QUIT comes only from the title; the session then restarts in a new VM
//    with the text the game saved, which must load without a damaged notice.
import { SIG_CLOSE } from '../../src/contract';
import { BTN } from '../../test/support/driver';
import { BundleVM, frameTime, hashCommands } from '../../test/support/quickjs-host';
import type { GameState } from '../../src/rules';
import { checkState, factsOf } from './invariants';
import { Rand, mixSeed } from './random';

/** The PSP buttons (test/support/driver.ts), by a short name for the press tables below. */
export const B = BTN;

const SCENES = ['title', 'options', 'howTo', 'table', 'results', 'stats'] as const;
const ALL_BUTTONS = Object.values(B);
const MAX_COMMANDS = 2048;

export interface ButtonFuzzOptions {
  seed: number;
  frames: number;
  /** Saved text the first session starts with. */
  saved?: string | null;
  /** Chance per plan of an escape probe (Start, Start -> title). */
  probeChance?: number;
  /** Keep every session's masks and frame hashes (to replay them in the native host). */
  record?: boolean;
}

/** One session of a run: replayable in the headless host with --seed, --saved and these masks. */
export interface Recording {
  seed: number;
  /** The saved text the session started with (null: none). */
  saved: string | null;
  masks: number[];
  /** FNV-1a of each frame's commands, 8 hex digits, as hashes.txt writes them. */
  hashes: string[];
  /** The session ended with QUIT (the headless host stops there too). */
  quit: boolean;
}

export interface ButtonFuzzResult {
  seed: number;
  frames: number;
  sessions: number;
  /** Frames spent in each scene (demo counted apart). */
  sceneFrames: Record<string, number>;
  /** Scene changes seen, "from>to". */
  transitions: Record<string, number>;
  probes: Record<string, number>;
  /** Probes where a menu (not the table, not the title) did not go back to the title on one Start, by scene. */
  startDidNotLeave: Record<string, number>;
  gamesFinished: number;
  quitConfirmSeen: number;
  demoFrames: number;
  optionChanges: number;
  /** Longest wait seen for a CPU player or the results, in frames (plans are looked at every few frames). */
  longestCpuWait: number;
  ms: number;
  /** A hash over every frame's command hash: equal runs draw equal frames. */
  digest: number;
  /** First failure, with how to reproduce it; null when none. */
  failure: string | null;
  /** With `record`, every session in order. */
  recordings: Recording[];
}

class Failure extends Error {}

/** Recent masks, for the failure report (mask and how many frames it was held). */
class InputLog {
  private readonly runs: [number, number][] = [];
  push(mask: number): void {
    const last = this.runs[this.runs.length - 1];
    if (last && last[0] === mask) last[1]++;
    else {
      this.runs.push([mask, 1]);
      if (this.runs.length > 64) this.runs.shift();
    }
  }
  text(): string {
    return this.runs.map(([m, n]) => `0x${(m >>> 0).toString(16)}x${n}`).join(' ');
  }
}

function checkCommands(cmds: Int32Array): void {
  const n = cmds.length / 8;
  if (n < 1 || n > MAX_COMMANDS) throw new Failure(`frame wrote ${n} commands`);
  if (cmds[0] !== 1) throw new Failure(`first command is op ${cmds[0]}, not CLEAR`);
  for (let o = 0; o < cmds.length; o += 8) {
    const op = cmds[o]!;
    if (op < 1 || op > 6) throw new Failure(`command ${o / 8} has unknown op ${op}`);
  }
}

function hasQuit(cmds: Int32Array): boolean {
  for (let o = 0; o < cmds.length; o += 8) if (cmds[o] === 6) return true;
  return false;
}

function deckSize(g: GameState): number {
  const o = g.options;
  return 52 + ((o.ruleSet === 'classic' ? o.jokers : o.russianJokers !== 'off') ? 2 : 0);
}

/** The game on the table must keep the rules engine's invariants. */
function checkTableGame(g: GameState): void {
  const facts = factsOf(g);
  if (facts.deckSize !== deckSize(g)) throw new Failure(`table game holds ${facts.deckSize} cards, expected ${deckSize(g)}`);
  try {
    checkState(g, facts, null, null);
  } catch (e) {
    throw new Failure(`table game broke an invariant: ${(e as Error).message}`);
  }
}

export async function buttonFuzz(opts: ButtonFuzzOptions): Promise<ButtonFuzzResult> {
  const rnd = new Rand(mixSeed(opts.seed, 0xb7770));
  const probeChance = opts.probeChance ?? 0.05;
  const res: ButtonFuzzResult = {
    seed: opts.seed,
    frames: 0,
    sessions: 0,
    sceneFrames: Object.fromEntries(SCENES.map((s) => [s, 0])),
    transitions: {},
    probes: {},
    startDidNotLeave: {},
    gamesFinished: 0,
    quitConfirmSeen: 0,
    demoFrames: 0,
    optionChanges: 0,
    longestCpuWait: 0,
    ms: 0,
    digest: 0x811c9dc5,
    failure: null,
    recordings: [],
  };
  let saved: string | null = opts.saved ?? null;
  let vm: BundleVM | null = null;
  let local = 0; // frame index within the session (host time restarts with the VM)
  let sessionStart = 0;
  let sessionSaved: string | null = saved;
  const log = new InputLog();
  let scene = 'title';
  let state: any = null;
  let quitNow = false;
  let patient = false;
  const queue: number[] = [];

  const newSession = async (): Promise<void> => {
    if (vm) {
      saved = vm.saved;
      vm.dispose();
    }
    sessionSaved = saved;
    const seed = mixSeed(opts.seed, res.sessions);
    if (opts.record) res.recordings.push({ seed, saved, masks: [], hashes: [], quit: false });
    // No caps, as the native headless host: the frames are then those it draws.
    vm = await BundleVM.create({ seed, saved });
    res.sessions++;
    local = 0;
    sessionStart = res.frames;
    quitNow = false;
  };

  /** One frame with `mask`; every check on its output. Returns false when the game asked to quit. */
  const step = (mask: number): boolean => {
    log.push(mask);
    let cmds: Int32Array;
    try {
      cmds = vm!.frame(frameTime(local), mask);
    } catch (e) {
      throw new Failure(`frame threw: ${(e as Error).message}`);
    }
    local++;
    res.frames++;
    res.sceneFrames[scene]!++;
    if (scene === 'title' && state?.demo) res.demoFrames++;
    checkCommands(cmds);
    const hash = hashCommands(cmds);
    res.digest = Math.imul(res.digest ^ hash, 0x01000193) >>> 0;
    const rec = res.recordings[res.sessions - 1];
    if (rec) {
      rec.masks.push(mask >>> 0);
      rec.hashes.push(hash.toString(16).padStart(8, '0'));
    }
    if (hasQuit(cmds)) {
      const s = vm!.debug();
      // The window's close button (SIG_CLOSE, in the noise's masks) quits from anywhere, at once.
      if (s.scene !== 'title' && (mask & SIG_CLOSE) === 0) throw new Failure(`QUIT from scene ${s.scene}`);
      const rec = res.recordings[res.sessions - 1];
      if (rec) rec.quit = true;
      quitNow = true;
      return false;
    }
    return true;
  };

  const look = (): any => {
    const prev = scene;
    state = vm!.debug();
    if (!SCENES.includes(state.scene)) throw new Failure(`unknown scene ${JSON.stringify(state.scene)}`);
    scene = state.scene;
    if (prev !== scene) {
      const key = `${prev}>${scene}`;
      res.transitions[key] = (res.transitions[key] ?? 0) + 1;
      if (scene === 'results') res.gamesFinished++;
    }
    if (state.table?.game) checkTableGame(state.table.game as GameState);
    if (state.quitConfirm || state.paused) res.quitConfirmSeen++;
    checkProgress();
    return state;
  };

  /**
   * Liveness: while the table waits for a CPU player (or for the results after
   * the last card), something must happen within STALL_FRAMES. Waiting for the
   * human is fine; the quit question pauses the clock, and so does the
   * prompt for a person who is out (barred by a wrong slap without cards:
   * a false start in a flight does it too), which waits for their answer.
   */
  let lastSig = '';
  let sigSince = 0;
  const STALL_FRAMES = 600; // 10 s; CPU players act within about 2 s
  const checkProgress = (): void => {
    const onTable = (scene === 'table' || (scene === 'title' && state.demo)) && state.table?.game;
    if (!onTable || state.table.quitConfirm || state.paused || state.outPrompt) {
      lastSig = '';
      return;
    }
    const g = state.table.game as GameState;
    // Two people (issue 16) sit in the seats marked with their buttons; one person in seat 0.
    const marks: (string | null)[] = state.table.marks ?? [];
    const people = scene !== 'table' ? [] : marks.some((m) => m) ? marks.flatMap((m, seat) => (m ? [seat] : [])) : [0];
    const isCpu = (seat: number): boolean => people.indexOf(seat) < 0;
    const cpuToAct =
      g.over !== null || (g.pendingChoice !== null ? isCpu(g.pendingChoice) : g.pendingCollect ? isCpu(g.pendingCollect.seat) : isCpu(g.turn));
    const sig = `${scene}|${g.seed}|${g.cardsPlayed}|${g.turn}|${g.pile.length}|${g.burned.length}|${g.pendingCollect?.seat}|${g.pendingChoice}|${g.over ? 1 : 0}`;
    if (sig !== lastSig || !cpuToAct) {
      lastSig = sig;
      sigSince = res.frames;
      return;
    }
    res.longestCpuWait = Math.max(res.longestCpuWait, res.frames - sigSince);
    if (res.frames - sigSince > STALL_FRAMES)
      throw new Failure(`the table stalled: ${res.frames - sigSince} frames waiting for a CPU player or the results (${sig})`);
  };

  const press = (b: number, after = 1): void => {
    queue.push(b);
    for (let i = 0; i < after; i++) queue.push(0);
  };
  const wait = (n: number): void => {
    for (let i = 0; i < n; i++) queue.push(0);
  };

  /** The way out, by each button's one meaning: the title within a few presses; the title's Start, Start quits. */
  const probe = (): void => {
    // Let go of everything first: a held Start gives no new press.
    if (!step(0)) return;
    look();
    const asking = state.quitConfirm || state.paused;
    const from = asking ? `${scene}+quitConfirm` : state.demo ? 'demo' : scene;
    res.probes[from] = (res.probes[from] ?? 0) + 1;
    if (scene === 'title' && !state.demo) {
      // Start on the title asks; Start again leaves the game: QUIT within two frames.
      if (!state.quitConfirm && (!step(B.START) || !step(0))) return;
      if (step(B.START) && step(0)) throw new Failure('Start, Start on the title did not quit');
      return;
    }
    const menu = scene !== 'table' && scene !== 'title' && !(scene === 'howTo' && state.howToFromPause);
    for (let i = 0; i < 10; i++) {
      // Start (back, or the pause menu); in the pause menu Up to End game, Cross, and Cross again to confirm.
      const b = !state.paused || scene !== 'table' ? B.START : state.endAsked || state.pauseCursor === 2 ? B.CROSS : B.UP;
      if (!step(b) || !step(0) || !step(0)) return;
      if (look().scene === 'title') {
        if (menu && i > 0) res.startDidNotLeave[from] = (res.startDidNotLeave[from] ?? 0) + 1;
        return;
      }
    }
    throw new Failure(`no way back to the title from ${from}: ten presses by the buttons' meanings left it in ${scene}`);
  };

  /** Queues the next few frames of input for the scene we are in. */
  const plan = (): void => {
    const r = rnd.u32() / 4294967296;
    // A third of the games are played out patiently (no noise, no leaving), so
    // that the results are reached whatever the seed and the game's pace.
    if (scene !== 'table') patient = false;
    else if (!patient && state.table?.game?.cardsPlayed === 0 && rnd.chance(0.35)) patient = true;
    if (patient && !state.paused) {
      const g = state.table?.game;
      // Two people (issue 16): the left player in seat 0 plays with D-pad Left, the right player in the last seat with Square.
      const marks: (string | null)[] = state.table?.marks ?? [];
      const duel = marks.some((m) => m);
      const last = marks.length - 1;
      const acting = g ? (g.pendingChoice ?? g.pendingCollect?.seat ?? g.turn) : -1;
      const mine = g && g.over === null && (acting === 0 || (duel && acting === last));
      if (mine && duel) press(acting === 0 ? B.LEFT : B.SQUARE, 1 + rnd.below(12));
      else if (mine) press(state.table.choosing ? rnd.pick([B.CROSS, B.LEFT, B.RIGHT]) : B.SQUARE, 1 + rnd.below(12));
      else if (rnd.chance(0.05)) press(B.CROSS, 4);
      else wait(4 + rnd.below(20));
      return;
    }
    if (r < 0.08) {
      // Noise: any buttons at all, held a little; on the title mostly without Start.
      let mask = rnd.u32() & (rnd.chance(0.1) ? 0xffffffff : 0xf3f9);
      if ((scene === 'title' || scene === 'table') && rnd.chance(0.93)) mask &= ~B.START;
      for (let i = 1 + rnd.below(6); i > 0; i--) queue.push(mask);
      return;
    }
    switch (scene) {
      case 'title':
        if (state.demo) {
          wait(30 + rnd.below(400));
          press(rnd.pick(ALL_BUTTONS.filter((b) => b !== B.START)));
          return;
        }
        if (r < 0.12) return wait(1250); // idle past 20 s: the demo starts
        {
          // play, options, how to, statistics, watch CPUs, quit
          const target = r < 0.5 ? 0 : r < 0.72 ? 1 : r < 0.86 ? 2 : r < 0.92 ? 3 : r < 0.97 ? 4 : 5;
          const cursor = state.titleCursor as number;
          const moves = (target - cursor + 6) % 6;
          for (let i = 0; i < moves; i++) press(B.DOWN);
          press(B.CROSS, 2);
        }
        return;
      case 'options': {
        const n = 1 + rnd.below(8);
        for (let i = 0; i < n; i++) {
          const b = rnd.pick([B.UP, B.DOWN, B.DOWN, B.LEFT, B.RIGHT, B.CROSS]);
          if (b === B.LEFT || b === B.RIGHT || b === B.CROSS) res.optionChanges++;
          press(b);
        }
        if (rnd.chance(0.25)) press(B.CIRCLE, 2);
        return;
      }
      case 'howTo':
        press(rnd.pick([B.LEFT, B.RIGHT, B.RIGHT, B.CROSS, B.CIRCLE]));
        return;
      case 'stats':
        press(rnd.pick([B.TRIANGLE, B.CROSS, B.CIRCLE, B.CIRCLE]));
        return;
      case 'results':
        wait(rnd.below(90));
        press(rnd.chance(0.6) ? B.CROSS : B.CIRCLE, 2);
        return;
      default: {
        // The table.
        if (state.paused) {
          press(rnd.chance(0.1) ? B.START : rnd.pick([B.CROSS, B.SQUARE, B.CIRCLE, B.UP]), 2);
          return;
        }
        if (r < 0.1) return press(B.CROSS, rnd.below(20)); // a slap, right or wrong
        if (r < 0.13) return press(rnd.pick([B.LEFT, B.RIGHT, B.UP, B.DOWN]));
        if (r < 0.135) return press(B.START, 2); // the quit question
        if (r < 0.14) {
          queue.push(...new Array<number>(30 + rnd.below(60)).fill(B.SQUARE | B.CROSS)); // held down
          return;
        }
        const g = state.table?.game;
        const mine = g && g.over === null && (g.turn === 0 || g.pendingChoice === 0 || g.pendingCollect?.seat === 0);
        if (mine) press(state.table.choosing ? rnd.pick([B.CROSS, B.LEFT, B.RIGHT]) : B.SQUARE, 1 + rnd.below(12));
        else wait(4 + rnd.below(20));
      }
    }
  };

  const started = Date.now();
  try {
    await newSession();
    step(0);
    look();
    if (state.notice !== '' && sessionSaved !== null && opts.saved === undefined) throw new Failure('notice on a clean start');
    while (res.frames < opts.frames) {
      if (quitNow) {
        await newSession();
        step(0);
        look();
        if (state.notice !== '') throw new Failure(`the game's own saved text loads with a notice: ${state.notice}; saved: ${sessionSaved}`);
        continue;
      }
      if (queue.length === 0) {
        look();
        // Probes are rarer at the table (plans there are short) so that games get finished.
        // Results and the quit question are short visits: probe them more often.
        const chance = scene === 'results' ? 0.5 : scene === 'howTo' ? 0.15 : scene !== 'table' ? probeChance : state.paused ? 0.3 : probeChance / 10;
        if (rnd.chance(chance)) {
          probe();
          if (!quitNow) look();
          continue;
        }
        plan();
      }
      const mask = queue.shift()!;
      if (!step(mask)) queue.length = 0;
    }
  } catch (e) {
    const where = `seed ${opts.seed}, session ${res.sessions - 1} frame ${local} (overall frame ${res.frames}, session began at ${sessionStart}), scene ${scene}`;
    res.failure =
      `button fuzz failure: ${(e as Error).message}\n  at ${where}\n` +
      `  reproduce: npx tsx tools/fuzz/buttons.ts --seed ${opts.seed} --frames ${res.frames}\n` +
      `  session saved text: ${JSON.stringify(sessionSaved)?.slice(0, 300)}\n` +
      `  last inputs (mask x frames): ${log.text()}` +
      (e instanceof Failure ? '' : `\n${(e as Error).stack}`);
  } finally {
    (vm as BundleVM | null)?.dispose();
  }
  res.ms = Date.now() - started;
  return res;
}
