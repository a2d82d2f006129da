// How to play: a page title, its text, and pictures drawn from the real card
// sprites: single cards side by side with captions under them, or one pile a
// row with its caption beside it (a burst for a slap that takes the pile, a
// red cross for one that does not, burned cards under a wrong slap's pile).
// Drawn once per page into a cached layer.
import { FONT_LARGE, FONT_SMALL } from '../assets/font';
import type { Strings } from '../app/i18n/strings';
import type { HowToExample, HowToPage } from '../app/screen';
import { CARD_BACK, SPRITES } from '../assets/atlas';
import { CARD_H, CARD_W, drawBack, drawCard, drawCardScaled } from './cards';
import { drawPspButtons, newPspLabels } from './psp-picture';
import * as C from './colours';
import { rect, sprite, spriteRectScaled } from './drawlist';
import { newLayer, type Layer } from './layer';
import { PAGE_TOP } from './render';
import { ALIGN_CENTRE, ALIGN_LEFT, ALIGN_RIGHT, TextSlot } from './text';
import { drawFelt, drawPanel } from './widgets';

const PANEL_X = 16;
/** Under the notice's band; the bottom where it was. */
const PANEL_Y = PAGE_TOP;
const PANEL_W = 448;
const PANEL_H = 246 - PANEL_Y;
const TEXT_X = 32;
const TEXT_W = 416;
/** Row pictures: cards at 3/4 size, fanned. */
const SMALL_W = 34;
const SMALL_H = 47;
const SMALL_STEP = 13;
const FULL_STEP = 15;
const CAPTION_X = 164;

/** What How to play keeps of what it drew (a part of the View, src/view/view.ts). */
export interface HowToView {
  readonly felt: Layer;
  readonly layer: Layer;
  readonly title: TextSlot;
  readonly text: TextSlot;
  readonly page: TextSlot;
  readonly hint: TextSlot;
  readonly captions: readonly TextSlot[];
  readonly psp: readonly TextSlot[];
}

export function newHowToView(felt: Layer): HowToView {
  const captions: TextSlot[] = [];
  for (let i = 0; i < 4; i++) captions.push(new TextSlot());
  return { felt, layer: newLayer(), title: new TextSlot(), text: new TextSlot(), page: new TextSlot(), hint: new TextSlot(), captions, psp: newPspLabels() };
}

/** Page `page` of `pages`. */
export function drawHowToPage(v: HowToView, t: Strings, pages: readonly HowToPage[], page: number): void {
  const p = pages[page];
  if (p === undefined) return;
  const { layer, title: titleSlot, text: textSlot, page: pageSlot, hint: hintSlot } = v;
  if (layer.reuse(p, pages, t)) return;
  drawFelt(v.felt);
  drawPanel(PANEL_X, PANEL_Y, PANEL_W, PANEL_H, C.WHITE);
  titleSlot.draw(FONT_LARGE, p.title, 240, PANEL_Y + 7, ALIGN_CENTRE, C.GOLD);
  const text = textSlot.lay(FONT_SMALL, p.text, TEXT_X, PANEL_Y + 30, ALIGN_LEFT, C.WHITE, TEXT_W);
  textSlot.draw(FONT_SMALL, p.text, TEXT_X, PANEL_Y + 30, ALIGN_LEFT, C.WHITE, TEXT_W);
  const top = PANEL_Y + 30 + text.lines * FONT_SMALL.lineHeight + 8;
  const bottom = PANEL_Y + PANEL_H - 16;
  if (p.across) drawAcross(v.captions, p.examples, top);
  else drawRows(v.captions, p.examples, top, bottom);
  if (p.psp) drawPspButtons(v.psp, t, 140, bottom - 78);
  pageSlot.draw(FONT_SMALL, t.page(page + 1, pages.length), PANEL_X + PANEL_W - 12, PANEL_Y + PANEL_H - 15, ALIGN_RIGHT, C.HINT);
  hintSlot.draw(FONT_SMALL, t.howToHint, 240, 254, ALIGN_CENTRE, C.HINT);
  layer.keep();
}

