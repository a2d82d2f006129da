// Runs dist/ratscrew.js inside a quickjs-emscripten VM with a fake host:
// the tests' stand-in for the C host (docs/host-api.md).
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMMAND_INTS, DEFAULT_CAPABILITIES, frameHash, headlessFrameMs, type Capabilities, type Host } from '../../src/contract';
import { getQuickJS, type QuickJSContext, type QuickJSHandle } from 'quickjs-emscripten';
import { defineHost } from '../../web/src/engine/quickjs-host';
import { NO_NETWORK, type NetFunction } from './no-network';

export const BUNDLE_PATH = fileURLToPath(new URL('../../dist/ratscrew.js', import.meta.url));

export function readBundle(): string {
  if (!existsSync(BUNDLE_PATH)) throw new Error(`${BUNDLE_PATH} is missing: run "make bundle" first`);
  return readFileSync(BUNDLE_PATH, 'utf8');
}

export interface FakeHostOptions {
  seed?: number;
  /** Saved text the host returns from load(); null for none. */
  saved?: string | null;
  /** host.caps; the PSP's by default, as the headless hosts give it. */
  caps?: Capabilities;
  /** Memory limit in bytes for the VM's runtime. */
  memoryLimit?: number;
  source?: string;
  /** The host's net functions and keyboard text (the online screens' tests): none by default. */
  net?: Partial<Pick<Host, NetFunction | 'typed'>>;
}

/** A VM running the bundle, driven one frame at a time. */
export class BundleVM {
  readonly kind = 'quickjs';
  readonly vm: QuickJSContext;
  saved: string | null;
  readonly logs: string[] = [];
  saves = 0;
  /** Calls of host.keepDamaged(): the script could not read what load() gave it. */
  keeps = 0;
  private readonly frameFn: QuickJSHandle;
  private readonly entry: QuickJSHandle;

  private constructor(vm: QuickJSContext, opts: FakeHostOptions) {
    this.vm = vm;
    this.saved = opts.saved ?? null;
    const impl: Omit<Host, 'seed' | 'caps'> = {
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
    defineHost(vm, { seed: opts.seed ?? 1, caps: opts.caps ?? DEFAULT_CAPABILITIES, ...impl });
    const result = vm.evalCode(opts.source ?? readBundle(), 'ratscrew.js');
    vm.unwrapResult(result).dispose();
    this.entry = vm.getProp(vm.global, 'ratscrew');
    this.frameFn = vm.getProp(this.entry, 'frame');
  }

  static async create(opts: FakeHostOptions = {}): Promise<BundleVM> {
    const qjs = await getQuickJS();
    const runtime = qjs.newRuntime();
    runtime.setMemoryLimit(opts.memoryLimit ?? 16 * 1024 * 1024);
    runtime.setMaxStackSize(512 * 1024);
    return new BundleVM(runtime.newContext(), opts);
  }

  /** Calls ratscrew.frame (with a tap, as a host with a pointer does) and returns a copy of the commands it wrote. */
  frame(nowMs: number, buttons: number, tap?: number): Int32Array {
    const vm = this.vm;
    const now = vm.newNumber(nowMs);
    const btn = vm.newNumber(buttons);
    const at = tap === undefined ? null : vm.newNumber(tap);
    const res = at === null ? vm.callFunction(this.frameFn, this.entry, now, btn) : vm.callFunction(this.frameFn, this.entry, now, btn, at);
    now.dispose();
    btn.dispose();
    at?.dispose();
    const countHandle = vm.unwrapResult(res);
    const count = vm.getNumber(countHandle);
    countHandle.dispose();
    return this.commands(count);
  }

  private commands(count: number): Int32Array {
    const vm = this.vm;
    const arr = vm.getProp(this.entry, 'commands');
    const buf = vm.getProp(arr, 'buffer');
    const bytes = vm.getArrayBuffer(buf);
    const out = new Int32Array(count * COMMAND_INTS);
    out.set(new Int32Array(bytes.value.buffer, bytes.value.byteOffset, count * COMMAND_INTS));
    bytes.dispose();
    buf.dispose();
    arr.dispose();
    return out;
  }

  /** ratscrew.debug() parsed: the app's and the game's state (test-only, docs/host-api.md §6). */
  debug(): any {
    const vm = this.vm;
    const fn = vm.getProp(this.entry, 'debug');
    const res = vm.callFunction(fn, this.entry);
    fn.dispose();
    const handle = vm.unwrapResult(res);
    const text = vm.getString(handle);
    handle.dispose();
    return JSON.parse(text);
  }

  /** The QuickJS heap in use (the runtime's memory_used_size, as the native host's --stats gives it). */
  memoryUsed(): number {
    const vm = this.vm;
    const usage = vm.runtime.computeMemoryUsage();
    const used = vm.runtime.context!.getProp(usage, 'memory_used_size');
    const bytes = vm.runtime.context!.getNumber(used);
    used.dispose();
    usage.dispose();
    return bytes;
  }

  dispose(): void {
    this.frameFn.dispose();
    this.entry.dispose();
    const rt = this.vm.runtime;
    this.vm.dispose();
    rt.dispose();
  }
}

/** A frame's hash, the one every host computes (tools/contract/contract.json). */
export function hashCommands(cmds: Int32Array): number {
  return frameHash(cmds, cmds.length / COMMAND_INTS);
}

/** Headless time of frame i, the same formula in every host. */
export const frameTime = headlessFrameMs;
