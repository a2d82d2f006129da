// Capabilities of the hosts, for tests that run the bundle as a given host's
// players see it (host.caps, tools/contract/contract.json). The script never
// learns which platform it is on, only these.
import { DEFAULT_CAPABILITIES, type Capabilities } from '../../src/contract';

/** The PSP's (and the headless hosts'): its own buttons, drawn as glyphs. */
export const PSP_CAPS: Capabilities = DEFAULT_CAPABILITIES;

/**
 * The SDL desktop's, as native/desktop/sdl_keys.c gives them: key names and
 * two controllers. test/native/desktop.test.ts checks that the desktop host
 * says exactly this.
 */
export const DESKTOP_CAPS: Capabilities = {
  glyphs: false,
  keys: { cross: 'S', circle: 'D', square: 'Z', triangle: 'A', start: 'Enter', leftPlay: 'F', leftSlap: 'Q', rightPlay: 'J', rightSlap: 'P' },
  pads: 2,
  touch: [],
};
