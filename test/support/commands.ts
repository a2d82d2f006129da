// Reading one frame's command list (docs/host-api.md §3) in tests.
import { COMMAND_INTS, OP_CLEAR, OP_RECT, OP_SOUND, OP_SPRITE } from '../../src/contract';

/** A frame's drawing commands, without its sounds and music (src/view/render.ts endDraw puts them after), as one string to compare. */
export function pictureOf(cmds: Int32Array): string {
  const out: number[] = [];
  for (let o = 0; o < cmds.length; o += COMMAND_INTS) {
    const op = cmds[o];
    if (op === OP_CLEAR || op === OP_RECT || op === OP_SPRITE) for (let k = 0; k < COMMAND_INTS; k++) out.push(cmds[o + k]!);
  }
  return out.join(',');
}

/** The sound ids a frame starts (src/assets/sounds.ts), in order. */
export function soundsOf(cmds: Int32Array): number[] {
  const ids: number[] = [];
  for (let o = 0; o < cmds.length; o += COMMAND_INTS) if (cmds[o] === OP_SOUND) ids.push(cmds[o + 1]!);
  return ids;
}
