// The menu scenes: title, options, results (how to play: howto-view.ts). Each
// is drawn into a cached layer that is rebuilt only when what it shows changes.
import { SPRITES } from '../assets/atlas';
import { FONT_LARGE, FONT_SMALL } from '../assets/font';
import type { Strings } from '../app/i18n/strings';
import type { OptionRow, ResultsScreen } from '../app/screen';
import * as C from './colours';
import { copyInts, rect, sprite, spriteRect } from './drawlist';
import { drawSlapPicture, SLAP_PICTURE_H } from './howto-view';
import { newLayer, type Layer } from './layer';
import { ALIGN_CENTRE, ALIGN_LEFT, ALIGN_RIGHT, TextSlot, drawNumber, wrap } from './text';
import { PAGE_TOP } from './render';
import { drawCover, LOGO_Y } from './splash';
import { drawFelt, drawPanel } from './widgets';

function slots(n: number): TextSlot[] {
  const a: TextSlot[] = [];
  for (let i = 0; i < n; i++) a.push(new TextSlot());
  return a;
}

const VISIBLE_ROWS = 10;

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
  /** The options' selected row's help, and the list's lines (rows and headings) as last laid out. */
  readonly help: TextSlot;
  readonly optionLines: number[];
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
    help: new TextSlot(3),
    optionLines: [],
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

/** The title menu's panel, and its rows: the first row's text top, and the rows' pitch (closer with the Online row). */
const TITLE_PANEL_X = 150;
const TITLE_PANEL_W = 180;

function titleRowY(count: number): number {
  return count > 6 ? 99 : 106;
}

function titlePitch(count: number): number {
  return count > 6 ? 21 : 22;
}

/**
 * Where a tap picks a menu row: row i of `count` stacked every `pitch`
 * pixels from `top`, across [left, right); -1 off every row.
 */
function rowAt(x: number, y: number, left: number, right: number, top: number, pitch: number, count: number): number {
  if (x < left || x >= right || y < top) return -1;
  const row = Math.floor((y - top) / pitch);
  return row < count ? row : -1;
}

/** The title menu's row under the screen point (x, y) (a tap), or -1; `count` rows. */
export function titleRowAt(x: number, y: number, count: number): number {
  return rowAt(x, y, TITLE_PANEL_X, TITLE_PANEL_X + TITLE_PANEL_W, titleRowY(count) - 2, titlePitch(count), count);
}

/** The title menu (`items`, its rows, each named by its Strings.menu word) with its row `cursor` lit, over the game's cover (the splash the hosts show first). */
export function drawTitleMenu(v: MenusView, t: Strings, items: readonly (keyof Strings['menu'])[], cursor: number): void {
  const { layer, title: titleSlots } = v;
  if (layer.reuse(0, cursor, t, items)) return;
  drawCover(v.felt);
  titleSlots[0]!.draw(FONT_SMALL, t.subtitle, 240, LOGO_Y + SPRITES.logo[3] + 4, ALIGN_CENTRE, C.PALE_GOLD);
  const top = titleRowY(items.length);
  const pitch = titlePitch(items.length);
  drawPanel(TITLE_PANEL_X, top - 6, TITLE_PANEL_W, items.length * pitch + 12, C.WHITE);
  for (let i = 0; i < items.length; i++) {
    const y = top + i * pitch;
    if (i === cursor) rect(158, y - 2, 164, pitch - 1, C.HIGHLIGHT);
    titleSlots[1 + i]!.draw(FONT_LARGE, t.menu[items[i]!], 240, y, ALIGN_CENTRE, i === cursor ? C.YELLOW : C.WHITE);
  }
  drawHint(v, t.titleHint);
  layer.keep();
}

/** The game's name in the corner the 4-player demo table leaves free (the idle title's demo). */
export function drawDemoLogo(): void {
  spriteRect(1, 2, SPRITES.logo, C.WHITE);
}

// ---- options ----

const ROW_H = 15;

/** Lines of the list (group headings and rows) shown at once, and the top of the first. */
const VISIBLE_LINES = 10;
const LINES_Y = 38;
/**
 * The panel starts under the notice's band (a failed save shows its notice
 * here), its bottom where it was; the heading sits closer to its top than on
 * the other pages, the rows (and where a tap picks them) where they were.
 */
const OPTIONS_HEADING_Y = PAGE_TOP + 2;
/** The options' scroll arrows: between the values' right edge (422) and the panel's border (436). */
export const ARROW_X = 424;
export const ARROW_W = 10;
/** The selected row's help under the list: a rule line, then the text (beside a slap rule's picture). */
const HELP_Y = 196;

/**
 * The options list as lines into `lines`: a heading (-1 - row) before each
 * row that begins a group, then the row. Returns the first line shown,
 * scrolled so that row `cursor` stays in view, centred where possible, its
 * heading with it.
 */
