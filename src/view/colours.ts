// Colours as 0xAABBGGRR ints (the PSP GE's vertex colour).

export const WHITE = 0xffffffff | 0;
export const BLACK = 0xff000000 | 0;
/** The table's baize green, as a CLEAR behind the felt tiles. */
export const FELT = 0xff3a681c | 0;
export const GOLD = 0xff3cb2e3 | 0;
export const PALE_GOLD = 0xffb8f1ff | 0;
export const GREY = 0xff8c8c8c | 0;
/** Help lines on the felt: #ececec, at least 4.5:1 against the felt's lightest pixel (test/game/contrast.test.ts). */
export const HINT = 0xffececec | 0;
export const DARK_GREY = 0xff5a5a5a | 0;
export const YELLOW = 0xff40e8ff | 0;
export const RED = 0xff5a5aff | 0;
/** Over a wrong slapper's plate, blinking. */
export const RED_FLASH = 0x905a5aff | 0;
export const GREEN = 0xff70e080 | 0;
export const SKY = 0xffffc890 | 0;
/** Translucent black boxes behind text. */
export const SHADE = 0xa0000000 | 0;
export const SHADE_LIGHT = 0x60000000 | 0;
export const SHADE_HEAVY = 0xc8000000 | 0;
/** Over moving things that must not show through the text on it (the notice over the table). */
export const SHADE_OPAQUE = 0xf0000000 | 0;
/** Greyed-out sprites (eliminated seats). */
export const DIM_TINT = 0xff707070 | 0;
export const HIGHLIGHT = 0x5040e8ff | 0;
/** Under the plate the joker chooser points at. */
export const PICK_GLOW = 0x9040e8ff | 0;
