// Capabilities of the hosts, for tests that run the bundle as a given host's
// players see it (host.caps, tools/contract/contract.json). The script never
// learns which platform it is on, only these.
import { BTN_CROSS, BTN_SQUARE, DEFAULT_CAPABILITIES, type Capabilities } from '../../src/contract';

/** The PSP's (and the headless hosts'): its own buttons, drawn as glyphs. */
export const PSP_CAPS: Capabilities = DEFAULT_CAPABILITIES;

/**
 * The SDL desktop's, as native/desktop/sdl_keys.c gives them: key names and
 * two controllers. test/native/desktop.test.ts checks that the desktop host
 * says exactly this.
 */
export const DESKTOP_CAPS: Capabilities = {
  glyphs: false,
  keys: { cross: 'S', circle: 'D', square: 'Z', triangle: 'A', start: 'Esc', leftPlay: 'F', leftSlap: 'Q', rightPlay: 'J', rightSlap: 'P', confirm: 'Enter' },
  pads: 2,
  touch: [],
  network: false,
  nearby: false,
};

/**
 * The web page's on a phone or tablet with one person (web/src/input/touch.ts;
 * test/web/units.test.ts checks that the page gives exactly these zones):
 * the PSP's glyphs, which the touch zones carry, two controllers, and the
 * left half of the screen playing, the right half slapping.
 */
export const TOUCH_CAPS: Capabilities = {
  glyphs: true,
  keys: null,
  pads: 2,
  touch: [
    { x: 0, y: 0, w: 240, h: 272, buttons: BTN_SQUARE },
    { x: 240, y: 0, w: 240, h: 272, buttons: BTN_CROSS },
  ],
  network: false,
  nearby: false,
};
