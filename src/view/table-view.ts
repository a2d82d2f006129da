// The table on the felt: seats (plate, name, stack, card count), the pile with its
// top cards readable, burned cards under it, whose turn it is, the running
// challenge, the message line; then the animations over host time. What
// only changes with the game (or the message) is drawn once into a cached
// layer and re-emitted natively each frame; only moving things are written
// per frame.
import { SPRITES } from '../assets/atlas';
import { FONT_LARGE, FONT_SMALL } from '../assets/font';
import type { TableScreen } from '../app/screen';
import type { Strings } from '../app/i18n/strings';
import type { GameState } from '../rules/types';
import { CARD_H, CARD_W, drawBack, drawCard, drawCardScaled, drawSmallBack } from './cards';
import * as C from './colours';
import { copyInts, rect, sprite, spriteRect } from './drawlist';
import { newLayer, type Layer } from './layer';
import {
  PILE_X,
  PILE_Y,
  PLATE_H,
  PLATE_W,
  SIDE_BOTTOM,
  SIDE_LEFT,
  SIDE_RIGHT,
  SIDE_TOP,
  STACK_H,
  STACK_W,
  plateX,
  plateY,
  sideOf,
  stackX,
  stackY,
} from './seats';
import { ALIGN_CENTRE, ALIGN_LEFT, ALIGN_RIGHT, TextSlot, drawNumber } from './text';
import { easeOut, lerp, progress, shakeOffset, triangle } from './tween';
import { drawFelt, drawOutline } from './widgets';

export const FLIGHT_MS = 180;
export const SWEEP_MS = 320;
export const HAND_MS = 420;
export const SHAKE_MS = 300;
/** Pile cards shown fanned out, and the step between them. */
const FAN = 4;
const FAN_STEP = 13;

/**
 * The table's part of the View (src/view/view.ts): draw() draws the table
 * from its display state; banner is a line over it (the title's demo), ''
 * for none.
 */
export interface TableView {
  draw(t: TableScreen, strings: Strings, now: number, banner: string): void;
}

/** The table's cached layers and text slots. */
interface Parts {
  readonly felt: Layer;
  /** What only changes with the game, the message or the animations' start and end. */
  readonly layer: Layer;
  /** Inside it: the pile, and each seat. */
  readonly pile: Layer;
  readonly seats: readonly Layer[];
  readonly names: readonly TextSlot[];
  readonly marks: readonly TextSlot[];
  readonly message: TextSlot;
  readonly hint: TextSlot;
  readonly comparison: TextSlot;
  readonly banner: TextSlot;
  readonly playLegend: TextSlot;
  readonly slapLegend: TextSlot;
  readonly playKey: TextSlot;
  readonly slapKey: TextSlot;
}

/**
 * A table view. What it reads every frame (its layer, the game of the frame
 * before, the lines as shown) lives in the closure's variables, as a layer's
 * keys do (src/view/layer.ts): as fields of a value they cost a steady
 * table frame 361 more QuickJS instructions (+0.9% of the script;
 * callgrind, frames 61-149 of bench/figures/frames.mjs's run, 2026-12-02).
 */
export function newTableView(felt: Layer): TableView {
  const seats: Layer[] = [];
  const names: TextSlot[] = [];
  const marks: TextSlot[] = [];
  for (let i = 0; i < 6; i++) {
    seats.push(newLayer());
    names.push(new TextSlot());
    marks.push(new TextSlot());
  }
  const layer = newLayer();
  const parts: Parts = {
    felt,
    layer,
    pile: newLayer(),
    seats,
    names,
    marks,
    message: new TextSlot(12),
    hint: new TextSlot(8),
    comparison: new TextSlot(4),
    banner: new TextSlot(),
    playLegend: new TextSlot(),
    slapLegend: new TextSlot(),
    playKey: new TextSlot(),
    slapKey: new TextSlot(),
  };
  /** The game of the frame before: a new message waits for the frame after a change. */
  let previousGame: GameState | null = null;
  /**
   * The message and help lines as drawn. A new line appears from the frame
   * after the one in which the game changed: the frame of a claim already pays
   * for the rules, the CPU players' plans and the redrawn seats, and laying out
   * text is the next largest cost, so it waits 1/60 s.
   */
  let shownMessage = '';
  let shownHint = '';
  return {
    draw(t: TableScreen, strings: Strings, now: number, banner: string): void {
      const game = t.game;
      if (game === null) {
        drawFelt(felt);
        return;
      }
      if (previousGame === game || previousGame === null) {
        shownMessage = t.message;
        shownHint = t.hint;
      }
      previousGame = game;
      const flying = t.flight.active && now - t.flight.start < FLIGHT_MS && game.pile.length > 0;
      const shaking = t.shake.active && now - t.shake.start < SHAKE_MS;
      const shake = shaking ? shakeOffset(now - t.shake.start) : 0;
      const shakeSeat = shaking ? t.shake.seat : -1;
      if (!layer.reuse(game, shownMessage, shownHint, t.comparison, t.chooser, t.pick, flying, shake, shakeSeat, t.names, banner, strings)) {
        drawLayer(parts, t, strings, game, flying, shakeSeat, shake, banner, shownMessage, shownHint);
        layer.keep();
      }
      drawMoving(parts, t, game, now, shownMessage);
    },
  };
}

