// Table sprites: felt tile, seat plate, slap hand, arrows, chance pips,
// menu panel (9-slice), button icons, card shadow/glow and the title logo.
// Each function returns an RGBA image; the atlas builder places them.
import { CARD_H, CARD_W } from './cards.mjs';
import { textPath } from './font.mjs';
import { createImage, renderSvg, svgDoc } from './image.mjs';
import { hash3 } from './rng.mjs';

export const FELT_SIZE = 64;
/** Corner size of the 9-slice menu panel: corners are PANEL_SLICE x PANEL_SLICE. */
export const PANEL_SLICE = 8;
const PANEL_SIZE = 24;
const GOLD = '#e3b23c';
const GOLD_DARK = '#8a6414';
export const FELT_RGB = [28, 104, 58];

/**
 * Green baize that tiles seamlessly: smooth value noise in two octaves whose
 * lattices wrap at the tile edge (periods 32 and 8 texels), fine per-texel
 * grain, and a faint diagonal weave.
 */
export function felt() {
  const n = FELT_SIZE;
  const img = createImage(n, n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const cloud = 9 * valueNoise(x, y, 32, 7) + 4 * valueNoise(x, y, 8, 8);
      const grain = (hash3(x, y, 1) % 7) - 3;
      const weave = (x + y) % 2 === 0 ? 1 : -1;
      const d = cloud + grain + weave;
      const o = (y * n + x) * 4;
      img.data[o] = clamp(FELT_RGB[0] + d);
      img.data[o + 1] = clamp(FELT_RGB[1] + d * 1.4);
      img.data[o + 2] = clamp(FELT_RGB[2] + d);
      img.data[o + 3] = 255;
    }
  }
  return img;
}

/** Periodic value noise in [-0.5, 0.5]: lattice every `cell` texels, wrapping at FELT_SIZE. */
function valueNoise(x, y, cell, seed) {
  const cells = FELT_SIZE / cell;
  const at = (i, j) => (hash3(i % cells, j % cells, seed) & 255) / 255 - 0.5;
  const smooth = (t) => t * t * (3 - 2 * t);
  const i = Math.floor(x / cell), j = Math.floor(y / cell);
  const fx = smooth((x % cell) / cell), fy = smooth((y % cell) / cell);
  const top = at(i, j) * (1 - fx) + at(i + 1, j) * fx;
  const bottom = at(i, j + 1) * (1 - fx) + at(i + 1, j + 1) * fx;
  return top * (1 - fy) + bottom * fy;
}

const clamp = (v) => Math.max(0, Math.min(255, Math.round(v)));

/** A name plate for a seat: dark translucent, gold rim (text drawn on top). */
export function seat() {
  return renderSvg(svgDoc(80, 20,
    `<rect x="0.5" y="0.5" width="79" height="19" rx="6" fill="#0b1a12" fill-opacity="0.72" stroke="${GOLD}" stroke-width="1"/>` +
    `<rect x="2" y="2" width="76" height="7" rx="4" fill="#ffffff" fill-opacity="0.08"/>`));
}

/** An open hand seen from above, fingers up, slapping down on the pile. */
export function hand() {
  const shape =
    `<rect x="12" y="20" width="25" height="21" rx="9"/>` +
    `<rect x="12.5" y="9" width="6" height="18" rx="3"/>` +
    `<rect x="18.8" y="5" width="6" height="20" rx="3"/>` +
    `<rect x="25.1" y="7" width="6" height="18" rx="3"/>` +
    `<rect x="31" y="12" width="5.5" height="16" rx="2.75"/>` +
    `<rect x="3" y="25" width="6" height="16" rx="3" transform="rotate(-50 8 33)"/>`;
  const body =
    `<g fill="#6b3d1a" stroke="#6b3d1a" stroke-width="2.4" stroke-linejoin="round">${shape}</g>` +
    `<g fill="#f2c48d">${shape}</g>` +
    `<path d="M15 10 v4 M21.8 6 v4 M28.1 8 v4 M33.7 13 v3.5" stroke="#fff" stroke-opacity="0.6" stroke-width="1.2" stroke-linecap="round"/>` +
    `<path d="M18 30 C22 33 27 33 31 30" stroke="#b9834a" stroke-width="0.9" fill="none"/>` +
    `<rect x="13" y="39" width="23" height="8" rx="1.5" fill="#2d4f9e" stroke="#14254d" stroke-width="1"/>` +
    `<rect x="13" y="39" width="23" height="2" fill="#ffffff" fill-opacity="0.35"/>`;
  return renderSvg(svgDoc(48, 48, body));
}

