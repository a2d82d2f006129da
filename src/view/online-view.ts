// The online rooms' screens (docs/network.md): the Online menu, the letter
// picker that writes a name or a room's code, and the lobby (who is in, the
// code and the link to give the others). The Create screen is an options
// page (menus.ts), the online game the table (table-view.ts), its results
// the results page. Each screen is drawn into one cached layer, rebuilt
// when what it shows changes.
import { FONT_LARGE, FONT_SMALL } from '../assets/font';
import type { OnlineStrings, Strings } from '../app/i18n/strings';
import type { OnlineRow } from '../app/online-rows';
import { CELL_DELETE, CELL_DONE, CELL_SPACE, CELL_SWITCH, PICKER_PAGES, type EntryKind } from './picker';
import * as C from './colours';
import { rect } from './drawlist';
import { newLayer, type Layer } from './layer';
import { ALIGN_CENTRE, ALIGN_LEFT, TextSlot, measure, wrap } from './text';
import { drawFelt, drawPanel } from './widgets';
import { PAGE_TOP } from './render';

/** What the online screens keep of what they drew (a part of the View, src/view/view.ts). */
export interface OnlineView {
  readonly felt: Layer;
  readonly layer: Layer;
  /** One per text drawn, added as needed. */
  readonly slots: TextSlot[];
}

export function newOnlineView(felt: Layer): OnlineView {
  return { felt, layer: newLayer(), slots: [] };
}

/** A writer of the screen's texts into the view's slots, in drawing order. */
function texts(v: OnlineView): (font: typeof FONT_SMALL, str: string, x: number, y: number, align: number, tint: number, width?: number) => void {
  let k = 0;
  return (font, str, x, y, align, tint, width = 0) => {
    if (k === v.slots.length) v.slots.push(new TextSlot());
    v.slots[k++]!.draw(font, str, x, y, align, tint, width);
  };
}

// ---- the Online menu ----

const MENU_X = 60;
const MENU_W = 360;
/** The panel starts under the notice line's band (a room refused comes back here with its notice); its bottom stays where it was. */
const MENU_TOP = PAGE_TOP;
const MENU_BOTTOM = 236;
const MENU_ROW_Y = 112;
const MENU_PITCH = 24;
/** Six rows (a PSP with a network and ad hoc) sit higher and closer, inside the same panel. */
const MENU_ROW_Y_SIX = 98;
const MENU_PITCH_SIX = 22;

function rowY(count: number): number {
  return count > 4 ? MENU_ROW_Y_SIX : MENU_ROW_Y;
}

function pitch(count: number): number {
  return count > 4 ? MENU_PITCH_SIX : MENU_PITCH;
}

/** The Online menu's row (of `count`) under the screen point (x, y) (a tap), or -1. */
export function onlineRowAt(count: number, x: number, y: number): number {
  const top = rowY(count) - 3;
  if (x < MENU_X || x >= MENU_X + MENU_W || y < top) return -1;
  const row = Math.floor((y - top) / pitch(count));
  return row < count ? row : -1;
}

/** The Online menu's rows as the host offers them (Create a room, Join a room, the nearby ones, Your name: (the name), Back); what Online is above them. */
export function drawOnlineMenu(v: OnlineView, t: Strings, kinds: readonly OnlineRow[], cursor: number, name: string): void {
  if (v.layer.reuse(0, cursor, name, t, kinds)) return;
  const text = texts(v);
  const o = t.online;
  drawFelt(v.felt);
  drawPanel(MENU_X, MENU_TOP, MENU_W, MENU_BOTTOM - MENU_TOP, C.WHITE);
  text(FONT_LARGE, o.title, 240, MENU_TOP + 8, ALIGN_CENTRE, C.GOLD);
  const nearby = kinds.indexOf('hostNearby') >= 0;
  const server = kinds.indexOf('create') >= 0;
  text(FONT_SMALL, nearby ? (server ? o.aboutBoth : o.aboutNearby) : o.about, 240, MENU_TOP + 32, ALIGN_CENTRE, C.PALE_GOLD, MENU_W - 40);
  const rows = kinds.map((k) => (k === 'name' ? o.rows.name + ': ' + (name !== '' ? name : o.noName) : o.rows[k]));
  const top = rowY(rows.length);
  const step = pitch(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const y = top + i * step;
    if (i === cursor) rect(MENU_X + 12, y - 3, MENU_W - 24, step - 2, C.HIGHLIGHT);
    text(FONT_LARGE, rows[i]!, 240, y, ALIGN_CENTRE, i === cursor ? C.YELLOW : C.WHITE);
  }
  text(FONT_SMALL, o.hint, 240, 254, ALIGN_CENTRE, C.HINT);
  v.layer.keep();
}

