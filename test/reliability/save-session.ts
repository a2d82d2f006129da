// The save folder driven through each platform's own save code, one
// process per session (c/save-states.c): the fixture of save-states.test.ts
// and save-corners.test.ts (docs/reliability.md, section 8's table).
// Built twice: over native/desktop/desktop_save.c, and over
// native/psp/psp_save.c with the FAT model (c/fat-model.c).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, tempDir } from '../native/headless';
import { buildSaveFaults } from './save-folder';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const haveTools = process.platform === 'linux' && spawnSync('cc', ['--version']).status === 0;
const bin = tempDir('states-bin');
export const DRIVER = { desktop: path.join(bin, 'save-states-desktop'), psp: path.join(bin, 'save-states-psp') };

export type Mode = 'desktop' | 'psp';
/** Puts a command line inside another. */
export type Wrap = (argv: string[]) => string[];
export interface Step { step: string; ok: number; text: string | null; problem: string | null }

export const GOOD = '{"version":1,"stats":{"classic":{"games":41,"wins":17}}}';
export const OLDER = '{"version":1,"stats":{"classic":{"games":40,"wins":16}}}';
export const NEW = '{"version":1,"stats":{"classic":{"games":42,"wins":17}}}';

/** SAVE_SANITIZE=1: the drivers built with AddressSanitizer and UBSan (the fault shim is preloaded after ASan's runtime). */
const SANITIZE = process.env.SAVE_SANITIZE ? ['-fsanitize=address,undefined', '-fno-sanitize-recover=all', '-fno-omit-frame-pointer', '-g'] : [];
const SANITIZE_ENV: NodeJS.ProcessEnv = SANITIZE.length ? { ASAN_OPTIONS: 'verify_asan_link_order=0:detect_leaks=1' } : {};

/** Builds both drivers and the fault shim (c/save-faults.c); returns the shim's path. */
export function buildDrivers(): string {
  const core = path.join(ROOT, 'native/core');
  execFileSync('cc', [...SANITIZE, '-O1', '-Wall', '-Werror', '-I', core, '-I', path.join(ROOT, 'native/desktop'), '-o', DRIVER.desktop,
    path.join(HERE, 'c/save-states.c'), path.join(ROOT, 'native/desktop/desktop_save.c'), path.join(ROOT, 'native/desktop/posix.c'), path.join(core, 'save.c')]);
  execFileSync('cc', [...SANITIZE, '-O1', '-Wall', '-Werror', '-D__PSP__', '-DPSP_MODEL', '-DPSP_DISC_ID="RATS00001"', '-I', path.join(ROOT, 'test/native/psp-stubs'),
    '-I', core, '-I', path.join(ROOT, 'native/psp'), '-o', DRIVER.psp, path.join(HERE, 'c/save-states.c'), path.join(HERE, 'c/fat-model.c'),
    path.join(ROOT, 'native/psp/psp_save.c'), path.join(ROOT, 'native/psp/psp_sfo.c'), path.join(core, 'save.c')]);
  return buildSaveFaults(bin);
}

/** Whether the game's reader (src/app/settings.ts) would take the text whole. */
export function readsAsSave(text: string): boolean {
  try {
    const v = JSON.parse(text) as { version?: unknown };
    return v !== null && typeof v === 'object' && !Array.isArray(v) && v.version === 1;
  } catch {
    return false;
  }
}

function parseSteps(mode: Mode, r: { status: number | null; signal: string | null; stdout: string; stderr: string }): Step[] {
  if (r.status !== 0) throw new Error(`save-states ${mode} failed (${r.status} ${r.signal}): ${r.stderr}`);
  return r.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Step);
}

/** One session in a fresh folder: the folder the save lives in, and the steps' results. */
export class Session {
  readonly root = tempDir('states');
  readonly dir: string;
  constructor(readonly mode: Mode) {
    this.dir = mode === 'desktop' ? path.join(this.root, 'ratscrew') : path.join(this.root, 'ms0:/PSP/SAVEDATA/RATS00001SETTINGS');
    mkdirSync(this.dir, { recursive: true });
  }
  file(name: string): string {
    return path.join(this.dir, name);
  }
  put(name: string, bytes: Buffer | string): void {
    writeFileSync(this.file(name), bytes);
  }
  /** The bytes of a regular file by that name (never through a link), or null. */
  bytes(name: string): Buffer | null {
    const f = this.file(name);
    return existsSync(f) && lstatSync(f).isFile() ? readFileSync(f) : null;
  }
  names(): string[] {
    return existsSync(this.dir) ? readdirSync(this.dir).filter((n) => n.startsWith('save.json')).sort() : [];
  }
  /** The copies kept: name -> bytes (a folder, FIFO or link kept aside shows as 'other'). */
  kept(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const n of this.names().filter((x) => x.includes('.damaged'))) out[n] = this.bytes(n)?.toString('latin1') ?? 'other';
    return out;
  }
  /** The driver's command line; `wrap` puts it inside another (unshare, for a PID namespace of its own). */
  argv(steps: string[], wrap: Wrap = (a) => a): string[] {
    return wrap([DRIVER[this.mode], this.mode === 'desktop' ? this.dir : this.root, ...steps]);
  }
  run(steps: string[], env: NodeJS.ProcessEnv = {}, wrap?: Wrap): Step[] {
    const argv = this.argv(steps, wrap);
    const r = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8', timeout: 20_000, env: { ...process.env, ...SANITIZE_ENV, ...env } });
    return parseSteps(this.mode, r);
  }
  /** run() in the background: resolves when the driver ends. */
  start(steps: string[], env: NodeJS.ProcessEnv = {}, wrap?: Wrap): Promise<Step[]> {
    const argv = this.argv(steps, wrap);
    return new Promise((resolve, reject) => {
      const child = spawn(argv[0]!, argv.slice(1), { env: { ...process.env, ...SANITIZE_ENV, ...env } });
      let stdout = '';
      let stderr = '';
      const limit = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('exit', (status, signal) => {
        clearTimeout(limit);
        try {
          resolve(parseSteps(this.mode, { status, signal, stdout, stderr }));
        } catch (e) {
          reject(e);
        }
      });
    });
  }
  /** A whole session: load; keepDamaged when the text does not read as the game's JSON
   * (or when `forceKeep` says so: the game's parser has less stack than Node's); save NEW. */
  session(env: NodeJS.ProcessEnv = {}, forceKeep = false): { load: Step; keep: Step | null; save: Step } {
    const [load] = this.run(['load'], env);
    const unreadable = forceKeep || (load!.text !== null && !readsAsSave(load!.text));
    const rest = this.run([...(unreadable ? ['keep'] : []), 'save', NEW], env);
    return { load: load!, keep: unreadable ? rest[0]! : null, save: rest[rest.length - 1]! };
  }
  /** The fault shim's settings (c/save-faults.c) that make opening `name` fail the platform's way: EIO on the PSP, EACCES (permissions) on the desktop. */
  unreadable(name: string): NodeJS.ProcessEnv {
    return { SAVE_UNREADABLE: name, SAVE_UNREADABLE_ERRNO: this.mode === 'psp' ? 'EIO' : 'EACCES' };
  }
  /** What the game would load now, in a new session. */
  loadsNow(): Step {
    return this.run(['load'])[0]!;
  }
}
