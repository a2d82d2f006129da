// The splash: what every host shows before the script has loaded (issue 20:
// something of the game on screen at once, not a black screen while QuickJS
// compiles the bundle). ratscrew-headless --splash draws it with the same
// rasterizer as the frames; the PSP replay shows it and test/psp compares
// the PSP's picture with this one. It is the title's own cover, so the title
// that follows only adds its menu: nothing jumps.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { readFileSync } from 'node:fs';
import { BUILD_TIMEOUT_MS, buildNative, runHeadless } from './headless';

function png(file: string): PNG {
  return PNG.sync.read(readFileSync(file));
}

/** Pixels differing between a and b inside the box (x0, y0)-(x1, y1). */
function differing(a: PNG, b: PNG, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * a.width + x) * 4;
      if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) n++;
    }
  return n;
}

describe('the splash', () => {
  let splash: PNG;
  let title: PNG;
  beforeAll(() => {
    buildNative('headless');
    const r = runHeadless(['--frames', '3', '--shots', '2', '--splash']);
    expect(r.status, r.stderr).toBe(0);
    splash = png(path.join(r.out, 'splash.png'));
    title = png(path.join(r.out, 'frame-00002.png'));
  }, BUILD_TIMEOUT_MS);

  it('is written by ratscrew-headless --splash, and is the game, not a blank screen', () => {
    expect(splash.width).toBe(480);
    expect(splash.height).toBe(272);
    const colours = new Set<number>();
    for (let i = 0; i < splash.data.length; i += 4) colours.add(splash.data.readUInt32BE(i));
    // The felt alone has a few dozen colours; the logo and the cards bring hundreds.
    expect(colours.size).toBeGreaterThan(300);
  });

  it('is the title without its menu: the logo and the cards stay where they are', () => {
    // The logo (above the subtitle) and the card hands either side of the menu panel.
    expect(differing(splash, title, 0, 0, 480, 66)).toBe(0);
    expect(differing(splash, title, 0, 100, 140, 240)).toBe(0);
    expect(differing(splash, title, 340, 100, 480, 240)).toBe(0);
    // The menu is what the title adds.
    expect(differing(splash, title, 150, 100, 330, 244)).toBeGreaterThan(10_000);
  });
});
