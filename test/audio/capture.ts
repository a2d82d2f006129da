// Mixed captures of the game's sound: the SOUND and MUSIC commands of real
// play (test/scripts replayed in QuickJS) or of a made-up burst, mixed by
// native/core/mixer.c through test/audio/capture.c into a WAV, and the
// measurements test/audio and docs/sound.md use on it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { frameTime } from '../support/quickjs-host';
import { readScript, replay } from '../support/script';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const OUT = path.join(ROOT, 'build/audio');
const CAPTURE = path.join(OUT, 'capture');
const SOUNDS = path.join(ROOT, 'assets/build');
/** The rate both hosts open their device at (native/desktop/sdl_audio.c, native/psp/psp_audio.c). */
export const HOST_RATE = 44100;
const OP_SOUND = 4;
const OP_MUSIC = 5;

/** [ms, op, a, b, c]: SOUND id volume pan, or MUSIC track volume. */
export type AudioEvent = [number, number, number, number, number];

/** Compiles the capture tool against the mixer (quick; the sources are small),
 * then renames it into place: test files build it side by side. */
export function buildCapture(): void {
  mkdirSync(OUT, { recursive: true });
  const tmp = `${CAPTURE}.${process.pid}`;
  execFileSync('cc', ['-std=c99', '-Wall', '-Wextra', '-Werror', '-O2', `-I${path.join(ROOT, 'native/core')}`, '-o', tmp,
    path.join(ROOT, 'test/audio/capture.c'), path.join(ROOT, 'native/core/mixer.c'), '-lm']);
  renameSync(tmp, CAPTURE);
}

let built = false;

/** The scripts played back to back (their clocks joined), with the audio commands each frame sent. */
export async function playEvents(scripts: string[]): Promise<{ events: AudioEvent[]; endMs: number }> {
  const events: AudioEvent[] = [];
  let offset = 0;
  for (const name of scripts) {
    const script = readScript(path.join(ROOT, 'test/scripts', `${name}.json`));
    const { vm } = await replay(script, ({ index, cmds }) => {
      for (let k = 0; cmds && k < cmds.length; k += 8) {
        if (cmds[k] === OP_SOUND || cmds[k] === OP_MUSIC) {
          events.push([offset + frameTime(index), cmds[k]!, cmds[k + 1]!, cmds[k + 2]!, cmds[k + 3]!]);
        }
      }
    });
    vm.dispose();
    offset += frameTime(script.frames);
  }
  return { events, endMs: offset };
}

export interface SoundEntry { name: string; id: number; file: string; codec: 's16' | 'ima'; samples: number; loop: boolean }
export const soundIndex = (): SoundEntry[] => JSON.parse(readFileSync(path.join(SOUNDS, 'sounds.json'), 'utf8'));

/** One sound's samples as the mixer plays them, as floats (1 = full scale):
 * an IMA ADPCM sound decoded by the mixer's own decoder (capture --decode),
 * which must agree with the encoder's (test/audio/adpcm.test.ts). */
export function soundSamples(e: SoundEntry): Float64Array {
  const file = path.join(SOUNDS, 'sounds', e.file);
  let b = readFileSync(file);
  if (e.codec === 'ima') {
    if (!built) buildCapture();
    built = true;
    const out = path.join(OUT, `${e.name}.decoded.${process.pid}.s16`);
    execFileSync(CAPTURE, ['--decode', file, out]);
    b = readFileSync(out);
  }
  return Float64Array.from(new Int16Array(b.buffer, b.byteOffset, b.length / 2), (v) => v / 32768);
}

export interface CaptureStats { frames: number; peak: number; fullScale: number; limitedFrames: number }

/** Mixes the events into OUT/name.wav; returns what the capture tool measured. */
export function capture(name: string, events: AudioEvent[], endMs: number, rate = HOST_RATE): CaptureStats & { wav: string } {
  const wav = path.join(OUT, `${name}.wav`);
  const list = path.join(OUT, `${name}.events.txt`);
  writeFileSync(list, events.map((e) => e.join(' ')).join('\n') + '\n');
  const sounds = soundIndex().map((e) => path.join(SOUNDS, 'sounds', e.file) + (e.loop ? ':loop' : ''));
  const out = execFileSync(CAPTURE, [wav, String(rate), list, String(endMs), ...sounds], { encoding: 'utf8' });
  return { ...(JSON.parse(out) as CaptureStats), wav };
}

/** A 16-bit stereo WAV as the mono sum (L + R) / 2, floats. */
export function readWavMono(file: string): { rate: number; mono: Float64Array; left: Int16Array } {
  const b = readFileSync(file);
  const rate = b.readUInt32LE(24);
  const s = new Int16Array(b.buffer, b.byteOffset + 44, (b.length - 44) / 2);
  const mono = new Float64Array(s.length / 2);
  const left = new Int16Array(s.length / 2);
  for (let i = 0; i < mono.length; i++) {
    mono[i] = (s[2 * i]! + s[2 * i + 1]!) / 65536;
    left[i] = s[2 * i]!;
  }
  return { rate, mono, left };
}