// ---- the letter picker ----

const GRID_X = 64;
const GRID_W = 352;
const GRID_Y = 88;
const CELL_H = 26;
/** The picker's title, what it is for, and the text's box: under the notice's band, over the grid (whose cells, the tap areas, stay). */
const ENTRY_TITLE_Y = PAGE_TOP + 4;
const ENTRY_HELP_Y = ENTRY_TITLE_Y + 19;
const ENTRY_BOX_Y = ENTRY_HELP_Y + 15;

/** The cell's width on row `row` of a page: the letters' rows have 11 cells, the last row its wide ones. */
function cellW(cells: readonly (readonly string[])[], row: number): number {
  return row === cells.length - 1 ? GRID_W / cells[row]!.length : GRID_W / 11;
}

/** The picker's cell under the screen point (x, y) (a tap): [row, col], or null. */
export function entryCellAt(kind: EntryKind, page: number, x: number, y: number): [number, number] | null {
  const cells = PICKER_PAGES[kind][page]!;
  if (x < GRID_X || x >= GRID_X + GRID_W || y < GRID_Y) return null;
  const row = Math.floor((y - GRID_Y) / CELL_H);
  if (row >= cells.length) return null;
  const col = Math.floor((x - GRID_X) / cellW(cells, row));
  return col < cells[row]!.length ? [row, col] : null;
}

/** What a cell shows: its letter, or the wide cells' words. */
function cellText(o: OnlineStrings, kind: EntryKind, page: number, cell: string): string {
  if (cell === CELL_SPACE) return o.space;
  if (cell === CELL_DELETE) return '←';
  if (cell === CELL_DONE) return 'OK';
  // The switch shows the alphabet it goes to.
  if (cell === CELL_SWITCH) return PICKER_PAGES[kind][(page + 1) % PICKER_PAGES[kind].length]![0]!.slice(0, 3).join('');
  return cell;
}

/**
 * A name or a code being written: its title and what it is for, the text
 * so far in its box (a code's seven places), the picker's page with the
 * cell at row, col lit, and the keys or buttons that write it; `nearby`, a
 * nearby room's code (hosted by a PSP close by).
 */
export function drawEntry(v: OnlineView, t: Strings, kind: EntryKind, text: string, page: number, row: number, col: number, keys: boolean, nearby = false): void {
  if (v.layer.reuse(1, kind, text, page, row, col, keys, t, nearby)) return;
  const draw = texts(v);
  const o = t.online;
  drawFelt(v.felt);
  drawPanel(40, PAGE_TOP, 400, 248 - PAGE_TOP, C.WHITE);
  draw(FONT_LARGE, kind === 'name' ? o.nameTitle : nearby ? o.nearbyCodeTitle : o.codeTitle, 240, ENTRY_TITLE_Y, ALIGN_CENTRE, C.GOLD);
  draw(FONT_SMALL, kind === 'name' ? o.nameHelp : nearby ? o.nearbyCodeHelp : o.codeHelp, 240, ENTRY_HELP_Y, ALIGN_CENTRE, C.PALE_GOLD, 380);
  // The text's box: a code's places as underlines, a name with its caret.
  const box = ENTRY_BOX_Y;
  rect(130, box, 220, 26, C.SHADE);
  if (kind === 'code') {
    for (let i = 0; i < 7; i++) {
      const x = 240 - 7 * 13 + i * 26;
      rect(x + 3, box + 21, 20, 2, i < text.length ? C.GOLD : C.GREY);
      if (i < text.length) draw(FONT_LARGE, text.charAt(i), x + 13, box + 3, ALIGN_CENTRE, C.WHITE);
    }
  } else {
    const w = measure(FONT_LARGE, text);
    draw(FONT_LARGE, text, 240, box + 3, ALIGN_CENTRE, C.WHITE);
    rect(240 + (w >> 1) + 2, box + 5, 2, 16, C.YELLOW);
  }
  const cells = PICKER_PAGES[kind][page]!;
  for (let r = 0; r < cells.length; r++) {
    const w = cellW(cells, r);
    const y = GRID_Y + r * CELL_H;
    for (let c = 0; c < cells[r]!.length; c++) {
      const x = GRID_X + Math.floor(c * w);
      const on = r === row && c === col;
      rect(x + 1, y + 1, Math.floor(w) - 2, CELL_H - 2, on ? C.HIGHLIGHT : C.SHADE_LIGHT);
      draw(FONT_LARGE, cellText(o, kind, page, cells[r]![c]!), x + (w >> 1), y + 4, ALIGN_CENTRE, on ? C.YELLOW : C.WHITE);
    }
  }
  draw(FONT_SMALL, keys ? o.entryKeysHint : o.entryHint, 240, 254, ALIGN_CENTRE, C.HINT);
  v.layer.keep();
}

