// Buttons held -> buttons pressed this frame. The game acts on press edges
// only, so holding or mashing a button never repeats a play or a slap. Menus
// alone also take the D-pad's auto-repeat: held past REPEAT_DELAY_MS, a
// direction counts again every REPEAT_EVERY_MS, so a long options list can
// be run down by holding Down. The edges are a value the App owns
// (app.buttons): a new app starts with fresh ones.
import { BTN_DOWN, BTN_LEFT, BTN_RIGHT, BTN_UP } from '../contract';

export const REPEAT_DELAY_MS = 400;
export const REPEAT_EVERY_MS = 80;
/** The buttons that auto-repeat in menus. */
const REPEATING = [BTN_UP, BTN_DOWN, BTN_LEFT, BTN_RIGHT];

export interface Buttons {
  /** The host's mask of the buttons held down last frame. */
  held: number;
  /** Went down this frame (and the buttons counted as them, addPressed). */
  pressed: number;
  /** Held directions repeating this frame (menus only). */
  repeated: number;
  /** When each REPEATING button next repeats while held. */
  readonly repeatAt: number[];
}

/** Edges as at launch: buttons held then are not presses (resetButtons on the first frame). */
export function newButtons(): Buttons {
  return { held: 0, pressed: 0, repeated: 0, repeatAt: [0, 0, 0, 0] };
}

/** Call once per frame with the host's mask of buttons held down now and the host time. */
export function readButtons(b: Buttons, buttons: number, now = 0): void {
  const pressed = buttons & ~b.held;
  const held = buttons;
  const repeatAt = b.repeatAt;
  let repeated = 0;
  for (let i = 0; i < REPEATING.length; i++) {
    const bit = REPEATING[i]!;
    if ((pressed & bit) !== 0) repeatAt[i] = now + REPEAT_DELAY_MS;
    else if ((held & bit) !== 0 && now >= repeatAt[i]!) {
      repeated |= bit;
      // From the due time, not from now: the rhythm does not drift with the frame rate.
      repeatAt[i] = repeatAt[i]! + REPEAT_EVERY_MS;
      if (repeatAt[i]! <= now) repeatAt[i] = now + REPEAT_EVERY_MS;
    }
  }
  b.pressed = pressed;
  b.held = held;
  b.repeated = repeated;
}

/** True when the button went down this frame. */
export function wasPressed(b: Buttons, bit: number): boolean {
  return (b.pressed & bit) !== 0;
}

/** For menu movement only: pressed this frame, or a held direction repeating. */
export function menuPressed(b: Buttons, bit: number): boolean {
  return ((b.pressed | b.repeated) & bit) !== 0;
}

/** Any button went down this frame. */
export function anyPressed(b: Buttons): boolean {
  return b.pressed !== 0;
}

/** Counts these buttons as pressed this frame too (another button that stands for them). */
export function addPressed(b: Buttons, bits: number): void {
  b.pressed |= bits;
}

/** Takes `held0` as held already, so that none of it counts as a press (the first frame). */
export function resetButtons(b: Buttons, held0 = 0): void {
  b.held = held0;
  b.pressed = 0;
  b.repeated = 0;
  for (let i = 0; i < b.repeatAt.length; i++) b.repeatAt[i] = 0x3fffffff;
}
