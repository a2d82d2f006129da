// The emulator drivers' own checks (tools/psp-emulator): each way a run can
// go wrong ends with one line that says which; the Chromium driver's
// installed packages are reused; the native driver keeps the emulator off
// the network and ends the Xvfb it started. The boot and the game
// themselves are checked by the other PSP checks, which cannot pass without
// a working driver.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../native/headless';
import { DRIVER, installEmulator, makePsp, missing, OUTPUT } from './ppsspp';

const why = missing();
const EMULATOR = path.join(ROOT, 'tools/psp-emulator');
const EBOOT = path.join(ROOT, 'build/psp/EBOOT.PBP');

function driver(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): { status: number | null; lines: string[]; out: string } {
  const out = path.join(OUTPUT, 'harness', path.basename(mkdtempSync(path.join(os.tmpdir(), 'psp-emulator-'))));
  const r = spawnSync('node', [path.join(EMULATOR, script), '--out', out, ...args], { encoding: 'utf8', timeout: 900_000, env });
  const lines = `${r.stdout}${r.stderr}`.split('\n').filter((l) => l.trim() !== '');
  return { status: r.status, lines, out };
}

describe.skipIf(why !== null || DRIVER !== 'chromium')('the Chromium driver', () => {
  const harness = (...args: string[]) => driver('run.mjs', ['--eboot', EBOOT, ...args]);

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

describe.skipIf(why !== null || DRIVER !== 'native')('the native driver', () => {
  const native = (args: string[], env: NodeJS.ProcessEnv = process.env) => driver('native.mjs', args, env);

  beforeAll(() => makePsp('psp'), 900_000);

  it('a missing emulator ends with one clear line', () => {
    const r = native(['--eboot', EBOOT], { ...process.env, PPSSPP_HEADLESS: '/nonexistent/PPSSPPHeadless' });
    expect(r.status).toBe(1);
    expect(r.lines).toEqual(['psp-emulator: FAIL (no emulator): no PPSSPPHeadless at /nonexistent/PPSSPPHeadless (PPSSPP_HEADLESS)']);
  });

  it('a file that is no PSP program ends with one clear line', () => {
    const r = native(['--eboot', path.join(ROOT, 'package.json')]);
    expect(r.status, r.lines.join('\n')).toBe(2);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(/^psp-emulator: FAIL \(boot failed\): the emulator exited before the game started \(exit status \d+\): .+ \(see .+console\.log\)$/);
  }, 120_000);

  it('a crash of the emulator ends with one clear line', () => {
    const r = native(['--eboot', EBOOT, '--inject', 'crash', '--until-ms', '2000']);
    expect(r.status, r.lines.join('\n')).toBe(3);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(/^psp-emulator: FAIL \(core crashed\): PPSSPPHeadless ended by signal SIGABRT after \d+ ms of emulated time \(see .+console\.log\)$/);
  }, 120_000);

  it('runs the emulator off the network and ends the Xvfb it started for OpenGL', () => {
    const r = native(['--eboot', EBOOT, '--graphics', 'gles', '--until-ms', '500']);
    expect(r.status, r.lines.join('\n')).toBe(0);
    const record = JSON.parse(readFileSync(path.join(r.out, 'run.json'), 'utf8')) as { netns: string; xvfb: { pid: number; display: string } };
    // A network namespace of its own: the debugger's web server cannot reach
    // report.ppsspp.org, nor anything but its own loopback.
    expect(record.netns).toMatch(/^net:\[\d+\]$/);
    expect(record.netns).not.toBe(readlinkSync('/proc/self/ns/net'));
    expect(readFileSync(path.join(r.out, 'console.log'), 'utf8')).toMatch(/Failed to resolve host 'report\.ppsspp\.org'/);
    expect(Number(record.xvfb.display.slice(1))).toBeGreaterThanOrEqual(100);
    expect(existsSync(`/proc/${record.xvfb.pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${record.xvfb.pid}/status`, 'utf8')), `Xvfb ${record.xvfb.pid} still runs`).toBe(false);
  }, 120_000);
});
