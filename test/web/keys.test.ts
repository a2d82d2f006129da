// The keys the web page names in the game's hints (host.caps.keys, from
// web/src/input/keys.ts) are keys its keyboard map presses each role's
// button with: the capability says what the map does.
import { describe, expect, it } from 'vitest';
import { KEY_NAMES_BUTTONS } from '../../src/contract';
import { KEYS, KEY_NAMES, keyName } from '../../web/src/input/keys';

describe('the web page\'s key names', () => {
  it('each presses its role\'s button', () => {
    for (const [role, label] of Object.entries(KEY_NAMES)) {
      // the key as the page reads it: a letter by its label, Esc by its name
      const event = label.length === 1 ? label.toLowerCase() : label === 'Esc' ? 'Escape' : label;
      const name = keyName({ key: event, code: '' });
      expect([role, KEYS[name]]).toEqual([role, KEY_NAMES_BUTTONS[role as keyof typeof KEY_NAMES_BUTTONS]]);
    }
  });
});