/** The turn arrow, pointing down (flip h for up). White, so the view tints it. */
export function arrow() {
  return renderSvg(svgDoc(16, 16,
    `<path d="M5 1.5 H11 V7.5 H14.5 L8 14.5 L1.5 7.5 H5 Z" fill="#fff" stroke="#222" stroke-width="1" stroke-linejoin="round"/>`));
}

/** The same arrow pointing right (flip w for left). */
export function arrowSide() {
  return renderSvg(svgDoc(16, 16,
    `<path d="M1.5 5 V11 H7.5 V14.5 L14.5 8 L7.5 1.5 V5 Z" fill="#fff" stroke="#222" stroke-width="1" stroke-linejoin="round"/>`));
}

/** Chance pips (remaining chances in a challenge): filled and empty, white. */
export function pip() {
  return renderSvg(svgDoc(10, 10, `<circle cx="5" cy="5" r="4.2" fill="#fff" stroke="#222" stroke-width="0.9"/>`));
}
export function pipEmpty() {
  return renderSvg(svgDoc(10, 10,
    `<circle cx="5" cy="5" r="4.2" fill="#000" fill-opacity="0.35" stroke="#fff" stroke-width="1.2"/>`));
}

/**
 * Menu panel as a 9-slice: the view draws the four PANEL_SLICE corners as
 * they are and stretches the edges and the centre.
 */
export function panel() {
  const s = PANEL_SIZE;
  return renderSvg(svgDoc(s, s,
    `<rect x="0.5" y="0.5" width="${s - 1}" height="${s - 1}" rx="6" fill="#101a2e" fill-opacity="0.9" stroke="${GOLD}" stroke-width="1"/>` +
    `<rect x="2.5" y="2.5" width="${s - 5}" height="${s - 5}" rx="4" fill="none" stroke="${GOLD_DARK}" stroke-width="1"/>`));
}

/** PSP face-button icons for control hints. */
export function button(kind) {
  const colour = { cross: '#7fa8ff', circle: '#ff6b6b', square: '#ff8fd1', triangle: '#5fe0a8' }[kind];
  const sym = {
    cross: `<path d="M4.5 4.5 L9.5 9.5 M9.5 4.5 L4.5 9.5" stroke="${colour}" stroke-width="1.6" stroke-linecap="round"/>`,
    circle: `<circle cx="7" cy="7" r="3" fill="none" stroke="${colour}" stroke-width="1.5"/>`,
    square: `<rect x="4.2" y="4.2" width="5.6" height="5.6" fill="none" stroke="${colour}" stroke-width="1.4"/>`,
    triangle: `<path d="M7 3.6 L10.2 9.4 H3.8 Z" fill="none" stroke="${colour}" stroke-width="1.4" stroke-linejoin="round"/>`,
  }[kind];
  return renderSvg(svgDoc(14, 14,
    `<circle cx="7" cy="7" r="6.5" fill="#1c1c22" stroke="#8d8d96" stroke-width="1"/>` + sym));
}

/** A comic impact star for a valid slap (yellow with a white core). */
export function burst() {
  const points = [];
  for (let k = 0; k < 24; k++) {
    const r = k % 2 === 0 ? 19 : 10 + ((k * 7) % 5);
    const a = (Math.PI * 2 * k) / 24;
    points.push(`${(20 + r * Math.sin(a)).toFixed(3)} ${(20 - r * Math.cos(a)).toFixed(3)}`);
  }
  const d = `M${points.join(' L')} Z`;
  return renderSvg(svgDoc(40, 40,
    `<path d="${d}" fill="#ffd23f" stroke="#b35a00" stroke-width="1.2" stroke-linejoin="round"/>` +
    `<circle cx="20" cy="20" r="7" fill="#fff7d6"/>`));
}

