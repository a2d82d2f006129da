// The PSP checks' access to the PSP toolchain and to PPSSPP: builds EBOOTs
// with the toolchain PSPDEV names (.ci/run extracts one), and boots them in
// one of two emulators, each through its driver in tools/psp-emulator:
//
// - native: PPSSPP's own headless emulator, named by PPSSPP_HEADLESS (.ci/run
//   extracts ../shared/ppsspp-native; docs/native.md says how to point it at
//   your own build): the software renderer or OpenGL, the PSP-1000 or a later
//   model, buttons through its WebSocket debugger at exact emulated times
//   (tools/psp-emulator/native.mjs);
// - chromium, when PPSSPP_HEADLESS is not set: PPSSPP's WebAssembly core in
//   Debian's chromium (tools/psp-emulator/run.mjs; its npm packages are
//   installed on first use), which has only the software renderer.
//
// The checks are the same for both; each run says which emulator, model and
// renderer it had. Without a toolchain (or, for the chromium driver,
// chromium) they are skipped with one line saying what is missing; a
// PPSSPP_HEADLESS that names no emulator fails them instead.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../native/headless';

export const OUTPUT = path.join(ROOT, 'test-output/psp');
const EMULATOR = path.join(ROOT, 'tools/psp-emulator');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** Which driver runs the EBOOTs: the native emulator when PPSSPP_HEADLESS names one. */
export const DRIVER: 'native' | 'chromium' = process.env.PPSSPP_HEADLESS ? 'native' : 'chromium';

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
 * output on failure. `make test-psp` builds the release EBOOT just before
 * the checks and says so (PSP_EBOOT_BUILT=1): its checks then use it as it
 * is, instead of each taking the build lock in turn to find it done. */
export function makePsp(...args: string[]): void {
  if (args.length === 1 && args[0] === 'psp' && process.env.PSP_EBOOT_BUILT === '1' && existsSync(path.join(ROOT, 'build/psp/EBOOT.PBP'))) return;
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
  if (DRIVER === 'chromium' && !existsSync(CHROMIUM)) {
    return `no chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM), and no native PPSSPP (PPSSPP_HEADLESS)`;
  }
  return null;
}

let installed = false;

/** Installs the Chromium driver's npm packages once (tools/psp-emulator/install.mjs
 * leaves an install that matches its lock alone); throws with npm's words. */
