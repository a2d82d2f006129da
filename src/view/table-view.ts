// The table on the felt: seats (plate, name, stack, card count), the pile with its
// top cards readable, burned cards under it, whose turn it is, the running
// challenge, the message line; then the animations over host time. What
// only changes with the game (or the message) is drawn once into a cached
// layer and re-emitted natively each frame; only moving things are written
// per frame.
import { CARD_BACK, SPRITES } from '../assets/atlas';
import { FONT_LARGE, FONT_SMALL } from '../assets/font';
import type { Strings } from '../app/i18n/strings';
import type { GameState } from '../rules/types';
import { CAN_CHOOSE, CAN_PLAY, CAN_SLAP, type TableDisplay } from './table-display';
import { CARD_H, CARD_W, drawBack, drawCard, drawCardScaled, drawSmallBack } from './cards';
import * as C from './colours';
import { copyInts, rect, sprite, spriteRect, spriteRectScaled } from './drawlist';
import { drawCelebration, type CelebrationSlots } from './celebration';
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
import { ALIGN_CENTRE, ALIGN_LEFT, ALIGN_RIGHT, TextSlot, drawNumber, type Font, type TextRun } from './text';
import { easeOut, lerp, progress, shakeOffset, triangle } from './tween';
import { drawFelt, drawOutline } from './widgets';
import type { NoticeBand } from './render';

/** A played card's flight to the pile: src/table/table.ts LAND_MS, when it can be read (test/ai/fairness.test.ts checks they agree). */
export const FLIGHT_MS = 180;
/** The last part of the flight, in which the face-down card turns over. */
const TURN_MS = 60;
export const SWEEP_MS = 320;
export const HAND_MS = 520;
export const SHAKE_MS = 300;
/** The slapping hand's fall onto the pile; a won pile waits under it this long, and a little after, before it slides away. */
export const SLAM_MS = 110;
const SWEEP_DELAY_MS = SLAM_MS + 70;
/** A wrong slap's burned cards: shown face up at the slapper's seat, then flying face down under the pile. */
export const BURN_SHOW_MS = 320;
export const BURN_FLY_MS = 240;
/** The wrong slapper's plate blinks red this long, this far around it; it shakes this far sideways at most (tween.ts shakeOffset). */
const FLASH_MS = 540;
const FLASH_MARGIN = 2;
const SHAKE_MAX = 4;
/** Pile cards shown fanned out, and the step between them. */
const FAN = 4;
const FAN_STEP = 13;

/**
 * Where the message line goes, clear of the hand, the sweep and the burned
 * card of the seat it is about (test/game/slap-moment.test.ts checks every
 * seat of every table): under the pile, centred, for every seat but the
 * bottom one, whose hand and sweep pass just there; for the bottom seat,
 * bottom left, beside their path and above the help line.
 */
const PLACE_CENTRE = 0;
const PLACE_LEFT = 1;
/** Top of the message text; its box starts 2 px above. */
const CENTRE_Y = 160;
const CENTRE_W = 300;
const LEFT_X = 8;
const LEFT_Y = 166;
const LEFT_W = 170;

/** The turn arrow: this far from its stack, this big, bobbing this far away from it and back. */
const ARROW_GAP = 2;
const ARROW_SIZE = 16;
const ARROW_BOB = 4;

/**
 * The notice line's band on the table (src/view/render.ts drawNotice): at the
 * screen's top it lay on the top seats' name plates for its six seconds, so
 * on the table it lies between the top seats' stacks and the pile (its top
 * card's shadow starts at PILE_Y - CARD_H / 2 - 4), where no plate is at any
 * table size. A top seat's turn arrow is there: the band covers all of it,
 * however it bobs (not a sliver above or below), nearly opaque (through the
 * top's shade the white arrow showed behind the letters), and a card flying
 * from a top seat passes under it; the help line names whose turn it is as well.
 */
const TOP_ARROWS = stackY(2, 1) + STACK_H + ARROW_GAP;
export const NOTICE_ON_TABLE: NoticeBand = { top: TOP_ARROWS, height: ARROW_SIZE + ARROW_BOB, shade: C.SHADE_OPAQUE };

function messagePlace(players: number, seat: number): number {
  return seat >= 0 && sideOf(players, seat) === SIDE_BOTTOM ? PLACE_LEFT : PLACE_CENTRE;
}

