// The XMB pictures the PSP shows for the game: ICON0.PNG (144x80) and
// PIC1.PNG (480x272 background): felt, a fan of cards and the title.
import { cardSvgBody, CARD_H, CARD_W } from './cards.mjs';
import { dataUri, encodePng, renderSvg, svgDoc } from './image.mjs';
import { felt, FELT_SIZE, LOGO_H, LOGO_W, logoBody } from './table.mjs';

/** Felt pattern, darkened towards the edges like a lamp-lit table. */
function tableBackground(w, h, feltScale) {
  const tile = FELT_SIZE * feltScale;
  return `<defs><pattern id="felt" patternUnits="userSpaceOnUse" width="${tile}" height="${tile}">` +
    `<image href="${dataUri(encodePng(felt()))}" width="${tile}" height="${tile}" style="image-rendering:pixelated"/></pattern>` +
    `<radialGradient id="lamp" cx="0.5" cy="0.45" r="0.75"><stop offset="0.45" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="0.6"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#felt)"/><rect width="${w}" height="${h}" fill="url(#lamp)"/>`;
}

/** Cards fanned around a pivot below their centre; `cards` left to right. */
function fan(fonts, cards, cx, cy, scale, spread) {
  let out = '';
  cards.forEach((card, k) => {
    const angle = (k - (cards.length - 1) / 2) * spread;
    const pivot = `${CARD_W / 2} ${CARD_H * 2.2}`;
    out += `<g transform="translate(${cx} ${cy}) scale(${scale}) rotate(${angle} ${pivot}) translate(${-CARD_W / 2} ${-CARD_H / 2})">` +
      `<rect x="1.5" y="2" width="${CARD_W}" height="${CARD_H}" rx="4" fill="#000" fill-opacity="0.35"/>` +
      cardSvgBody(fonts, card, `c${k}`) + '</g>';
  });
  return out;
}

const logoAt = (fonts, x, y, scale) =>
  `<g transform="translate(${x} ${y}) scale(${scale})">${logoBody(fonts)}</g>`;

// Ace of spades, king of hearts, queen of clubs, jack of diamonds, joker.
const FAN = [3 * 13 + 12, 2 * 13 + 11, 0 * 13 + 10, 1 * 13 + 9, 52];

export function pic1(fonts) {
  const w = 480, h = 272;
  const body = tableBackground(w, h, 1) +
    fan(fonts, FAN, 240, 178, 1.7, 11) +
    logoAt(fonts, (w - LOGO_W * 1.9) / 2, 8, 1.9);
  return renderSvg(svgDoc(w, h, body));
}

export function icon0(fonts) {
  const w = 144, h = 80;
  const body = tableBackground(w, h, 0.5) +
    fan(fonts, FAN.slice(0, 3), 72, 58, 0.8, 12) +
    logoAt(fonts, (w - LOGO_W * 0.7) / 2, 2, 0.7);
  return renderSvg(svgDoc(w, h, body));
}
