// Card art as SVG in card pixel units (CARD_W x CARD_H), rendered by resvg at
// 1x for the atlas and at larger scales for the XMB pictures.
// Card numbers: suit * 13 + (rank - 2), suits 0 clubs, 1 diamonds, 2 hearts,
// 3 spades, ranks 2..14 (11 J, 12 Q, 13 K, 14 A); 52 and 53 jokers; 54 back.
import { pathData, textPath } from './font.mjs';
import { renderSvg, svgDoc } from './image.mjs';

export const CARD_W = 46;
export const CARD_H = 64;
export const SMALL_BACK_W = 23;
export const SMALL_BACK_H = 32;
export const JOKER_RED = 52;
export const JOKER_BLACK = 53;
export const BACK = 54;

const SUIT_CHARS = ['\u2663', '\u2666', '\u2665', '\u2660'];
const RANK_TEXT = { 11: 'J', 12: 'Q', 13: 'K', 14: 'A' };
const INK = { red: '#c8161d', black: '#17181c' };
const PAPER = '#fbf9f1';
const EDGE = '#45464b';
const GOLD = '#e3b23c';
const GOLD_DARK = '#9c7319';
const SKIN = '#f4cfa2';

const isRed = (suit) => suit === 1 || suit === 2;
const inkOf = (suit) => (isRed(suit) ? INK.red : INK.black);

/**
 * Returns an SVG path for a suit symbol centred on (cx, cy), `size` pixels
 * tall, drawn from the DejaVu glyph outline; rotated 180 degrees if `flip`.
 */
function pip(fonts, suit, cx, cy, size, flip = false, fill = inkOf(suit)) {
  const glyph = fonts.regular.charToGlyph(SUIT_CHARS[suit]);
  // Measure at 100 px, then scale so the outline's height is `size`.
  const probe = glyph.getPath(0, 0, 100).getBoundingBox();
  const k = size / (probe.y2 - probe.y1);
  const path = glyph.getPath(0, 0, 100 * k);
  const b = path.getBoundingBox();
  const tx = cx - (b.x1 + b.x2) / 2;
  const ty = cy - (b.y1 + b.y2) / 2;
  const rot = flip ? ` rotate(180 ${cx} ${cy})` : '';
  return `<path transform="${rot} translate(${tx.toFixed(3)} ${ty.toFixed(3)})" d="${pathData(path)}" fill="${fill}"/>`;
}

/** Text drawn from the bold font's outlines, centred on cx, cap top at `top`. */
function label(fonts, text, cx, top, capH, fill, squeeze = 1) {
  const px = capH / 0.729; // DejaVu Sans Bold cap height is 0.729 em
  const { d, box: b } = textPath(fonts.bold, text, 0, 0, px);
  const w = (b.x2 - b.x1) * squeeze;
  const tx = cx - w / 2 - b.x1 * squeeze;
  const ty = top - b.y1;
  return `<path transform="translate(${tx.toFixed(3)} ${ty.toFixed(3)}) scale(${squeeze} 1)" d="${d}" fill="${fill}"/>`;
}

function blank(fill = PAPER) {
  return `<rect x="0.5" y="0.5" width="${CARD_W - 1}" height="${CARD_H - 1}" rx="3.5" fill="${fill}" stroke="${EDGE}" stroke-width="1"/>`;
}

/** Rank and suit in the top-left corner and, turned, in the bottom-right. */
function indices(fonts, rankText, suitSvg, fill) {
  // "10" is squeezed to the width of one letter so every index is one column.
  const squeeze = rankText.length > 1 ? 0.62 : 1;
  const corner = label(fonts, rankText, 6.5, 3, 9, fill, squeeze) + suitSvg;
  return `${corner}<g transform="rotate(180 ${CARD_W / 2} ${CARD_H / 2})">${corner}</g>`;
}

