// Where a test runs the game: in Node directly (the app's own modules from
// src/, run by V8, as the web page's engine runs the bundle), or the bundle
// in quickjs-emscripten (test/support/quickjs-host.ts), the QuickJS the C
// hosts embed. Both draw the same frames: test/native/cross-check.test.ts
// replays every input script in each and compares every frame's hash with
// the native headless host's. Tests run in Node unless what they check is
// QuickJS's own (its heap, its allocations, a bundle other than the game's).
import { COMMAND_INTS, DEFAULT_CAPABILITIES, MAX_COMMANDS, type Host } from '../../src/contract';
import { newEntry } from '../../src/host/entry';
import { BundleVM, type FakeHostOptions } from './quickjs-host';
import { NO_NETWORK } from './no-network';

export type EngineKind = 'node' | 'quickjs';

export interface EngineOptions extends FakeHostOptions {
  /** Node unless given (or RATSCREW_ENGINE=quickjs runs every such test in QuickJS); a bundle `source`, a `memoryLimit` and heap figures need 'quickjs'. */
  engine?: EngineKind;
}

/** The engine of tests that name none: RATSCREW_ENGINE=quickjs runs them all in QuickJS, as before the Node engine. */
const DEFAULT_ENGINE: EngineKind = process.env.RATSCREW_ENGINE === 'quickjs' ? 'quickjs' : 'node';

/** The game's `ratscrew` entry behind the tests' fake host (docs/host-api.md). */
export interface Engine {
  readonly kind: EngineKind;
  /** What the host's load() returns; save() replaces it. */
  saved: string | null;
  readonly logs: string[];
  saves: number;
  /** Calls of host.keepDamaged(). */
  keeps: number;
  /** ratscrew.frame (with a tap, as a host with a pointer calls it): a copy of the commands the frame wrote. */
  frame(nowMs: number, buttons: number, tap?: number): Int32Array;
  /** ratscrew.debug() parsed: the app's and the game's state (test-only). */
  debug(): any;
  dispose(): void;
}

/**
 * One command buffer for every Node engine of a test file: the draw list's
 * writer is module state, and Apps sharing a module instance share it
 * (src/view/drawlist.ts pictureOf keeps each View's last picture apart).
 */
const commands = new Int32Array(MAX_COMMANDS * COMMAND_INTS);

/** The app run by Node from src/, its host the same fake as BundleVM's. */
export class NodeEngine implements Engine {
  readonly kind = 'node';
  saved: string | null;
  readonly logs: string[] = [];
  saves = 0;
  keeps = 0;
  private readonly entry;

  constructor(opts: FakeHostOptions = {}) {
    if (opts.source !== undefined || opts.memoryLimit !== undefined) throw new Error('a bundle source or a memory limit needs the quickjs engine');
    this.saved = opts.saved ?? null;
    const host: Host = {
      seed: opts.seed ?? 1,
      caps: opts.caps ?? DEFAULT_CAPABILITIES,
      load: () => this.saved,
      save: (text) => {
        this.saved = text;
        this.saves++;
        return true;
      },
      problem: () => null,
      keepDamaged: () => {
        this.keeps++;
        return true;
      },
      ...NO_NETWORK,
      ...opts.net,
      log: (text) => {
        this.logs.push(text);
      },
    };
    // The C hosts and BundleVM pass the host through JSON-like values; so does this copy of caps.
    this.entry = newEntry({ ...host, caps: JSON.parse(JSON.stringify(host.caps)) }, commands);
  }

  frame(nowMs: number, buttons: number, tap?: number): Int32Array {
    const count = this.entry.frame(nowMs, buttons, tap);
    return commands.slice(0, count * COMMAND_INTS);
  }

  debug(): any {
    return JSON.parse(this.entry.debug!());
  }

  dispose(): void {}
}

export async function createEngine(opts: EngineOptions = {}): Promise<Engine> {
  const { engine = DEFAULT_ENGINE, ...host } = opts;
  return engine === 'quickjs' ? BundleVM.create(host) : new NodeEngine(host);
}