// ---- the layer: what changes only with the game ----

function drawLayer(
  v: Parts,
  t: TableScreen,
  strings: Strings,
  game: GameState,
  flying: boolean,
  shakeSeat: number,
  shake: number,
  banner: string,
  shownMessage: string,
  shownHint: string,
): void {
  const players = game.options.players;
  const shown = flying ? game.pile.length - 1 : game.pile.length;
  drawFelt(v.felt);
  drawPileArea(v.pile, game, shown);
  for (let seat = 0; seat < players; seat++) drawSeatPart(v, t, game, seat, seat === shakeSeat ? shake : 0);
  if (game.challenge !== null) drawPips(players, game.challenge.answerer, game.challenge.chancesLeft, t.chancesTotal);
  if (t.chooser >= 0) drawPick(players, t.pick);
  if (t.comparison !== '') {
    const colour = t.comparisonKind > 0 ? C.GREEN : t.comparisonKind < 0 ? C.RED : C.YELLOW;
    v.comparison.draw(FONT_LARGE, t.comparison, fanLeft(shown) - 8, PILE_Y - 9, ALIGN_RIGHT, colour);
  }
  drawMessage(v.message, shownMessage);
  if (shownHint !== '') v.hint.draw(FONT_SMALL, shownHint, 6, 246, ALIGN_LEFT, C.PALE_GOLD, 184);
  if (t.marks.length > 0) drawDuelControls(v, strings, game.options.ruleSet === 'classic');
  else if (t.human >= 0) drawControls(v, strings, game.options.ruleSet === 'classic');
  if (banner !== '') drawBanner(v.banner, banner);
}

// A play changes the pile and one seat; each part keeps its own run so that
// rebuilding the layer redraws only those and copies the rest.

/** Burned cards, the fanned pile and its count, re-drawn only when they changed. */
function drawPileArea(pileLayer: Layer, game: GameState, shown: number): void {
  if (pileLayer.reuse(game.pile, shown, game.burned.length)) return;
  drawBurned(game.burned.length, shown);
  drawPile(game, shown);
  pileLayer.keep();
}

/** One seat (plate, name, count, stack), re-drawn only when its count, state, shake or names changed. */
function drawSeatPart(v: Parts, t: TableScreen, game: GameState, seat: number, dx: number): void {
  const cached = v.seats[seat]!;
  const count = game.stacks[seat]!.length;
  if (cached.reuse(count, dx, game.barred[seat] === true, seat === t.human, t.names, t.marks, game.options.players)) return;
  drawSeat(v, t, game, seat, dx);
  cached.keep();
}

/** Left edge of the fanned pile showing `shown` cards. */
function fanLeft(shown: number): number {
  const k = shown < FAN ? shown : FAN;
  const spread = k > 0 ? (k - 1) * FAN_STEP : 0;
  return PILE_X - (CARD_W >> 1) - (spread >> 1);
}

/** Where the i-th shown card of a fan of k lies (x); y jitters a little by card so the pile looks dropped. */
function fanX(i: number, k: number): number {
  return PILE_X - (CARD_W >> 1) - (((k - 1) * FAN_STEP) >> 1) + i * FAN_STEP;
}

function fanY(card: number): number {
  return PILE_Y - (CARD_H >> 1) + ((card * 7) % 5) - 2;
}

