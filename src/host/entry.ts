// The only module that touches globalThis: reads the host's `host` object
// and publishes `ratscrew` (docs/host-api.md).
import { COMMAND_INTS, MAX_COMMANDS, OP_CLEAR, type Entry, type Host } from './contract';

export function installEntry(): void {
  const g = globalThis as unknown as { host?: Host; ratscrew?: Entry };
  const commands = new Int32Array(MAX_COMMANDS * COMMAND_INTS);
  g.ratscrew = {
    commands,
    frame(_nowMs: number, _buttons: number): number {
      commands[0] = OP_CLEAR;
      commands[1] = 0xff2a5a1e | 0;
      return 1;
    },
  };
}
