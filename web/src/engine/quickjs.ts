// The bundle in QuickJS compiled to WebAssembly (quickjs-emscripten's
// release build), with the C hosts' limits: a memory limit, a stack limit,
// and an interrupt handler that stops a frame running past its budget
// (native/core/vm.c).
// The core and the one variant it runs, rather than quickjs-emscripten's
// index, which would bring all four variants' WebAssembly into the build.
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline, type QuickJSContext, type QuickJSHandle } from 'quickjs-emscripten-core';
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { COMMAND_INTS, MAX_COMMANDS, TAP_NONE } from '../../../src/contract';
import type { WebHost } from '../host';
import type { ScriptEngine } from './engine';
import { FRAME_BUDGET_MS, LOAD_BUDGET_MS, MEMORY_LIMIT, ScriptError } from './errors';
import { defineHost } from './quickjs-host';

/**
 * QuickJS's stack limit here. Its check measures WebAssembly's shadow stack
 * (C locals in linear memory), while the calls themselves use the
 * browser's own stack, which QuickJS cannot see and which is smaller in a
 * worker: in Chromium's the browser's stack runs out at JSON.parse about
 * 4,200 deep (plain recursion about 1,300), and with the C hosts' 256 KB
 * that came first — the WebAssembly aborted ("Assertion failed:
 * list_empty(&rt->gc_obj_list)" when the runtime was freed). At 48 KB
 * QuickJS's own check comes first (JSON about 3,000 deep, recursion about
 * 250 calls; the C hosts allow 2,700 and 420): the script gets QuickJS's
 * catchable stack overflow, as on the C hosts. Every test/scripts replay
 * runs at 16 KB. Should a browser's stack still run out first, the frame
 * fails with a clear error (outOfStack) and the runtime is not freed.
 */
export const QUICKJS_STACK_BYTES = 48 * 1024;

export class QuickJsEngine implements ScriptEngine {
  readonly kind = 'quickjs' as const;
  readonly commands = new Int32Array(MAX_COMMANDS * COMMAND_INTS);
  /** The browser's stack ran out inside QuickJS: its runtime cannot be used or freed safely. */
  private broken = false;

  private constructor(
    private readonly vm: QuickJSContext,
    private readonly entry: QuickJSHandle,
    private readonly frameFn: QuickJSHandle,
    private readonly buffer: QuickJSHandle,
  ) {}

  static async create(source: string, host: WebHost): Promise<QuickJsEngine> {
    const qjs = await newQuickJSWASMModuleFromVariant(RELEASE_SYNC);
    const runtime = qjs.newRuntime();
    runtime.setMemoryLimit(MEMORY_LIMIT);
    runtime.setMaxStackSize(QUICKJS_STACK_BYTES);
    const vm = runtime.newContext();
    defineHost(vm, host);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + LOAD_BUDGET_MS));
    let result;
    try {
      result = vm.evalCode(source, 'ratscrew.js');
    } catch (e) {
      throw outOfStack(e);
    }
    if (result.error) throw thrown(vm, result.error);
    result.value.dispose();
    const entry = vm.getProp(vm.global, 'ratscrew');
    const frameFn = vm.getProp(entry, 'frame');
    const commands = vm.getProp(entry, 'commands');
    const buffer = vm.getProp(commands, 'buffer');
    commands.dispose();
    return new QuickJsEngine(vm, entry, frameFn, buffer);
  }

  frame(nowMs: number, buttons: number, tap = TAP_NONE): number {
    const vm = this.vm;
    vm.runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + FRAME_BUDGET_MS));
    const now = vm.newNumber(nowMs);
    const btn = vm.newNumber(buttons);
    const at = vm.newNumber(tap);
    let res;
    try {
      res = vm.callFunction(this.frameFn, this.entry, now, btn, at);
    } catch (e) {
      this.broken = true;
      throw outOfStack(e);
    }
    now.dispose();
    btn.dispose();
    at.dispose();
    if (res.error) throw thrown(vm, res.error);
    const count = vm.getNumber(res.value) | 0;
    res.value.dispose();
    const bytes = vm.getArrayBuffer(this.buffer);
    const n = Math.max(0, Math.min(count, MAX_COMMANDS)) * COMMAND_INTS;
    this.commands.set(new Int32Array(bytes.value.buffer, bytes.value.byteOffset, n));
    bytes.dispose();
    return count;
  }

  debug(): string {
    const vm = this.vm;
    const fn = vm.getProp(this.entry, 'debug');
    const res = vm.callFunction(fn, this.entry);
    fn.dispose();
    if (res.error) throw thrown(vm, res.error);
    const text = vm.getString(res.value);
    res.value.dispose();
    return text;
  }

  dispose(): void {
    // Freeing a runtime left mid-call asserts and aborts: it goes with its worker.
    if (this.broken) return;
    this.buffer.dispose();
    this.frameFn.dispose();
    this.entry.dispose();
    const rt = this.vm.runtime;
    this.vm.dispose();
    rt.dispose();
  }
}

/** The WebAssembly itself failed (the browser's stack ran out under QuickJS): a clear error, not the abort. */
function outOfStack(e: unknown): ScriptError {
  const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return new ScriptError('InternalError: stack overflow (the script went deeper than QuickJS in WebAssembly can)', `the browser reported: ${what}`);
}

function thrown(vm: QuickJSContext, error: QuickJSHandle): ScriptError {
  const e = vm.dump(error) as { name?: string; message?: string; stack?: string } | string;
  error.dispose();
  if (typeof e === 'string') return new ScriptError(e, '');
  const message = e?.message === 'interrupted' ? 'the frame ran too long (interrupted)' : `${e?.name ?? 'Error'}: ${e?.message ?? ''}`;
  return new ScriptError(message, e?.stack ?? '');
}
