// The PSP checks' access to the PSP toolchain and to PPSSPP: builds EBOOTs
// with the toolchain PSPDEV names (.ci/run extracts one), and boots them with
// the project's emulator harness, tools/psp-emulator (PPSSPP in Debian's
// chromium: scripted buttons, screenshots, the game's printf lines), whose
// npm packages it installs on first use. Without a toolchain or chromium
// the checks are skipped with one line saying what is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../native/headless';

export const OUTPUT = path.join(ROOT, 'test-output/psp');
const EMULATOR = path.join(ROOT, 'tools/psp-emulator');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

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

/** Runs make at the top with the toolchain on PATH, every compiler warning
 * of the project's C an error (WERROR=1, as CI builds); throws with its
 * output on failure. */
export function makePsp(...args: string[]): void {
  const r = spawnSync('flock', [path.join(ROOT, 'build/.native-build.lock'), 'make', '-s', '-C', ROOT, 'WERROR=1', ...args], {
    encoding: 'utf8',
    env: toolchainEnv(),
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`make ${args.join(' ')} failed:\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`);
}

/** Why the PSP checks cannot run here, or null when they can. */
export function missing(): string | null {
  if (!pspdev()) return 'no PSP toolchain (set PSPDEV to an extracted pspdev toolchain)';
  if (!existsSync(CHROMIUM)) return `no chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM)`;
  return null;
}

let installed = false;

/** Installs the harness's npm packages once (tools/psp-emulator/install.mjs
 * leaves an install that matches its lock alone); throws with npm's words. */
export function installEmulator(): void {
  if (installed) return;
  const r = spawnSync('node', [path.join(EMULATOR, 'install.mjs')], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${r.stdout}${r.stderr}`.trim());
  installed = true;
}

/** A harness step: at an emulated frame, press buttons and/or take a screenshot. */
export interface Step {
  at_frame: number;
  press?: string | string[];
  hold_frames?: number;
  screenshot?: string;
  comment?: string;
}

export interface EmulatorRun {
  status: number | null;
  out: string;
  /** What the game printed, one entry per line, in order. */
  printed: string[];
  /** The browser's console: the core's log and the harness's presses. */
  log: string;
  /** The harness's one line. */
  stdout: string;
}

/** PPSSPP shows the PSP's whole 480x272 picture with this option off (with
 * it on, the top and bottom rows are black). */
const CORE_OPTIONS: Record<string, string> = { ppsspp_cropto16x9: 'disabled' };

/** Boots the EBOOT, runs the steps and at least `seconds` of the game's
 * clock, and returns what it printed. coreOptions add to CORE_OPTIONS (the
 * PSP model, the renderer). */
export function runEboot(eboot: string, name: string, steps: Step[], seconds: number, coreOptions: Record<string, string> = {}): EmulatorRun {
  installEmulator();
  const out = path.join(OUTPUT, name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const script = path.join(out, 'steps.json');
  writeFileSync(script, JSON.stringify(steps, null, 1));
  const args = [path.join(EMULATOR, 'run.mjs'), '--eboot', eboot, '--out', out, '--steps', script, '--frames', String(frameAt(seconds * 1000))];
  for (const [k, v] of Object.entries({ ...CORE_OPTIONS, ...coreOptions })) args.push('--core-option', `${k}=${v}`);
  const r = spawnSync('node', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const read = (file: string) => (existsSync(path.join(out, file)) ? readFileSync(path.join(out, file), 'utf8') : '');
  const printed = read('printed.txt').split('\n');
  printed.pop();
  return { status: r.status, out, printed, log: read('console.log'), stdout: `${r.stdout}${r.stderr}` };
}

/** The harness counts frames from the one at which PPSSPP started the
 * game's module (how long the boot before it takes depends on how busy the
 * machine is); main() reads the game's clock for the first time within the
 * next frame. */
export const BOOT_FRAMES = 1;
/** Emulated frames per second (the PSP's 59.94 Hz refresh). */
export const PSP_FPS = 59.94;

/** The harness frame at which the game's own clock reads ms. */
export function frameAt(ms: number): number {
  return BOOT_FRAMES + Math.round((ms * PSP_FPS) / 1000);
}
