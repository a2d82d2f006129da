// The bundle in QuickJS compiled to WebAssembly (quickjs-emscripten's
// release build), with the C hosts' limits: a memory limit, and an interrupt
// handler that stops a frame running past its budget (native/core/vm.c).
// The core and the one variant it runs, rather than quickjs-emscripten's
// index, which would bring all four variants' WebAssembly into the build.
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline, type QuickJSContext, type QuickJSHandle } from 'quickjs-emscripten-core';
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { COMMAND_INTS, MAX_COMMANDS, TAP_NONE } from '../../../src/contract';
import type { WebHost } from '../host';
import type { Engine } from './engine';
import { FRAME_BUDGET_MS, LOAD_BUDGET_MS, MEMORY_LIMIT, ScriptError } from './errors';
import { defineHost } from './quickjs-host';

export class QuickJsEngine implements Engine {
  readonly kind = 'quickjs' as const;
  readonly commands = new Int32Array(MAX_COMMANDS * COMMAND_INTS);

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
    runtime.setMaxStackSize(256 * 1024);
    const vm = runtime.newContext();
    defineHost(vm, host);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + LOAD_BUDGET_MS));
    const result = vm.evalCode(source, 'ratscrew.js');
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
    const res = vm.callFunction(this.frameFn, this.entry, now, btn, at);
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
    this.buffer.dispose();
    this.frameFn.dispose();
    this.entry.dispose();
    const rt = this.vm.runtime;
    this.vm.dispose();
    rt.dispose();
  }
}

function thrown(vm: QuickJSContext, error: QuickJSHandle): ScriptError {
  const e = vm.dump(error) as { name?: string; message?: string; stack?: string } | string;
  error.dispose();
  if (typeof e === 'string') return new ScriptError(e, '');
  const message = e?.message === 'interrupted' ? 'the frame ran too long (interrupted)' : `${e?.name ?? 'Error'}: ${e?.message ?? ''}`;
  return new ScriptError(message, e?.stack ?? '');
}
