// A won game's celebration (issue 20, "A payoff"): the table dims, the
// winner's cards burst up from their stack one after another, spinning, and
// fall away; a burst grows behind the winner's seat, and the win is written
// large with the button that skips to the results. It lasts as long as its
// fanfare (CELEBRATION_MS); src/app/scenes/table.ts ends it.
// Every card's path is a function of the time alone, so any frame can be
// drawn on its own (the replays draw them on every host).
import { FONT_LARGE, FONT_SMALL } from '../assets/font';
import { CARD_BACK, SPRITES } from '../assets/atlas';
import type { Celebration } from './table-display';
import { CARD_H, CARD_W, drawCardScaled } from './cards';
import * as C from './colours';
import { rect, spriteRectScaled } from './drawlist';
import { plateX, plateY, stackX, stackY, STACK_H, STACK_W } from './seats';
import { ALIGN_CENTRE, type TextSlot } from './text';
import { easeOut, lerp, progress } from './tween';
import { drawPanel } from './widgets';

/** The celebration lasts as long as its fanfare (tools/assets/sounds.mjs), unless a button skips it. */
export const CELEBRATION_MS = 2700;
/** A card leaves the stack this long after the one before it. */
const LAUNCH_EVERY_MS = 60;
/** Up at 0.5-0.68 px/ms, pulled back at 0.0011 px/ms²: the highest cards turn over near the top of the screen. */
const GRAVITY_MILLI = 11; // 0.0011 px/ms², in 1/10,000 px/ms²
/** A half-turn (face to back) takes this long. */
const HALF_TURN_MS = 260;

export interface CelebrationSlots {
  readonly title: TextSlot;
  readonly hint: TextSlot;
}

/** Draws the celebration at `now` over the table. */
export function drawCelebration(v: CelebrationSlots, c: Celebration, players: number, text: string, skip: string, now: number): void {
  const elapsed = now - c.start;
  // The table dims at once, so the cards and the line stand out.
  rect(0, 0, 480, 272, C.SHADE_LIGHT);
  // A burst behind the winner's seat, growing.
  const g = easeOut(progress(now, c.start, 500));
  const size = lerp(40, 150, g);
  const px = plateX(players, c.seat);
  const py = plateY(players, c.seat);
  spriteRectScaled(px - (size >> 1), py - (size >> 1), size, size, SPRITES.burst, C.YELLOW);
  const ox = stackX(players, c.seat) + (STACK_W >> 1);
  const oy = stackY(players, c.seat) + (STACK_H >> 1);
  for (let i = 0; i < c.count; i++) {
    const e = elapsed - i * LAUNCH_EVERY_MS;
    if (e <= 0) break;
    // Spread left and right by the card's number, up by another: a fountain, the same every time.
    const vx = (((i * 37) % 13) - 6) * 45; // px per 1000 ms
    const vy = 500 + ((i * 53) % 7) * 30;
    const x = ox + Math.floor((vx * e) / 1000);
    const y = oy - Math.floor((vy * e) / 1000) + Math.floor((GRAVITY_MILLI * e * e) / 20000);
    if (y > 272 + CARD_H) continue;
    // Spinning about its upright axis: the width goes to nothing and back, face then back.
    const phase = Math.floor((e * 256) / HALF_TURN_MS) % 512;
    const turn = phase < 256 ? phase : phase - 256;
    const w = Math.max(2, Math.floor((Math.abs(128 - turn) * CARD_W) / 128));
    const face = phase < 128 || phase >= 384;
    drawCardScaled(face ? c.cards[i]! : CARD_BACK, x - (w >> 1), y - (CARD_H >> 1), w, CARD_H, C.WHITE);
  }
  // The win, written large, after the first cards are up.
  if (elapsed < 150) return;
  drawPanel(100, 96, 280, 62, C.WHITE);
  v.title.draw(FONT_LARGE, text, 240, 108, ALIGN_CENTRE, C.YELLOW, 260);
  v.hint.draw(FONT_SMALL, skip, 240, 136, ALIGN_CENTRE, C.PALE_GOLD, 260);
}
