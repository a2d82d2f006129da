// What a frame costs on the PSP's own clock (make bench, with a PSP
// toolchain): the replay EBOOT (native/psp/replay.c) plays the two full-game
// scripts at 222 and 333 MHz in PPSSPP and prints each frame's cost in
// microseconds of the emulated clock, the scene changes and the sounds of
// each frame. This groups them: the bundle load, title frames, table frames
// (p50/p99/max) and the frames of a slap or a sweep (by their sound), and
// writes bench/psp-frames.{json,md} and the table in docs/performance.md.
// PPSSPP counts about one cycle per instruction and models no cache: the
// figures are a lower bound for a real PSP.
//   npx tsx bench/psp/frames.ts
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SOUND } from '../../src/assets/sounds';
import { ROOT } from '../../test/native/headless';
import { makePsp, missing, runEboot } from '../../test/psp/ppsspp';

const SCRIPTS = ['full-game-classic.json', 'full-game-russian.json'];
const CLOCKS = [222, 333];

interface Group { frames: number; p50: number; p99: number; max: number }
interface ClockFigures { mhz: number; loadMs: number[]; title: Group; table: Group; slap: Group; sweep: Group }

function group(us: number[]): Group {
  const s = [...us].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! / 1000 : 0);
  return { frames: s.length, p50: at(0.5), p99: at(0.99), max: s.length ? s[s.length - 1]! / 1000 : 0 };
}

/** The replay's lines, grouped per clock. */
export function figures(printed: string[]): ClockFigures[] {
  return CLOCKS.map((mhz) => {
    const loadMs: number[] = [];
    const by: Record<'title' | 'table' | 'slap' | 'sweep', number[]> = { title: [], table: [], slap: [], sweep: [] };
    let scene = 'title';
    let clock = 0;
    for (const line of printed) {
      const load = /^RS load (\d+) (\d+) us=(\d+)$/.exec(line);
      if (load) {
        clock = Number(load[1]);
        scene = 'title';
        if (clock === mhz) loadMs.push(Number(load[3]) / 1000);
        continue;
      }
      const sc = /^\[script\] scene (\w+)$/.exec(line);
      if (sc) { scene = sc[1]!; continue; }
      const f = /^RS f (\d+) \d+ \d+ [0-9a-f]{8} (\d+)(?: s=([\d,]+))?$/.exec(line);
      if (!f || Number(f[1]) !== mhz) continue;
      const us = Number(f[2]);
      const sounds = f[3] ? f[3].split(',').map(Number) : [];
      if (scene === 'title') by.title.push(us);
      if (scene === 'table') by.table.push(us);
      if (sounds.includes(SOUND.slap)) by.slap.push(us);
      if (sounds.includes(SOUND.sweep)) by.sweep.push(us);
    }
    return { mhz, loadMs, title: group(by.title), table: group(by.table), slap: group(by.slap), sweep: group(by.sweep) };
  });
}

export function markdown(all: ClockFigures[]): string {
  const ms = (v: number) => v.toFixed(2);
  const rows = all.map((c) => [
    `| ${c.mhz} MHz | ${c.loadMs.map((v) => v.toFixed(0)).join(' / ')} ms`,
    `${ms(c.title.p50)} / ${ms(c.title.max)}`,
    `${ms(c.table.p50)} / ${ms(c.table.p99)} / ${ms(c.table.max)}`,
    `${ms(c.slap.p50)} / ${ms(c.slap.max)}`,
    `${ms(c.sweep.p50)} / ${ms(c.sweep.max)} |`,
  ].join(' | '));
  const counts = all[0]!;
  return [
    `Frames replayed per clock: ${counts.title.frames} title, ${counts.table.frames} table, ${counts.slap.frames} with a slap, ${counts.sweep.frames} with a sweep (${SCRIPTS.join(', ')}). Times: ms of the emulated PSP clock spent in the script's frame (vm_frame), of a 16.7 ms frame.`,
    '',
    '| clock | bundle load (per script) | title p50 / max | table p50 / p99 / max | slap p50 / max | sweep p50 / max |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

const BEGIN = '<!-- psp-frames:begin (bench/psp/frames.ts) -->';
const END = '<!-- psp-frames:end -->';

function main(): void {
  const why = missing();
  if (why) {
    console.log(`bench/psp: skipped: ${why}`);
    return;
  }
  makePsp('psp-replay', `SCRIPT=${SCRIPTS.map((s) => `test/scripts/${s}`).join(' ')}`, 'FAILURES=', `REPLAY_CLOCKS=${CLOCKS.join(',')}`,
    'REPLAY_GALLERY_AT_MS=60000');
  const run = runEboot(path.join(ROOT, 'build/psp-replay/EBOOT.PBP'), 'bench-frames', [{ at_ms: 25000, screenshot: 'end' }], 30);
  const all = figures(run.printed);
  for (const c of all) if (c.table.frames === 0) throw new Error(`no table frames at ${c.mhz} MHz: ${run.stdout.slice(-1000)}`);
  const md = markdown(all);
  writeFileSync(path.join(ROOT, 'bench/psp-frames.json'), JSON.stringify(all, null, 1) + '\n');
  writeFileSync(path.join(ROOT, 'bench/psp-frames.md'), `# PSP frame costs in PPSSPP (bench/psp/frames.ts)\n\n${md}\n`);
  const doc = path.join(ROOT, 'docs/performance.md');
  const text = existsSync(doc) ? readFileSync(doc, 'utf8') : '';
  const a = text.indexOf(BEGIN), b = text.indexOf(END);
  if (a >= 0 && b > a) writeFileSync(doc, text.slice(0, a + BEGIN.length) + '\n' + md + '\n' + text.slice(b));
  console.log(md);
}

main();
