// The release EBOOT itself (make psp), with the PSP toolchain: its identity
// in PARAM.SFO, and that the same commit gives the same bytes from any
// checkout folder (no build paths inside).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../native/headless';
import { makePsp, missing, pspdev } from './ppsspp';
import { pbpParamSfo, readPsf } from './psf';

const EBOOT = path.join(ROOT, 'build/psp/EBOOT.PBP');
const why = missing();

describe.skipIf(why !== null)('the release EBOOT', () => {
  beforeAll(() => makePsp('psp'), 600_000);

  it('has the game\'s own DISC_ID, title and version, not PSPSDK\'s default', () => {
    const sfo = readPsf(pbpParamSfo(readFileSync(EBOOT)));
    expect(sfo.get('DISC_ID')).toBe('RATS00001');
    expect(sfo.get('DISC_ID')).not.toBe('UCJS10041');
    expect(sfo.get('TITLE')).toBe('Egyptian Ratscrew');
    expect(sfo.get('APP_VER')).toMatch(/^\d\d\.\d\d$/);
    expect(sfo.get('CATEGORY')).toBe('MG');
    // No extra memory: the same 24 MB on every model (native/psp/Makefile,
    // PSP_LARGE_MEMORY); pspsdk would ask for the PSP-2000/3000's 64 MB.
    expect(sfo.get('MEMSIZE')).toBe(0);
  });

  it('holds no path of the machine that built it', () => {
    const bytes = readFileSync(EBOOT).toString('latin1');
    expect(bytes).not.toContain(ROOT);
    expect(bytes).not.toContain(os.homedir() + '/');
  });

  it('is the same, byte for byte, when built from another folder', () => {
    // A second checkout's worth of inputs: the sources, the bundle, the
    // generated assets and the patched QuickJS sources, its npm packages (the
    // splash is drawn by src/view/splash.ts, run by tsx: tools/native/splash.ts),
    // and, to spare the stage two compiles of quickjs.c (~40 s of CPU), the
    // PSP's QuickJS library and the bytecode writer as the first folder built
    // them: a path they picked up would show in the EBOOT, which the check
    // above reads for one. The project's objects, the embedded files, the
    // link and the packing are made again here.
    const other = path.join(os.tmpdir(), `ratscrew-second-folder-${process.pid}`);
    rmSync(other, { recursive: true, force: true });
    mkdirSync(path.join(other, 'build'), { recursive: true });
    for (const part of ['native', 'tools', 'src', 'dist', 'assets', 'package.json', 'tsconfig.json']) cpSync(path.join(ROOT, part), path.join(other, part), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(other, 'node_modules'));
    for (const dir of ['quickjs', 'psp-quickjs', 'psp-bytecode']) cpSync(path.join(ROOT, 'build', dir), path.join(other, 'build', dir), { recursive: true });
    const dir = pspdev()!;
    const r = spawnSync('make', ['-s', '-C', path.join(other, 'native'), 'psp'], {
      encoding: 'utf8',
      env: { ...process.env, PSPDEV: dir, PATH: `${path.join(dir, 'bin')}:${process.env.PATH}` },
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(r.status, r.stdout.slice(-2000) + r.stderr.slice(-2000)).toBe(0);
    const second = readFileSync(path.join(other, 'build/psp/EBOOT.PBP'));
    expect(second.equals(readFileSync(EBOOT)), 'the EBOOT depends on the folder it was built in').toBe(true);
    rmSync(other, { recursive: true, force: true });
  }, 600_000);
});
