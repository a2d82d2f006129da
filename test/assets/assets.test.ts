// The generated assets: reproducible from their sources, and well formed for
// the view (atlas rectangles, font coverage) and the hosts (texture and
// sound formats).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATLAS_SIZE, CARD_H, CARD_RECTS, CARD_W, PANEL_SLICE, SMALL_BACK, SPRITES, type Rect } from '../../src/assets/atlas';
import { FALLBACK_CODE, FONT_LARGE, FONT_SMALL, glyphIndex, type FontData } from '../../src/assets/font';
import { MUSIC, SAMPLE_RATE, SOUND, SOUND_SAMPLES } from '../../src/assets/sounds';
import { decode as imaDecode } from '../../tools/assets/adpcm.mjs';

const ROOT = join(__dirname, '../..');
const BUILD = join(ROOT, 'assets/build');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const readPng = (file: string) => PNG.sync.read(readFileSync(file));

describe('make assets is reproducible', () => {
  let out: string;
  let ms = 0;
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'ratscrew-assets-'));
    const t0 = Date.now();
    execFileSync('node', [join(ROOT, 'tools/assets/build.mjs'), out], { stdio: 'pipe' });
    ms = Date.now() - t0;
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('regenerates every committed output byte for byte', () => {
    const generated = filesUnder(out).map((f) => relative(out, f)).sort();
    const committed = [
      ...filesUnder(BUILD).map((f) => relative(ROOT, f)),
      ...filesUnder(join(ROOT, 'src/assets')).map((f) => relative(ROOT, f)),
      'docs/contact-sheet.png',
    ].sort();
    expect(generated).toEqual(committed);
    for (const rel of generated) {
      expect(sha256(readFileSync(join(out, rel))), rel).toBe(sha256(readFileSync(join(ROOT, rel))));
    }
  });

  // It encodes the music as IMA ADPCM (a minute of samples, 16 codes tried
  // for each with a sample of lookahead) and quantizes the atlas's colours:
  // about 15 s of CPU, more on two cores shared with other work.
  it('runs in modest time', () => {
    expect(ms).toBeLessThan(90_000);
  });
});

/** Every rectangle the view may sample, with a name for messages. */
function allRects(): [string, Rect][] {
  const rects: [string, Rect][] = CARD_RECTS.map((r, i) => [`card ${i}`, r]);
  rects.push(['SMALL_BACK', SMALL_BACK]);
  for (const [name, r] of Object.entries(SPRITES)) rects.push([name, r]);
  for (const [fname, font] of [['small', FONT_SMALL], ['large', FONT_LARGE]] as const) {
    font.codes.forEach((code, i) => {
      const g = font.glyphs.slice(i * 7, i * 7 + 4);
      if (g[2] > 0) rects.push([`${fname} U+${code.toString(16)}`, [g[0], g[1], g[2], g[3]]]);
    });
  }
  return rects;
}