/** A red cross for a wrong slap. */
export function cross() {
  const x = 'M6 6 L26 26 M26 6 L6 26';
  return renderSvg(svgDoc(32, 32,
    `<path d="${x}" stroke="#4a0000" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="${x}" stroke="#e8262b" stroke-width="5" stroke-linecap="round"/>`));
}

/** A small gold crown for the winner. */
export function crown() {
  return renderSvg(svgDoc(24, 18,
    `<path d="M2.5 15.5 L1.5 4.5 L7 9 L12 2 L17 9 L22.5 4.5 L21.5 15.5 Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1" stroke-linejoin="round"/>` +
    `<rect x="2.5" y="13" width="19" height="2.5" fill="${GOLD_DARK}"/>` +
    `<circle cx="12" cy="10" r="1.5" fill="#c8161d"/><circle cx="7" cy="11.5" r="1" fill="#23408e"/><circle cx="17" cy="11.5" r="1" fill="#23408e"/>`));
}

/** A soft drop shadow for a card, 2 texels bigger on each side. */
export function cardShadow() {
  const w = CARD_W + 4, h = CARD_H + 4;
  return renderSvg(svgDoc(w, h,
    `<rect x="2" y="2" width="${CARD_W}" height="${CARD_H}" rx="4" fill="#000" fill-opacity="0.25" stroke="#000" stroke-opacity="0.18" stroke-width="3"/>` +
    `<rect x="2" y="2" width="${CARD_W}" height="${CARD_H}" rx="4" fill="#000" fill-opacity="0.3"/>`));
}

/** A highlight ring around a card (white; the view tints it). */
export function cardGlow() {
  const w = CARD_W + 4, h = CARD_H + 4;
  return renderSvg(svgDoc(w, h,
    `<rect x="1.5" y="1.5" width="${CARD_W + 1}" height="${CARD_H + 1}" rx="4.5" fill="none" stroke="#fff" stroke-width="2.4"/>`));
}

/**
 * Title logo: "EGYPTIAN" over "RATSCREW", gold with a dark outline, as SVG
 * markup in a LOGO_W x LOGO_H box (shared by the atlas sprite and the XMB art).
 */
export const LOGO_W = 200;
export const LOGO_H = 52;
export function logoBody(fonts, id = 'logo') {
  const w = LOGO_W;
  const small = textPath(fonts.bold, 'EGYPTIAN', 0, 0, 13);
  // The title fills the width less room for its 2-pixel outline.
  const probe = textPath(fonts.bold, 'RATSCREW', 0, 0, 100);
  const big = textPath(fonts.bold, 'RATSCREW', 0, 0, (100 * (w - 6)) / (probe.box.x2 - probe.box.x1));
  const place = (t, top) => {
    const tx = (w - (t.box.x2 - t.box.x1)) / 2 - t.box.x1;
    return `translate(${tx.toFixed(3)} ${(top - t.box.y1).toFixed(3)})`;
  };
  return `<defs><linearGradient id="${id}g" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#fff1b8"/><stop offset="0.5" stop-color="${GOLD}"/><stop offset="1" stop-color="#a86f12"/>` +
    `</linearGradient></defs>` +
    `<g transform="${place(small, 2)}"><path d="${small.d}" fill="none" stroke="#1a0f05" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="${small.d}" fill="#f4ead0"/></g>` +
    `<g transform="${place(big, 18)}"><path d="${big.d}" fill="none" stroke="#1a0f05" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="${big.d}" fill="url(#${id}g)"/></g>`;
}

export function logo(fonts) {
  return renderSvg(svgDoc(LOGO_W, LOGO_H, logoBody(fonts)));
}
