// Where each seat sits on the 480x272 table for 2-6 players. The human
// (seat 0) is at the bottom; the others follow clockwise: left, across the
// top, right. Each seat has a name plate and, toward the pile, its stack.

export const SIDE_BOTTOM = 0;
export const SIDE_LEFT = 1;
export const SIDE_TOP = 2;
export const SIDE_RIGHT = 3;

export const PLATE_W = 80;
export const PLATE_H = 20;
export const STACK_W = 23;
export const STACK_H = 32;

/** Centre of the pile. */
export const PILE_X = 240;
export const PILE_Y = 118;

// Per player count: [plate centre x, plate centre y, side] for each seat.
const B = [240, 260, SIDE_BOTTOM];
const L = [46, 104, SIDE_LEFT];
const R = [434, 104, SIDE_RIGHT];
const T = [240, 12, SIDE_TOP];
const LAYOUTS: readonly (readonly number[])[][] = [
  [],
  [],
  [B, T],
  [B, [150, 12, SIDE_TOP], [330, 12, SIDE_TOP]],
  [B, L, T, R],
  [B, L, [166, 12, SIDE_TOP], [314, 12, SIDE_TOP], R],
  [B, L, [130, 12, SIDE_TOP], T, [350, 12, SIDE_TOP], R],
];

export function plateX(players: number, seat: number): number {
  return LAYOUTS[players]![seat]![0]!;
}

export function plateY(players: number, seat: number): number {
  return LAYOUTS[players]![seat]![1]!;
}

export function sideOf(players: number, seat: number): number {
  return LAYOUTS[players]![seat]![2]!;
}

const ORDERS: number[][] = LAYOUTS.map((layout) =>
  layout.map((_, seat) => seat).sort((a, b) => layout[a]![0]! - layout[b]![0]! || layout[b]![1]! - layout[a]![1]!),
);

/**
 * The seats as the screen shows them from left to right (the bottom seat
 * before a top one at the same x: from the left seat, Right comes down to
 * the bottom one first): the joker chooser's Left and Right move along it,
 * so Right always moves the highlight to the right, wrapping at the ends.
 */
export function screenOrder(players: number): readonly number[] {
  return ORDERS[players]!;
}

/** Top-left of the seat's face-down stack: between its plate and the pile. */
export function stackX(players: number, seat: number): number {
  return plateX(players, seat) - (STACK_W >> 1);
}

export function stackY(players: number, seat: number): number {
  const y = plateY(players, seat);
  return sideOf(players, seat) === SIDE_BOTTOM ? y - PLATE_H / 2 - 4 - STACK_H : y + PLATE_H / 2 + 3;
}
