// Game controllers through the Gamepad API, mapped as the desktop maps them
// (native/desktop/sdl_keys.c): the first controller is the one person's, or
// the left player's (the PSP's layout: D-pad Left plays, left shoulder
// slaps); a second is the right player's (X plays, either shoulder slaps,
// D-pad Up/Down move in the menus). Button numbers are the "standard"
// mapping's (https://w3c.github.io/gamepad/#remapping), which names the
// face buttons by place as SDL's game controller does.
import { BTN } from '../../../src/contract';

/** Standard-mapping button index → PSP button, first controller. */
export const PAD1: readonly (readonly [number, number])[] = [
  [8, BTN.SELECT], [9, BTN.START],
  [12, BTN.UP], [15, BTN.RIGHT], [13, BTN.DOWN], [14, BTN.LEFT],
  [4, BTN.LTRIGGER], [5, BTN.RTRIGGER],
  [3, BTN.TRIANGLE], [1, BTN.CIRCLE], [0, BTN.CROSS], [2, BTN.SQUARE],
];

/** The second controller: never the left player's D-pad Left or L. */
export const PAD2: readonly (readonly [number, number])[] = [
  [8, BTN.SELECT], [9, BTN.START],
  [12, BTN.TRIANGLE], [13, BTN.SQUARE],
  [4, BTN.RTRIGGER], [5, BTN.RTRIGGER],
  [3, BTN.TRIANGLE], [1, BTN.CIRCLE], [0, BTN.CROSS], [2, BTN.SQUARE],
];

type PadSource = () => ArrayLike<Gamepad | null>;

export class Gamepads {
  /** Controller indexes in the order they were first seen: [first, second]. */
  private order: number[] = [];
  used = false;

  constructor(private readonly source: PadSource = () => (navigator.getGamepads ? navigator.getGamepads() : [])) {
    addEventListener('gamepaddisconnected', (e) => {
      const i = (e as GamepadEvent).gamepad.index;
      this.order = this.order.filter((k) => k !== i);
    });
  }

  /** Controllers connected now. */
  count(): number {
    return this.order.length;
  }

  /** The buttons held on the controllers now. getGamepads() lists each pad at its own index. */
  take(): number {
    let pads: ArrayLike<Gamepad | null>;
    try {
      pads = this.source();
    } catch {
      return 0; // a page without permission for gamepads (Permissions-Policy)
    }
    for (let i = this.order.length - 1; i >= 0; i--) {
      const p = pads[this.order[i]!];
      if (!p || !p.connected) this.order.splice(i, 1);
    }
    for (let i = 0; i < pads.length; i++) {
      const p = pads[i];
      if (p && p.connected && !this.order.includes(i)) this.order.push(i);
    }
    let mask = 0;
    for (let slot = 0; slot < 2 && slot < this.order.length; slot++) {
      const pad = pads[this.order[slot]!]!;
      for (const [b, button] of slot === 0 ? PAD1 : PAD2) {
        if (pad.buttons[b]?.pressed) mask |= button;
      }
    }
    if (mask !== 0) this.used = true;
    return mask;
  }
}