describe('atlas', () => {
  const png = readPng(join(BUILD, 'atlas.png'));
  const rgba = readFileSync(join(BUILD, 'atlas.rgba'));

  it('is one 512x512 power-of-two RGBA texture in three encodings', () => {
    expect(ATLAS_SIZE).toBe(512);
    expect(ATLAS_SIZE & (ATLAS_SIZE - 1)).toBe(0);
    expect([png.width, png.height]).toEqual([ATLAS_SIZE, ATLAS_SIZE]);
    expect(rgba.length).toBe(ATLAS_SIZE * ATLAS_SIZE * 4);
    expect(Buffer.compare(rgba, png.data)).toBe(0);
  });

  it('atlas.psp is the same texels as 8-bit indices into atlas.clut, swizzled in 16-byte x 8-row blocks', () => {
    const psp = readFileSync(join(BUILD, 'atlas.psp'));
    const clut = readFileSync(join(BUILD, 'atlas.clut'));
    expect(psp.length).toBe(ATLAS_SIZE * ATLAS_SIZE);
    expect(clut.length).toBe(256 * 4);
    const rowBytes = ATLAS_SIZE;
    // Byte (x, y) of the linear index texture lives in block (x >> 4, y >> 3)
    // of 128 bytes, blocks in row-major order, rows of 16 bytes inside.
    for (let y = 0; y < ATLAS_SIZE; y++) {
      for (let x = 0; x < rowBytes; x++) {
        const block = (y >> 3) * (rowBytes >> 4) + (x >> 4);
        const at = block * 128 + (y & 7) * 16 + (x & 15);
        const i = psp[at]! * 4, t = (y * ATLAS_SIZE + x) * 4;
        if (clut[i] !== rgba[t] || clut[i + 1] !== rgba[t + 1] || clut[i + 2] !== rgba[t + 2] || clut[i + 3] !== rgba[t + 3]) {
          throw new Error(`texel ${x}, ${y}: palette entry ${psp[at]} is not the RGBA atlas's texel`);
        }
      }
    }
  });

  it('keeps the art through the palette: at most 256 colours, transparency exact', () => {
    const colours = new Set<number>();
    for (let t = 0; t < rgba.length; t += 4) colours.add(rgba.readUInt32LE(t));
    expect(colours.size).toBeLessThanOrEqual(256);
    expect(colours.has(0)).toBe(true); // tools/assets/palette.mjs keeps each entry's most used colour
  });

  it('has 55 card rectangles of CARD_W x CARD_H and a half-size small back', () => {
    expect(CARD_RECTS).toHaveLength(55);
    for (const r of CARD_RECTS) expect([r[2], r[3]]).toEqual([CARD_W, CARD_H]);
    expect(Math.abs(SMALL_BACK[2] * 2 - CARD_W)).toBeLessThanOrEqual(1);
    expect(Math.abs(SMALL_BACK[3] * 2 - CARD_H)).toBeLessThanOrEqual(1);
  });

  it('has the sprites the view uses', () => {
    for (const name of ['felt', 'seat', 'hand', 'arrow', 'pip', 'pipEmpty', 'panel', 'logo']) {
      expect(SPRITES).toHaveProperty(name);
    }
    expect(SPRITES.panel[2]).toBeGreaterThanOrEqual(2 * PANEL_SLICE + 1);
  });

  it('keeps every rectangle inside the atlas, none overlapping another', () => {
    const owner = new Int32Array(ATLAS_SIZE * ATLAS_SIZE).fill(-1);
    const rects = allRects();
    rects.forEach(([name, [u, v, w, h]], i) => {
      expect(u >= 0 && v >= 0 && w > 0 && h > 0 && u + w <= ATLAS_SIZE && v + h <= ATLAS_SIZE, name).toBe(true);
      for (let y = v; y < v + h; y++) {
        for (let x = u; x < u + w; x++) {
          const o = owner[y * ATLAS_SIZE + x];
          if (o >= 0) throw new Error(`${name} overlaps ${rects[o][0]} at ${x},${y}`);
          owner[y * ATLAS_SIZE + x] = i;
        }
      }
    });
  });

  const pixels = (r: Rect) => {
    const out: number[][] = [];
    for (let y = r[1]; y < r[1] + r[3]; y++) {
      for (let x = r[0]; x < r[0] + r[2]; x++) {
        const o = (y * ATLAS_SIZE + x) * 4;
        out.push([rgba[o], rgba[o + 1], rgba[o + 2], rgba[o + 3]]);
      }
    }
    return out;
  };
  const isRedInk = ([r, g, b, a]: number[]) => a > 200 && r > 150 && g < 90 && b < 90;

  it('draws every card as a distinct, opaque picture', () => {
    const seen = new Set<string>();
    CARD_RECTS.forEach((r, i) => {
      const px = pixels(r);
      const centre = px[(CARD_H >> 1) * CARD_W + (CARD_W >> 1)];
      expect(centre[3], `card ${i} centre`).toBe(255);
      const key = sha256(Uint8Array.from(px.flat()));
      expect(seen.has(key), `card ${i} repeats another card`).toBe(false);
      seen.add(key);
    });
  });

  it('has a felt tile that wraps without a seam', () => {
    const [u, v, w, h] = SPRITES.felt;
    const at = (x: number, y: number) => (((v + y) * ATLAS_SIZE + u + x) * 4);
    const step = (a: number, b: number) => Math.abs(rgba[a + 1] - rgba[b + 1]);
    // On average, the step from the last column/row back to the first is
    // no bigger than the step between neighbours inside the tile.
    let inside = 0;
    let seam = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x + 1 < w; x++) inside += step(at(x, y), at(x + 1, y));
      seam += step(at(w - 1, y), at(0, y));
    }
    for (let x = 0; x < w; x++) seam += step(at(x, h - 1), at(x, 0));
    expect(seam / (w + h)).toBeLessThanOrEqual((1.25 * inside) / (h * (w - 1)));
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) expect(rgba[at(x, y) + 3]).toBe(255);
  });

  it('inks diamonds and hearts red, clubs and spades not', () => {
    for (let suit = 0; suit < 4; suit++) {
      for (const rank of [2, 5, 10, 14]) {
        const red = pixels(CARD_RECTS[suit * 13 + rank - 2]).filter(isRedInk).length;
        if (suit === 1 || suit === 2) expect(red, `suit ${suit} rank ${rank}`).toBeGreaterThan(20);
        else expect(red, `suit ${suit} rank ${rank}`).toBe(0);
      }
    }
  });
});

