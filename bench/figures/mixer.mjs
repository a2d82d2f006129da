// The mixer figure: what native/core/mixer.c costs per second of audio at
// the hosts' 44,100 Hz, playing the music as stored (IMA ADPCM, decoded as
// it plays) and the same music from decoded 16-bit samples (the way before
// issue 24). bench/native/mixer_bench.c under callgrind, counting only
// mixer_render.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD, ROOT, fmt, sh } from '../lib/common.mjs';

const SECONDS = 5;

function count(exe, sound, mode) {
  const out = join(BUILD, `cg-mixer-${mode}.out`);
  rmSync(out, { force: true });
  sh('valgrind', ['--tool=callgrind', '--quiet', '--toggle-collect=mixer_render', `--callgrind-out-file=${out}`, exe, sound, String(SECONDS), mode],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  const m = /^summary:\s*(\d+)/m.exec(readFileSync(out, 'utf8'));
  return m ? Number(m[1]) / SECONDS : null;
}

export function mixerCost() {
  const list = JSON.parse(readFileSync(join(ROOT, 'assets/build/sounds.json'), 'utf8'));
  const music = list.find((e) => e.loop);
  if (!music) return null;
  const exe = join(BUILD, 'mixer_bench');
  sh('cc', ['-std=c99', '-O2', '-g', `-I${join(ROOT, 'native/core')}`, '-o', exe, join(ROOT, 'bench/native/mixer_bench.c'), join(ROOT, 'native/core/mixer.c'), '-lm']);
  const sound = join(ROOT, 'assets/build/sounds', music.file);
  return {
    sound: music.file,
    codec: music.codec ?? 's16',
    perSecondStored: count(exe, sound, 'stored'),
    perSecondPcm: count(exe, sound, 'pcm'),
  };
}

export function mixerMarkdown(r) {
  const m = r.mixer;
  if (!m) return [];
  return [
    '## Sound mixing (native/core/mixer.c, 44,100 Hz stereo out)',
    '',
    '| the music played from | mixer instructions per second of audio |',
    '| --- | ---: |',
    `| ${m.sound} as stored (${m.codec === 'ima' ? 'IMA ADPCM, decoded as it plays' : '16-bit samples'}) | ${fmt(m.perSecondStored)} |`,
    `| the same samples decoded to 16 bits first (how it was stored before) | ${fmt(m.perSecondPcm)} |`,
    '',
    `At 222 MHz and about 1.3 PSP cycles an instruction, the music costs the audio thread ${(m.perSecondStored * 1.3 / 222e6 * 100).toFixed(1)}% of the CPU; each cue playing over it adds about as much again while it lasts.`,
    '',
  ];
}
