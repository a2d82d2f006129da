// The start on the PSP's own clock (issue 24): bench/psp/start.ts boots the
// game's EBOOT and a minimal sceGu homebrew (bench/psp/minimal) in PPSSPP at
// 222 MHz and reads how long after main() each shows its first frame; the
// budget is the difference. Needs a PSP toolchain (PSPDEV) and chromium;
// without them the figure says why and the budget is not met.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD, ROOT, log, sh } from '../lib/common.mjs';

export function pspStart() {
  const out = join(BUILD, 'psp-start.json');
  rmSync(out, { force: true });
  log('PSP start: the minimal homebrew and the game in PPSSPP (bench/psp/start.ts)');
  log(sh('npx', ['tsx', 'bench/psp/start.ts', '--json', out], { stdio: ['ignore', 'pipe', 'inherit'] }).trim());
  return existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : { skipped: 'bench/psp/start.ts wrote nothing' };
}

const ms = (us) => (us / 1000).toFixed(1);

export function pspStartMarkdown(r) {
  const s = r.pspStart;
  if (!s) return [];
  const L = ['## Start on the PSP clock (PPSSPP, 222 MHz)', ''];
  if (s.skipped) return [...L, `Not measured: ${s.skipped}.`, ''];
  L.push('bench/psp/start.ts boots, in the same run, the game\'s EBOOT and a minimal sceGu homebrew (bench/psp/minimal/main.c: clears the screen and draws one sprite; the game\'s toolchain, flags and module settings) in PPSSPP (tools/psp-emulator) and reads the emulated clock (sceKernelGetSystemTimeWide) each prints: from the start of main() to the return of the swap that presents the first frame. The C runtime\'s start before main() is pspsdk\'s crt0 in both. PPSSPP charges about one cycle per instruction and models no cache: a real PSP is slower at the script\'s work (docs/performance.md).');
  L.push('');
  L.push('| program | first frame after main() |');
  L.push('| --- | ---: |');
  L.push(`| the minimal sceGu homebrew | ${ms(s.minimalUs)} ms |`);
  L.push(`| the game (its title) | ${ms(s.titleUs)} ms |`);
  L.push(`| difference | ${s.differenceMs.toFixed(1)} ms |`);
  L.push('');
  L.push('The game\'s start, stage by stage (ms after main()):');
  L.push('');
  L.push('| stage | at | since the stage before |');
  L.push('| --- | ---: | ---: |');
  let prev = 0;
  for (const st of s.stages) {
    L.push(`| ${st.what} | ${ms(st.us)} | ${ms(st.us - prev)} |`);
    prev = st.us;
  }
  L.push('');
  L.push(`Screenshots half a second in: ${s.screenshots.minimal}, ${s.screenshots.game}.`);
  L.push('');
  return L;
}