// ---- the lobby ----

/** A seat in the lobby as the view shows it: its name (or how it will be filled) and its marks. */
export interface LobbySeat {
  readonly name: string;
  readonly marks: string;
  /** The player's own seat (lit), and a seat whose player is away (grey). */
  readonly you: boolean;
  readonly away: boolean;
}

/** What the lobby shows: the room's code, how to let others in, the game, the seats, what to press. */
export interface LobbyShown {
  readonly title: string;
  readonly share: readonly string[];
  readonly setup: string;
  readonly seats: readonly LobbySeat[];
  readonly hint: string;
}

/** The lobby, or while the room is being opened or joined, that one line (`waiting`) and the hint. */
export function drawLobby(v: OnlineView, lobby: LobbyShown | null, waiting: string, hint: string): void {
  if (v.layer.reuse(2, lobby, waiting, hint)) return;
  const text = texts(v);
  drawFelt(v.felt);
  // The panel under the notice's band, its lines as far below its top as before.
  const top = PAGE_TOP;
  drawPanel(20, top, 440, 248 - top, C.WHITE);
  if (lobby === null) {
    text(FONT_LARGE, waiting, 240, 110, ALIGN_CENTRE, C.WHITE);
    text(FONT_SMALL, hint, 240, 254, ALIGN_CENTRE, C.HINT);
    v.layer.keep();
    return;
  }
  text(FONT_LARGE, lobby.title, 240, top + 6, ALIGN_CENTRE, C.GOLD);
  text(FONT_SMALL, lobby.setup, 240, top + 26, ALIGN_CENTRE, C.PALE_GOLD);
  let y = top + 44;
  for (const line of lobby.share) {
    text(FONT_SMALL, line, 240, y, ALIGN_CENTRE, C.WHITE, 410);
    y += wrap(FONT_SMALL, line, 410).length * FONT_SMALL.lineHeight;
  }
  y = Math.max(y + 8, top + 80);
  for (let i = 0; i < lobby.seats.length; i++) {
    const s = lobby.seats[i]!;
    if (s.you) rect(40, y - 2, 400, 15, C.HIGHLIGHT);
    else if ((i & 1) === 0) rect(40, y - 2, 400, 15, C.SHADE_LIGHT);
    const tint = s.away ? C.GREY : s.you ? C.YELLOW : C.WHITE;
    text(FONT_SMALL, String(i + 1), 56, y, ALIGN_LEFT, C.GOLD);
    text(FONT_SMALL, s.name, 72, y, ALIGN_LEFT, tint);
    if (s.marks !== '') text(FONT_SMALL, s.marks, 230, y, ALIGN_LEFT, s.away ? C.GREY : C.PALE_GOLD);
    y += 17;
  }
  text(FONT_SMALL, lobby.hint, 240, 254, ALIGN_CENTRE, C.HINT);
  v.layer.keep();
}