function drawBurned(burned: number, shown: number): void {
  if (burned === 0) return;
  const x = fanLeft(shown) - 12;
  const layers = burned > 3 ? 3 : burned;
  for (let j = 0; j < layers; j++) drawBack(x + j * 2, PILE_Y - (CARD_H >> 1) + 6 + j * 2, C.DIM_TINT);
  drawNumber(FONT_SMALL, burned, x - 3, PILE_Y + 16, ALIGN_RIGHT, C.GREY);
}

function drawPile(game: GameState, shown: number): void {
  if (shown === 0) {
    rect(PILE_X - (CARD_W >> 1), PILE_Y - (CARD_H >> 1), CARD_W, CARD_H, C.SHADE_LIGHT);
    return;
  }
  const k = shown < FAN ? shown : FAN;
  for (let i = 0; i < k; i++) {
    const card = game.pile[shown - k + i]!;
    drawCard(card, fanX(i, k), fanY(card), C.WHITE);
  }
  drawNumber(FONT_SMALL, shown, fanX(k - 1, k) + CARD_W + 4, PILE_Y + 18, ALIGN_LEFT, C.PALE_GOLD);
}

function isOut(game: GameState, seat: number): boolean {
  return game.stacks[seat]!.length === 0 || game.barred[seat] === true;
}

function drawSeat(v: Parts, t: TableScreen, game: GameState, seat: number, dx: number): void {
  const players = game.options.players;
  const px = plateX(players, seat) + dx;
  const py = plateY(players, seat);
  const count = game.stacks[seat]!.length;
  const out = isOut(game, seat);
  const sx = stackX(players, seat) + dx;
  const sy = stackY(players, seat);
  if (count > 0) {
    const thick = count > 12 ? 3 : count > 4 ? 2 : 1;
    for (let j = thick - 1; j >= 0; j--) drawSmallBack(sx + j, sy - j, C.WHITE);
  } else {
    rect(sx, sy, STACK_W, STACK_H, C.SHADE_LIGHT);
  }
  spriteRect(px - (PLATE_W >> 1), py - (PLATE_H >> 1), SPRITES.seat, out ? C.DIM_TINT : C.WHITE);
  const marked = t.marks[seat] !== undefined && t.marks[seat] !== '';
  const nameColour = out ? C.GREY : seat === t.human || marked ? C.PALE_GOLD : C.WHITE;
  v.names[seat]!.draw(FONT_SMALL, t.names[seat]!, px - 35, py - 7, ALIGN_LEFT, nameColour);
  drawNumber(FONT_SMALL, count, px + 35, py - 7, ALIGN_RIGHT, out ? C.GREY : C.YELLOW);
  if (game.barred[seat]) rect(px - 36, py, 72, 1, C.RED);
  if (marked) drawMark(v.marks[seat]!, t.marks[seat]!, seat, players, px, py, sx, sy);
}

/**
 * Two people: each one's buttons ("← L", "□ R") beside their seat, on a
 * dark patch so they read on the felt: right of the stack at the bottom,
 * right of the plate at the top, above the plate at the sides.
 */
function drawMark(slot: TextSlot, text: string, seat: number, players: number, px: number, py: number, sx: number, sy: number): void {
  const side = sideOf(players, seat);
  const x = side === SIDE_BOTTOM ? sx + STACK_W + 6 : side === SIDE_TOP ? px + (PLATE_W >> 1) + 6 : px;
  const y = side === SIDE_BOTTOM ? sy + STACK_H - 12 : side === SIDE_TOP ? py - 7 : py - (PLATE_H >> 1) - 14;
  const align = side === SIDE_LEFT || side === SIDE_RIGHT ? ALIGN_CENTRE : ALIGN_LEFT;
  const run = slot.lay(FONT_SMALL, text, x, y, align, C.YELLOW, 60);
  const left = align === ALIGN_CENTRE ? x - (run.width >> 1) : x;
  rect(left - 3, y - 1, run.width + 6, FONT_SMALL.lineHeight + 2, C.SHADE);
  copyInts(run.cmds);
}

