// The sizes figure: the bundle (plain, gzip, bytecode), the atlas and sounds
// the hosts embed, and the native binaries.
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUILD, ROOT, fmt, sh } from '../lib/common.mjs';

export function sizes() {
  const file = (p) => (existsSync(join(ROOT, p)) ? statSync(join(ROOT, p)).size : null);
  const gz = (p) => (existsSync(join(ROOT, p)) ? gzipSync(readFileSync(join(ROOT, p)), { level: 9 }).length : null);
  const soundsDir = join(ROOT, 'assets/build/sounds');
  let sounds = null;
  let soundsS16 = null;
  /** how the embedded sounds are stored: { pcm16: names, ima: names } */
  const soundKinds = { pcm16: [], ima: [] };
  if (existsSync(soundsDir)) {
    sounds = 0;
    soundsS16 = 0;
    for (const f of readdirSync(soundsDir).sort()) {
      const n = statSync(join(soundsDir, f)).size;
      sounds += n;
      if (f.endsWith('.s16') || f.endsWith('.ima')) soundsS16 += n;
      if (f.endsWith('.s16')) soundKinds.pcm16.push(f.slice(0, -4));
      if (f.endsWith('.ima')) soundKinds.ima.push(f.slice(0, -4));
    }
  }
  return {
    bundle: file('build/bench/ratscrew.js'),
    bundleGzip: gz('build/bench/ratscrew.js'),
    bytecode: file('build/bench/ratscrew.qjsbc'),
    bytecodeGzip: gz('build/bench/ratscrew.qjsbc'),
    atlasPng: file('assets/build/atlas.png'),
    atlasRgba: file('assets/build/atlas.rgba'),
    atlasPsp: file('assets/build/atlas.psp'),
    soundsS16,
    soundsDirAll: sounds,
    soundKinds,
    headless: file('build/native/ratscrew-headless'),
    headlessStripped: strippedSize(join(ROOT, 'build/native/ratscrew-headless')),
    desktop: file('build/native/ratscrew'),
    eboot: file('build/psp/EBOOT.PBP'),
    ebootParts: ebootParts(file('build/psp/EBOOT.PBP')),
  };
}

/**
 * What the EBOOT is made of, from the PSP ELF's symbols (psp-nm, with PSPDEV):
 * the game script's bytecode, the atlas and its palette, the sounds, the code
 * (.text: QuickJS, the hosts, newlib), and the rest (read-only data of
 * QuickJS and the hosts, module tables, the PBP's XMB pictures and headers).
 */
function ebootParts(eboot) {
  const elf = join(ROOT, 'build/psp/ratscrew.elf');
  const bin = process.env.PSPDEV ? join(process.env.PSPDEV, 'bin') : null;
  if (!eboot || !bin || !existsSync(elf)) return null;
  try {
    const syms = sh(join(bin, 'psp-nm'), ['-S', elf]).split('\n').map((l) => l.trim().split(/\s+/)).filter((p) => p.length === 4);
    const size = (re) => syms.filter((p) => re.test(p[3])).reduce((a, p) => a + parseInt(p[1], 16), 0);
    const text = /\.text\s+(\d+)/.exec(sh(join(bin, 'psp-size'), ['-A', elf]))[1];
    const parts = {
      code: Number(text),
      bundle: size(/^embedded_bytecode$/),
      atlas: size(/^embedded_atlas(_clut)?$/),
      sounds: size(/^sound\d+$/),
    };
    parts.rest = eboot - parts.code - parts.bundle - parts.atlas - parts.sounds;
    return parts;
  } catch {
    return null;
  }
}

/** Bytes of a binary without its debug information (the builds use -g). */
function strippedSize(path) {
  if (!existsSync(path)) return null;
  const out = join(BUILD, 'stripped.tmp');
  try {
    sh('strip', ['-o', out, path]);
    return statSync(out).size;
  } catch {
    return null;
  } finally {
    rmSync(out, { force: true });
  }
}

/** The "Sizes" section of bench/results.md. */
export function sizesMarkdown(r) {
  const L = [];
  const s = r.sizes;
  L.push('## Sizes (bytes)');
  L.push('');
  L.push('| file | bytes |');
  L.push('| --- | ---: |');
  L.push(`| dist/ratscrew.js (as measured) | ${fmt(s.bundle)} |`);
  L.push(`| dist/ratscrew.js gzip -9 | ${fmt(s.bundleGzip)} |`);
  L.push(`| the bundle as QuickJS bytecode (build/bench/ratscrew.qjsbc) | ${fmt(s.bytecode)} (gzip ${fmt(s.bytecodeGzip)}) |`);
  L.push(`| assets/build/atlas.png | ${fmt(s.atlasPng)} |`);
  L.push(`| assets/build/atlas.rgba (embedded, desktop) | ${fmt(s.atlasRgba)} |`);
  L.push(`| assets/build/atlas.psp (embedded, PSP) | ${fmt(s.atlasPsp)} |`);
  L.push(`| assets/build/sounds/* (embedded as stored: .s16 16-bit PCM, .ima IMA ADPCM) | ${fmt(s.soundsS16)} |`);
  L.push(`| build/native/ratscrew-headless (with -g; stripped ${fmt(s.headlessStripped)}) | ${fmt(s.headless)} |`);
  L.push(`| build/native/ratscrew (SDL2 desktop) | ${s.desktop === null ? 'not built' : fmt(s.desktop)} |`);
  L.push(`| build/psp/EBOOT.PBP | ${s.eboot === null ? 'not built' : fmt(s.eboot)} |`);
  L.push('');
  const p = s.ebootParts;
  if (p) {
    L.push('The EBOOT by part (symbols of build/psp/ratscrew.elf):');
    L.push('');
    L.push('| part | bytes |');
    L.push('| --- | ---: |');
    L.push(`| code (.text: QuickJS, the host, newlib) | ${fmt(p.code)} |`);
    L.push(`| the bundle (QuickJS bytecode, debug info kept) | ${fmt(p.bundle)} |`);
    L.push(`| the atlas (8-bit CLUT texture and its palette) | ${fmt(p.atlas)} |`);
    const k = s.soundKinds;
    const kinds = k ? [k.ima.length ? `IMA ADPCM: ${k.ima.join(', ')}` : '', k.pcm16.length ? `16-bit PCM: ${k.pcm16.join(', ')}` : ''].filter(Boolean).join('; ') : 'as stored';
    L.push(`| sounds (${kinds}) | ${fmt(p.sounds)} |`);
    L.push(`| the rest (read-only data of QuickJS and the host, XMB pictures, headers) | ${fmt(p.rest)} |`);
    L.push('');
  }
  return L;
}