// Pip layouts: [column, row] with columns -1, 0, 1 and rows 0..1 top to bottom.
const T = 1 / 3;
const LAYOUTS = {
  2: [[0, 0], [0, 1]],
  3: [[0, 0], [0, 0.5], [0, 1]],
  4: [[-1, 0], [1, 0], [-1, 1], [1, 1]],
  5: [[-1, 0], [1, 0], [0, 0.5], [-1, 1], [1, 1]],
  6: [[-1, 0], [1, 0], [-1, 0.5], [1, 0.5], [-1, 1], [1, 1]],
  7: [[-1, 0], [1, 0], [0, 0.25], [-1, 0.5], [1, 0.5], [-1, 1], [1, 1]],
  8: [[-1, 0], [1, 0], [0, 0.25], [-1, 0.5], [1, 0.5], [0, 0.75], [-1, 1], [1, 1]],
  9: [[-1, 0], [1, 0], [-1, T], [1, T], [0, 0.5], [-1, 2 * T], [1, 2 * T], [-1, 1], [1, 1]],
  10: [[-1, 0], [1, 0], [0, T / 2], [-1, T], [1, T], [-1, 2 * T], [1, 2 * T], [0, 1 - T / 2], [-1, 1], [1, 1]],
};

function numberCard(fonts, suit, rank) {
  const ink = inkOf(suit);
  let body = '';
  for (const [col, row] of LAYOUTS[rank]) {
    const cx = CARD_W / 2 + col * 6;
    const cy = 10.5 + row * 43;
    // 9 and 10 put a centre pip between rows 7 px apart: smaller pips keep clear.
    body += pip(fonts, suit, cx, cy, rank >= 9 ? 7 : 8, row > 0.5);
  }
  return blank() + indices(fonts, String(rank), pip(fonts, suit, 6.5, 17.5, 6.5), ink) + body;
}

function aceCard(fonts, suit) {
  const ink = inkOf(suit);
  const size = suit === 3 ? 30 : 26;
  let body = pip(fonts, suit, CARD_W / 2, CARD_H / 2, size);
  if (suit === 3) {
    // The ace of spades traditionally carries an ornament: a gold ring.
    body = `<circle cx="${CARD_W / 2}" cy="${CARD_H / 2}" r="17" fill="none" stroke="${GOLD}" stroke-width="1.5"/>` + body;
  }
  return blank() + indices(fonts, 'A', pip(fonts, suit, 6.5, 17.5, 6.5), ink) + body;
}

/**
 * Court cards: a framed, double-ended portrait. `half` draws one bust in a
 * 24x26 box whose origin is the frame's top-left; the lower half is the same
 * bust turned 180 degrees, as on real cards.
 */
function courtCard(fonts, suit, rank) {
  const ink = inkOf(suit);
  const fx = 13, fy = 5, fw = 20, fh = 54;
  const robe = isRed(suit) ? '#c8161d' : '#23408e';
  const trim = isRed(suit) ? '#23408e' : '#c8161d';
  const half = bust(rank, robe, trim);
  const portrait =
    `<g transform="translate(${fx - 2} ${fy})">${half}</g>` +
    `<g transform="rotate(180 ${CARD_W / 2} ${CARD_H / 2}) translate(${fx - 2} ${fy})">${half}</g>`;
  const frame =
    `<rect x="${fx}" y="${fy}" width="${fw}" height="${fh}" fill="#fff3cf"/>` +
    `<clipPath id="f"><rect x="${fx}" y="${fy}" width="${fw}" height="${fh}"/></clipPath>` +
    `<g clip-path="url(#f)">${portrait}</g>` +
    `<line x1="${fx}" y1="${fy + fh / 2}" x2="${fx + fw}" y2="${fy + fh / 2}" stroke="${ink}" stroke-width="0.8"/>` +
    `<rect x="${fx + 0.5}" y="${fy + 0.5}" width="${fw - 1}" height="${fh - 1}" fill="none" stroke="${ink}" stroke-width="1"/>` +
    pip(fonts, suit, fx + 3.5, fy + 3.5, 4.5) +
    pip(fonts, suit, fx + fw - 3.5, fy + fh - 3.5, 4.5, true);
  return blank() + indices(fonts, RANK_TEXT[rank], pip(fonts, suit, 6.5, 17.5, 6.5), ink) + frame;
}