/** Chances left as filled pips, used ones empty, next to the answerer's stack. */
function drawPips(players: number, seat: number, left: number, total: number): void {
  const side = sideOf(players, seat);
  const sx = stackX(players, seat);
  const sy = stackY(players, seat);
  const across = side === SIDE_LEFT || side === SIDE_RIGHT;
  let x = across ? sx + (STACK_W >> 1) - ((total * 11) >> 1) : sx + STACK_W + 5;
  const y = across ? sy + STACK_H + 3 : sy + (STACK_H >> 1) - 5;
  for (let i = 0; i < total; i++) {
    spriteRect(x, y, i < left ? SPRITES.pip : SPRITES.pipEmpty, i < left ? C.RED : C.WHITE);
    x += 11;
  }
}

/** The seat the chooser would name: a gold glow under its plate, a thick yellow frame and a pointer. */
function drawPick(players: number, pick: number): void {
  const px = plateX(players, pick);
  const py = plateY(players, pick);
  rect(px - (PLATE_W >> 1) - 6, py - (PLATE_H >> 1) - 6, PLATE_W + 12, PLATE_H + 12, C.PICK_GLOW);
  drawOutline(px - (PLATE_W >> 1) - 4, py - (PLATE_H >> 1) - 4, PLATE_W + 8, PLATE_H + 8, 3, C.YELLOW);
  // The pointer sits on the plate's outer side, away from the pile.
  const a = SPRITES.arrowSide;
  const left = px < PILE_X || (px === PILE_X && py > PILE_Y);
  const x = left ? px - (PLATE_W >> 1) - 22 : px + (PLATE_W >> 1) + 6;
  sprite(x, py - 8, left ? 16 : -16, 16, a[0], a[1], a[2], a[3], C.YELLOW);
}

function drawMessage(messageSlot: TextSlot, message: string): void {
  if (message === '') return;
  const run = messageSlot.lay(FONT_SMALL, message, PILE_X, 163, ALIGN_CENTRE, C.WHITE, 300);
  // The box is sized to the text and drawn under it.
  const w = run.width + 14;
  const h = run.lines * FONT_SMALL.lineHeight + 4;
  rect(PILE_X - (w >> 1), 161, w, h, C.SHADE);
  copyInts(run.cmds);
}

/** Bottom right: which button does what at the table. */
function drawControls(v: Parts, strings: Strings, slapping: boolean): void {
  const { slapLegend, playLegend, slapKey, playKey } = v;
  let x = 474;
  if (slapping) {
    slapLegend.draw(FONT_SMALL, strings.controlSlap, x, 253, ALIGN_RIGHT, C.WHITE);
    x -= slapLegend.run!.width + 17;
    drawButton(strings, x, SPRITES.btnCross, strings.buttons.cross, slapKey);
    x -= 8 + (strings.glyphs === false ? slapKey.run!.width : 0);
  }
  playLegend.draw(FONT_SMALL, strings.controlPlay, x, 253, ALIGN_RIGHT, C.WHITE);
  x -= playLegend.run!.width + 17;
  drawButton(strings, x, SPRITES.btnSquare, strings.buttons.square, playKey);
}

/** The PSP's button glyph at x, or on the desktop its key's name in a key cap ending at x + 14. */
function drawButton(strings: Strings, x: number, glyph: readonly number[], key: string, slot: TextSlot): void {
  if (strings.glyphs !== false) {
    spriteRect(x, 252, glyph, C.WHITE);
    return;
  }
  const run = slot.lay(FONT_SMALL, key, x + 11, 253, ALIGN_RIGHT, C.BLACK);
  rect(x + 8 - run.width, 252, run.width + 6, 14, C.WHITE);
  copyInts(run.cmds);
}

/** Bottom right, two people: "← □ Play   L R Slap" (each person's own pair is marked at their seat). */
function drawDuelControls(v: Parts, strings: Strings, slapping: boolean): void {
  const text = '← □ ' + strings.controlPlay + (slapping ? '   L R ' + strings.controlSlap : '');
  v.playLegend.draw(FONT_SMALL, text, 474, 253, ALIGN_RIGHT, C.WHITE);
}

function drawBanner(bannerSlot: TextSlot, text: string): void {
  rect(0, 178, 480, 16, C.SHADE_HEAVY);
  bannerSlot.draw(FONT_SMALL, text, 240, 180, ALIGN_CENTRE, C.PALE_GOLD);
}

// ---- moving things, drawn every frame ----