describe('fonts', () => {
  const rgba = readFileSync(join(BUILD, 'atlas.rgba'));
  const uiText =
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789' +
    '.,:;!?\'"()[]-+=/%*#&@_<>' +
    'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя' +
    '«»—–…·♠♥♦♣';

  for (const [name, font] of [['FONT_SMALL', FONT_SMALL], ['FONT_LARGE', FONT_LARGE]] as [string, FontData][]) {
    it(`${name} has a glyph for every character of the UI set`, () => {
      for (const ch of uiText) expect(glyphIndex(font, ch.codePointAt(0)!), `${name} ${ch}`).toBeGreaterThanOrEqual(0);
      expect(glyphIndex(font, FALLBACK_CODE)).toBeGreaterThanOrEqual(0);
      expect(glyphIndex(font, 0x4e00)).toBe(-1);
    });

    it(`${name} metrics are consistent and its glyphs are drawn`, () => {
      expect(font.glyphs.length).toBe(font.codes.length * 7);
      for (let i = 1; i < font.codes.length; i++) expect(font.codes[i]).toBeGreaterThan(font.codes[i - 1]);
      expect(font.ascent).toBeGreaterThan(0);
      expect(font.ascent).toBeLessThan(font.lineHeight);
      font.codes.forEach((code, i) => {
        const [u, v, w, h, , , advance] = font.glyphs.slice(i * 7, i * 7 + 7);
        expect(advance, `U+${code.toString(16)} advance`).toBeGreaterThan(0);
        if (code === 0x20 || code === 0xa0) {
          expect(w * h).toBe(0);
          return;
        }
        let ink = 0;
        for (let y = v; y < v + h; y++) {
          for (let x = u; x < u + w; x++) {
            const o = (y * ATLAS_SIZE + x) * 4;
            if (rgba[o + 3] > 0) {
              expect([rgba[o], rgba[o + 1], rgba[o + 2]]).toEqual([255, 255, 255]);
              ink++;
            }
          }
        }
        expect(ink, `U+${code.toString(16)} has pixels`).toBeGreaterThan(0);
      });
    });
  }

  it('comes in a small and a large size', () => {
    expect(FONT_SMALL.lineHeight).toBeGreaterThanOrEqual(10);
    expect(FONT_SMALL.lineHeight).toBeLessThanOrEqual(12);
    expect(FONT_LARGE.lineHeight).toBeGreaterThanOrEqual(16);
    expect(FONT_LARGE.lineHeight).toBeLessThanOrEqual(18);
  });
});

