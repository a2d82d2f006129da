// The keyboard as the PSP's buttons, with the desktop's keys
// (native/desktop/sdl_keys.c): one person's Z/S/D/A/Enter/Esc/arrows, and two
// people at one keyboard, the left player on F (play) and Q (slap), the
// right player on J (play) and P (slap).
import { BTN, type KeyNames } from '../../../src/contract';

/** Key → button, by the key's label (KeyboardEvent.key), as SDL keycodes follow the layout. */
export const KEYS: Readonly<Record<string, number>> = {
  Backspace: BTN.SELECT,
  // Enter confirms as in every desktop menu; Esc pauses and asks to quit.
  Enter: BTN.CROSS,
  Escape: BTN.START,
  ArrowUp: BTN.UP,
  ArrowRight: BTN.RIGHT,
  ArrowDown: BTN.DOWN,
  ArrowLeft: BTN.LEFT,
  q: BTN.LTRIGGER,
  w: BTN.RTRIGGER,
  a: BTN.TRIANGLE,
  i: BTN.TRIANGLE,
  d: BTN.CIRCLE,
  l: BTN.CIRCLE,
  s: BTN.CROSS,
  k: BTN.CROSS,
  ' ': BTN.CROSS,
  z: BTN.SQUARE,
  j: BTN.SQUARE,
  // Two people at one keyboard (src/app/pads.ts).
  f: BTN.LEFT,
  p: BTN.RTRIGGER,
};

/** The keys the game's hints name (host.caps.keys): each presses its role's button in KEYS. */
export const KEY_NAMES: KeyNames = {
  cross: 'S',
  circle: 'D',
  square: 'Z',
  triangle: 'A',
  start: 'Esc',
  leftPlay: 'F',
  leftSlap: 'Q',
  rightPlay: 'J',
  rightSlap: 'P',
  confirm: 'Enter',
};

/**
 * The name a key has in KEYS. Letters by their label on a Latin layout; on
 * another layout (a Russian keyboard types "я" on the Z key) by the key's
 * place, so the game still plays there.
 */
export function keyName(e: Pick<KeyboardEvent, 'key' | 'code'>): string {
  if (e.key.length === 1) {
    const k = e.key.toLowerCase();
    if (k >= 'a' && k <= 'z') return k;
    if (k === ' ') return k;
    if (/^Key[A-Z]$/.test(e.code)) return e.code.slice(3).toLowerCase();
  }
  return e.key;
}

/** Characters kept for the script between two frames at most (a paste-speed typist types a few). */
const TYPED_MAX = 64;

/** Keys held and pressed, turned into the frame's button mask, and the text they type. */
export class Keyboard {
  private readonly held = new Set<string>();
  /** Buttons pressed since the last frame, even if already released: a tap shorter than a frame counts. */
  private pressed = 0;

  constructor(target: EventTarget) {
    target.addEventListener('keydown', (e) => this.down(e as KeyboardEvent));
    target.addEventListener('keyup', (e) => this.up(e as KeyboardEvent));
    // Keys released while the page had no focus never report up.
    target.addEventListener('blur', () => this.held.clear());
  }

  /** Whether a key was used since the page opened (How to play then names keys). */
  used = false;

  /** Text typed since the script last asked (host.typed(): a name, a room's code), Backspace as "\b" and Enter as "\n". */
  private typed = '';

  private down(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return; // the browser's shortcuts
    if (!e.repeat) this.type(e.key);
    const name = keyName(e);
    const button = KEYS[name];
    if (button === undefined) return;
    e.preventDefault(); // no scrolling on arrows and Space
    this.used = true;
    this.held.add(name);
    if (!e.repeat) this.pressed |= button; // the keyboard's auto-repeat is not a new press
  }

  private up(e: KeyboardEvent): void {
    this.held.delete(keyName(e));
  }

  private type(key: string): void {
    const c = key === 'Enter' ? '\n' : key === 'Backspace' ? '\b' : [...key].length === 1 ? key : '';
    if (c !== '' && this.typed.length < TYPED_MAX) this.typed += c;
  }

  /** What was typed since the last call (the host contract's typed()), null for nothing. */
  takeTyped(): string | null {
    const t = this.typed;
    this.typed = '';
    return t === '' ? null : t;
  }

  /** The frame's mask; starts the next frame's presses. */
  take(): number {
    let mask = this.pressed;
    for (const k of this.held) mask |= KEYS[k] ?? 0;
    this.pressed = 0;
    return mask;
  }
}
