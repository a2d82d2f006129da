// The web host against the headless host (make test-web): every scripted
// game of test/scripts, fed frame by frame to the bundle in the page's
// engine, must give the same command-list hash as
// build/native/ratscrew-headless for every frame; the shot frames, drawn by
// the page's renderer (WebGL here; the 2D canvas and the raster.c port for
// one script) and read back, must match the headless PNGs within the PSP
// checks' pixel threshold (test/psp/pixels.ts). One script also runs in
// quickjs-emscripten, the engine docs/web.md measured against.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNative, readHashes, readScript, runHeadless, scriptFiles } from '../native/headless';
import { compare, MAX_DIFFERING, readPng } from '../psp/pixels';
import { game, missing, OUTPUT, sessionForTests } from './browser';

const why = missing();
if (why) console.warn(`test/web: skipped: ${why}`);

interface Replayed {
  hashes: string[];
  shots: { frame: number; rgba: string }[];
  engine: string;
  draw_: string;
}

const SCRIPTS = scriptFiles();

/**
 * A script that draws one fixed frame of everything a renderer must get
 * right (docs/host-api.md §3): sprites mirrored either way and both ways,
 * scaled down (43x60 from 46x64, where sample points fall on texel
 * boundaries) and up, tinted with alpha, half-transparent rectangles, and
 * sprites and rectangles partly off screen.
 */
const PROBE = `!function () {
  const c = new Int32Array(2048 * 8);
  let n = 0;
  const put = (...a) => { c.set(a, n * 8); n++; };
  const uv = (u, v) => u | (v << 16);
  const card = (k) => uv((k % 11) * 46, Math.floor(k / 11) * 64);
  const S = uv(46, 64);
  put(1, 0xff403020 | 0);
  put(2, 4, 4, 46, 64, card(12), S, -1);
  put(2, 54, 4, -46, 64, card(12), S, -1);
  put(2, 104, 4, 46, -64, card(12), S, -1);
  put(2, 154, 4, -46, -64, card(12), S, -1);
  put(2, 204, 4, 43, 60, card(25), S, -1);
  put(2, 250, 4, 92, 128, card(38), S, -1);
  put(2, 346, 4, 46, 64, card(51), S, 0x80ffa040 | 0);
  put(2, 410, 80, -50, 128, card(51), S, 0xc0ffffff | 0);
  put(2, 167 - 100, 140, 200, -52, uv(167, 321), uv(200, 52), -1);
  put(3, 20, 150, 200, 50, 0, 0, 0x800000ff | 0);
  put(3, 300, 200, 300, 100, 0, 0, 0x6000ff00 | 0);
  put(2, -20, 230, 46, 64, card(3), S, -1);
  put(2, 450, 240, 46, 64, card(4), S, -1);
  put(3, -10, -10, 30, 30, 0, 0, 0xffffffff | 0);
  globalThis.ratscrew = { commands: c, frame: () => n };
}();
`;