describe('sounds', () => {
  interface Entry { name: string; id: number; file: string; codec: 's16' | 'ima'; samples: number; loop: boolean }
  const index: Entry[] = JSON.parse(readFileSync(join(BUILD, 'sounds.json'), 'utf8'));
  /** What the mixer plays: the samples, or the IMA ADPCM decoded. */
  const pcm = (e: Entry) => {
    const b = readFileSync(join(BUILD, 'sounds', e.file));
    return e.codec === 'ima' ? imaDecode(b) : new Int16Array(b.buffer, b.byteOffset, b.length / 2);
  };

  it('lists the sounds in id order, matching src/assets/sounds.ts', () => {
    index.forEach((e, i) => expect(e.id).toBe(i));
    const ids: Record<string, number> = { ...SOUND, ...MUSIC };
    expect(Object.keys(ids).sort()).toEqual(index.map((e) => e.name).sort());
    for (const e of index) {
      expect(ids[e.name]).toBe(e.id);
      expect(SOUND_SAMPLES[e.id]).toBe(e.samples);
      expect(e.file).toBe(`${e.name}.${e.codec}`);
    }
    for (const name of ['flip', 'slap', 'sweep', 'buzz', 'win', 'lose']) expect(SOUND).toHaveProperty(name);
    expect(MUSIC).toHaveProperty('theme');
    expect(SAMPLE_RATE).toBe(22050);
  });

  it('stores s16le samples or IMA ADPCM (the music) for each, as many as the index says', () => {
    for (const e of index) {
      const raw = readFileSync(join(BUILD, 'sounds', e.file));
      if (e.codec === 'ima') {
        expect(raw.readUInt32LE(4)).toBe(e.samples); // the header's count (tools/assets/adpcm.mjs)
        expect(raw.length).toBe(8 + Math.ceil(e.samples / 2));
      } else {
        expect(e.codec).toBe('s16');
        expect(raw.length).toBe(e.samples * 2);
      }
    }
    expect(index.find((e) => e.name === 'theme')!.codec).toBe('ima');
  });

  // The theme is about a minute long (docs/sound.md): 2.5 MB as samples, a
  // quarter of that stored as IMA ADPCM.
  it('fits in under 1 MB stored, every sound audible, not clipped', () => {
    const total = index.reduce((s, e) => s + readFileSync(join(BUILD, 'sounds', e.file)).length, 0);
    expect(total).toBeLessThan(1 << 20);
    for (const e of index) {
      const peak = pcm(e).reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      expect(peak, e.name).toBeGreaterThan(4000); // test/audio/levels.test.ts checks each level closely
      expect(peak, e.name).toBeLessThan(32767);
    }
  });

  it('starts and ends every effect at silence (no clicks)', () => {
    for (const e of index.filter((x) => !x.loop)) {
      const s = pcm(e);
      expect(Math.abs(s[s.length - 1]), `${e.name} end`).toBeLessThan(100);
      expect(Math.abs(s[0]), `${e.name} start`).toBeLessThan(100);
    }
  });

  it('has one looping tune of 40-90 s whose end runs smoothly into its start', () => {
    const loops = index.filter((e) => e.loop);
    expect(loops.map((e) => e.name)).toEqual(['theme']);
    const theme = loops[0];
    expect(theme.samples / 22050).toBeGreaterThanOrEqual(40);
    expect(theme.samples / 22050).toBeLessThanOrEqual(90);
    const s = pcm(theme);
    // The jump across the seam is no bigger than the largest step inside.
    let maxStep = 0;
    for (let i = 1; i < s.length; i++) maxStep = Math.max(maxStep, Math.abs(s[i] - s[i - 1]));
    expect(Math.abs(s[0] - s[s.length - 1])).toBeLessThanOrEqual(maxStep);
  });
});

describe('XMB images', () => {
  it('ICON0.PNG is 144x80 and PIC1.PNG 480x272, both opaque', () => {
    const icon = readPng(join(BUILD, 'ICON0.PNG'));
    const pic = readPng(join(BUILD, 'PIC1.PNG'));
    expect([icon.width, icon.height]).toEqual([144, 80]);
    expect([pic.width, pic.height]).toEqual([480, 272]);
    for (const img of [icon, pic]) for (let i = 3; i < img.data.length; i += 4) expect(img.data[i]).toBe(255);
  });
});
