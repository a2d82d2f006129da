// The heap between games (issue 25, docs/reliability.md "Heap between
// games"): a game the app lets go is freed at once, not when QuickJS's cycle
// collector next runs (it waits until the heap has grown by half), so the
// heap at the title is the same after every game. Each round here lets two
// games go: one ended from the pause menu (its results, then the title: a
// change of scene, src/app/app.ts letGo) and a demo stopped by a button (src/app/scenes/title.ts). Before
// the fix every game stayed: 4-8 KB and about 100 allocations a round. The
// long version, 100 demo games played out, is in make soak.
import { afterEach, describe, expect, it } from 'vitest';
import { BTN, Driver } from '../support/driver';
import type { BundleVM } from '../support/quickjs-host';

/** The demo starts after 20 s idle on the title (src/app/scenes/title.ts DEMO_AFTER_MS). */
const DEMO_FRAMES = 20_000 / (1000 / 60) + 60;

let d: Driver<BundleVM> | null = null;
afterEach(() => {
  d?.dispose();
  d = null;
});

describe('the heap between games', () => {
  it('stays within 1 KB at the title over ten rounds of a game ended and a demo stopped', async () => {
    d = await Driver.quickjs({ seed: 25 });
    const drv = d;
    drv.wait(2);
    const atTitle: number[] = [];
    for (let round = 0; round < 10; round++) {
      drv.press(BTN.CROSS); // Play
      expect(drv.debug().scene).toBe('table');
      drv.wait(240);
      // The pause menu, End game, yes: the results of the game as it stood; Circle: the title.
      drv.presses(BTN.START, BTN.UP, BTN.CROSS, BTN.CROSS);
      expect(drv.debug().scene).toBe('results');
      drv.press(BTN.CIRCLE);
      expect(drv.debug().scene).toBe('title');
      drv.wait(DEMO_FRAMES + 300);
      expect(drv.debug().demo).toBe(true);
      drv.press(BTN.CIRCLE); // any button stops the demo
      expect(drv.debug().demo).toBe(false);
      drv.wait(2);
      atTitle.push(drv.vm.memoryUsed());
    }
    // The first rounds fill caches (strings, shapes, and since an ended game
    // shows its results, the results page's text and layers: three rounds, the
    // third still +2 KB); then nothing more is kept.
    const later = atTitle.slice(3);
    expect(Math.max(...later) - Math.min(...later), `heap at the title, round by round: ${atTitle.join(' ')}`).toBeLessThanOrEqual(1024);
  });
});
