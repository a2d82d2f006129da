// The web host's pure parts, without a browser (make test-web): scaling,
// key names, the pan law, the touch zones' settings, the save format and
// its problems, the game clock.
import { describe, expect, it } from 'vitest';
import { BTN } from '../../src/contract';
import { gains } from '../../web/src/audio';
import { GameClock } from '../../web/src/clock';
import { PAD1, PAD2 } from '../../web/src/input/gamepad';
import { KEYS, keyName } from '../../web/src/input/keys';
import { screenZones, touchSettings, zones } from '../../web/src/input/touch';
import { TOUCH_CAPS } from '../support/caps';
import { fit } from '../../web/src/layout';
import { damagedKey, LocalSave, SAVE_KEY, trailer, verify, type KeyValueStore } from '../../web/src/save';

class MemoryStore implements KeyValueStore {
  readonly items = new Map<string, string>();
  fail: string | null = null;
  getItem(k: string): string | null {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    if (this.fail) throw new DOMException('no', this.fail);
    this.items.set(k, v);
  }
  removeItem(k: string): void {
    this.items.delete(k);
  }
}

describe('the web host, piece by piece', () => {
  it('scales the screen to fill the window, by whole device pixels where they waste little, and centres it', () => {
    expect(fit(960, 544, 1)).toEqual({ scale: 2, left: 0, top: 0, width: 960, height: 544 });
    // A phone on its side, 844x390 CSS pixels at 3x: 4 device pixels a game pixel (93% of the height).
    const phone = fit(844, 390, 3);
    expect(phone.scale).toBe(4);
    expect(phone.width * 3).toBe(1920);
    expect(Number.isInteger(phone.left * 3) && Number.isInteger(phone.top * 3)).toBe(true);
    // An odd band: the corner still falls on a whole device pixel.
    const odd = fit(845, 391, 3);
    expect([odd.left * 3, odd.top * 3].map((x) => Math.abs(x - Math.round(x)) < 1e-9)).toEqual([true, true]);
    // Smaller than the PSP's screen: the largest fraction that fits.
    expect(fit(320, 200, 1).scale).toBeCloseTo(320 / 480, 6);
  });

  it('fills a phone\'s width upright (issue 32: 240 of 390 CSS pixels), and a window that whole numbers would leave a quarter empty', () => {
    for (const [w, h, dpr] of [
      [390, 844, 2],
      [390, 844, 3],
      [360, 800, 3],
      [360, 740, 2],
    ]) {
      const f = fit(w!, h!, dpr!);
      expect(f.width, `${w}x${h} at ${dpr}x`).toBeCloseTo(w!, 6);
      expect(f.left).toBe(0);
      expect(f.height).toBeCloseTo((w! * 272) / 480, 6);
    }
    // 1280x720: 2x would fill 75% of the height; the picture takes all of it.
    expect(fit(1280, 720, 1).height).toBeCloseTo(720, 6);
    // Held sideways with the menu buttons' bands (110 CSS pixels a side) kept clear.
    const side = fit(844, 390, 3, 110);
    expect(side.left).toBeGreaterThanOrEqual(110);
    expect(side.left + side.width).toBeLessThanOrEqual(844 - 110);
    expect(side.width).toBeCloseTo(844 - 220, 6);
  });

  it('names keys by their label, and by their place on a non-Latin layout', () => {
    expect(keyName({ key: 'Z', code: 'KeyZ' })).toBe('z');
    expect(keyName({ key: 'я', code: 'KeyZ' })).toBe('z');
    expect(keyName({ key: 'z', code: 'KeyY' })).toBe('z'); // a German keyboard's Z
    expect(keyName({ key: ' ', code: 'Space' })).toBe(' ');
    expect(KEYS[keyName({ key: 'Enter', code: 'Enter' })]).toBe(BTN.CROSS);
    expect(KEYS[keyName({ key: 'Escape', code: 'Escape' })]).toBe(BTN.START);
    expect([KEYS.f, KEYS.q, KEYS.j, KEYS.p]).toEqual([BTN.LEFT, BTN.LTRIGGER, BTN.SQUARE, BTN.RTRIGGER]);
  });

  it('maps a second controller away from the left player\'s buttons', () => {
    const second = PAD2.map(([, b]) => b);
    expect(second).not.toContain(BTN.LEFT);
    expect(second).not.toContain(BTN.LTRIGGER);
    expect(new Map(PAD1).get(2)).toBe(BTN.SQUARE);
    expect(new Map(PAD1).get(0)).toBe(BTN.CROSS);
  });

  it('pans as mixer.c does: the far side fades, the near side stays at volume', () => {
    expect(gains(255, 0)).toEqual([(255 * 257) / 65536, (255 * 257) / 65536]);
    const [l, r] = gains(200, -64);
    expect(l).toBe(((200 * 257 * 128) >> 7) / 65536);
    expect(r).toBe(((200 * 257 * 64) >> 7) / 65536);
    expect(gains(300, 500)).toEqual(gains(255, 127));
  });

  it('lays the touch zones out for one person or two, in the saved language', () => {
    expect(touchSettings(null)).toEqual({ people: 1, language: 'en' });
    expect(touchSettings('{"settings":{"humans":2,"language":"ru"}}')).toEqual({ people: 2, language: 'ru' });
    expect(touchSettings('not json')).toEqual({ people: 1, language: 'en' });
    expect(zones(1).map((z) => z.button)).toEqual([BTN.SQUARE, BTN.CROSS]);
    const two = zones(2, 'ru');
    expect(two.map((z) => z.button)).toEqual([BTN.LTRIGGER, BTN.LEFT, BTN.RTRIGGER, BTN.SQUARE]);
    expect(two[0]!.label).toBe('L Хлопок');
    // The zones cover the screen once.
    for (const set of [zones(1), two]) expect(set.reduce((a, z) => a + z.rect[2] * z.rect[3], 0)).toBeCloseTo(1, 9);
    // host.caps.touch: the same zones on the 480x272 screen; one person's are the ones test/game plays with.
    expect(screenZones(1)).toEqual(TOUCH_CAPS.touch);
    expect(screenZones(2)).toEqual([
      { x: 0, y: 0, w: 240, h: 136, buttons: BTN.LTRIGGER },
      { x: 0, y: 136, w: 240, h: 136, buttons: BTN.LEFT },
      { x: 240, y: 0, w: 240, h: 136, buttons: BTN.RTRIGGER },
      { x: 240, y: 136, w: 240, h: 136, buttons: BTN.SQUARE },
    ]);
  });

  it('saves in save.c\'s format and reads it back', () => {
    const store = new MemoryStore();
    const s = new LocalSave(store);
    expect(s.load()).toBeNull();
    expect(s.problem()).toBeNull();
    const text = '{"version":1,"settings":{"language":"ru","name":"Дима"}}';
    expect(s.save(text)).toBe(true);
    const entry = store.getItem(SAVE_KEY)!;
    expect(entry.endsWith(trailer(text))).toBe(true);
    expect(trailer(text)).toMatch(new RegExp(`^\\n#ratscrew-save len=${Buffer.byteLength(text)} fnv1a=[0-9a-f]{8}\\n$`));
    expect(verify(entry)).toBe(text);
    expect(s.load()).toBe(text);
    expect(s.problem()).toBeNull();
    expect(s.peek()).toBe(text);
  });

  it('hands over a damaged entry without its trailer and keeps a copy; leaves an oversized one unread (save-rules.test.ts has the rest)', () => {
    const store = new MemoryStore();
    const s = new LocalSave(store);
    const damaged = `{"version":1}${trailer('{"version":2}')}`;
    store.setItem(SAVE_KEY, damaged);
    // A look before the game starts (the touch zones' number of people) reads nothing damaged and moves nothing.
    expect(s.peek()).toBeNull();
    expect(s.problem()).toBeNull();
    expect(store.getItem(damagedKey(1))).toBeNull();
    expect(s.load()).toBe('{"version":1}');
    expect(s.problem()).toBe('damaged');
    expect(store.getItem(damagedKey(1))).toBe(damaged);
    store.setItem(SAVE_KEY, 'x'.repeat(300 * 1024));
    expect(s.load()).toBeNull();
    expect(s.problem()).toBe('too-large');
    expect(store.getItem(SAVE_KEY)!.length).toBe(300 * 1024);
  });

  it('names a failed save: full, read-only, failed; without storage it keeps the settings for the visit', () => {
    const store = new MemoryStore();
    const s = new LocalSave(store);
    store.fail = 'QuotaExceededError';
    expect(s.save('{}')).toBe(false);
    expect(s.problem()).toBe('full');
    store.fail = 'SecurityError';
    expect(s.save('{}')).toBe(false);
    expect(s.problem()).toBe('read-only');
    const none = new LocalSave(null);
    expect(none.load()).toBeNull();
    expect(none.problem()).toBe('unreadable');
    expect(none.save('{"a":1}')).toBe(true);
    expect(none.problem()).toBeNull();
    expect(none.load()).toBe('{"a":1}');
  });

  it('stops the game clock while the page is hidden', () => {
    let t = 1000;
    const clock = new GameClock(() => t);
    t = 1500.7;
    expect(clock.now()).toBe(500);
    clock.hide(true);
    t = 9000;
    expect(clock.now()).toBe(500);
    clock.hide(false);
    t = 9100;
    expect(clock.now()).toBe(600);
  });
});
