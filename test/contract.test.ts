// The contract is written once (tools/contract/contract.json); these check
// that every file generated from it is up to date, that a change to the data
// or a hand edit shows up as stale, that the generated hashes are the FNV-1a the
// hosts agree on, that the command encoder and both decoders (TypeScript and
// C) agree, and that the script asks the host for capabilities, never for a
// platform's name.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveBytes } from './reliability/save-folder';
// @ts-expect-error plain-JS generator without type declarations
import { generated, stale } from '../tools/contract/generate.mjs';
// @ts-expect-error plain-JS output without type declarations
import * as plain from '../tools/contract/contract.mjs';
import {
  COMMAND_INTS,
  DEFAULT_CAPABILITIES,
  OP_CLEAR,
  decodeCommand,
  frameHash,
  readCapabilities,
  runCommands,
  saveTrailer,
  writeClear,
  writeMusic,
  writeQuit,
  writeRect,
  writeSound,
  writeSprite,
  type Command,
} from '../src/contract';

const ROOT = join(__dirname, '..');

/** A copy of the contract's data and generated files in a temp folder, with the data changed by edit. */
function copyWith(edit: (data: any) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'contract-'));
  for (const path of Object.keys(generated(ROOT)) as string[]) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    cpSync(join(ROOT, path), join(dir, path));
  }
  mkdirSync(join(dir, 'tools/contract'), { recursive: true });
  mkdirSync(join(dir, 'assets/build'), { recursive: true });
  cpSync(join(ROOT, 'assets/build/sounds.json'), join(dir, 'assets/build/sounds.json'));
  const data = JSON.parse(readFileSync(join(ROOT, 'tools/contract/contract.json'), 'utf8'));
  edit(data);
  writeFileSync(join(dir, 'tools/contract/contract.json'), JSON.stringify(data));
  return dir;
}

describe('the generated contract', () => {
  it('matches contract.json in every generated file', () => {
    expect(Object.keys(generated(ROOT)).sort()).toEqual([
      'native/core/commands_codec.h',
      'native/core/contract.h',
      'native/core/host_api.c',
      'native/core/host_api.h',
      'native/core/vm_host.h',
      'src/contract.ts',
      'tools/contract/contract.mjs',
    ]);
    expect(stale(ROOT)).toEqual([]);
  });

  it.each([
    ['a button bit', (d: any) => (d.buttons.bits.CROSS = '0x4001'), ['native/core/contract.h', 'src/contract.ts', 'tools/contract/contract.mjs']],
    [
      "SPRITE's packing",
      (d: any) => d.ops.find((o: any) => o.name === 'SPRITE').fields[4].pack.reverse(),
      ['native/core/commands_codec.h', 'native/core/contract.h', 'src/contract.ts', 'tools/contract/contract.mjs'],
    ],
    [
      'a host function',
      (d: any) => d.host.functions.find((f: any) => f.name === 'log').args.push({ name: 'level', type: 'string' }),
      ['native/core/host_api.c', 'native/core/vm_host.h', 'src/contract.ts', 'tools/contract/contract.mjs'],
    ],
    [
      'a capability',
      (d: any) => d.capabilities.fields.push({ name: 'stylus', type: 'boolean', default: false, doc: 'x' }),
      ['native/core/contract.h', 'native/core/host_api.c', 'src/contract.ts', 'tools/contract/contract.mjs'],
    ],
    [
      'a save problem',
      (d: any) => d.saveProblems.problems.push({ name: 'locked', c: 'SAVE_LOCKED', doc: 'x' }),
      ['native/core/contract.h', 'src/contract.ts', 'tools/contract/contract.mjs'],
    ],
    [
      "the save file's trailer",
      (d: any) => (d.saveFile.trailer.fields = 'size={len} fnv1a={fnv1a}\n'),
      ['native/core/contract.h', 'src/contract.ts', 'tools/contract/contract.mjs'],
    ],
    [
      "the save file's size limit",
      (d: any) => (d.saveFile.maxTextBytes.value = 65536),
      ['native/core/contract.h', 'src/contract.ts', 'tools/contract/contract.mjs'],
    ],
    [
      "the net log's kinds of line",
      (d: any) => (d.netLog.calls.find((c: any) => c.function === 'nearbyPing').kind = 'nearby-knock'),
      ['native/core/contract.h', 'src/contract.ts'],
    ],
  ])('reports the files a change of %s makes stale', (_what, edit, files) => {
    expect(stale(copyWith(edit)).sort()).toEqual(files);
  });

  it('reports a generated file edited by hand as stale', () => {
    const dir = copyWith(() => {});
    const file = join(dir, 'native/core/host_api.c');
    writeFileSync(file, readFileSync(file, 'utf8').replace('JS_CFUNC_DEF("log", 1', 'JS_CFUNC_DEF("log", 2'));
    expect(stale(dir)).toEqual(['native/core/host_api.c']);
  });

  it('hashes like the native core: the same vectors as native/tests/core_test.c', () => {
    expect(frameHash(new Int32Array(0), 0)).toBe(0x811c9dc5);
    const clear = new Int32Array(COMMAND_INTS);
    clear[0] = OP_CLEAR;
    clear[1] = 0xff2a5a1e | 0;
    expect(frameHash(clear, 1)).toBe(0x5ea75da7);
  });

  it('writes the save trailer that the tests\' own save writer writes (test/reliability/save-folder.ts)', () => {
    for (const text of ['', '{"runs":1}', '{"name":"Ёжик ♠"}']) {
      const body = Buffer.from(text, 'utf8');
      expect(saveTrailer(body)).toBe(saveBytes(text).subarray(body.length).toString('utf8'));
      expect(plain.saveTrailer(body)).toBe(saveTrailer(body));
    }
  });
});

