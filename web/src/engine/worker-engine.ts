// The page's side of the worker the script runs in (worker.ts): one
// request at a time, each with the C hosts' deadline (native/core/vm.h: a
// frame 2 s, the load 10 s). A worker that has not answered by then is
// stuck — an endless loop, a regular expression backtracking without end, a
// Promise chain that never lets it take the next message — and the page
// cannot interrupt a script, only end its worker: it does, and the request
// fails with the deadline's error, which the page shows as the C hosts show
// theirs (docs/web.md).
import { COMMAND_INTS, MAX_COMMANDS, TAP_NONE } from '../../../src/contract';
import type { EngineKind, HostSetup } from './engine';
import { FRAME_BUDGET_MS, LOAD_BUDGET_MS, ScriptError } from './errors';
import type { FromWorker, HostOut, ReplayFrame, ReplayScript, ToWorker } from './protocol';
import type { Entries } from '../save-mirror';
import type { SaveProblem } from '../../../src/contract';

interface Waiting {
  readonly what: string;
  readonly budgetMs: number;
  /** The load's deadline starts with the script's evaluation ('evaluating'), not with the request. */
  readonly armNow: boolean;
  readonly resolve: (m: FromWorker) => void;
  readonly reject: (e: ScriptError) => void;
}

/**
 * How long the page waits within its display frame for the worker to write
 * a frame's commands into the shared buffer (ms). A frame drawn in the same
 * display frame that asked for it is shown as soon as before the worker;
 * one drawn when the worker's message comes, after the page's rendering of
 * that display frame, is shown a display frame (16.7 ms) later.
 */
export const EARLY_WAIT_MS = 4;

/** The worker index.html started, and the error it reported before the page's script was there to hear it. */
interface EarlyWorker {
  readonly worker: Worker;
  readonly error: string | null;
}

/** The early worker, while no engine has taken it. */
function earlyWorker(): EarlyWorker | null {
  return (globalThis as { ratscrewWorker?: EarlyWorker | null }).ratscrewWorker ?? null;
}

export class WorkerEngine {
  /** The commands of the last frame: [0, n) of the number it returned. */
  commands: Int32Array = new Int32Array(MAX_COMMANDS * COMMAND_INTS);
  /**
   * Where the worker also writes each frame's commands, when the page may
   * share memory (cross-origin isolated): [0] the frame written, [1] its
   * command count, then the commands.
   */
  private readonly shared: { buffer: SharedArrayBuffer; head: Int32Array; body: Int32Array } | null;
  /** The number of the last frame asked for. */
  private seq = 0;
  /** The script's own time in the last frame, in the worker. */
  scriptMs = 0;
  private readonly waiting: Waiting[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failure: ScriptError | null = null;

  private constructor(
    readonly kind: EngineKind,
    private readonly worker: Worker,
    private readonly onOut: (out: HostOut) => void,
  ) {
    const canShare = typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
    const buffer = canShare ? new SharedArrayBuffer(8 + MAX_COMMANDS * COMMAND_INTS * 4) : null;
    this.shared = buffer ? { buffer, head: new Int32Array(buffer, 0, 2), body: new Int32Array(buffer, 8) } : null;
    worker.onmessage = (e: MessageEvent<FromWorker>) => this.answer(e.data);
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.fail(new ScriptError(`the script's worker failed: ${e.message || 'no reason given'}`, ''));
    };
  }

