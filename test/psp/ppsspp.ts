// The PSP checks' access to the PSP toolchain and to PPSSPP: builds EBOOTs
// with the toolchain CI extracts (../shared/psp-toolchain, or any pspdev
// found through PSPDEV), and boots them with the ppsspp-run harness
// (../shared/ppsspp-run: PPSSPP in headless Chromium, scripted buttons,
// screenshots, the emulator's log). Neither is part of the project: when one
// is missing the checks are skipped with one line saying what is missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../native/headless';

export const OUTPUT = path.join(ROOT, 'test-output/psp');

/** PSPDEV with its tools, or null when no toolchain is installed. */
export function pspdev(): string | null {
  const dir = process.env.PSPDEV;
  if (dir && existsSync(path.join(dir, 'bin/psp-config'))) return dir;
  return null;
}

function toolchainEnv(): NodeJS.ProcessEnv {
  const dir = pspdev()!;
  return { ...process.env, PSPDEV: dir, PATH: `${path.join(dir, 'bin')}:${process.env.PATH}` };
}

/** Runs make at the top with the toolchain on PATH; throws with its output on failure. */
export function makePsp(...args: string[]): void {
  const r = spawnSync('flock', [path.join(ROOT, 'build/.native-build.lock'), 'make', '-s', '-C', ROOT, ...args], {
    encoding: 'utf8',
    env: toolchainEnv(),
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`make ${args.join(' ')} failed:\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`);
}

/** Where the harness lives: PPSSPP_RUN, or a copy of ../shared/ppsspp-run
 * under build/ with its npm packages installed (the shared folder is
 * read-only in CI). null when neither exists or chromium is missing. */
export function harness(): string | null {
  if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM) return null;
  const given = process.env.PPSSPP_RUN;
  if (given) return existsSync(path.join(given, 'run-eboot.mjs')) ? given : null;
  const shared = path.join(ROOT, '../shared/ppsspp-run');
  const copy = path.join(ROOT, 'build/ppsspp-run');
  if (existsSync(path.join(copy, 'node_modules/.package-lock.json'))) return copy;
  if (!existsSync(path.join(shared, 'run-eboot.mjs'))) return null;
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  cpSync(shared, copy, { recursive: true });
  execFileSync('chmod', ['-R', 'u+w', copy]);
  execFileSync('npm', ['ci', '--omit=optional', '--no-audit', '--no-fund'], { cwd: copy, stdio: 'ignore' });
  return copy;
}

/** Why the PSP checks cannot run here, or null when they can. */
export function missing(): string | null {
  if (!pspdev()) return 'no PSP toolchain (set PSPDEV; CI extracts ../shared/psp-toolchain)';
  if (!existsSync(path.join(ROOT, '../shared/ppsspp-run/run-eboot.mjs')) && !process.env.PPSSPP_RUN) return 'no ppsspp-run harness (../shared/ppsspp-run or PPSSPP_RUN)';
  if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM) return 'no chromium (apt-get install chromium)';
  return null;
}

/** A harness step: at an emulated frame, press buttons and/or take a screenshot. */
export interface Step {
  at_frame: number;
  press?: string | string[];
  screenshot?: string;
  comment?: string;
}

export interface EmulatorRun {
  status: number | null;
  out: string;
  /** What the game printed, one entry per line, in order. */
  printed: string[];
  log: string;
  stdout: string;
}

/** PPSSPP shows the PSP's whole 480x272 picture with this option off (with
 * it on, the top and bottom rows are black). */
const CORE_OPTIONS = ['ppsspp_cropto16x9=disabled'];

/** Boots the EBOOT, runs the steps, and returns what it printed. */
export function runEboot(eboot: string, name: string, steps: Step[], seconds: number): EmulatorRun {
  const dir = harness();
  if (!dir) throw new Error('the ppsspp-run harness is missing');
  const out = path.join(OUTPUT, name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const script = path.join(out, 'steps.json');
  writeFileSync(script, JSON.stringify(steps, null, 1));
  const args = [path.join(dir, 'run-eboot.mjs'), '--eboot', eboot, '--out', out, '--script', script, '--seconds', String(seconds)];
  for (const o of CORE_OPTIONS) args.push('--core-option', o);
  const r = spawnSync('node', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const log = existsSync(path.join(out, 'console.log')) ? readFileSync(path.join(out, 'console.log'), 'utf8') : '';
  return { status: r.status, out, printed: printedLines(log), log, stdout: r.stdout };
}

/** The game's stdout as PPSSPP logs it: "[PRINTF] stdout: <text>". */
export function printedLines(log: string): string[] {
  const lines: string[] = [];
  for (const line of log.split('\n')) {
    const at = line.indexOf('[PRINTF] stdout: ');
    if (at >= 0) lines.push(line.slice(at + '[PRINTF] stdout: '.length).replace(/\r$/, ''));
  }
  return lines;
}

/** PPSSPP starts the game's module this many emulated frames after the core
 * starts (measured: between 30 and 60), which the harness's frame counter
 * includes. */
export const BOOT_FRAMES = 45;
/** Emulated frames per second (the PSP's 59.94 Hz refresh). */
export const PSP_FPS = 59.94;

/** The harness frame at which the game's own clock reads ms. */
export function frameAt(ms: number): number {
  return BOOT_FRAMES + Math.round((ms * PSP_FPS) / 1000);
}