export function installEmulator(): void {
  if (installed) return;
  const r = spawnSync('node', [path.join(EMULATOR, 'install.mjs')], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${r.stdout}${r.stderr}`.trim());
  installed = true;
}

/** A step on the game's clock (ms after boot): press buttons and/or take a
 * screenshot (of the next frame the GE draws). */
export interface Step {
  at_ms: number;
  press?: string | string[];
  hold_frames?: number;
  screenshot?: string;
  comment?: string;
}

export type Model = 'psp_1000' | 'psp_2000_3000';
export type Renderer = 'software' | 'opengl';

/** What the emulator is asked to be. */
export interface Setup {
  model: Model;
  renderer: Renderer;
}

export interface EmulatorRun {
  status: number | null;
  out: string;
  /** What the game printed, one entry per line, in order. */
  printed: string[];
  /** The emulator's log with the driver's "[harness] press" lines in order. */
  log: string;
  /** The driver's one line. */
  stdout: string;
  /** The renderer the emulator says it drew with ("Software", "OpenGL"). */
  renderer: string;
  /** A screenshot step's picture, or one the program asked for ("RS
   * screenshot NAME", native emulator only), by name; null when none. */
  picture(name: string): string | null;
}

/** The text a log line says the game printed, or null. The WebAssembly core
 * logs "[PRINTF] stdout: TEXT", the native one "I Printf: stdout: TEXT". */
export function printedText(line: string): string | null {
  const m = /(?:\[PRINTF\]|\bPrintf:) stdout: (.*)$/.exec(line);
  return m ? m[1]!.replace(/\r$/, '') : null;
}

/** PPSSPP shows the PSP's whole 480x272 picture with this option off (with
 * it on, the top and bottom rows are black). */
const CORE_OPTIONS: Record<string, string> = { ppsspp_cropto16x9: 'disabled' };

function chromiumOptions(setup: Setup): Record<string, string> {
  // The core's OpenGL request falls back to its software GPU in this build
  // (tools/psp-emulator/README.md): asked for all the same.
  const renderer: Record<string, string> = setup.renderer === 'software' ? { ppsspp_software_rendering: 'enabled' } : { ppsspp_software_rendering: 'disabled', ppsspp_backend: 'opengl' };
  return { ...CORE_OPTIONS, ppsspp_psp_model: setup.model, ...renderer };
}

/** Boots the EBOOT as setup says, runs the steps and at least `seconds` of
 * the game's clock (the native emulator stops earlier when the game exits),
 * and returns what it printed and showed. */
export function runEboot(eboot: string, name: string, steps: Step[], seconds: number, setup: Setup = { model: 'psp_2000_3000', renderer: 'software' }): EmulatorRun {
  const out = path.join(OUTPUT, name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const script = path.join(out, 'steps.json');
  let args: string[];
  if (DRIVER === 'native') {
    writeFileSync(script, JSON.stringify(steps, null, 1));
    args = ['--no-warnings=ExperimentalWarning', path.join(EMULATOR, 'native.mjs'), '--eboot', eboot, '--out', out, '--steps', script,
      '--until-ms', String(seconds * 1000), '--graphics', setup.renderer === 'opengl' ? 'gles' : 'software',
      '--model', setup.model === 'psp_1000' ? '0' : '1'];
  } else {
    installEmulator();
    writeFileSync(script, JSON.stringify(steps.map(({ at_ms, ...s }) => ({ at_frame: frameAt(at_ms), ...s })), null, 1));
    args = [path.join(EMULATOR, 'run.mjs'), '--eboot', eboot, '--out', out, '--steps', script, '--frames', String(frameAt(seconds * 1000))];
    for (const [k, v] of Object.entries(chromiumOptions(setup))) args.push('--core-option', `${k}=${v}`);
  }
  const r = spawnSync('node', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const read = (file: string) => (existsSync(path.join(out, file)) ? readFileSync(path.join(out, file), 'utf8') : '');
  const printed = read('printed.txt').split('\n');
  printed.pop();
  const log = read('console.log');
  // The pictures the program asked for, named by its "RS screenshot" lines, in order.
  const asked = printed.flatMap((l) => (l.startsWith('RS screenshot ') ? [l.slice(14)] : []));
  const emitted = new Map(asked.map((n, k) => [n, path.join(out, `emitted-${k}.png`)] as const).filter(([, f]) => existsSync(f)));
  const renderer = DRIVER === 'native'
    ? (/GPU Vendor : .*renderer: /.test(log) ? 'OpenGL' : /\[harness\] booted/.test(log) ? 'Software' : 'unknown')
    : (/Using (\w+) backend/.exec(log)?.[1] ?? 'unknown');
  return {
    status: r.status,
    out,
    printed,
    log,
    stdout: `${r.stdout}${r.stderr}`,
    renderer,
    picture(shot: string) {
      const file = path.join(out, `${shot}.png`);
      if (existsSync(file)) return file;
      return emitted.get(shot) ?? null;
    },
  };
}

/** The files of a run's folder (for messages). */
export function listing(run: EmulatorRun): string {
  return existsSync(run.out) ? readdirSync(run.out).join(' ') : '(no folder)';
}

/** The Chromium driver counts frames from the one at which PPSSPP started
 * the game's module (how long the boot before it takes depends on how busy
 * the machine is); main() reads the game's clock for the first time within
 * the next frame. */
export const BOOT_FRAMES = 1;
/** Emulated frames per second (the PSP's 59.94 Hz refresh). */
export const PSP_FPS = 59.94;

/** The Chromium driver's frame at which the game's own clock reads ms. */
export function frameAt(ms: number): number {
  return BOOT_FRAMES + Math.round((ms * PSP_FPS) / 1000);
}
