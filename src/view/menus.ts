// The menu scenes: title, options, results (how to play: howto-view.ts). Each
// is drawn into a cached layer that is rebuilt only when what it shows changes.
import { SPRITES } from '../assets/atlas';
import { FONT_LARGE, FONT_SMALL } from '../assets/font';
import type { Strings } from '../app/i18n/strings';
import type { OptionRow, ResultsScreen } from '../app/screen';
import * as C from './colours';
import { rect, sprite, spriteRect } from './drawlist';
import { newLayer, type Layer } from './layer';
import { drawBack, drawCard } from './cards';
import { ALIGN_CENTRE, ALIGN_LEFT, ALIGN_RIGHT, TextSlot, drawNumber } from './text';
import { drawFelt, drawPanel } from './widgets';

function slots(n: number): TextSlot[] {
  const a: TextSlot[] = [];
  for (let i = 0; i < n; i++) a.push(new TextSlot());
  return a;
}

const VISIBLE_ROWS = 13;

/** What the menu scenes keep of what they drew (a part of the View, src/view/view.ts). */
export interface MenusView {
  readonly felt: Layer;
  /** One cached layer for the menu scenes, keyed by the scene first. */
  readonly layer: Layer;
  readonly heading: TextSlot;
  readonly hint: TextSlot;
  readonly title: readonly TextSlot[];
  readonly labels: readonly TextSlot[];
  readonly values: readonly TextSlot[];
  readonly results: readonly TextSlot[];
  /** The results' ranking, a layer per row (with its name's slot): a rehearsal builds a few rows a frame (src/view/budget.ts). */
  readonly rankRows: readonly Layer[];
  readonly rankNames: readonly TextSlot[];
}

export function newMenusView(felt: Layer): MenusView {
  return {
    felt,
    layer: newLayer(),
    heading: new TextSlot(2),
    hint: new TextSlot(3),
    title: slots(8),
    labels: slots(VISIBLE_ROWS),
    values: slots(VISIBLE_ROWS),
    results: slots(24),
    rankRows: [newLayer(), newLayer(), newLayer(), newLayer(), newLayer(), newLayer()],
    rankNames: slots(6),
  };
}

// ---- what the options and how-to scenes share ----

/** The felt, a panel and its heading centred over it: how a menu page starts. */
function drawPage(v: MenusView, x: number, y: number, w: number, h: number, heading: string, headingY: number): void {
  drawFelt(v.felt);
  drawPanel(x, y, w, h, C.WHITE);
  v.heading.draw(FONT_LARGE, heading, 240, headingY, ALIGN_CENTRE, C.GOLD);
}

/** The line under the panel that says which buttons do what. */
function drawHint(v: MenusView, text: string): void {
  v.hint.draw(FONT_SMALL, text, 240, 254, ALIGN_CENTRE, C.HINT);
}

// ---- title ----

/** The title menu with its row `cursor` lit. */
export function drawTitleMenu(v: MenusView, t: Strings, cursor: number): void {
  const { layer, title: titleSlots } = v;
  if (layer.reuse(0, cursor, t, null)) return;
  drawFelt(v.felt);
  const logo = SPRITES.logo;
  spriteRect(240 - (logo[2] >> 1), 22, logo, C.WHITE);
  titleSlots[0]!.draw(FONT_SMALL, t.subtitle, 240, 22 + logo[3] + 4, ALIGN_CENTRE, C.PALE_GOLD);
  drawTitleCards();
  drawPanel(150, 100, 180, 144, C.WHITE);
  const items = [t.menu.play, t.menu.options, t.menu.howTo, t.menu.stats, t.menu.watch, t.menu.quit];
  for (let i = 0; i < items.length; i++) {
    const y = 106 + i * 22;
    if (i === cursor) rect(158, y - 2, 164, 21, C.HIGHLIGHT);
    titleSlots[1 + i]!.draw(FONT_LARGE, items[i]!, 240, y, ALIGN_CENTRE, i === cursor ? C.YELLOW : C.WHITE);
  }
  drawHint(v, t.titleHint);
  layer.keep();
}

/** The game's name in the corner the 4-player demo table leaves free (the idle title's demo). */
export function drawDemoLogo(): void {
  spriteRect(1, 2, SPRITES.logo, C.WHITE);
}

/** Card numbers: suit * 13 + rank - 2 (src/rules/types.ts). */
const TITLE_LEFT = [3 * 13 + 12, 2 * 13 + 11, 1 * 13 + 10, 0 * 13 + 9]; // A♠ K♥ Q♦ J♣
const TITLE_RIGHT = [2 * 13 + 3, 0 * 13 + 3, 52]; // a pair of fives and a joker: slap!

/** Two small hands of cards either side of the menu: the game's pieces on its cover. */
function drawTitleCards(): void {
  for (let i = 0; i < TITLE_LEFT.length; i++) drawCard(TITLE_LEFT[i]!, 28 + i * 16, 118 + i * 6, C.WHITE);
  drawBack(360, 124, C.WHITE);
  for (let i = 0; i < TITLE_RIGHT.length; i++) drawCard(TITLE_RIGHT[i]!, 372 + i * 18, 112 + i * 8, C.WHITE);
}

// ---- options ----

const ROW_H = 15;

