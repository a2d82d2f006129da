// Buttons held -> buttons pressed this frame. The game acts on press edges
// only, so holding or mashing a button never repeats a play or a slap. Menus
// alone also take the D-pad's auto-repeat: held past REPEAT_DELAY_MS, a
// direction counts again every REPEAT_EVERY_MS, so a long options list can
// be run down by holding Down. Module state like the draw-list writer: every
// scene reads it several times a frame, and a closure variable costs less
// than a field of the app value.
import { BTN_DOWN, BTN_LEFT, BTN_RIGHT, BTN_UP } from '../contract';

export const REPEAT_DELAY_MS = 400;
export const REPEAT_EVERY_MS = 80;
/** The buttons that auto-repeat in menus. */
const REPEATING = [BTN_UP, BTN_DOWN, BTN_LEFT, BTN_RIGHT];

let held = 0;
let pressed = 0;
let repeated = 0;
/** When each REPEATING button next repeats while held. */
const repeatAt = [0, 0, 0, 0];

/** Call once per frame with the host's mask of buttons held down now and the host time. */
export function readButtons(buttons: number, now = 0): void {
  pressed = buttons & ~held;
  held = buttons;
  repeated = 0;
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
}

/** True when the button went down this frame. */
export function wasPressed(bit: number): boolean {
  return (pressed & bit) !== 0;
}

/** For menu movement only: pressed this frame, or a held direction repeating. */
export function menuPressed(bit: number): boolean {
  return ((pressed | repeated) & bit) !== 0;
}

/** Any button went down this frame. */
export function anyPressed(): boolean {
  return pressed !== 0;
}

/** Counts these buttons as pressed this frame too (another button that stands for them). */
export function addPressed(bits: number): void {
  pressed |= bits;
}

export function pressedMask(): number {
  return pressed;
}

/** Forget the last mask, e.g. when a test builds a fresh app in the same VM. */
export function resetButtons(held0 = 0): void {
  held = held0;
  pressed = 0;
  repeated = 0;
  for (let i = 0; i < repeatAt.length; i++) repeatAt[i] = 0x3fffffff;
}
