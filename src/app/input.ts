// Buttons held -> buttons pressed this frame. The game acts on press edges
// only, so holding or mashing a button never repeats an action by itself.
// Module state like the draw-list writer: every scene reads it several times a
// frame, and a closure variable costs less than a field of the app value.

let held = 0;
let pressed = 0;

/** Call once per frame with the host's mask of buttons held down now. */
export function readButtons(buttons: number): void {
  pressed = buttons & ~held;
  held = buttons;
}

/** True when the button went down this frame. */
export function wasPressed(bit: number): boolean {
  return (pressed & bit) !== 0;
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
}