/** Cards at full size side by side, each example centred in its column with its caption under it. */
function drawAcross(captionSlots: readonly TextSlot[], examples: readonly HowToExample[], top: number): void {
  const col = Math.floor(TEXT_W / examples.length);
  for (let i = 0; i < examples.length && i < captionSlots.length; i++) {
    const e = examples[i]!;
    const centre = TEXT_X + col * i + (col >> 1);
    const n = e.cards.length;
    const w = CARD_W + (n > 0 ? (n - 1) * FULL_STEP : 0);
    let x = centre - (w >> 1);
    for (let k = 0; k < n; k++) {
      const card = e.cards[k]!;
      if (card === CARD_BACK) drawBack(x, top, C.WHITE);
      else drawCard(card, x, top, C.WHITE);
      x += FULL_STEP;
    }
    captionSlots[i]!.draw(FONT_SMALL, e.caption, centre, top + CARD_H + 6, ALIGN_CENTRE, C.PALE_GOLD, col - 8);
  }
}

/** One example a row: the pile at 3/4 size on the left, its caption beside it. */
function drawRows(captionSlots: readonly TextSlot[], examples: readonly HowToExample[], top: number, bottom: number): void {
  if (examples.length === 0) return;
  let step = Math.floor((bottom - top) / examples.length);
  if (step > SMALL_H + 16) step = SMALL_H + 16;
  for (let i = 0; i < examples.length && i < captionSlots.length; i++) {
    const e = examples[i]!;
    const y = top + i * step;
    const right = drawSmallPile(e, TEXT_X + 14, y);
    const run = captionSlots[i]!.lay(FONT_SMALL, e.caption, CAPTION_X, 0, ALIGN_LEFT, C.PALE_GOLD, TEXT_X + TEXT_W - CAPTION_X);
    // Centred on the picture's height.
    const h = run.lines * FONT_SMALL.lineHeight;
    captionSlots[i]!.draw(FONT_SMALL, e.caption, right > CAPTION_X - 8 ? right + 8 : CAPTION_X, y + ((SMALL_H - h) >> 1), ALIGN_LEFT, C.PALE_GOLD, TEXT_X + TEXT_W - CAPTION_X);
  }
}

/** A slap rule's picture, as How to play draws it (Options shows it beside the rule's help). Returns its right edge. */
export function drawSlapPicture(cards: number[], x: number, y: number): number {
  return drawSmallPile({ cards, caption: '', mark: 1, burned: 0 }, x, y);
}

/** The picture's height. */
export const SLAP_PICTURE_H = SMALL_H;

/** A pile as the table shows it (burned backs beneath, the top card right), then its slap mark. Returns its right edge. */
function drawSmallPile(e: HowToExample, x: number, y: number): number {
  const n = e.cards.length;
  const layers = e.burned > 3 ? 3 : e.burned;
  for (let j = 0; j < layers; j++) drawSmallBack(x - 8 + j * 2, y + 5 + j * 2);
  if (n === 0) rect(x, y, SMALL_W, SMALL_H, C.SHADE_LIGHT);
  for (let k = 0; k < n; k++) drawCardScaled(e.cards[k]!, x + k * SMALL_STEP, y, SMALL_W, SMALL_H, C.WHITE);
  const topX = x + (n > 0 ? (n - 1) * SMALL_STEP : 0);
  if (e.mark === 0) return topX + SMALL_W;
  if (e.mark === 3) {
    // Russian: no hand, no slap; a red arrow at the top card, whose player takes the pile.
    const a = SPRITES.arrowSide;
    sprite(topX + SMALL_W + 3, y + (SMALL_H >> 1) - 8, -16, 16, a[0], a[1], a[2], a[3], C.RED);
    return topX + SMALL_W + 21;
  }
  // The slapping hand lands beside the top card, not over it: the picture's ranks stay readable.
  const h = SPRITES.hand;
  const mx = topX + SMALL_W - 4;
  const my = y + (SMALL_H >> 1) - 16;
  if (e.mark === 1) spriteRectScaled(mx - 2, my - 2, 36, 36, SPRITES.burst, C.YELLOW);
  sprite(mx, my, 32, 32, h[0], h[1], h[2], h[3], C.WHITE);
  if (e.mark === 2) spriteRectScaled(mx + 5, my + 5, 22, 22, SPRITES.cross, C.WHITE);
  return mx + 34;
}

function drawSmallBack(x: number, y: number): void {
  drawCardScaled(CARD_BACK, x, y, SMALL_W, SMALL_H, C.DIM_TINT);
}