/** Commands at the edges of their fields: negative and flipped sizes, 16-bit atlas coordinates at their limits. */
function edgeCommands(): { cmds: Int32Array; values: Command[] } {
  const values: Command[] = [
    { op: 'CLEAR', color: 0xff2a5a1e | 0 },
    { op: 'SPRITE', x: -12, y: 271, w: -64, h: 96, u: 0, v: 65535, sw: 65535, sh: 0, tint: 0x80ffffff | 0 },
    { op: 'SPRITE', x: 2147483647, y: -2147483648, w: 1, h: -1, u: 511, v: 1, sw: 1, sh: 511, tint: -1 },
    { op: 'RECT', x: -5, y: 0, w: 480, h: -272, color: 0x00000000 },
    { op: 'SOUND', id: 7, volume: 255, pan: -128 },
    { op: 'MUSIC', track: -1, volume: 150 },
    { op: 'QUIT' },
  ];
  const cmds = new Int32Array(values.length * COMMAND_INTS).fill(0x5a5a5a5a);
  values.forEach((c, i) => {
    const o = i * COMMAND_INTS;
    if (c.op === 'CLEAR') writeClear(cmds, o, c.color);
    else if (c.op === 'SPRITE') writeSprite(cmds, o, c.x, c.y, c.w, c.h, c.u, c.v, c.sw, c.sh, c.tint);
    else if (c.op === 'RECT') writeRect(cmds, o, c.x, c.y, c.w, c.h, c.color);
    else if (c.op === 'SOUND') writeSound(cmds, o, c.id, c.volume, c.pan);
    else if (c.op === 'MUSIC') writeMusic(cmds, o, c.track, c.volume);
    else if (c.op === 'QUIT') writeQuit(cmds, o);
  });
  return { cmds, values };
}