/** One bust (head, headwear, shoulders) in a 24x27 box, head centred at (12, 12). */
function bust(rank, robe, trim) {
  const shoulders =
    `<path d="M1 27 C1 20 5 18.5 12 18.5 C19 18.5 23 20 23 27 Z" fill="${robe}"/>` +
    `<path d="M9 18.8 L12 25 L15 18.8 Z" fill="#fff"/>` +
    `<path d="M2.2 24 C5 21.5 8 21 9.5 21" stroke="${GOLD}" stroke-width="1.2" fill="none"/>` +
    `<path d="M21.8 24 C19 21.5 16 21 14.5 21" stroke="${GOLD}" stroke-width="1.2" fill="none"/>` +
    `<rect x="10.5" y="22" width="3" height="5" fill="${trim}"/>`;
  const face = `<ellipse cx="12" cy="13" rx="4.2" ry="4.8" fill="${SKIN}" stroke="#8a5a3a" stroke-width="0.5"/>` +
    `<circle cx="10.4" cy="12.6" r="0.6" fill="#222"/><circle cx="13.6" cy="12.6" r="0.6" fill="#222"/>` +
    `<path d="M10.8 15.6 Q12 16.4 13.2 15.6" stroke="#a0413a" stroke-width="0.6" fill="none"/>`;
  if (rank === 13) {
    // King: a tall three-pointed crown and a full beard.
    return shoulders +
      `<path d="M7.2 12 C7 18 9 20.5 12 20.5 C15 20.5 17 18 16.8 12 L15.5 15.5 L8.5 15.5 Z" fill="#f1f1f1" stroke="#999" stroke-width="0.4"/>` +
      face.replace('cy="13"', 'cy="12.5"') +
      `<path d="M8.5 15.6 L15.5 15.6 C15 18.5 9 18.5 8.5 15.6 Z" fill="#f1f1f1"/>` +
      `<path d="M6.8 9 L6.3 2.5 L9 5.5 L12 1 L15 5.5 L17.7 2.5 L17.2 9 Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.6"/>` +
      `<circle cx="12" cy="6.7" r="1" fill="${trim}"/>` +
      // A sceptre held across the shoulder.
      `<path d="M17.5 27 L20.5 14.5" stroke="${GOLD_DARK}" stroke-width="1.6" stroke-linecap="round"/>` +
      `<path d="M17.5 27 L20.5 14.5" stroke="${GOLD}" stroke-width="0.8" stroke-linecap="round"/>` +
      `<circle cx="20.7" cy="13.6" r="1.5" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.5"/>`;
  }
  if (rank === 12) {
    // Queen: long hair framing the face and a small round-topped crown.
    return shoulders +
      `<path d="M6.5 20 C5 14 6 8 12 7.5 C18 8 19 14 17.5 20 L16 15 L8 15 Z" fill="#a0522d"/>` +
      face +
      `<path d="M8 9 L7.5 4 L9.6 6.5 L12 3.5 L14.4 6.5 L16.5 4 L16 9 Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.6"/>` +
      `<circle cx="7.5" cy="4" r="0.9" fill="${GOLD}"/><circle cx="12" cy="3.5" r="0.9" fill="${GOLD}"/><circle cx="16.5" cy="4" r="0.9" fill="${GOLD}"/>` +
      `<circle cx="12" cy="18.5" r="1" fill="${trim}"/>` +
      // A rose on a green stem.
      `<path d="M6.5 27 C6 24 5.5 22 5.2 19.5" stroke="#2e7d32" stroke-width="0.9" fill="none"/>` +
      `<path d="M5.6 23.5 C4 22.5 3.5 23.5 3.6 24.2 C4.5 24.3 5 24 5.6 23.5 Z" fill="#2e7d32"/>` +
      `<circle cx="5.2" cy="18.6" r="1.9" fill="#e0457b" stroke="#8e1b4a" stroke-width="0.5"/>` +
      `<circle cx="5.2" cy="18.6" r="0.6" fill="#ffd54f"/>`;
  }
  // Jack: a young face under a broad cap with a feather.
  return shoulders +
    `<path d="M7.6 13 C7.4 9 9 8 12 8 C15 8 16.6 9 16.4 13 L15.6 10.5 L8.4 10.5 Z" fill="#d9a441"/>` +
    face +
    `<path d="M5.5 9.8 C6 5 9 4 12 4 C15 4 18 5 18.5 9.8 Z" fill="${trim}" stroke="#111" stroke-width="0.5"/>` +
    `<path d="M15 5.5 C18 1 21 1 22 2 C20 3 18.5 4.5 16.5 7 Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.4"/>` +
    // A short sword held upright.
    `<path d="M4.5 27 L4.5 14.5" stroke="#3b3f46" stroke-width="2" stroke-linecap="round"/>` +
    `<path d="M4.5 26 L4.5 15" stroke="#e8ebf0" stroke-width="0.9" stroke-linecap="round"/>` +
    `<path d="M2.5 22.5 H6.5" stroke="${GOLD}" stroke-width="1.1" stroke-linecap="round"/>`;
}