function optionList(rows: readonly OptionRow[], cursor: number, lines: number[]): number {
  lines.length = 0;
  let at = 0;
  for (let r = 0; r < rows.length; r++) {
    if (rows[r]!.group !== '') lines.push(-1 - r);
    if (r === cursor) at = lines.length;
    lines.push(r);
  }
  let first = at - (VISIBLE_LINES >> 1);
  if (first > lines.length - VISIBLE_LINES) first = lines.length - VISIBLE_LINES;
  return first < 0 ? 0 : first;
}

/** The option row under the screen point (x, y) (a tap) while row `cursor` is selected, or -1 (a heading, off the list). */
export function optionRowAt(rows: readonly OptionRow[], cursor: number, x: number, y: number): number {
  const lines: number[] = [];
  const first = optionList(rows, cursor, lines);
  const i = rowAt(x, y, 50, 430, LINES_Y - 2, ROW_H, Math.min(VISIBLE_LINES, lines.length - first));
  return i < 0 ? -1 : Math.max(-1, lines[first + i]!);
}

/** The option rows under their groups' headings, scrolled to show row `cursor`, lit; under them what that row does. */
export function drawOptionsPage(v: MenusView, t: Strings, rows: readonly OptionRow[], cursor: number, heading = t.optionsTitle, hint = t.optionsHint): void {
  const { layer, labels: labelSlots, values: valueSlots } = v;
  if (layer.reuse(1, cursor, rows, t, heading, hint)) return;
  drawPage(v, 40, PAGE_TOP, 400, 248 - PAGE_TOP, heading, OPTIONS_HEADING_Y);
  const lines = v.optionLines;
  const first = optionList(rows, cursor, lines);
  for (let i = 0; i < VISIBLE_LINES && first + i < lines.length; i++) {
    const line = lines[first + i]!;
    const y = LINES_Y + i * ROW_H;
    if (line < 0) {
      // A group's heading: gold, with a rule to the panel's edge.
      const run = labelSlots[i]!.lay(FONT_SMALL, rows[-1 - line]!.group, 52, y, ALIGN_LEFT, C.GOLD);
      rect(52 + run.width + 6, y + 6, 372 - run.width - 6, 1, C.GOLD);
      copyInts(run.cmds);
      continue;
    }
    const row = rows[line]!;
    const on = line === cursor;
    if (on) rect(50, y - 2, 380, ROW_H, C.HIGHLIGHT);
    labelSlots[i]!.draw(FONT_SMALL, row.label, 64, y, ALIGN_LEFT, on ? C.YELLOW : C.WHITE);
    valueSlots[i]!.draw(FONT_SMALL, row.value, 422, y, ALIGN_RIGHT, on ? C.YELLOW : C.PALE_GOLD);
  }
  // More lines above or below: small arrows at the panel's right edge,
  // right of the values' column (which ends at 422: at 418 the arrow lay on
  // the last row's value, "Off" read "Of⬇").
  const a = SPRITES.arrow;
  if (first > 0) sprite(ARROW_X, LINES_Y + ARROW_W, ARROW_W, -ARROW_W, a[0], a[1], a[2], a[3], C.GOLD);
  if (first + VISIBLE_LINES < lines.length) sprite(ARROW_X, HELP_Y - 16, ARROW_W, ARROW_W, a[0], a[1], a[2], a[3], C.GOLD);
  // What the selected row does.
  const selected = rows[cursor];
  if (selected !== undefined) {
    rect(50, HELP_Y - 4, 380, 1, C.GOLD);
    let x = 56;
    if (selected.picture !== null) x = drawSlapPicture(selected.picture, 56, HELP_Y) + 8;
    const run = v.help.lay(FONT_SMALL, selected.help, x, HELP_Y, ALIGN_LEFT, C.PALE_GOLD, 426 - x);
    // Beside a picture, the text sits by its middle.
    const dy = selected.picture !== null ? (SLAP_PICTURE_H - run.lines * FONT_SMALL.lineHeight) >> 1 : 0;
    if (dy === 0) copyInts(run.cmds);
    else v.help.draw(FONT_SMALL, selected.help, x, HELP_Y + dy, ALIGN_LEFT, C.PALE_GOLD, 426 - x);
  }
  drawHint(v, hint);
  layer.keep();
}

// ---- results ----

/**
 * A row of the results' ranking at y: place (a crown for a winner alone;
 * players level at the top each show 1), name, cards, piles, and the slap
 * columns.
 */
