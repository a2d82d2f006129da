// A tap on a menu row picks that row (issue 32): on a phone a tap on
// "Options" started a game, because the touch only held its zone's button
// and Cross confirmed the highlighted "Play". The host now says where a
// touch or click began (the frame's tap, docs/host-api.md); the title, the
// options, the pause menu and the out-of-the-game prompt pick by it, and
// the zone's button under the same finger confirms nothing there. A tap
// beside a yes/no question says no; elsewhere (the table in play, How to
// play, the results) a tap is only its zone's buttons, as before.
import { describe, expect, it } from 'vitest';
import { BTN_CROSS, BTN_LEFT, BTN_SQUARE, tapAt } from '../../src/contract';
import { BTN, Driver } from '../support/driver';
import { DESKTOP_CAPS, TOUCH_CAPS } from '../support/caps';
import { openOptions, playUntilOut } from './helpers';

/** The title menu's rows' middles (src/view/menus.ts: the first text top at 106, a row every 22 pixels). */
const TITLE_ROW = (i: number): number => 106 + i * 22 + 7;
/** The pause menu's rows (src/view/pause-view.ts: from 102, every 26). */
const PAUSE_ROW = (i: number): number => 102 + i * 26 + 7;

/** What a one-person touch screen's zone holds under x (web/src/input/touch.ts: the left half plays, the right half slaps). */
const zone = (x: number): number => (x < 240 ? BTN_SQUARE : BTN_CROSS);

async function phone(seed = 3): Promise<Driver> {
  const d = await Driver.create({ seed, caps: TOUCH_CAPS });
  d.wait(3);
  return d;
}

describe('a tap on the title menu', () => {
  it('on "Options" opens Options, whichever half of the row the finger is on', async () => {
    for (const x of [200, 280]) {
      const d = await phone();
      expect(d.debug().titleCursor).toBe(0);
      d.tap(x, TITLE_ROW(1), zone(x));
      expect(d.debug().scene).toBe('options');
      d.dispose();
    }
  });

  it('picks each row: How to play, Statistics, Watch CPUs, Quit (which asks), Play', async () => {
    const picked: string[] = [];
    for (const row of [2, 3, 4, 5, 0]) {
      const d = await phone();
      d.tap(300, TITLE_ROW(row), BTN_CROSS);
      d.wait(3);
      const s = d.debug();
      picked.push(s.quitConfirm ? 'quit?' : s.scene === 'title' ? (s.demo ? 'watch' : 'title') : s.scene);
      d.dispose();
    }
    expect(picked).toEqual(['howTo', 'stats', 'watch', 'quit?', 'table']);
  });

  it('off every row (the panel\'s edge, the bands beside the picture) does nothing', async () => {
    const d = await phone();
    for (const [x, y] of [
      [240, 60],
      [100, TITLE_ROW(0)],
      [240, 300],
      [240, -40],
    ] as const) {
      d.tap(x, y, zone(x));
      expect(d.debug().scene).toBe('title');
      expect(d.debug().quitConfirm).toBe(false);
    }
    // The side buttons (the PSP's Cross) still confirm the highlighted row.
    d.press(BTN.CROSS);
    expect(d.debug().scene).toBe('table');
    d.dispose();
  });

  it('a mouse click on a computer picks the row as a tap does', async () => {
    const d = await Driver.create({ seed: 3, caps: DESKTOP_CAPS });
    d.wait(3);
    d.tap(240, TITLE_ROW(2));
    expect(d.debug().scene).toBe('howTo');
    d.dispose();
  });

  it('the quit question: a tap beside it stays, a tap on it answers nothing', async () => {
    const d = await phone();
    d.tap(240, TITLE_ROW(5), BTN_CROSS);
    expect(d.debug().quitConfirm).toBe(true);
    d.tap(240, 130, BTN_CROSS);
    expect(d.debug().quitConfirm).toBe(true);
    expect(d.quit).toBe(false);
    d.tap(240, 40, BTN_CROSS);
    expect(d.debug().quitConfirm).toBe(false);
    expect(d.quit).toBe(false);
    d.dispose();
  });
});