function jokerCard(fonts, red) {
  const ink = red ? INK.red : INK.black;
  const a = red ? '#c8161d' : '#23408e';
  const b = red ? '#e3b23c' : '#2a8c4a';
  const star = (cx, cy, s) => label(fonts, '\u2605', cx, cy, s, ink);
  const jester =
    // Hat: three floppy points with bells.
    `<path d="M12 27 C10 18 6 14 3 15 C7 11 12 13 16 22 Z" fill="${a}" stroke="#111" stroke-width="0.6"/>` +
    `<path d="M34 27 C36 18 40 14 43 15 C39 11 34 13 30 22 Z" fill="${a}" stroke="#111" stroke-width="0.6"/>` +
    `<path d="M15 25 C16 14 20 9 23 6 C26 9 30 14 31 25 Z" fill="${b}" stroke="#111" stroke-width="0.6"/>` +
    `<circle cx="3.2" cy="15" r="2" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.5"/>` +
    `<circle cx="42.8" cy="15" r="2" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.5"/>` +
    `<circle cx="23" cy="5.5" r="2" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.5"/>` +
    `<rect x="12" y="24" width="22" height="3" rx="1" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.5"/>` +
    // Face with a wide grin.
    `<ellipse cx="23" cy="34" rx="8" ry="8.5" fill="${SKIN}" stroke="#8a5a3a" stroke-width="0.6"/>` +
    `<circle cx="20" cy="32" r="1" fill="#222"/><circle cx="26" cy="32" r="1" fill="#222"/>` +
    `<circle cx="23" cy="35" r="1.3" fill="#d33"/>` +
    `<path d="M18 37 C20 41 26 41 28 37" stroke="#7a1010" stroke-width="1" fill="none"/>` +
    // Ruffled collar.
    `<path d="M12 45 L15 41.5 L18 45 L21 42 L23 45.5 L25 42 L28 45 L31 41.5 L34 45 L30 50 L16 50 Z" fill="${b}" stroke="#111" stroke-width="0.5"/>` +
    `<path d="M14 64 L16 50 L30 50 L32 64 Z" fill="${a}"/>`;
  const word = label(fonts, 'JOKER', CARD_W / 2, 54, 5.5, ink, 0.8);
  const corners = star(6, 3, 7) + `<g transform="rotate(180 ${CARD_W / 2} ${CARD_H / 2})">${star(6, 3, 7)}</g>`;
  return blank() + `<g clip-path="url(#c)">${jester}</g>` +
    `<clipPath id="c"><rect x="1" y="1" width="${CARD_W - 2}" height="52" rx="3"/></clipPath>` +
    `<rect x="1" y="51" width="${CARD_W - 2}" height="12" rx="3" fill="${PAPER}"/>` + word + corners;
}

