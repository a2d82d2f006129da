// The game's cover: the felt, the logo and two small hands of cards. The
// hosts draw it before the script has loaded (the splash: its commands are
// written at build time by tools/native/splash.ts and drawn by each host's
// own command drawer), and the title draws its menu over the same cover, so
// the splash turns into the title with nothing moving.
import { SPRITES } from '../assets/atlas';
import { drawBack, drawCard } from './cards';
import * as C from './colours';
import { clear, spriteRect } from './drawlist';
import { newLayer, type Layer } from './layer';
import { drawFelt } from './widgets';

/** Where the logo's top edge sits; the title's subtitle goes under it. */
export const LOGO_Y = 22;

/** Card numbers: suit * 13 + rank - 2 (src/rules/types.ts). */
const LEFT_HAND = [3 * 13 + 12, 2 * 13 + 11, 1 * 13 + 10, 0 * 13 + 9]; // A♠ K♥ Q♦ J♣
const RIGHT_HAND = [2 * 13 + 3, 0 * 13 + 3, 52]; // a pair of fives and a joker: slap!

/** The felt (`felt`: the View's cached baize), the logo and the cards either side of where the title's menu goes. */
export function drawCover(felt: Layer): void {
  drawFelt(felt);
  const logo = SPRITES.logo;
  spriteRect(240 - (logo[2] >> 1), LOGO_Y, logo, C.WHITE);
  for (let i = 0; i < LEFT_HAND.length; i++) drawCard(LEFT_HAND[i]!, 28 + i * 16, 118 + i * 6, C.WHITE);
  drawBack(360, 124, C.WHITE);
  for (let i = 0; i < RIGHT_HAND.length; i++) drawCard(RIGHT_HAND[i]!, 372 + i * 18, 112 + i * 8, C.WHITE);
}

/** The whole splash frame: what a host shows from its first moment until the script draws. */
export function drawSplash(): void {
  clear(C.FELT);
  drawCover(newLayer());
}
