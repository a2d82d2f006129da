// Buttons held -> buttons pressed this frame. The game acts on press edges
// only, so holding or mashing a button never repeats a play or a slap. Menus
// alone also take the D-pad's auto-repeat: held past REPEAT_DELAY_MS, a
// direction counts again every REPEAT_EVERY_MS, so a long options list can
// be run down by holding Down. The edges are a value the App owns
// (app.buttons): a new app starts with fresh ones. A tap (a touch or click
// that began this frame, where the host has a pointer) comes with them, at
// its place on the screen.
import { BTN_DOWN, BTN_LEFT, BTN_RIGHT, BTN_UP, TAP_NONE, tapX, tapY } from '../contract';

export const REPEAT_DELAY_MS = 400;
export const REPEAT_EVERY_MS = 80;
/**
 * The most one frame counts toward a held direction's repeat. A host that
 * stalls (a slow save, a loaded machine, a page in the background) sees a
 * quick press still down a long frame later: that is a tap seen late, not
 * a hold, and must not move a menu twice.
 */
export const HOLD_STEP_MAX_MS = 50;
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
  /** The last frame's time. */
  at: number;
  /** A touch or click began this frame, at (tapX, tapY) on the 480x272 screen (off it on the bands beside the picture). */
  tapped: boolean;
  tapX: number;
  tapY: number;
  /** Buttons held down by a touch a menu took as a tap (swallow): no press, no repeat, until let go. */
  swallowed: number;
  /** What was typed on a keyboard this frame (the host's typed(): "\b" Backspace, "\n" Enter), '' for nothing. */
  typed: string;
}

/** Edges as at launch: buttons held then are not presses (resetButtons on the first frame). */
export function newButtons(): Buttons {
  return { held: 0, pressed: 0, repeated: 0, repeatAt: [0, 0, 0, 0], at: 0, tapped: false, tapX: 0, tapY: 0, swallowed: 0, typed: '' };
}

/** Call once per frame with the host's mask of buttons held down now, the host time and the frame's tap (TAP_NONE: none). */
export function readButtons(b: Buttons, buttons: number, now = 0, tap = TAP_NONE): void {
  const pressed = buttons & ~b.held;
  const held = buttons;
  const repeatAt = b.repeatAt;
  // A long frame counts as HOLD_STEP_MAX_MS of holding: what lies beyond moves the repeats on.
  const late = Math.max(0, now - b.at - HOLD_STEP_MAX_MS);
  b.at = now;
  let repeated = 0;
  for (let i = 0; i < REPEATING.length; i++) {
    const bit = REPEATING[i]!;
    if ((pressed & bit) !== 0) repeatAt[i] = now + REPEAT_DELAY_MS;
    else if ((held & bit) !== 0 && now >= (repeatAt[i] = repeatAt[i]! + late)) {
      repeated |= bit;
      // From the due time, not from now: the rhythm does not drift with the frame rate.
      repeatAt[i] = repeatAt[i]! + REPEAT_EVERY_MS;
      if (repeatAt[i]! <= now) repeatAt[i] = now + REPEAT_EVERY_MS;
    }
  }
  b.swallowed &= held;
  b.pressed = pressed & ~b.swallowed;
  b.held = held;
  b.repeated = repeated & ~b.swallowed;
  b.tapped = tap !== TAP_NONE;
  b.tapX = b.tapped ? tapX(tap) : 0;
  b.tapY = b.tapped ? tapY(tap) : 0;
}

/**
 * The frame's tap was taken by a menu, which picks by its place: the
 * buttons the same touch holds (these of `bits` held down now) press
 * nothing, this frame or while the finger stays down.
 */
export function swallow(b: Buttons, bits: number): void {
  b.swallowed |= bits & b.held;
  b.pressed &= ~b.swallowed;
  b.repeated &= ~b.swallowed;
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
  b.tapped = false;
  b.swallowed = 0;
  for (let i = 0; i < b.repeatAt.length; i++) b.repeatAt[i] = 0x3fffffff;
}
