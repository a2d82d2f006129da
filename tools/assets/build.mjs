// `make assets`: regenerates every generated asset from assets/src/ and the
// DejaVu fonts. Usage: node tools/assets/build.mjs [outRoot]
// Writes outRoot/assets/build/**, outRoot/src/assets/*.ts and
// outRoot/docs/contact-sheet.png (outRoot defaults to the repository root;
// the tests pass a temporary directory and compare bytes).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CARD_H, CARD_W, renderCard, renderSmallBack } from './cards.mjs';
import { contactSheet } from './contact.mjs';
import { atlasModule, fontModule, soundsModule } from './emit.mjs';
import { loadFont, parseCharset, rasterizeFont } from './font.mjs';
import { blit, createImage, encodePng } from './image.mjs';
import { packShelves, swizzle } from './pack.mjs';
import { quantize } from './palette.mjs';
import { decode as imaDecode, encode as imaEncode } from './adpcm.mjs';
import { master, s16Bytes, SOUND_LIST, toInt16, underCeiling } from './sounds.mjs';
import * as table from './table.mjs';
import { icon0, pic1 } from './xmb.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = join(ROOT, 'assets/src');
const ATLAS_SIZE = 512;
const CARD_COLUMNS = 11; // 11 x 5 cards = 506 x 320 texels, top-left of the atlas
const CARD_COUNT = 55;