  /**
   * A worker for the script, its code loading at once (the page starts it
   * before the bundle has arrived); onOut gets what the host did with each
   * answer (log lines, writes for localStorage, what host.chosen said).
   */
  static spawn(kind: EngineKind, onOut: (out: HostOut) => void = () => {}): WorkerEngine {
    // The built page's index.html starts the worker before the page's own
    // script has loaded (web/build.mjs): the first spawn takes that one.
    const scope = globalThis as { ratscrewWorker?: EarlyWorker | null };
    const early = scope.ratscrewWorker ?? null;
    scope.ratscrewWorker = null;
    const worker = early?.worker ?? new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'ratscrew' });
    const engine = new WorkerEngine(kind, worker, onOut);
    if (early?.error != null) engine.fail(new ScriptError(`the script's worker failed: ${early.error}`, ''));
    return engine;
  }

  /** spawn, then start. */
  static async create(kind: EngineKind, source: string, host: HostSetup, onOut?: (out: HostOut) => void): Promise<WorkerEngine> {
    const engine = WorkerEngine.spawn(kind, onOut);
    try {
      await engine.start(source, host);
    } catch (e) {
      engine.dispose();
      throw e;
    }
    return engine;
  }

  /** Whether the script's worker was ended (a deadline, an error): it answers no more. */
  get ended(): boolean {
    return this.failure !== null;
  }

  /**
   * Whether the next spawn takes index.html's worker, which fetches and
   * compiles the bundle itself (web/build.mjs): its start needs no source,
   * and the page need not fetch it.
   */
  static fetchesBundle(): boolean {
    return earlyWorker() !== null;
  }

  /**
   * Evaluates the bundle in the worker (again: a fresh script in the same
   * worker), with the C hosts' load deadline; null: the bundle the worker
   * fetched itself. first: frame 0 too (ratscrew.frame(0, 0), its
   * deadline a frame's), whose command count it resolves to, the commands
   * then in `commands`; else null.
   */
  async start(source: string | null, host: HostSetup, first = false): Promise<number | null> {
    const ready = await this.ask({ type: 'start', kind: this.kind, source, host, shared: this.shared?.buffer ?? null, first }, 'loading the script', LOAD_BUDGET_MS, false);
    if (ready.type !== 'ready') throw new ScriptError(`the script's worker answered ${ready.type} to its start`, '');
    this.onOut(ready.out);
    if (!ready.first) return null;
    this.commands = ready.first.commands;
    this.scriptMs = ready.first.scriptMs;
    return ready.first.n;
  }

  /** ratscrew.frame(nowMs, buttons, tap): the number of commands, then in `commands`; `typed`: what host.typed() answers in it. */
  async frame(nowMs: number, buttons: number, tap: number = TAP_NONE, typed: string | null = null): Promise<number> {
    const seq = ++this.seq;
    const m = await this.ask({ type: 'frame', seq, now: nowMs, buttons, tap, typed }, 'ratscrew.frame', FRAME_BUDGET_MS);
    if (m.type !== 'frame') throw new ScriptError(`the script's worker answered ${m.type} to a frame`, '');
    this.commands = m.commands ?? this.shared!.body.slice(0, Math.max(0, m.n) * COMMAND_INTS);
    this.scriptMs = m.scriptMs;
    this.onOut(m.out);
    return m.n;
  }

  /**
   * The frame just asked for, if the worker writes its commands into the
   * shared buffer within waitMs (then in `commands`): the page draws it in
   * the display frame that asked. null otherwise (no shared memory, or a
   * slower frame): frame()'s answer brings it. The answer still comes, with
   * what the host did; the deadline is frame()'s.
   */
  early(waitMs = EARLY_WAIT_MS): number | null {
    const s = this.shared;
    if (!s || this.failure) return null;
    const end = performance.now() + waitMs;
    while (Atomics.load(s.head, 0) !== this.seq) if (performance.now() > end) return null;
    const n = s.head[1]!;
    this.commands = s.body.slice(0, Math.max(0, n) * COMMAND_INTS);
    return n;
  }

  /** ratscrew.debug(): the app's state as JSON text (tests only). */
  async debug(): Promise<string> {
    const m = await this.ask({ type: 'debug' }, 'ratscrew.debug', FRAME_BUDGET_MS);
    return m.type === 'debug' ? m.text : '{}';
  }

  /** Tells the worker the page could not make its writes: the storage's save entries as they are. */
  refused(problem: SaveProblem, entries: Entries): void {
    if (!this.failure) this.worker.postMessage({ type: 'refused', problem, entries } satisfies ToWorker);
  }

  /** A whole headless replay in the worker (test/web, bench/web.mjs): a frame's deadline for every frame. */
  async replay(script: ReplayScript, draw: readonly number[] | true): Promise<{ hashes: string[]; script: number[]; frames: ReplayFrame[] }> {
    const m = await this.ask({ type: 'replay', script, draw }, 'the replay', FRAME_BUDGET_MS * Math.max(1, script.frames));
    if (m.type !== 'replayed') throw new ScriptError(`the script's worker answered ${m.type} to a replay`, '');
    return m;
  }

  dispose(): void {
    this.stop();
    this.worker.terminate();
  }

  /**
   * Sends one request and waits for its answer. The worker takes requests
   * in order, so each one's deadline starts when it is the oldest waiting:
   * at once, or when the one before it is answered.
   */
  private ask(message: ToWorker, what: string, budgetMs: number, armNow = true): Promise<FromWorker> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<FromWorker>((resolve, reject) => {
      this.waiting.push({ what, budgetMs, armNow, resolve, reject });
      this.worker.postMessage(message);
      if (this.waiting.length === 1 && armNow) this.arm(this.waiting[0]!);
    });
  }

  private arm(w: Waiting): void {
    this.stop();
    this.timer = setTimeout(() => {
      this.fail(new ScriptError(`${w.what} ran longer than ${w.budgetMs} ms and was stopped`,
        `The page ended the worker the script runs in: it had not answered in ${w.budgetMs} ms (a loop that never ends, a regular expression without end, or work queued without end).`));
    }, w.budgetMs);
  }

  private stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private answer(m: FromWorker): void {
    if (m.type === 'evaluating') {
      if (this.waiting[0]) this.arm(this.waiting[0]);
      return;
    }
    if (m.type === 'framing') {
      if (this.waiting[0]) this.arm({ ...this.waiting[0], what: 'ratscrew.frame', budgetMs: FRAME_BUDGET_MS });
      return;
    }
    const w = this.waiting.shift();
    this.stop();
    if (!w) return;
    const next = this.waiting[0];
    if (next?.armNow) this.arm(next);
    if (m.type === 'failed') {
      this.fail(new ScriptError(m.message, m.detail), w);
      return;
    }
    w.resolve(m);
  }

  /** The script can run no more: every request fails, the worker ends. */
  private fail(e: ScriptError, first?: Waiting): void {
    this.stop();
    this.failure ??= e;
    this.worker.terminate();
    first?.reject(e);
    for (const w of this.waiting.splice(0)) w.reject(e);
  }
}
