// A touch screen (host.caps.touch, the web page on a phone): one person's
// left half of the screen plays (Square) and the right half slaps (Cross).
// In menus a tap anywhere on the picture must pick the highlighted item,
// or a tap on the title's "Play" left of the middle would do nothing
// (src/app/pads.ts touchMenuAliases). The PSP's Square stays unused there,
// and How to play tells two people how to share a touch screen.
import { describe, expect, it } from 'vitest';
import { FALLBACK_CODE } from '../../src/assets/font';
import { appFrame, startApp, type App } from '../../src/app/app';
import { howToPages } from '../../src/app/howto';
import { stringsFor } from '../../src/app/i18n';
import { defaultOptions } from '../../src/rules';
import { BTN_CROSS, BTN_SQUARE, COMMAND_INTS, MAX_COMMANDS, headlessFrameMs, type Capabilities, type Host } from '../../src/contract';
import { bindCommands } from '../../src/view/drawlist';
import { setFallbackCode } from '../../src/view/text';
import { DESKTOP_CAPS, PSP_CAPS, TOUCH_CAPS } from '../support/caps';
import { NO_NETWORK } from '../support/no-network';

bindCommands(new Int32Array(MAX_COMMANDS * COMMAND_INTS));
setFallbackCode(FALLBACK_CODE);

function host(caps: Capabilities, saved: string | null = null): Host {
  return { seed: 7, caps, load: () => saved, save: () => true, log: () => {}, problem: () => null, keepDamaged: () => false, ...NO_NETWORK };
}

/** Runs frames from..to-1 with `press` held on frame `at`; returns the App. */
function run(app: App, from: number, to: number, at = -1, press = 0): App {
  for (let i = from; i < to; i++) appFrame(app, headlessFrameMs(i), i === at ? press : 0);
  return app;
}

describe('a touch screen', () => {
  it('one person: the play half confirms at the title as the slap half does', () => {
    const touch = run(startApp(host(TOUCH_CAPS)), 0, 60);
    expect(touch.scene.kind).toBe('title');
    run(touch, 60, 90, 60, BTN_SQUARE);
    expect(touch.scene.kind).toBe('table');
  });

  it('the PSP and a keyboard keep Square unused at the title', () => {
    for (const caps of [PSP_CAPS, DESKTOP_CAPS]) {
      const app = run(startApp(host(caps)), 0, 90, 60, BTN_SQUARE);
      expect(app.scene.kind).toBe('title');
    }
  });

  it('at the table Square only plays: the same presses play the same game as on the PSP', () => {
    const touch = run(startApp(host(TOUCH_CAPS)), 0, 61, 60, BTN_SQUARE);
    const psp = run(startApp(host(PSP_CAPS)), 0, 61, 60, BTN_CROSS);
    for (let i = 61; i < 1200; i++) {
      const b = i % 7 === 0 ? BTN_SQUARE : 0;
      appFrame(touch, headlessFrameMs(i), b);
      appFrame(psp, headlessFrameMs(i), b);
    }
    expect(touch.scene.kind).toBe('table');
    // The same game; only the words that name the machine differ (src/app/i18n machineOf).
    const game = (scene: unknown): string => JSON.stringify(scene, (k, v) => (k === 'strings' ? undefined : v));
    expect(game(touch.scene)).toBe(game(psp.scene));
  });

  it('not on the results screen: a player still tapping to play the last card does not start the next game', () => {
    const app = run(startApp(host(TOUCH_CAPS)), 0, 61, 60, BTN_SQUARE);
    if (app.scene.kind !== 'table') throw new Error('no game');
    // The results of the game just played (resultsFrame reads only the buttons and quitAsked).
    app.scene = { kind: 'results', played: app.scene.table, results: {} as never, at: 0, next: null };
    run(app, 61, 90, 70, BTN_SQUARE);
    expect(app.scene.kind).toBe('results');
    run(app, 90, 120, 100, BTN_CROSS);
    expect(app.scene.kind).toBe('table');
  });

  it('How to play tells two people how to share it, in each language, with no PSP to draw', () => {
    for (const t of [stringsFor('en', TOUCH_CAPS), stringsFor('ru', TOUCH_CAPS)]) {
      const page = howToPages(defaultOptions('classic', 4), t, TOUCH_CAPS).at(-1)!;
      expect(page.text).toBe([t.howToTwoPeopleHere, t.twoPlayerPads, t.twoPlayerTouch].join('\n\n'));
      expect(page.psp).toBe(false);
      expect(howToPages(defaultOptions('classic', 4), t, PSP_CAPS).at(-1)!.text).not.toContain(t.twoPlayerTouch);
    }
  });
});