function write(outRoot, rel, bytes) {
  const file = join(outRoot, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

function loadSources() {
  const cfg = JSON.parse(readFileSync(join(SRC, 'fonts.json'), 'utf8'));
  const codes = parseCharset(readFileSync(join(SRC, 'charset.txt'), 'utf8'));
  const art = {
    regular: loadFont(cfg.fonts[0].file, cfg.fonts[0].sha256),
    bold: loadFont(cfg.artFont.file, cfg.artFont.sha256),
  };
  const uiFonts = cfg.fonts.map((f) => ({ ...f, font: loadFont(f.file, f.sha256) }));
  const theme = JSON.parse(readFileSync(join(SRC, 'theme.json'), 'utf8'));
  return { codes, art, uiFonts, theme };
}

/** Every small picture that goes in the atlas besides the cards, by sprite name. */
function spriteImages(art) {
  return {
    felt: table.felt(),
    seat: table.seat(),
    hand: table.hand(),
    arrow: table.arrow(),
    arrowSide: table.arrowSide(),
    pip: table.pip(),
    pipEmpty: table.pipEmpty(),
    panel: table.panel(),
    btnCross: table.button('cross'),
    btnCircle: table.button('circle'),
    btnSquare: table.button('square'),
    btnTriangle: table.button('triangle'),
    cardShadow: table.cardShadow(),
    cardGlow: table.cardGlow(),
    logo: table.logo(art),
    burst: table.burst(),
    cross: table.cross(),
    crown: table.crown(),
  };
}

/**
 * Lays out and paints the atlas. Cards sit in a fixed grid at the top-left
 * (no gaps: sprites are sampled with nearest filtering, so neighbours never
 * bleed); everything else is shelf-packed below with 1-texel gaps.
 */
function buildAtlas({ codes, art, uiFonts }) {
  const atlas = createImage(ATLAS_SIZE, ATLAS_SIZE);
  const cardRects = [];
  for (let c = 0; c < CARD_COUNT; c++) {
    const r = [(c % CARD_COLUMNS) * CARD_W, Math.floor(c / CARD_COLUMNS) * CARD_H, CARD_W, CARD_H];
    blit(atlas, renderCard(art, c), r[0], r[1]);
    cardRects.push(r);
  }
  const sprites = spriteImages(art);
  const items = Object.entries(sprites).map(([key, img]) => ({ key, w: img.w, h: img.h, img }));
  const smallBack = renderSmallBack(art);
  items.push({ key: 'SMALL_BACK', w: smallBack.w, h: smallBack.h, img: smallBack });
  const fonts = uiFonts.map((f) => ({ ...f, data: rasterizeFont(f.font, f.px, f.lineHeight, codes, f.embolden ?? 0) }));
  for (const f of fonts) {
    for (const g of f.data.glyphs) if (g.img) items.push({ key: `${f.name}:${g.code}`, w: g.img.w, h: g.img.h, img: g.img });
  }
  const top = Math.ceil(CARD_COUNT / CARD_COLUMNS) * CARD_H + 1;
  const placed = packShelves(items, { x: 0, y: top, w: ATLAS_SIZE, h: ATLAS_SIZE - top });
  for (const it of items) blit(atlas, it.img, placed.get(it.key)[0], placed.get(it.key)[1]);
  for (const f of fonts) {
    for (const g of f.data.glyphs) g.rect = g.img ? placed.get(`${f.name}:${g.code}`) : [0, 0, 0, 0];
  }
  const spriteRects = Object.fromEntries(Object.keys(sprites).map((k) => [k, placed.get(k)]));
  return { atlas, cardRects, smallBack: placed.get('SMALL_BACK'), spriteRects, fonts };
}

/** Each sound's samples and the bytes stored: .s16, or .ima (IMA ADPCM) for codec 'ima'. */
function buildSounds(theme) {
  return SOUND_LIST.map((s, id) => {
    const pcm = toInt16(master(s.make(theme), s));
    const codec = s.codec ?? 's16';
    const bytes = codec === 'ima' ? imaEncode(pcm) : s16Bytes(pcm);
    if (codec === 'ima') {
      // what the mixer will play must keep the mastered ceiling too
      const [ok, peak] = underCeiling(Float64Array.from(imaDecode(bytes), (v) => v / 32768), s.loop);
      if (!ok) throw new Error(`${s.name}: decoded IMA ADPCM peaks at ${peak.toFixed(2)} dBFS; lower its loudness`);
    }
    return { name: s.name, id, file: `${s.name}.${codec}`, codec, samples: pcm.length, loop: Boolean(s.loop), bytes };
  });
}

export function buildAll(outRoot = ROOT) {
  const sources = loadSources();
  const { atlas, cardRects, smallBack, spriteRects, fonts } = buildAtlas(sources);
  // 256 colours: every host draws these texels; the PSP's GE reads them as
  // 8-bit indices into the palette (tools/assets/palette.mjs)
  const clut = quantize(atlas.data, ATLAS_SIZE, ATLAS_SIZE);
  atlas.data.set(clut.rgba);
  write(outRoot, 'assets/build/atlas.png', encodePng(atlas));
  write(outRoot, 'assets/build/atlas.rgba', atlas.data);
  write(outRoot, 'assets/build/atlas.psp', swizzle(clut.indices, ATLAS_SIZE, ATLAS_SIZE));
  write(outRoot, 'assets/build/atlas.clut', clut.palette);
  write(outRoot, 'src/assets/atlas.ts', atlasModule({
    atlasSize: ATLAS_SIZE, cardW: CARD_W, cardH: CARD_H, cardRects, smallBack,
    sprites: spriteRects, panelSlice: table.PANEL_SLICE,
  }));
  write(outRoot, 'src/assets/font.ts', fontModule(fonts, '?'.charCodeAt(0)));

  const sounds = buildSounds(sources.theme);
  for (const s of sounds) write(outRoot, `assets/build/sounds/${s.file}`, s.bytes);
  const index = sounds.map(({ name, id, file, codec, samples, loop }) => ({ name, id, file, codec, samples, loop }));
  write(outRoot, 'assets/build/sounds.json', JSON.stringify(index, null, 2) + '\n');
  write(outRoot, 'src/assets/sounds.ts', soundsModule(index));

  // The XMB pictures are opaque (test/assets) and travel in the EBOOT (ICON0
  // twice: the PBP's and the save folder's, tools/native/embed.mjs), whose
  // size has a budget (docs/performance.md): RGB, zlib's default strategy.
  write(outRoot, 'assets/build/ICON0.PNG', encodePng(icon0(sources.art), { rgb: true, smallest: true }));
  write(outRoot, 'assets/build/PIC1.PNG', encodePng(pic1(sources.art), { rgb: true, smallest: true }));
  write(outRoot, 'docs/contact-sheet.png', encodePng(contactSheet({ atlas, cardRects, smallBack, spriteRects, fonts })));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outRoot = resolve(process.argv[2] ?? ROOT);
  const t0 = Date.now();
  buildAll(outRoot);
  console.log(`assets written under ${outRoot} in ${Date.now() - t0} ms`);
}