function drawRankRow(nameSlot: TextSlot, row: ResultsScreen['ranking'][number], y: number, slapping: boolean, crown: boolean): void {
  const cols = RESULT_COLS;
  const first = row.place === 1;
  const tint = first ? C.YELLOW : C.WHITE;
  if (crown) spriteRect(24, y - 4, SPRITES.crown, C.WHITE);
  else drawNumber(FONT_SMALL, row.place, 44, y, ALIGN_RIGHT, first ? C.YELLOW : C.GREY);
  nameSlot.draw(FONT_SMALL, row.name, 52, y, ALIGN_LEFT, tint);
  drawNumber(FONT_SMALL, row.cards, cols[0]!, y, ALIGN_CENTRE, tint);
  drawNumber(FONT_SMALL, row.piles, cols[1]!, y, ALIGN_CENTRE, tint);
  if (slapping) {
    drawNumber(FONT_SMALL, row.slapsWon, cols[2]!, y, ALIGN_CENTRE, tint);
    drawNumber(FONT_SMALL, row.wrongSlaps, cols[3]!, y, ALIGN_CENTRE, tint);
  }
}

/** The results' columns' centres: cards, piles, slaps won, wrong slaps. */
const RESULT_COLS = [166, 236, 306, 376];
/**
 * The width a column's heading may take: two lines at most, wrapped at its
 * words ("Ошибочных хлопков" is 108 pixels on one line, and the columns are
 * 70 apart). test/game/results-page.test.ts lays every language's out.
 */
export const RESULT_HEADING_W = 66;
/**
 * The panel under the notice's band (a failed save, or an ended rematch's
 * notice, reaches the results), and its lines as far below its top as they
 * were: the winner, the cause, the headings' last line, the first ranking
 * row, this game's figures under the ranking.
 */
const RESULTS_TOP = PAGE_TOP;
const WINNER_Y = RESULTS_TOP + 6;
const CAUSE_Y = RESULTS_TOP + 25;
const HEADING_BOTTOM = RESULTS_TOP + 51;
const FIRST_ROW_Y = RESULTS_TOP + 65;
const FIGURES_Y = RESULTS_TOP + 148;

/** A finished game's results; `slapping`: it was a classic game (slap columns). */
export function drawResultsPage(v: MenusView, t: Strings, r: ResultsScreen, slapping: boolean, hint = t.resultsHint): void {
  const { layer, results: resultSlots } = v;
  if (layer.reuse(4, r, r.ranking, t, hint)) return;
  let k = 0;
  const text = (font: typeof FONT_SMALL, str: string, x: number, y: number, align: number, tint: number): void => {
    resultSlots[k++]!.draw(font, str, x, y, align, tint);
  };
  drawFelt(v.felt);
  drawPanel(20, RESULTS_TOP, 440, 250 - RESULTS_TOP, C.WHITE);
  text(FONT_LARGE, r.winner, 240, WINNER_Y, ALIGN_CENTRE, C.YELLOW);
  text(FONT_SMALL, r.cause, 240, CAUSE_Y, ALIGN_CENTRE, C.PALE_GOLD);
  // The ranking as a table: place, name, cards, piles, slaps won, wrong slaps.
  const cols = RESULT_COLS;
  // Each heading wraps within its column and sits on the same last line.
  const heading = (str: string, x: number, align: number, maxWidth: number): void => {
    const lines = wrap(FONT_SMALL, str, maxWidth).length;
    resultSlots[k++]!.draw(FONT_SMALL, str, x, HEADING_BOTTOM - (lines - 1) * FONT_SMALL.lineHeight, align, C.GOLD, maxWidth);
  };
  heading(t.ranking, 36, ALIGN_LEFT, cols[0]! - RESULT_HEADING_W / 2 - 40);
  heading(t.statCards, cols[0]!, ALIGN_CENTRE, RESULT_HEADING_W);
  // In Russian rules a pile is taken as a loss, not won.
  heading(slapping ? t.statPiles : t.statPilesTaken, cols[1]!, ALIGN_CENTRE, RESULT_HEADING_W);
  if (slapping) {
    heading(t.statSlapsWon, cols[2]!, ALIGN_CENTRE, RESULT_HEADING_W);
    heading(t.statWrongSlaps, cols[3]!, ALIGN_CENTRE, RESULT_HEADING_W);
  }
  let y = FIRST_ROW_Y;
  const alone = r.ranking.length < 2 || r.ranking[1]!.place !== 1;
  for (let i = 0; i < r.ranking.length; i++) {
    const rowLayer = v.rankRows[i]!;
    if (!rowLayer.reuse(r.ranking[i], slapping, y)) {
      drawRankRow(v.rankNames[i]!, r.ranking[i]!, y, slapping, i === 0 && alone);
      rowLayer.keep();
    }
    y += 13;
  }
  y = FIGURES_Y;
  if (slapping) {
    text(FONT_SMALL, r.fastestLabel, 36, y, ALIGN_LEFT, C.WHITE);
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
  drawHint(v, hint);
  layer.keep();
}