/**
 * The table's part of the View (src/view/view.ts): draw() draws the table
 * from its display (table-display.ts) as it stands at `now`, the table's
 * time (the app holds it still under the 3-2-1); banner is a line over it
 * (the title's demo), '' for none.
 */
export interface TableView {
  draw(t: TableDisplay, strings: Strings, now: number, banner: string): void;
}

/** The table's cached layers and text slots. */
interface Parts {
  readonly felt: Layer;
  /** What only changes with the game, the message or the animations' start and end. */
  readonly layer: Layer;
  /** Inside it: the pile, and each seat. */
  readonly pile: Layer;
  readonly seats: readonly Layer[];
  /** Inside each seat: its stack and plate with the name, which a changed card count alone leaves as they were. */
  readonly seatBodies: readonly Layer[];
  readonly names: readonly TextSlot[];
  readonly marks: readonly TextSlot[];
  readonly message: TextSlot;
  readonly slapTimes: TextSlot;
  readonly countdown: TextSlot;
  readonly hint: TextSlot;
  readonly comparison: TextSlot;
  readonly banner: TextSlot;
  readonly playLegend: TextSlot;
  readonly slapLegend: TextSlot;
  readonly playKey: TextSlot;
  readonly slapKey: TextSlot;
  readonly celebration: CelebrationSlots;
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
  const seatBodies: Layer[] = [];
  const names: TextSlot[] = [];
  const marks: TextSlot[] = [];
  for (let i = 0; i < 6; i++) {
    seats.push(newLayer());
    seatBodies.push(newLayer(true));
    names.push(new TextSlot());
    marks.push(new TextSlot());
  }
  const layer = newLayer();
  const parts: Parts = {
    felt,
    layer,
    pile: newLayer(),
    seats,
    seatBodies,
    names,
    marks,
    message: new TextSlot(12),
    slapTimes: new TextSlot(4),
    countdown: new TextSlot(3),
    hint: new TextSlot(8),
    comparison: new TextSlot(4),
    banner: new TextSlot(),
    playLegend: new TextSlot(),
    slapLegend: new TextSlot(),
    playKey: new TextSlot(),
    slapKey: new TextSlot(),
    celebration: { title: new TextSlot(), hint: new TextSlot() },
  };
  /** The game of the frame before, and that frame's time: a new message waits for the frame after a change. */
  let previousGame: GameState | null = null;
  let previousNow = 0;
  /**
   * The message and help lines as drawn. A new line appears from the frame
   * after the one in which the game changed: the frame of a claim already pays
   * for the rules, the CPU players' plans and the redrawn seats, and laying out
   * text is the next largest cost, so it waits 1/60 s. Not as a card lands:
   * its play's rules ran in the frame it was played, and what it did shows
   * whole, the line with the pips and the arrow.
   */
  let shownMessage = '';
  let shownHint = '';
  let shownPlace = PLACE_CENTRE;
  let shownCan = 0;
  /** The line the bottom seat's hand moved aside (below), '' for none. */
  let asideMessage = '';
  // While a played card flies the display holds the game as it was before
  // the play (src/app/table-show.ts says why): the pile under the flying
  // card is the display's whole pile.
  return {
    draw(t: TableDisplay, strings: Strings, now: number, banner: string): void {
      const game = t.game;
      if (game === null) {
        drawFelt(felt);
        return;
      }
      const lands = t.flight.start + FLIGHT_MS;
      if (previousGame === game || previousGame === null || (t.flight.active && previousNow < lands && now >= lands)) {
        shownMessage = t.message;
        shownHint = t.hint;
        shownPlace = messagePlace(game.options.players, t.messageSeat);
        shownCan = t.can;
      }
      // The bottom seat's hand passes where a centred line is, whoever that
      // line is about (a slap in a card's flight, under the line from before
      // the play; a late slap): the line moves beside its path, and stays
      // there while it shows.
      const h = t.slapHand;
      if (shownMessage !== asideMessage) asideMessage = '';
      if (h.active && now - h.start < HAND_MS && sideOf(game.options.players, h.seat) === SIDE_BOTTOM) asideMessage = shownMessage;
      if (shownMessage !== '' && shownMessage === asideMessage) shownPlace = PLACE_LEFT;
      previousGame = game;
      previousNow = now;
      const shaking = t.shake.active && now - t.shake.start < SHAKE_MS;
      const shake = shaking ? shakeOffset(now - t.shake.start) : 0;
      const shakeSeat = shaking ? t.shake.seat : -1;
      // Burned cards still on their way from the seat are not under the pile yet.
      const burning = t.burn.active && t.burn.to < 0 && now - t.burn.start < BURN_SHOW_MS + BURN_FLY_MS ? t.burn.count : 0;
      // The small numbers the layer is drawn from, in one key.
      const small = (t.chooser + 1) | (t.pick << 4) | ((shakeSeat + 1) << 9) | (shownPlace << 13) | (shownCan << 14) | (burning << 18);
      if (!layer.reuse(game, shownMessage, shownHint, t.comparison, small, shake, t.names, banner, strings)) {
        drawLayer(parts, t, strings, game, shakeSeat, shake, banner, shownMessage, shownHint, shownPlace, shownCan, burning);
        layer.keep();
      }
      drawMoving(parts, t, game, now, shownMessage, shownPlace);
      // Watching the CPU players finish (the banner), nobody at the table races any more.
      if (t.slapTimes !== '' && banner === '') drawSlapTimes(parts, t.slapTimes, shownMessage, shownPlace);
      if (t.countdown !== '') drawCountdown(parts, t.countdown, shownMessage, shownPlace);
      if (t.celebration.active) drawCelebration(parts.celebration, t.celebration, game.options.players, t.message, strings.skipToResults, now);
    },
  };
}

