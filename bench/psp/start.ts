// How long after its module starts the game shows its title on the PSP's own
// clock, against the least a sceGu homebrew needs for its first picture
// (make bench, with a PSP toolchain). In one run it builds the minimal
// homebrew (bench/psp/minimal: clears the screen, draws one sprite, the
// game's module settings and toolchain) and the game's EBOOT (make psp),
// boots each in PPSSPP (tools/psp-emulator) and reads the times both print:
// microseconds of the emulated clock (sceKernelGetSystemTimeWide) from the
// start of main() to the return of the swap that presents the first frame,
// at 222 MHz (both set it first). The C runtime's start before main() is
// pspsdk's crt0 in both. The game also prints its stages (native/psp/main.c,
// psp_game.c): the splash when the host draws one, the audio thread, the
// runtime, the script loaded from bytecode.
//   npx tsx bench/psp/start.ts [--json FILE]
// Without --json it prints the figures; bench/figures/psp-start.mjs runs it
// with --json for bench/results.{json,md} and its budget.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../test/native/headless';
import { makePsp, missing, runEboot } from '../../test/psp/ppsspp';

export interface Stage { what: string; us: number }
export interface StartFigures {
  mhz: number;
  /** The minimal homebrew's first frame, µs after its main(). */
  minimalUs: number;
  /** The game's first frame (the title), µs after its main(). */
  titleUs: number;
  /** The game's stages in order, the last the first frame. */
  stages: Stage[];
  /** titleUs - minimalUs, in ms. */
  differenceMs: number;
  screenshots: { minimal: string; game: string };
}

/** "psp: script loaded 170060 us after main" -> { what, us } (the game);
 * "minimal: first frame shown 32351 us after main" (the yardstick). */
export function stages(printed: string[], prefix: 'psp' | 'minimal'): Stage[] {
  const out: Stage[] = [];
  const re = new RegExp(`^${prefix}: (.+?) (\\d+) us after main$`);
  for (const line of printed) {
    const m = re.exec(line);
    if (m) out.push({ what: m[1]!, us: Number(m[2]) });
  }
  return out;
}

function firstFrame(all: Stage[], who: string, run: { stdout: string; printed: string[] }): number {
  const s = all.find((x) => x.what === 'first frame shown');
  if (!s) throw new Error(`${who}: no "first frame shown" line: ${run.stdout.trim()}\n${run.printed.slice(0, 20).join('\n')}`);
  return s.us;
}

/** Boots both programs; the screenshot half a second in shows what the
 * first frame was (test-output/psp/start-*). */
export function measure(): StartFigures {
  makePsp('-C', 'native', 'psp-minimal');
  makePsp('psp');
  const shot = [{ at_ms: 500, screenshot: 'first' }];
  const minimal = runEboot(path.join(ROOT, 'build/psp-minimal/EBOOT.PBP'), 'start-minimal', shot, 1);
  const game = runEboot(path.join(ROOT, 'build/psp/EBOOT.PBP'), 'start-game', shot, 1);
  const minimalUs = firstFrame(stages(minimal.printed, 'minimal'), 'the minimal homebrew', minimal);
  const all = stages(game.printed, 'psp');
  const titleUs = firstFrame(all, 'the game', game);
  // The title is the game's first frame unless the script reported another
  // scene before it was shown.
  const before = game.printed.slice(0, game.printed.findIndex((l) => l.startsWith('psp: first frame shown')));
  const scene = before.find((l) => /^\[script\] scene /.test(l));
  if (scene) throw new Error(`the game's first frame is not the title: ${scene}`);
  return {
    mhz: 222,
    minimalUs,
    titleUs,
    stages: all.slice(0, all.findIndex((s) => s.what === 'first frame shown') + 1),
    differenceMs: (titleUs - minimalUs) / 1000,
    screenshots: {
      minimal: path.relative(ROOT, path.join(minimal.out, 'first.png')),
      game: path.relative(ROOT, path.join(game.out, 'first.png')),
    },
  };
}

function main(): void {
  const why = missing();
  const at = process.argv.indexOf('--json');
  const out = at > 0 ? process.argv[at + 1] : null;
  if (why) {
    if (out) writeFileSync(out, JSON.stringify({ skipped: why }) + '\n');
    console.log(`bench/psp/start: skipped: ${why}`);
    return;
  }
  const f = measure();
  if (out) writeFileSync(out, JSON.stringify(f, null, 1) + '\n');
  const ms = (us: number) => (us / 1000).toFixed(1);
  console.log(`bench/psp/start (${f.mhz} MHz): the minimal homebrew's first frame ${ms(f.minimalUs)} ms after main, the game's title ${ms(f.titleUs)} ms (${f.stages.map((s) => `${s.what} ${ms(s.us)}`).join(', ')}); difference ${f.differenceMs.toFixed(1)} ms`);
}

main();