describe.skipIf(why !== null)('the web host replays the scripted games as the headless host does', () => {
  const headless = new Map<string, { hashes: string[]; out: string }>();
  const s = sessionForTests(() => {
    buildNative('headless');
    mkdirSync(OUTPUT, { recursive: true });
    for (const file of SCRIPTS) {
      const r = runHeadless(['--inputs', file, '--no-raster'], { timeoutMs: 300_000 });
      if (r.status !== 0) throw new Error(`ratscrew-headless failed on ${file}: ${r.stderr}`);
      headless.set(file, { hashes: readHashes(r.out), out: r.out });
    }
  });
  let page: Awaited<ReturnType<typeof game>>['page'];

  beforeAll(async () => {
    ({ page } = await game(s, '&no-sw'));
  }, 600_000);

  async function replay(file: string, opts: { engine?: string; draw?: string } = {}): Promise<Replayed> {
    const script = readScript(file);
    return page.evaluate(([sc, o]) => (window as any).ratscrewTest.replay(sc, o), [script, opts] as const);
  }

  function expectSameHashes(file: string, got: string[]): void {
    const want = headless.get(file)!.hashes;
    const first = want.findIndex((h, i) => got[i] !== h);
    expect(first, first < 0 ? '' : `first differing frame ${first}: web ${got[first]}, headless ${want[first]}`).toBe(-1);
    expect(got.length).toBe(want.length);
  }

  /** Compares each shot with the headless PNG; writes both and the difference to test-output/web. */
  function checkShots(file: string, r: Replayed): string[] {
    const name = path.basename(file, '.json');
    const report: string[] = [];
    const wanted = (readScript(file).shots ?? []).filter((f) => f < headless.get(file)!.hashes.length);
    expect(r.shots.map((x) => x.frame).sort((a, b) => a - b)).toEqual([...wanted].sort((a, b) => a - b));
    for (const shot of r.shots) {
      const png = new PNG({ width: 480, height: 272 });
      png.data = Buffer.from(shot.rgba, 'base64');
      const base = `${name}-${shot.frame}`;
      const webFile = path.join(OUTPUT, `${base}-${r.draw_}.png`);
      writeFileSync(webFile, PNG.sync.write(png));
      const headlessPng = path.join(headless.get(file)!.out, `frame-${String(shot.frame).padStart(5, '0')}.png`);
      copyFileSync(headlessPng, path.join(OUTPUT, `${base}-headless.png`));
      const c = compare(png, readPng(headlessPng), path.join(OUTPUT, `${base}-${r.draw_}-diff.png`));
      report.push(`${base} (${r.draw_}): ${c.differing} differing pixels, largest channel difference ${c.maxChannel}`);
      expect(c.differing, report.at(-1)).toBeLessThanOrEqual(MAX_DIFFERING);
    }
    return report;
  }

  const report: string[] = [];
  afterAll(() => {
    if (report.length) writeFileSync(path.join(OUTPUT, 'pixels.txt'), `${report.join('\n')}\n`);
  });

  it.each(SCRIPTS.map((f) => [path.basename(f), f]))('%s: every frame hash and shot, in the page engine with WebGL', async (_name, file) => {
    const r = await replay(file);
    expect(r.engine).toBe('page');
    expectSameHashes(file, r.hashes);
    report.push(...checkShots(file, r));
  });

  it.each([['canvas2d'], ['software']])('the %s renderer draws the smoke shots as the headless host', async (draw) => {
    const file = SCRIPTS.find((f) => f.endsWith('smoke.json'))!;
    const r = await replay(file, { draw });
    expect(r.draw_).toBe(draw);
    report.push(...checkShots(file, r));
  });

  it.each([['webgl'], ['canvas2d'], ['software']])('%s draws the drawing probe (flips, scaling, tints, alpha, clipping) as core/raster.c', async (draw) => {
    const dir = path.join(OUTPUT, 'probe');
    mkdirSync(dir, { recursive: true });
    const bundle = path.join(dir, 'probe.js');
    writeFileSync(bundle, PROBE);
    const h = runHeadless(['--bundle', bundle, '--frames', '1', '--shots', '0']);
    expect(h.status, h.stderr).toBe(0);
    const r = await page.evaluate(([src, d]) => (window as any).ratscrewTest.replay({ seed: 1, frames: 1, inputs: [], shots: [0] }, { source: src, draw: d }), [PROBE, draw] as const);
    const png = new PNG({ width: 480, height: 272 });
    png.data = Buffer.from(r.shots[0].rgba, 'base64');
    writeFileSync(path.join(dir, `probe-${draw}.png`), PNG.sync.write(png));
    copyFileSync(path.join(h.out, 'frame-00000.png'), path.join(dir, 'probe-headless.png'));
    const c = compare(png, readPng(path.join(h.out, 'frame-00000.png')), path.join(dir, `probe-${draw}-diff.png`));
    report.push(`probe (${draw}): ${c.differing} differing pixels, largest channel difference ${c.maxChannel}`);
    expect(c.differing, report.at(-1)).toBeLessThanOrEqual(MAX_DIFFERING);
  });

  it('quickjs-emscripten gives the same hashes (two-players.json)', async () => {
    const file = SCRIPTS.find((f) => f.endsWith('two-players.json'))!;
    const r = await replay(file, { engine: 'quickjs' });
    expect(r.engine).toBe('quickjs');
    expectSameHashes(file, r.hashes);
  });
});