describe('a tap in Options', () => {
  it('selects a row (its help shows); a second tap changes it', async () => {
    const d = await phone();
    openOptions(d);
    const before = d.debug();
    expect(before.optionCursor).toBe(0);
    // The second line is row 0 under the group's heading; row 1 ("Players") is the third line.
    const line = (i: number): number => 38 + i * 15 + 5;
    d.tap(300, line(2), BTN_CROSS);
    const selected = d.debug();
    expect(selected.optionCursor).toBe(1);
    expect(selected.optionRows.map((r: { value: string }) => r.value)).toEqual(before.optionRows.map((r: { value: string }) => r.value));
    d.tap(300, line(2), BTN_CROSS);
    const changed = d.debug();
    expect(changed.optionCursor).toBe(1);
    expect(changed.optionRows[1].value).not.toBe(before.optionRows[1].value);
    // A group's heading is no row.
    d.tap(300, line(0), BTN_CROSS);
    expect(d.debug().optionCursor).toBe(1);
    expect(d.debug().optionRows[1].value).toBe(changed.optionRows[1].value);
    d.dispose();
  });

  it('a finger kept down on a row after its tap changes nothing: the zone it holds neither presses nor repeats', async () => {
    const d = await phone();
    openOptions(d);
    const before = d.debug().optionRows.map((r: { value: string }) => r.value);
    // Two people's left-lower zone holds D-pad Left, which changes a row and repeats while held.
    d.step(0);
    d.vm.frame(d.now, BTN_LEFT, tapAt(100, 38 + 2 * 15 + 5));
    d.frameIndex++;
    for (let i = 0; i < 60; i++) d.step(BTN_LEFT);
    d.step(0);
    expect(d.debug().optionCursor).toBe(1);
    expect(d.debug().optionRows.map((r: { value: string }) => r.value)).toEqual(before);
    // Let go and pressed again, Left is Left.
    d.press(BTN.LEFT);
    expect(d.debug().optionRows[1].value).not.toBe(before[1]);
    d.dispose();
  });
});

describe('a tap on the pause menu and the out-of-the-game prompt', () => {
  it('picks End game; a tap beside its question goes back; Continue resumes', async () => {
    const d = await phone();
    d.tap(300, TITLE_ROW(0), BTN_CROSS);
    expect(d.debug().scene).toBe('table');
    d.wait(60);
    d.press(BTN.START);
    expect(d.debug().paused).toBe(true);
    d.tap(300, PAUSE_ROW(2), BTN_CROSS);
    expect(d.debug().endAsked).toBe(true);
    d.tap(20, 20, BTN_SQUARE);
    expect(d.debug().endAsked).toBe(false);
    expect(d.debug().paused).toBe(true);
    d.tap(200, PAUSE_ROW(0), BTN_SQUARE);
    expect(d.debug().paused).toBe(false);
    d.dispose();
  });

  it('the out-of-the-game prompt: a tap on "End the game" ends it', async () => {
    // PSP caps (the helper's game); the script reads a tap from any host that sends one.
    const d = await playUntilOut(4);
    expect(d.debug().outPrompt).toBe(true);
    d.tap(240, 130 + 26 + 7);
    expect(d.debug().scene).toBe('results');
    d.dispose();
  });

  it('a tap on the table in play is its zone\'s button only: Square plays there', async () => {
    const d = await phone();
    d.tap(300, TITLE_ROW(0), BTN_CROSS);
    const s = d.until((x) => x.table?.game?.turn === 0 && !x.table.game.pendingCollect && x.table.canPlay !== false, 3000);
    const cards = s.table.game.stacks[0].length;
    d.tap(100, TITLE_ROW(2), BTN_SQUARE);
    d.wait(2);
    expect(d.debug().table.game.stacks[0].length).toBe(cards - 1);
    d.dispose();
  });
});