function drawMoving(v: Parts, t: TableScreen, game: GameState, now: number, shownMessage: string): void {
  drawTurnArrow(t, game, now);
  const flying = t.flight.active && now - t.flight.start < FLIGHT_MS;
  const sweeping = t.sweep.active && now - t.sweep.start < SWEEP_MS;
  if (flying) drawFlight(t, game, now);
  if (sweeping) drawSweep(t, game, now);
  // A card crossing the message line passes under it: the line stays readable.
  if (flying || sweeping) drawMessage(v.message, shownMessage);
  if (t.slapHand.active && now - t.slapHand.start < HAND_MS) drawHand(t, game, now);
}

/** The arrow at whoever acts next: plays, collects, or names a taker. */
function drawTurnArrow(t: TableScreen, game: GameState, now: number): void {
  const seat = t.toAct;
  if (seat < 0) return;
  const players = game.options.players;
  const sx = stackX(players, seat);
  const sy = stackY(players, seat);
  const bob = triangle(now, 70, 4);
  const a = SPRITES.arrow;
  const s = SPRITES.arrowSide;
  const tint = seat === t.human ? C.YELLOW : C.WHITE;
  switch (sideOf(players, seat)) {
    case SIDE_BOTTOM:
      sprite(sx + 4, sy - 18 - bob, 16, 16, a[0], a[1], a[2], a[3], tint);
      break;
    case SIDE_TOP:
      sprite(sx + 4, sy + STACK_H + 2 + bob, 16, -16, a[0], a[1], a[2], a[3], tint);
      break;
    case SIDE_LEFT:
      sprite(sx + STACK_W + 3 + bob, sy + 8, -16, 16, s[0], s[1], s[2], s[3], tint);
      break;
    case SIDE_RIGHT:
      sprite(sx - 19 - bob, sy + 8, 16, 16, s[0], s[1], s[2], s[3], tint);
      break;
  }
}

function drawFlight(t: TableScreen, game: GameState, now: number): void {
  const f = t.flight;
  const players = game.options.players;
  const p = easeOut(progress(now, f.start, FLIGHT_MS));
  const n = game.pile.length;
  const k = n < FAN ? n : FAN;
  const x = lerp(stackX(players, f.seat), fanX(k - 1, k), p);
  const y = lerp(stackY(players, f.seat), fanY(f.card), p);
  const w = lerp(STACK_W, CARD_W, p);
  const h = lerp(STACK_H, CARD_H, p);
  drawCardScaled(f.card, x, y, w, h, C.WHITE);
}

function drawSweep(t: TableScreen, game: GameState, now: number): void {
  const sw = t.sweep;
  const players = game.options.players;
  const p = easeOut(progress(now, sw.start, SWEEP_MS));
  const tx = stackX(players, sw.seat);
  const ty = stackY(players, sw.seat);
  const k = sw.count;
  for (let i = 0; i < k; i++) {
    const card = sw.cards[i]!;
    const x = lerp(fanX(i, k), tx, p);
    const y = lerp(fanY(card), ty, p);
    drawCardScaled(card, x, y, lerp(CARD_W, STACK_W, p), lerp(CARD_H, STACK_H, p), C.WHITE);
  }
}

/** The slapping hand comes in from the slapper's side and rests on the pile. */
function drawHand(t: TableScreen, game: GameState, now: number): void {
  const e = t.slapHand;
  const players = game.options.players;
  const h = SPRITES.hand;
  const p = easeOut(progress(now, e.start, 90));
  const fromX = plateX(players, e.seat) - 24;
  const fromY = plateY(players, e.seat) - 24;
  const toX = PILE_X - 24 + ((plateX(players, e.seat) - PILE_X) >> 3);
  const toY = PILE_Y - 24 + ((plateY(players, e.seat) - PILE_Y) >> 3);
  const flipY = sideOf(players, e.seat) === SIDE_TOP;
  // Landed: a burst behind a good slap, a red cross over the hand for a wrong one.
  const b = e.good ? SPRITES.burst : SPRITES.cross;
  if (p === 256 && e.good) spriteRect(toX + 24 - (b[2] >> 1), toY + 24 - (b[3] >> 1), b, C.YELLOW);
  sprite(lerp(fromX, toX, p), lerp(fromY, toY, p), 48, flipY ? -48 : 48, h[0], h[1], h[2], h[3], C.WHITE);
  if (p === 256 && !e.good) spriteRect(toX + 24 - (b[2] >> 1), toY + 24 - (b[3] >> 1), b, C.WHITE);
}