/** The back: burgundy with a gold lattice and a central medallion. */
function backSvg(fonts, simple) {
  const spadePip = (cx, cy, size, fill) => pip(fonts, 3, cx, cy, size, false, fill);
  const base = '#8e1b2a';
  const line = '#d9a441';
  let lattice = '';
  const step = simple ? 8 : 6;
  for (let k = -CARD_H; k < CARD_W + CARD_H; k += step) {
    lattice += `<line x1="${k}" y1="0" x2="${k + CARD_H}" y2="${CARD_H}"/><line x1="${k}" y1="${CARD_H}" x2="${k + CARD_H}" y2="0"/>`;
  }
  // A gold-rimmed lozenge with a spade at its heart.
  const lozenge = (rx, ry) => `M23 ${32 - ry} L${23 + rx} 32 L23 ${32 + ry} L${23 - rx} 32 Z`;
  const medallion = simple
    ? `<path d="${lozenge(10, 15)}" fill="${base}" stroke="${line}" stroke-width="2.2"/>` + spadePip(23, 32, 11, line)
    : `<path d="${lozenge(11, 16)}" fill="${base}" stroke="${line}" stroke-width="1.3"/>` +
      `<path d="${lozenge(8, 12)}" fill="none" stroke="${line}" stroke-width="0.6"/>` + spadePip(23, 32, 9, line);
  return blank('#fbf9f1') +
    `<rect x="3.5" y="3.5" width="${CARD_W - 7}" height="${CARD_H - 7}" rx="2" fill="${base}"/>` +
    `<clipPath id="b"><rect x="4" y="4" width="${CARD_W - 8}" height="${CARD_H - 8}" rx="1.5"/></clipPath>` +
    `<g clip-path="url(#b)" stroke="${line}" stroke-width="${simple ? 1.4 : 0.7}" stroke-opacity="0.55">${lattice}</g>` +
    `<rect x="3.5" y="3.5" width="${CARD_W - 7}" height="${CARD_H - 7}" rx="2" fill="none" stroke="${line}" stroke-width="1"/>` +
    medallion;
}

/**
 * SVG body of a card in card units (0..CARD_W, 0..CARD_H). Element ids get
 * `idPrefix` so that several cards can share one SVG document.
 */
export function cardSvgBody(fonts, card, idPrefix = 'k') {
  return cardMarkup(fonts, card).replaceAll('id="', `id="${idPrefix}`).replaceAll('url(#', `url(#${idPrefix}`);
}

function cardMarkup(fonts, card) {
  if (card === BACK) return backSvg(fonts, false);
  if (card === JOKER_RED || card === JOKER_BLACK) return jokerCard(fonts, card === JOKER_RED);
  const suit = Math.floor(card / 13);
  const rank = (card % 13) + 2;
  if (rank === 14) return aceCard(fonts, suit);
  if (rank >= 11) return courtCard(fonts, suit, rank);
  return numberCard(fonts, suit, rank);
}

/** Renders card `card` at `scale` times the atlas size. */
export function renderCard(fonts, card, scale = 1) {
  const body = cardSvgBody(fonts, card);
  return renderSvg(svgDoc(CARD_W * scale, CARD_H * scale, body, `0 0 ${CARD_W} ${CARD_H}`));
}

/** The half-size back for seat stacks, drawn with a coarser pattern. */
export function renderSmallBack(fonts) {
  return renderSvg(svgDoc(SMALL_BACK_W, SMALL_BACK_H, backSvg(fonts, true), `0 0 ${CARD_W} ${CARD_H}`));
}