describe('one encoder and decoder of commands', () => {
  it('writes every int of a command, in the layout docs/host-api.md section 3 shows', () => {
    const { cmds } = edgeCommands();
    expect(Array.from(cmds.subarray(8, 16))).toEqual([2, -12, 271, -64, 96, 0 | (65535 << 16), 65535, 0x80ffffff | 0]);
    expect(Array.from(cmds.subarray(24, 32))).toEqual([3, -5, 0, 480, -272, 0, 0, 0]);
    expect(Array.from(cmds.subarray(48, 56))).toEqual([6, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('reads back what it wrote, through decodeCommand and runCommands alike', () => {
    const { cmds, values } = edgeCommands();
    values.forEach((c, i) => expect(decodeCommand(cmds, i * COMMAND_INTS)).toEqual(c));
    const seen: Command[] = [];
    runCommands(cmds, values.length, {
      clear: (color) => seen.push({ op: 'CLEAR', color }),
      sprite: (x, y, w, h, u, v, sw, sh, tint) => seen.push({ op: 'SPRITE', x, y, w, h, u, v, sw, sh, tint }),
      rect: (x, y, w, h, color) => seen.push({ op: 'RECT', x, y, w, h, color }),
      sound: (id, volume, pan) => seen.push({ op: 'SOUND', id, volume, pan }),
      music: (track, volume) => seen.push({ op: 'MUSIC', track, volume }),
      quit: () => seen.push({ op: 'QUIT' }),
    });
    expect(seen).toEqual(values);
    // the plain-JS copy for bench/ and tools/ is the same code
    expect(plain.decodeCommands(cmds, values.length)).toEqual(values);
  });

  it('is the decoder the C hosts use (native/core/commands_codec.h)', () => {
    const { cmds, values } = edgeCommands();
    const dir = mkdtempSync(join(tmpdir(), 'codec-'));
    const program = join(dir, 'decode.c');
    // Prints each command the way decodeCommand's values print below.
    writeFileSync(
      program,
      `#include <stdio.h>
#include "commands_codec.h"
static void clear(void *u, uint32_t c) { (void)u; printf("CLEAR %d\\n", (int32_t)c); }
static void sprite(void *u, const SpriteCmd *s) { (void)u; printf("SPRITE %d %d %d %d %d %d %d %d %d\\n", s->x, s->y, s->w, s->h, s->u, s->v, s->sw, s->sh, (int32_t)s->tint); }
static void rect(void *u, const RectCmd *r) { (void)u; printf("RECT %d %d %d %d %d\\n", r->x, r->y, r->w, r->h, (int32_t)r->color); }
static void sound(void *u, int id, int volume, int pan) { (void)u; printf("SOUND %d %d %d\\n", id, volume, pan); }
static void music(void *u, int track, int volume) { (void)u; printf("MUSIC %d %d\\n", track, volume); }
static void quit(void *u) { (void)u; printf("QUIT\\n"); }
int main(void)
{
    static const int32_t cmds[] = { ${Array.from(cmds).join(', ')} };
    CommandSink sink = { 0, clear, sprite, rect, sound, music, quit };
    int i;
    for (i = 0; i < (int)(sizeof cmds / sizeof cmds[0]) / COMMAND_INTS; i++) commands_dispatch(cmds + i * COMMAND_INTS, &sink);
    return 0;
}
`,
    );
    execFileSync('cc', ['-std=c99', '-Wall', '-Wextra', '-Werror', '-I', join(ROOT, 'native/core'), '-o', join(dir, 'decode'), program]);
    const lines = execFileSync(join(dir, 'decode'), { encoding: 'utf8' }).trim().split('\n');
    expect(lines).toEqual(values.map((c) => Object.values(c).join(' ')));
  });

  it('is the only code that packs or unpacks a command\'s fields: no host, view or test does it by hand', () => {
    // A SPRITE's packed ints (u | v << 16, sw | sh << 16) shifted or masked
    // where a command's ints are read or written: cmds[o + 5] >>> 16 and the
    // like in TypeScript, cmd[5] >> 16 in C. The generated codec is the one
    // place for that (src/contract.ts, tools/contract/contract.mjs,
    // native/core/commands_codec.h); the draw list, the text layout, the
    // test rasterizer, the C hosts and the web page's renderers go through it.
    const GENERATED = new Set(['src/contract.ts', 'tools/contract/contract.mjs', 'tools/contract/generate.mjs', 'native/core/commands_codec.h']);
    const SOURCE = /\.(ts|mjs|js|c|h)$/;
    const tracked = (dir: string): string[] =>
      execFileSync('git', ['ls-files', '--', dir], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter((f) => SOURCE.test(f));
    const packed = /\[\s*(?:\w+\s*\+\s*)?[56]\s*\]!?\s*(?:>>>?|&)|(?:<<|>>>?)\s*16\b[^\n]*\[\s*(?:\w+\s*\+\s*)?[56]\s*\]|\[\s*(?:\w+\s*\+\s*)?[56]\s*\]\s*=[^;\n]*<<\s*16/;
    const offenders = ['src', 'web/src', 'test/support', 'native/core', 'native/desktop', 'native/psp', 'bench', 'tools']
      .flatMap(tracked)
      .filter((f) => !GENERATED.has(f))
      .filter((f) => packed.test(readFileSync(join(ROOT, f), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')));
    expect(offenders).toEqual([]);
  });
});

describe('capabilities, not platforms', () => {
  it('reads a host\'s capabilities field by field, the PSP\'s where one is missing or wrong', () => {
    expect(readCapabilities(undefined)).toEqual(DEFAULT_CAPABILITIES);
    expect(readCapabilities('desktop')).toEqual(DEFAULT_CAPABILITIES);
    const keys = { cross: 'S', circle: 'D', square: 'Z', triangle: 'A', start: 'Esc', leftPlay: 'F', leftSlap: 'Q', rightPlay: 'J', rightSlap: 'P', confirm: 'Enter' };
    expect(readCapabilities({ glyphs: false, keys, pads: 2, touch: [] })).toEqual({ glyphs: false, keys, pads: 2, touch: [], network: false, nearby: false });
    expect(readCapabilities({ glyphs: false, keys, pads: 2, touch: [], network: true }).network).toBe(true);
    expect(readCapabilities({ glyphs: false, keys, pads: 2, touch: [], network: 'yes' }).network).toBe(false);
    expect(readCapabilities({ nearby: true }).nearby).toBe(true);
    expect(readCapabilities({ nearby: 1 }).nearby).toBe(false);
    expect(readCapabilities({ glyphs: 'no', keys: { ...keys, cross: 5 }, pads: 7, touch: [{ x: 0 }] })).toEqual(DEFAULT_CAPABILITIES);
    const zone = { x: 0, y: 0, w: 240, h: 272, buttons: 0x8000 };
    expect(readCapabilities({ touch: [zone] }).touch).toEqual([zone]);
  });

  it('the script never reads a platform name: no `platform` anywhere in src/', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
    const mentions = files(join(ROOT, 'src'))
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /\bplatform\b/.test(readFileSync(f, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')));
    expect(mentions).toEqual([]);
  });
});
