// Cards and card-sized things from the atlas.
import { CARD_BACK, CARD_H, CARD_RECTS, CARD_W, SMALL_BACK, SPRITES } from '../assets/atlas';
import { sprite, spriteRect } from './drawlist';

export { CARD_H, CARD_W };

/** A card face (or CARD_BACK) at full size, with its soft shadow. */
export function drawCard(card: number, x: number, y: number, tint: number): void {
  spriteRect(x - 2, y - 2, SPRITES.cardShadow, 0xffffffff | 0);
  spriteRect(x, y, CARD_RECTS[card]!, tint);
}

/** A card face scaled to w x h (cards shrinking toward a stack). */
export function drawCardScaled(card: number, x: number, y: number, w: number, h: number, tint: number): void {
  const r = CARD_RECTS[card]!;
  sprite(x, y, w, h, r[0], r[1], r[2], r[3], tint);
}

export function drawBack(x: number, y: number, tint: number): void {
  spriteRect(x, y, CARD_RECTS[CARD_BACK]!, tint);
}

export function drawSmallBack(x: number, y: number, tint: number): void {
  spriteRect(x, y, SMALL_BACK, tint);
}
