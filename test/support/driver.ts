// Drives the game like the headless host: frame i at frameTime(i), with
// the buttons held that frame. Helpers press a button (one frame down, one
// up), wait, and run until the debug state satisfies a condition. The game
// runs in Node unless the test asks for QuickJS (test/support/engine.ts).
import { createEngine, type Engine, type EngineOptions } from './engine';
import { BundleVM, frameTime, type FakeHostOptions } from './quickjs-host';
import { ScriptRecorder } from './script';
import { COMMAND_INTS, OP_QUIT, tapAt } from '../../src/contract';

/** Button bits by name (tools/contract/contract.json). */
export { BTN } from '../../src/contract';

export class Driver<E extends Engine = Engine> {
  frameIndex = 0;
  last: Int32Array = new Int32Array(0);
  /** A frame asked the host to quit (OP_QUIT). */
  quit = false;
  /** Every frame's mask, for writing the session out as an input script. */
  readonly recorder = new ScriptRecorder();

  constructor(readonly vm: E) {}

  static async create(opts: EngineOptions = {}): Promise<Driver> {
    return new Driver(await createEngine(opts));
  }

  /** The bundle in quickjs-emscripten, for tests of QuickJS's own heap and allocations. */
  static async quickjs(opts: FakeHostOptions = {}): Promise<Driver<BundleVM>> {
    return new Driver(await BundleVM.create(opts));
  }

  get now(): number {
    return frameTime(this.frameIndex);
  }

  /** One frame with `mask` held; returns its commands. */
  step(mask = 0): Int32Array {
    this.recorder.record(this.frameIndex, mask);
    this.last = this.vm.frame(frameTime(this.frameIndex), mask);
    this.frameIndex++;
    for (let o = 0; o < this.last.length; o += COMMAND_INTS) if (this.last[o] === OP_QUIT) this.quit = true;
    return this.last;
  }

  wait(frames: number): void {
    for (let i = 0; i < frames; i++) this.step(0);
  }

  /**
   * A tap at screen pixel (x, y), as a phone's touch or a mouse click
   * reaches the script: the frame's tap, with `held` (the buttons the touch
   * zone under it holds) down for that frame; then one frame up.
   */
  tap(x: number, y: number, held = 0): void {
    this.recorder.record(this.frameIndex, held);
    this.last = this.vm.frame(frameTime(this.frameIndex), held, tapAt(x, y));
    this.frameIndex++;
    this.step(0);
  }

  /** Press and release: one frame down, one frame up. */
  press(button: number): void {
    this.step(button);
    this.step(0);
  }

  /** Presses in turn, e.g. press(DOWN), press(DOWN), press(CROSS). */
  presses(...buttons: number[]): void {
    for (const b of buttons) this.press(b);
  }

  debug(): any {
    return this.vm.debug();
  }

  /** Steps (buttons up) until cond(debug) holds; throws after maxFrames. Checks every `every` frames. */
  until(cond: (d: any) => boolean, maxFrames = 20000, every = 1): any {
    for (let i = 0; i < maxFrames; i += every) {
      const d = this.debug();
      if (cond(d)) return d;
      for (let k = 0; k < every; k++) this.step(0);
    }
    throw new Error(`condition not met within ${maxFrames} frames; state: ${JSON.stringify(this.debug()).slice(0, 600)}`);
  }

  private disposed = false;

  /** Frees the VM; calling it again does nothing. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.vm.dispose();
  }
}