// ---- the layer: what changes only with the game ----

function drawLayer(
  v: Parts,
  t: TableDisplay,
  strings: Strings,
  game: GameState,
  shakeSeat: number,
  shake: number,
  banner: string,
  shownMessage: string,
  shownHint: string,
  shownPlace: number,
  shownCan: number,
  burning: number,
): void {
  const players = game.options.players;
  const shown = game.pile.length;
  drawFelt(v.felt);
  drawPileArea(v.pile, game, shown, game.burned.length - burning);
  for (let seat = 0; seat < players; seat++) drawSeatPart(v, t, game, seat, seat === shakeSeat ? shake : 0);
  if (game.challenge !== null) drawPips(players, game.challenge.answerer, game.challenge.chancesLeft, t.chancesTotal);
  if (t.chooser >= 0) drawPick(players, t.pick);
  if (t.comparison !== '') {
    const colour = t.comparisonKind > 0 ? C.GREEN : t.comparisonKind < 0 ? C.RED : C.YELLOW;
    v.comparison.draw(FONT_LARGE, t.comparison, fanLeft(shown) - 8, PILE_Y - 9, ALIGN_RIGHT, colour);
  }
  drawMessage(v.message, shownMessage, shownPlace);
  if (shownHint !== '') v.hint.draw(FONT_SMALL, shownHint, 6, 246, ALIGN_LEFT, C.PALE_GOLD, 184);
  if (t.marks.length > 0) v.playLegend.draw(FONT_SMALL, t.duelLegend, 474, 253, ALIGN_RIGHT, C.WHITE);
  else if (t.human >= 0) drawControls(v, strings, shownCan);
  if (banner !== '') drawBanner(v.banner, banner);
}

// A play changes the pile and one seat; each part keeps its own run so that
// rebuilding the layer redraws only those and copies the rest.

/** Burned cards, the fanned pile and its count, re-drawn only when they changed. */
function drawPileArea(pileLayer: Layer, game: GameState, shown: number, burned: number): void {
  if (pileLayer.reuse(game.pile, shown, burned)) return;
  drawBurned(burned, shown);
  drawPile(game, shown);
  pileLayer.keep();
}

