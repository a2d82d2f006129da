// Touch on a phone or tablet: big zones to play and slap over the whole
// screen, and small buttons for the menus (the PSP's D-pad, Cross, Circle
// and Start, with the PSP's glyphs that the game's hints show).
// One person: the left half plays (Square), the right half slaps (Cross).
// Two people, as in Egyptian Mouse Pounce: each half of the screen is one
// person's, with the buttons src/app/pads.ts gives them (left player:
// D-pad Left plays, L slaps; right player: Square plays, R slaps), the
// half's lower part playing and its upper part slapping.
// A touch on a zone is also the frame's tap (./taps.ts), at its place: a
// menu picks the row under it rather than the zone's button.
import { BTN, SCREEN_H, SCREEN_W, type TouchZone } from '../../../src/contract';
import type { Chosen } from '../host';
import { pageWords } from '../words';
import type { Taps } from './taps';

export interface Zone {
  readonly id: string;
  readonly button: number;
  readonly label: string;
  /** Fractions of the viewport: left, top, width, height. */
  readonly rect: readonly [number, number, number, number];
}


export function zones(people: 1 | 2, language = 'en'): Zone[] {
  const { play, slap } = pageWords(language);
  if (people === 1) {
    return [
      { id: 'play', button: BTN.SQUARE, label: `□ ${play}`, rect: [0, 0, 0.5, 1] },
      { id: 'slap', button: BTN.CROSS, label: `✕ ${slap}`, rect: [0.5, 0, 0.5, 1] },
    ];
  }
  return [
    { id: 'left-slap', button: BTN.LTRIGGER, label: `L ${slap}`, rect: [0, 0, 0.5, 0.5] },
    { id: 'left-play', button: BTN.LEFT, label: `← ${play}`, rect: [0, 0.5, 0.5, 0.5] },
    { id: 'right-slap', button: BTN.RTRIGGER, label: `R ${slap}`, rect: [0.5, 0, 0.5, 0.5] },
    { id: 'right-play', button: BTN.SQUARE, label: `□ ${play}`, rect: [0.5, 0.5, 0.5, 0.5] },
  ];
}

/**
 * The zones as host.caps.touch gives them to the script (the contract's
 * TouchZone): rectangles of the 480x272 screen, the picture's part of each
 * (the zones run on into the black bands beside it).
 */
export function screenZones(people: 1 | 2): TouchZone[] {
  return zones(people).map(({ button, rect: [x, y, w, h] }) => ({
    x: Math.round(x * SCREEN_W),
    y: Math.round(y * SCREEN_H),
    w: Math.round(w * SCREEN_W),
    h: Math.round(h * SCREEN_H),
    buttons: button,
  }));
}

/** CSS pixels between a side's menu buttons and the picture. */
const SIDE_GAP = 4;

/** The menu buttons: [id, glyph, button]. */
const MENU_LEFT: readonly (readonly [string, string, number])[] = [
  ['up', '▲', BTN.UP],
  ['left', '◀', BTN.LEFT],
  ['right', '▶', BTN.RIGHT],
  ['down', '▼', BTN.DOWN],
];
const MENU_RIGHT: readonly (readonly [string, string, number])[] = [
  ['start', 'START', BTN.START],
  ['circle', '○', BTN.CIRCLE],
  ['cross', '✕', BTN.CROSS],
];

export class Touch {
  private readonly held = new Map<number, number>();
  private pressed = 0;
  private people: 1 | 2 = 1;
  private language = 'en';
  private readonly zoneLayer: HTMLElement;
  private readonly padLeft: HTMLElement;
  private readonly padRight: HTMLElement;
  used = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly taps: Taps,
    private readonly turn: HTMLElement,
  ) {
    root.replaceChildren();
    this.zoneLayer = el('div', 'zones');
    const left = el('div', 'pad pad-left');
    const right = el('div', 'pad pad-right');
    for (const [id, glyph, button] of MENU_LEFT) left.append(this.button(id, glyph, button));
    for (const [id, glyph, button] of MENU_RIGHT) right.append(this.button(id, glyph, button));
    root.append(this.zoneLayer, left, right);
    this.padLeft = left;
    this.padRight = right;
    this.layOut();
    // Touch only: a mouse click on the picture is not a tap on a zone.
    addEventListener('pointerup', (e) => this.release(e.pointerId));
    addEventListener('pointercancel', (e) => this.release(e.pointerId));
  }

  /** Shows the zones and buttons (the first touch, or a touch screen at start). */
  show(): void {
    this.root.hidden = false;
  }

  get shown(): boolean {
    return !this.root.hidden;
  }

  /** The widest band the menu buttons take at a side of the viewport, in CSS pixels, with a small gap (0 while hidden). */
  sideBand(): number {
    if (this.root.hidden) return 0;
    const left = this.padLeft.getBoundingClientRect();
    const right = this.padRight.getBoundingClientRect();
    return Math.ceil(Math.max(left.right, innerWidth - right.left)) + SIDE_GAP;
  }

  /** Follows the game (host.chosen; the saved settings before it starts): the number of people and the language of the labels. */
  follow({ people, language }: Chosen): void {
    if (people === this.people && language === this.language) return;
    this.people = people;
    this.language = language;
    this.layOut();
  }

  take(): number {
    let mask = this.pressed;
    for (const b of this.held.values()) mask |= b;
    this.pressed = 0;
    return mask;
  }

  private layOut(): void {
    this.zoneLayer.replaceChildren(
      ...zones(this.people, this.language).map((z) => {
        const d = el('div', `zone zone-${z.id}`);
        const [x, y, w, h] = z.rect;
        Object.assign(d.style, { left: `${x * 100}%`, top: `${y * 100}%`, width: `${w * 100}%`, height: `${h * 100}%` });
        const label = el('span', 'zone-label');
        label.textContent = z.label;
        d.append(label);
        this.listen(d, z.button, true);
        return d;
      }),
    );
    this.root.dataset.people = String(this.people);
    this.turn.textContent = pageWords(this.language).turn;
  }

  private button(id: string, glyph: string, button: number): HTMLElement {
    const b = el('div', `touch-button touch-${id}`);
    b.textContent = glyph;
    this.listen(b, button, false);
    return b;
  }

  /** `tapping`: a touch here is also the frame's tap (the zones over the picture; not the menu buttons at the sides). */
  private listen(target: HTMLElement, button: number, tapping: boolean): void {
    target.addEventListener('pointerdown', (e) => {
      if (e.pointerType === 'mouse') return;
      e.preventDefault();
      e.stopPropagation();
      this.used = true;
      if (tapping) this.taps.at(e.clientX, e.clientY);
      this.held.set(e.pointerId, button);
      this.pressed |= button;
      target.classList.add('down');
      const up = (): void => target.classList.remove('down');
      target.addEventListener('pointerup', up, { once: true });
      target.addEventListener('pointercancel', up, { once: true });
    });
  }

  private release(pointer: number): void {
    this.held.delete(pointer);
  }
}

function el(tag: string, className: string): HTMLElement {
  const e = document.createElement(tag);
  e.className = className;
  return e;
}

/**
 * What the zones need from the saved settings (src/app/options.ts:
 * settings.humans and settings.language), for the page's first look while
 * the script loads; from its start the script says (host.chosen).
 */
export function touchSettings(text: string | null): Chosen {
  try {
    const s = (JSON.parse(text ?? '{}') as { settings?: { humans?: unknown; language?: unknown } }).settings ?? {};
    return { people: s.humans === 2 ? 2 : 1, language: typeof s.language === 'string' ? s.language : 'en' };
  } catch {
    return { people: 1, language: 'en' };
  }
}
