// The emulator harness's own checks (tools/psp-emulator): each way a run can
// go wrong ends with one line that says which, and the installed packages
// are reused. The boot and the game themselves are checked by the other
// PSP checks, which cannot pass without a working harness.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../native/headless';
import { installEmulator, makePsp, missing, OUTPUT } from './ppsspp';

const why = missing();
const EMULATOR = path.join(ROOT, 'tools/psp-emulator');
const EBOOT = path.join(ROOT, 'build/psp/EBOOT.PBP');

function harness(...args: string[]): { status: number | null; lines: string[] } {
  const out = mkdtempSync(path.join(os.tmpdir(), 'psp-emulator-'));
  const r = spawnSync('node', [path.join(EMULATOR, 'run.mjs'), '--eboot', EBOOT, '--out', path.join(OUTPUT, 'harness', path.basename(out)), ...args], {
    encoding: 'utf8',
    timeout: 900_000,
  });
  const lines = `${r.stdout}${r.stderr}`.split('\n').filter((l) => l.trim() !== '');
  return { status: r.status, lines };
}

describe.skipIf(why !== null)('the emulator harness', () => {
  beforeAll(() => {
    installEmulator();
    makePsp('psp');
  }, 900_000);

  it('a second install reuses the installed packages', () => {
    const record = path.join(EMULATOR, 'node_modules/.package-lock.json');
    const before = statSync(record).mtimeMs;
    const r = spawnSync('node', [path.join(EMULATOR, 'install.mjs')], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('psp-emulator: packages already installed (tools/psp-emulator/node_modules)');
    expect(statSync(record).mtimeMs).toBe(before);
  });

  it('a missing chromium ends with one clear line', () => {
    const r = harness('--chromium', '/nonexistent/chromium');
    expect(r.status).toBe(1);
    expect(r.lines).toEqual(['psp-emulator: FAIL (no chromium): no browser at /nonexistent/chromium: apt-get install chromium (or set CHROMIUM)']);
  });

  it('a boot timeout ends with one clear line', () => {
    const r = harness('--boot-timeout', '1');
    expect(r.status).toBe(2);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(/^psp-emulator: FAIL \(boot timeout\): the game did not start within 1 s \(.+\) \(see .+console\.log\)$/);
  }, 300_000);

  it('a crash of the core ends with one clear line', () => {
    const r = harness('--inject', 'crash', '--frames', '100000');
    expect(r.status, r.lines.join('\n')).toBe(3);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(/^psp-emulator: FAIL \(core crashed\): .*crash injected by --inject crash.* \(see .+console\.log\)$/);
    const log = readFileSync(r.lines[0]!.replace(/^.*\(see (.+)\)$/, '$1'), 'utf8');
    expect(log, 'the game had started before the crash').toContain('Module entry');
  }, 900_000);
});