/** The option rows, scrolled to show row `cursor`, lit. */
export function drawOptionsPage(v: MenusView, t: Strings, rows: readonly OptionRow[], cursor: number): void {
  const { layer, labels: labelSlots, values: valueSlots } = v;
  if (layer.reuse(1, cursor, rows, t)) return;
  drawPage(v, 40, 8, 400, 240, t.optionsTitle, 14);
  // Scroll so the cursor stays in view, centred where possible.
  let first = cursor - (VISIBLE_ROWS >> 1);
  if (first > rows.length - VISIBLE_ROWS) first = rows.length - VISIBLE_ROWS;
  if (first < 0) first = 0;
  for (let i = 0; i < VISIBLE_ROWS && first + i < rows.length; i++) {
    const row = rows[first + i]!;
    const y = 38 + i * ROW_H;
    const on = first + i === cursor;
    if (on) rect(50, y - 2, 380, ROW_H, C.HIGHLIGHT);
    labelSlots[i]!.draw(FONT_SMALL, row.label, 58, y, ALIGN_LEFT, on ? C.YELLOW : C.WHITE);
    valueSlots[i]!.draw(FONT_SMALL, row.value, 422, y, ALIGN_RIGHT, on ? C.YELLOW : C.PALE_GOLD);
  }
  // More rows above or below: small arrows at the panel's right edge.
  const a = SPRITES.arrow;
  if (first > 0) sprite(418, 16, 12, -12, a[0], a[1], a[2], a[3], C.GOLD);
  if (first + VISIBLE_ROWS < rows.length) sprite(418, 230, 12, 12, a[0], a[1], a[2], a[3], C.GOLD);
  drawHint(v, t.optionsHint);
  layer.keep();
}

// ---- results ----

/** Row i of the results' ranking at y: place (a crown for the winner), name, cards, piles, and the slap columns. */
function drawRankRow(nameSlot: TextSlot, row: ResultsScreen['ranking'][number], i: number, y: number, slapping: boolean): void {
  const cols = RESULT_COLS;
  const tint = i === 0 ? C.YELLOW : C.WHITE;
  if (i === 0) spriteRect(24, y - 4, SPRITES.crown, C.WHITE);
  else drawNumber(FONT_SMALL, i + 1, 44, y, ALIGN_RIGHT, C.GREY);
  nameSlot.draw(FONT_SMALL, row.name, 52, y, ALIGN_LEFT, tint);
  drawNumber(FONT_SMALL, row.cards, cols[0]!, y, ALIGN_CENTRE, tint);
  drawNumber(FONT_SMALL, row.piles, cols[1]!, y, ALIGN_CENTRE, tint);
  if (slapping) {
    drawNumber(FONT_SMALL, row.slapsWon, cols[2]!, y, ALIGN_CENTRE, tint);
    drawNumber(FONT_SMALL, row.wrongSlaps, cols[3]!, y, ALIGN_CENTRE, tint);
  }
}

/** The results' columns: cards, piles, slaps won, wrong slaps. */
const RESULT_COLS = [150, 215, 290, 365];

/** A finished game's results; `slapping`: it was a classic game (slap columns). */
export function drawResultsPage(v: MenusView, t: Strings, r: ResultsScreen, slapping: boolean): void {
  const { layer, results: resultSlots } = v;
  if (layer.reuse(4, r, r.ranking, t)) return;
  let k = 0;
  const text = (font: typeof FONT_SMALL, str: string, x: number, y: number, align: number, tint: number): void => {
    resultSlots[k++]!.draw(font, str, x, y, align, tint);
  };
  drawFelt(v.felt);
  drawPanel(20, 6, 440, 244, C.WHITE);
  text(FONT_LARGE, r.winner, 240, 12, ALIGN_CENTRE, C.YELLOW);
  if (r.byLimit) text(FONT_SMALL, t.byLimit, 240, 31, ALIGN_CENTRE, C.GREY);
  // The ranking as a table: place, name, cards, piles, slaps won, wrong slaps.
  const cols = RESULT_COLS;
  let y = 48;
  text(FONT_SMALL, t.ranking, 36, y, ALIGN_LEFT, C.GOLD);
  text(FONT_SMALL, t.statCards, cols[0]!, y, ALIGN_CENTRE, C.GOLD);
  // In Russian rules a pile is taken as a loss, not won.
  text(FONT_SMALL, slapping ? t.statPiles : t.statPilesTaken, cols[1]!, y, ALIGN_CENTRE, C.GOLD);
  if (slapping) {
    text(FONT_SMALL, t.statSlapsWon, cols[2]!, y, ALIGN_CENTRE, C.GOLD);
    text(FONT_SMALL, t.statWrongSlaps, cols[3]!, y, ALIGN_CENTRE, C.GOLD);
  }
  y += 15;
  for (let i = 0; i < r.ranking.length; i++) {
    const rowLayer = v.rankRows[i]!;
    if (!rowLayer.reuse(r.ranking[i], slapping, y)) {
      drawRankRow(v.rankNames[i]!, r.ranking[i]!, i, y, slapping);
      rowLayer.keep();
    }
    y += 13;
  }
  y = 150;
  if (slapping) {
    text(FONT_SMALL, t.statFastest, 36, y, ALIGN_LEFT, C.WHITE);
    text(FONT_SMALL, r.fastestMs >= 0 ? t.ms(r.fastestMs) : t.none, 300, y, ALIGN_RIGHT, C.PALE_GOLD);
    y += 14;
  }
  text(FONT_SMALL, t.statCardsPlayed, 36, y, ALIGN_LEFT, C.WHITE);
  drawNumber(FONT_SMALL, r.cardsPlayed, 300, y, ALIGN_RIGHT, C.PALE_GOLD);
  y += 20;
  text(FONT_SMALL, t.lifetime, 36, y, ALIGN_LEFT, C.GOLD);
  for (const line of r.lifetime) {
    y += 14;
    text(FONT_SMALL, line, 48, y, ALIGN_LEFT, C.WHITE);
  }
  drawHint(v, t.resultsHint);
  layer.keep();
}
