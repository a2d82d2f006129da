// The worker the script runs in (docs/web.md, "Which engine runs the
// script"): the page starts it, hands it the bundle's source and the host's
// setup, then asks for one frame at a time. Its host is the page's (saves
// through LocalSave over a copy of localStorage's save entries, whose writes
// go back with each answer: web/src/save-mirror.ts) or the headless host's
// (replays). The page ends the worker when an answer does not come in time.
import { COMMAND_INTS, DEFAULT_CAPABILITIES, frameHash, headlessFrameMs, OP_QUIT, TAP_NONE, type Host } from '../../../src/contract';
import { pageHost, type Chosen } from '../host';
import { NO_NETWORK, NOT_NEARBY, pageNet } from '../net';
import { MirrorStore } from '../save-mirror';
import { LocalSave } from '../save';
import type { EngineKind, HostSetup, ScriptEngine } from './engine';
import { describeThrown } from './errors';
import { type Compiled, PageEngine } from './page';
import type { FromWorker, HostOut, ReplayFrame, ReplayScript, ToWorker } from './protocol';

/** The worker's global scope, as far as it is used here (the page's DOM types describe a window). */
const scope = self as unknown as {
  postMessage(message: FromWorker, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};

/** What the host did since the last answer. */
let logs: string[] = [];
let chosen: Chosen | null = null;
/** The address the page should show (an online room's link, web/src/net.ts), null for no change. */
let address: string | null = null;
/** The keyboard's text the page sent with this frame: host.typed() hands it over once. */
let typed: string | null = null;
let mirror: MirrorStore | null = null;
let save: LocalSave | null = null;
let engine: ScriptEngine | null = null;
type Bundle = { source: string; compiled: Compiled };
/**
 * The bundle index.html fetched for this worker ('bundle'), compiled as
 * soon as it is here, while the page is still loading: a start with no
 * source waits for it (its message may come after the start's).
 */
let arrived: (bundle: Promise<Bundle>) => void = () => {};
const ahead = new Promise<Bundle>((resolve) => {
  arrived = resolve;
});
ahead.catch(() => {}); // the start reports it
/** The page's shared buffer: [0] the last frame written, [1] its command count, then its commands. */
let shared: { head: Int32Array; body: Int32Array } | null = null;

function post(message: FromWorker, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

function hostOut(): HostOut {
  const out = { logs, writes: mirror?.take() ?? [], chosen, problem: save?.problem() ?? null, address };
  logs = [];
  chosen = null;
  address = null;
  return out;
}

function pageHostIn(setup: Extract<HostSetup, { kind: 'page' }>): Host {
  mirror = setup.storage ? new MirrorStore(setup.storage) : null;
  save = new LocalSave(mirror);
  const net = pageNet({ ...setup.net, showAddress: (a) => (address = a) });
  const takeTyped = (): string | null => {
    const t = typed;
    typed = null;
    return t;
  };
  return pageHost(save, setup.caps, setup.seed, (c) => void (chosen = c), net, (text) => void logs.push(text), takeTyped);
}

/** native/desktop/main_headless.c's host: the saved text in memory, nothing refused. */
function headlessHost(setup: Extract<HostSetup, { kind: 'headless' }>): Host {
  let saved = setup.saved;
  return {
    caps: DEFAULT_CAPABILITIES,
    seed: setup.seed >>> 0,
    load: () => saved,
    save: (t) => {
      saved = t;
      return true;
    },
    log: () => {},
    problem: () => null,
    keepDamaged: () => true,
    ...NO_NETWORK, // the headless host has none
    ...NOT_NEARBY,
    chosen: () => {}, // and nothing of its own beside the picture
  };
}

function compileBundle(bytes: ArrayBuffer | null, error: string | null): Promise<Bundle> {
  if (bytes === null) return Promise.reject(new Error(error ?? 'ratscrew.js: not fetched'));
  const source = new TextDecoder().decode(bytes);
  return Promise.resolve({ source, compiled: PageEngine.compile(source) });
}

async function start(kind: EngineKind, given: string | null, setup: HostSetup): Promise<ScriptEngine> {
  const bundle = given === null ? await ahead : { source: given, compiled: null };
  const host = setup.kind === 'page' ? pageHostIn(setup) : headlessHost(setup);
  if (kind === 'quickjs') {
    const { QuickJsEngine } = await import('./quickjs');
    post({ type: 'evaluating' });
    return QuickJsEngine.create(bundle.source, host);
  }
  post({ type: 'evaluating' });
  return PageEngine.create(bundle.compiled ?? bundle.source, host);
}

/** ratscrew.frame, timed: its number of commands, how many ints of the buffer they are, and the script's time. */
function timed(e: ScriptEngine, now: number, buttons: number, tap: number): { n: number; count: number; scriptMs: number } {
  const t0 = performance.now();
  const n = e.frame(now, buttons, tap);
  const scriptMs = performance.now() - t0;
  return { n, count: Math.max(0, Math.min(n, e.commands.length / COMMAND_INTS)) * COMMAND_INTS, scriptMs };
}

function frame(e: ScriptEngine, seq: number, now: number, buttons: number, tap: number): void {
  const { n, count, scriptMs } = timed(e, now, buttons, tap);
  if (shared) {
    // Where the page waits for them within its display frame (worker-engine.ts early).
    shared.body.set(e.commands.subarray(0, count));
    shared.head[1] = n;
    Atomics.store(shared.head, 0, seq);
    post({ type: 'frame', n, commands: null, scriptMs, out: hostOut() });
    return;
  }
  // A copy of the commands drawn, handed over whole (transferred, not copied again).
  const commands = e.commands.slice(0, count);
  post({ type: 'frame', n, commands, scriptMs, out: hostOut() }, [commands.buffer]);
}

function hasQuit(cmds: Int32Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (cmds[i * COMMAND_INTS] === OP_QUIT) return true;
  return false;
}

/** Every frame of a script, as ratscrew-headless runs it: hashes, script times, and the commands of the frames asked for. */
function replay(e: ScriptEngine, script: ReplayScript, draw: readonly number[] | true): void {
  const wanted = draw === true ? null : new Set(draw);
  const hashes: string[] = [];
  const times: number[] = [];
  const frames: ReplayFrame[] = [];
  let k = 0;
  let mask = 0;
  for (let i = 0; i < script.frames; i++) {
    while (k < script.inputs.length && script.inputs[k]![0] <= i) mask = script.inputs[k++]![1];
    const a = performance.now();
    const n = e.frame(headlessFrameMs(i), mask);
    times.push(performance.now() - a);
    hashes.push(frameHash(e.commands, n).toString(16).padStart(8, '0'));
    if (!wanted || wanted.has(i)) frames.push({ frame: i, n, commands: e.commands.slice(0, n * COMMAND_INTS) });
    if (hasQuit(e.commands, n)) break; // as the headless host stops
  }
  post({ type: 'replayed', hashes, script: times, frames }, frames.map((f) => f.commands.buffer));
}

scope.onmessage = async (event: MessageEvent<ToWorker>): Promise<void> => {
  const m = event.data;
  try {
    switch (m.type) {
      case 'start':
        // Again in the same worker (the benchmark's replays: its JIT stays warm, as the page's own thread did).
        engine?.dispose();
        engine = null;
        shared = m.shared ? { head: new Int32Array(m.shared, 0, 2), body: new Int32Array(m.shared, 8) } : null;
        engine = await start(m.kind, m.source, m.host);
        if (m.first) {
          // Frame 0 at once, with the answer: the page draws it in its next
          // display frame without a message each way first. Its time is 0
          // and it has no input, whenever the start ends.
          post({ type: 'framing' });
          const { n, count, scriptMs } = timed(engine, 0, 0, TAP_NONE);
          const commands = engine.commands.slice(0, count);
          post({ type: 'ready', out: hostOut(), first: { n, commands, scriptMs } }, [commands.buffer]);
        } else {
          post({ type: 'ready', out: hostOut(), first: null });
        }
        break;
      case 'bundle':
        arrived(compileBundle(m.bytes, m.error));
        break;
      case 'frame':
        typed = m.typed;
        frame(engine!, m.seq, m.now, m.buttons, m.tap);
        break;
      case 'debug':
        post({ type: 'debug', text: engine!.debug() });
        break;
      case 'refused':
        mirror?.reset(m.entries);
        save?.refused(m.problem);
        break;
      case 'replay':
        replay(engine!, m.script, m.draw);
        break;
    }
  } catch (e) {
    const err = describeThrown(e);
    post({ type: 'failed', message: err.message, detail: err.detail });
  }
};