/** One seat (plate, name, count, stack), re-drawn only when its count, state, shake or names changed. */
function drawSeatPart(v: Parts, t: TableDisplay, game: GameState, seat: number, dx: number): void {
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

/** Left edge of the burned cards beside a pile showing `shown` cards. */
function burnedX(shown: number): number {
  return fanLeft(shown) - 12;
}

function drawBurned(burned: number, shown: number): void {
  if (burned === 0) return;
  const x = burnedX(shown);
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

function drawSeat(v: Parts, t: TableDisplay, game: GameState, seat: number, dx: number): void {
  const players = game.options.players;
  const px = plateX(players, seat) + dx;
  const py = plateY(players, seat);
  const count = game.stacks[seat]!.length;
  const out = isOut(game, seat);
  const sx = stackX(players, seat) + dx;
  const sy = stackY(players, seat);
  const marked = t.marks[seat] !== undefined && t.marks[seat] !== '';
  // The stack's thickness (0: none) and the plate stay as they were while
  // only the count changes (a card played, a card paid): the body is copied.
  const thick = count > 12 ? 3 : count > 4 ? 2 : count > 0 ? 1 : 0;
  const body = v.seatBodies[seat]!;
  if (!body.reuse(thick, out, marked, dx, seat === t.human, t.names, players)) {
    drawSeatBody(v, t, seat, px, py, sx, sy, thick, out, marked);
    body.keep();
  }
  drawNumber(FONT_SMALL, count, px + 35, py - 7, ALIGN_RIGHT, out ? C.GREY : C.YELLOW);
  if (game.barred[seat]) rect(px - 36, py, 72, 1, C.RED);
  if (marked) drawMark(v.marks[seat]!, t.marks[seat]!, seat, players, px, py, sx, sy);
}

function drawSeatBody(v: Parts, t: TableDisplay, seat: number, px: number, py: number, sx: number, sy: number, thick: number, out: boolean, marked: boolean): void {
  if (thick > 0) {
    for (let j = thick - 1; j >= 0; j--) drawSmallBack(sx + j, sy - j, C.WHITE);
  } else {
    rect(sx, sy, STACK_W, STACK_H, C.SHADE_LIGHT);
  }
  spriteRect(px - (PLATE_W >> 1), py - (PLATE_H >> 1), SPRITES.seat, out ? C.DIM_TINT : C.WHITE);
  const nameColour = out ? C.GREY : seat === t.human || marked ? C.PALE_GOLD : C.WHITE;
  v.names[seat]!.draw(FONT_SMALL, t.names[seat]!, px - 35, py - 7, ALIGN_LEFT, nameColour);
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

/** The message lines' top at `place` (PLACE_*). */
function messageTop(place: number): number {
  return place === PLACE_LEFT ? LEFT_Y : CENTRE_Y;
}

/** Lays `text` on the message lines at `place`, its top at `y` (in the small font, unless `font`). */
function layLine(slot: TextSlot, text: string, place: number, y: number, tint: number, font: Font = FONT_SMALL): TextRun {
  return place === PLACE_LEFT
    ? slot.lay(font, text, LEFT_X + 7, y, ALIGN_LEFT, tint, LEFT_W)
    : slot.lay(font, text, PILE_X, y, ALIGN_CENTRE, tint, CENTRE_W);
}

/** A laid line on its box: the box sized to the text and drawn under it. */
function drawBoxed(run: TextRun, place: number, y: number, font: Font = FONT_SMALL, shade: number = C.SHADE): void {
  const w = run.width + 14;
  rect(place === PLACE_LEFT ? LEFT_X : PILE_X - (w >> 1), y - 2, w, run.lines * font.lineHeight + 4, shade);
  copyInts(run.cmds);
}

/** The top of the line under the message at `place` (at the message's own top when there is none). */
function underMessage(v: Parts, shownMessage: string, place: number): number {
  const top = messageTop(place);
  return shownMessage === '' ? top : top + layLine(v.message, shownMessage, place, top, C.WHITE).lines * FONT_SMALL.lineHeight + 6;
}

function drawMessage(messageSlot: TextSlot, message: string, place: number): void {
  if (message === '') return;
  const y = messageTop(place);
  drawBoxed(layLine(messageSlot, message, place, y, C.WHITE), place, y);
}

/**
 * Under the message line, after a slap race: who pressed and when from the
 * landing ("You 312 ms · Kim 298 ms"; the Slap times option, src/app/table.ts),
 * where the message line is (bottom left when the bottom seat won the pile).
 */
function drawSlapTimes(v: Parts, text: string, shownMessage: string, place: number): void {
  const y = underMessage(v, shownMessage, place);
  drawBoxed(layLine(v.slapTimes, text, place, y, C.PALE_GOLD), place, y);
}

/**
 * Resuming from the pause: "Play resumes in 3", 2, 1 in the message line's
 * place until the table runs again (src/app/table.ts resumeAppTable clears
 * the lines from before the pause; under a prompt to name a taker, which
 * stays).
 */
function drawCountdown(v: Parts, text: string, shownMessage: string, messagePlace: number): void {
  const place = shownMessage === '' ? PLACE_CENTRE : messagePlace;
  const y = underMessage(v, shownMessage, place);
  drawBoxed(layLine(v.countdown, text, place, y, C.YELLOW, FONT_LARGE), place, y, FONT_LARGE, C.SHADE_HEAVY);
}

/** Bottom right: the buttons for what the person can do now (CAN_* bits), and nothing else. */
function drawControls(v: Parts, strings: Strings, can: number): void {
  const { slapLegend, playLegend, slapKey, playKey } = v;
  let x = 474;
  if ((can & CAN_CHOOSE) !== 0) {
    slapLegend.draw(FONT_SMALL, strings.controlConfirm, x, 253, ALIGN_RIGHT, C.WHITE);
    x -= slapLegend.run!.width + 17;
    drawButton(strings, x, SPRITES.btnCross, strings.buttons.cross, slapKey);
    x -= 8 + (strings.glyphs === false ? slapKey.run!.width : 0);
    playLegend.draw(FONT_SMALL, '←→ ' + strings.controlChoose, x, 253, ALIGN_RIGHT, C.WHITE);
    return;
  }
  if ((can & CAN_SLAP) !== 0) {
    slapLegend.draw(FONT_SMALL, strings.controlSlap, x, 253, ALIGN_RIGHT, C.WHITE);
    x -= slapLegend.run!.width + 17;
    drawButton(strings, x, SPRITES.btnCross, strings.buttons.cross, slapKey);
    x -= 8 + (strings.glyphs === false ? slapKey.run!.width : 0);
  }
  if ((can & CAN_PLAY) === 0) return;
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


function drawBanner(bannerSlot: TextSlot, text: string): void {
  rect(0, 178, 480, 16, C.SHADE_HEAVY);
  bannerSlot.draw(FONT_SMALL, text, 240, 180, ALIGN_CENTRE, C.PALE_GOLD);
}

// ---- moving things, drawn every frame ----

function drawMoving(v: Parts, t: TableDisplay, game: GameState, now: number, shownMessage: string, shownPlace: number): void {
  drawTurnArrow(t, t.toAct, game, now);
  // A card whose face has not come (online) stays face down on the pile till it does.
  const flying = t.flight.active && (now - t.flight.start < FLIGHT_MS || t.flight.faceDown);
  const sweeping = t.sweep.active && now - t.sweep.start < sweepDelay(t) + SWEEP_MS;
  if (t.shake.active && now - t.shake.start < FLASH_MS) drawFlash(game, t.shake.seat, now - t.shake.start);
  const paying = t.burn.active && now - t.burn.start < BURN_SHOW_MS + BURN_FLY_MS;
  // Shown at the seat, a wrong slap's cost is clear of the line (test/game/slap-moment.test.ts); then it flies.
  const paid = paying && now - t.burn.start >= BURN_SHOW_MS;
  if (flying) drawFlight(t, game, now);
  if (sweeping) drawSweep(t, game, now);
  if (paying) drawBurn(t, game, now);
  // A card crossing the message line (played, swept, or a wrong slap's cost on its way) passes under it: the line stays readable.
  if (flying || sweeping || paid) drawMessage(v.message, shownMessage, shownPlace);
  if (t.slapHand.active && now - t.slapHand.start < HAND_MS) drawHand(t, game, now);
}

/** The arrow at whoever acts next: plays, collects, or names a taker (a person naming one sees the highlight instead). */
function drawTurnArrow(t: TableDisplay, seat: number, game: GameState, now: number): void {
  if (seat < 0 || t.chooser >= 0) return;
  const players = game.options.players;
  const sx = stackX(players, seat);
  const sy = stackY(players, seat);
  const bob = triangle(now, 70, ARROW_BOB);
  const a = SPRITES.arrow;
  const s = SPRITES.arrowSide;
  const tint = seat === t.human ? C.YELLOW : C.WHITE;
  switch (sideOf(players, seat)) {
    case SIDE_BOTTOM:
      sprite(sx + 4, sy - 18 - bob, 16, 16, a[0], a[1], a[2], a[3], tint);
      break;
    case SIDE_TOP:
      sprite(sx + 4, sy + STACK_H + ARROW_GAP + bob, ARROW_SIZE, -ARROW_SIZE, a[0], a[1], a[2], a[3], tint);
      break;
    case SIDE_LEFT:
      sprite(sx + STACK_W + 3 + bob, sy + 8, -16, 16, s[0], s[1], s[2], s[3], tint);
      break;
    case SIDE_RIGHT:
      sprite(sx - 19 - bob, sy + 8, 16, 16, s[0], s[1], s[2], s[3], tint);
      break;
  }
}

/**
 * A played card flies face down and turns as it lands, as a card is turned
 * as it is laid: its face shows first on the frame it lands, when everyone's
 * reaction clock starts (src/table/table.ts LAND_MS; docs/ai.md, "One
 * clock"). In its last TURN_MS the back narrows to its edge.
 */
function drawFlight(t: TableDisplay, game: GameState, now: number): void {
  const f = t.flight;
  const players = game.options.players;
  const p = easeOut(progress(now, f.start, FLIGHT_MS));
  // Its place: the top of the pile it lands on (the display's, which it is not in yet).
  const n = game.pile.length + 1;
  const k = n < FAN ? n : FAN;
  const x = lerp(stackX(players, f.seat), fanX(k - 1, k), p);
  // To the pile's middle, not to the card's own small offset there (fanY): that would tell which card it is.
  const y = lerp(stackY(players, f.seat), PILE_Y - (CARD_H >> 1), p);
  const w = lerp(STACK_W, CARD_W, p);
  const h = lerp(STACK_H, CARD_H, p);
  const left = FLIGHT_MS - (now - f.start);
  // Face down, it does not begin to turn: its face may come late.
  const turned = left < TURN_MS && !f.faceDown ? Math.floor((w * Math.max(0, left)) / TURN_MS) : w;
  drawCardScaled(CARD_BACK, x + ((w - turned) >> 1), y, turned, h, C.WHITE);
}

/** A pile won by a slap waits under the hand until it has landed, then slides away. */
function sweepDelay(t: TableDisplay): number {
  const h = t.slapHand;
  return h.active && h.good && h.seat === t.sweep.seat && h.markAt === t.sweep.start ? Math.max(0, h.start + SWEEP_DELAY_MS - t.sweep.start) : 0;
}

function drawSweep(t: TableDisplay, game: GameState, now: number): void {
  const sw = t.sweep;
  const players = game.options.players;
  const p = easeOut(progress(now, sw.start + sweepDelay(t), SWEEP_MS));
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

/**
 * The slapping hand slams down from the slapper's side: large (near the
 * eye) and speeding up, it lands on the pile at its own size. A slap that
 * took the pile bursts behind it, growing (to 76 px: the message line stays
 * clear of it); a wrong or late one gets a red cross over the hand.
 */
function drawHand(t: TableDisplay, game: GameState, now: number): void {
  const e = t.slapHand;
  const players = game.options.players;
  const h = SPRITES.hand;
  const q = progress(now, e.start, SLAM_MS);
  const p = (q * q) >> 8; // speeding up: a slam, not a glide
  const cx = PILE_X + ((plateX(players, e.seat) - PILE_X) >> 3);
  const cy = PILE_Y + ((plateY(players, e.seat) - PILE_Y) >> 3);
  const x = lerp(plateX(players, e.seat), cx, p);
  const y = lerp(plateY(players, e.seat), cy, p);
  // 72 px far up, 48 on the pile; squashed a little for the first frames after the hit.
  const hit = now - e.start - SLAM_MS;
  const w = q < 256 ? lerp(72, 48, p) : hit < 50 ? 54 : 48;
  const hh = q < 256 ? w : hit < 50 ? 42 : 48;
  const flipY = sideOf(players, e.seat) === SIDE_TOP;
  // What the slap did shows once it is known (a slap during a card's flight: as the card lands).
  const marked = q === 256 && now >= e.markAt;
  if (marked && e.good) {
    const b = SPRITES.burst;
    const g = easeOut(progress(now, Math.max(e.start + SLAM_MS, e.markAt), 160));
    const size = lerp(40, 76, g);
    spriteRectScaled(cx - (size >> 1), cy - (size >> 1), size, size, b, C.YELLOW);
  }
  sprite(x - (w >> 1), y - (hh >> 1), w, flipY ? -hh : hh, h[0], h[1], h[2], h[3], C.WHITE);
  if (marked && !e.good) {
    const b = SPRITES.cross;
    spriteRectScaled(cx - 22, cy - 22, 44, 44, b, C.WHITE);
  }
}

/** The wrong slapper's plate blinks red (every 90 ms) while it shakes and a little after. */
function drawFlash(game: GameState, seat: number, elapsed: number): void {
  if (Math.floor(elapsed / 90) % 2 === 1) return;
  const players = game.options.players;
  const dx = elapsed < SHAKE_MS ? shakeOffset(elapsed) : 0;
  rect(plateX(players, seat) + dx - (PLATE_W >> 1) - FLASH_MARGIN, plateY(players, seat) - (PLATE_H >> 1) - FLASH_MARGIN, PLATE_W + 2 * FLASH_MARGIN, PLATE_H + 2 * FLASH_MARGIN, C.RED_FLASH);
}

/** A wrong slap's cost card as it is shown at the seat (a little smaller than a card on the pile), and its red frame's width. */
const COST_W = 40;
const COST_H = 56;
const COST_FRAME = 2;
/** The frame stays outside the plate's blinking (and, at the sides, its shake). */
const COST_CLEAR = FLASH_MARGIN + COST_FRAME;

/**
 * The left edge of the first of `count` cost cards shown at `seat` (each
 * next one 10 px to the right): off the seat's plate, whose name stays
 * readable. At the bottom and the top the cards are centred over the stack,
 * above or below the plate; at the sides the plate lies over the stack and
 * is wider than it, so the cards stand beside both, toward the pile.
 */
function costX(players: number, seat: number, count: number): number {
  const side = sideOf(players, seat);
  const spread = (count - 1) * 10;
  if (side === SIDE_LEFT) return plateX(players, seat) + (PLATE_W >> 1) + SHAKE_MAX + COST_CLEAR;
  if (side === SIDE_RIGHT) return plateX(players, seat) - (PLATE_W >> 1) - SHAKE_MAX - COST_CLEAR - COST_W - spread;
  return stackX(players, seat) + (STACK_W >> 1) - (COST_W >> 1) - (spread >> 1);
}

/** The top of the cost cards shown at `seat`: over the bottom plate, under a top one, level with a side one's top. */
function costY(players: number, seat: number): number {
  const side = sideOf(players, seat);
  const plateTop = plateY(players, seat) - (PLATE_H >> 1);
  if (side === SIDE_BOTTOM) return plateTop - COST_CLEAR - COST_H;
  if (side === SIDE_TOP) return plateTop + PLATE_H + COST_CLEAR;
  return plateTop;
}

/**
 * A wrong slap's cost: the cards are lifted face up beside the slapper's
 * stack, framed in red (so everyone sees what it cost; they grow to their
 * size as a card raised toward the eye does, within the place they end in,
 * which keeps the seat's plate clear), then fly face down from there to the
 * burned cards under the pile, where the layer shows them once they land,
 * or, paid, to the payee's stack. test/game/cost-card.test.ts checks that
 * they never lie on the slapper's plate.
 */
function drawBurn(t: TableDisplay, game: GameState, now: number): void {
  const b = t.burn;
  const players = game.options.players;
  const elapsed = now - b.start;
  const x0 = costX(players, b.seat, b.count);
  const y0 = costY(players, b.seat);
  if (elapsed < BURN_SHOW_MS) {
    // From three quarters of its size to all of it, about its middle.
    const grow = easeOut(progress(now, b.start, 120));
    const w = lerp((COST_W * 3) >> 2, COST_W, grow);
    const h = lerp((COST_H * 3) >> 2, COST_H, grow);
    const dx = (COST_W - w) >> 1;
    const dy = (COST_H - h) >> 1;
    for (let i = 0; i < b.count; i++) {
      const x = x0 + i * 10 + dx;
      const y = y0 + dy;
      rect(x - COST_FRAME, y - COST_FRAME, w + 2 * COST_FRAME, h + 2 * COST_FRAME, C.RED);
      drawCardScaled(b.cards[i]!, x, y, w, h, C.WHITE);
    }
    return;
  }
  const p = easeOut(progress(now, b.start + BURN_SHOW_MS, BURN_FLY_MS));
  const paid = b.to >= 0;
  const tx = paid ? stackX(players, b.to) : burnedX(game.pile.length) + ((CARD_W - COST_W) >> 1);
  const ty = paid ? stackY(players, b.to) : PILE_Y - (CARD_H >> 1) + 6;
  const tw = paid ? STACK_W : CARD_W;
  const th = paid ? STACK_H : CARD_H;
  for (let i = 0; i < b.count; i++) {
    const x = lerp(x0 + i * 10, tx, p);
    const y = lerp(y0, ty, p);
    drawCardScaled(CARD_BACK, x, y, lerp(COST_W, tw, p), lerp(COST_H, th, p), C.WHITE);
  }
}
