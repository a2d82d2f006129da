#!/usr/bin/env node
// Runs the PSP's network check EBOOT (native/psp/net_check.c) in PPSSPP's
// native headless emulator against test/native/net-server.mjs, both inside
// a network namespace of their own (unshare: only a loopback, so the
// server's 127.0.0.1 is the emulated PSP's 127.0.0.1 and nothing else is
// reachable):
//
//   node tools/psp-emulator/net-check.mjs --eboot build/psp-net-check/EBOOT.PBP --out DIR [--emulator PATH]
//
// Writes DIR/console.log (the emulator's log), DIR/printed.txt (the
// program's printf lines), DIR/connection-dialog.png (the system's
// connection dialog, 480x272) and prints the program's "NET ..." lines,
// then "net-check: ok" or "net-check: FAIL <why>" (exit 1). The emulator
// and the server are ended by their process ids on every way out.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ownNetwork } from './netns.mjs';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '../..');
const PRINTF = /^. Printf: stdout: (.*)$/;

function args(argv) {
  const o = { emulator: process.env.PPSSPP_HEADLESS || '', timeout: 240 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--eboot') o.eboot = path.resolve(argv[++i]);
    else if (argv[i] === '--out') o.out = path.resolve(argv[++i]);
    else if (argv[i] === '--emulator') o.emulator = argv[++i];
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!o.eboot || !o.out || !existsSync(o.eboot)) throw new Error('usage: net-check.mjs --eboot EBOOT.PBP --out DIR [--emulator PATH]');
  if (!o.emulator || !existsSync(o.emulator)) throw new Error('no emulator: set PPSSPP_HEADLESS or --emulator');
  return o;
}

ownNetwork(HERE, 'net-check');

const children = [];
const endAll = () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
};
process.on('exit', endAll);

function startServer() {
  const server = spawn(process.execPath, [path.join(ROOT, 'test/native/net-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(server);
  return new Promise((resolve, reject) => {
    let text = '';
    server.stdout.on('data', (d) => {
      text += d;
      const m = /net-server (\d+) (\d+)/.exec(text);
      if (m) resolve({ port: Number(m[1]), closedPort: Number(m[2]) });
    });
    server.on('exit', () => reject(new Error('the check server ended before it listened')));
  });
}

function runEmulator(o, root, home) {
  const log = [];
  const emu = spawn(o.emulator, ['--graphics=software', '--log', `--timeout=${o.timeout}`, `--root=${root}`,
    `--screenshot-save=${path.join(o.out, 'screenshot-raw.png')}`, path.join(root, 'EBOOT.PBP')], {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: home },
  });
  children.push(emu);
  const lines = (stream) => {
    let rest = '';
    stream.on('data', (d) => {
      rest += d;
      const parts = rest.split('\n');
      rest = parts.pop();
      log.push(...parts);
    });
  };
  lines(emu.stdout);
  lines(emu.stderr);
  return new Promise((resolve) => emu.on('exit', (code, signal) => resolve({ code, signal, log })));
}

async function crop(raw, file) {
  const { PNG } = await import('pngjs');
  const full = PNG.sync.read(readFileSync(raw));
  const out = new PNG({ width: 480, height: 272 });
  for (let y = 0; y < 272; y++) full.data.copy(out.data, y * 480 * 4, y * full.width * 4, y * full.width * 4 + 480 * 4);
  writeFileSync(file, PNG.sync.write(out));
}

try {
  const o = args(process.argv.slice(2));
  rmSync(o.out, { recursive: true, force: true });
  const root = path.join(o.out, 'root');
  const home = path.join(o.out, 'home');
  mkdirSync(root, { recursive: true });
  mkdirSync(home, { recursive: true });
  // PPSSPP boots only a program inside the folder it mounts as host0:.
  copyFileSync(o.eboot, path.join(root, 'EBOOT.PBP'));
  const { port, closedPort } = await startServer();
  writeFileSync(path.join(root, 'net-check.txt'), `127.0.0.1 ${port} ${closedPort}\n`);
  const { code, signal, log } = await runEmulator(o, root, home);
  writeFileSync(path.join(o.out, 'console.log'), log.join('\n') + '\n');
  const printed = log.map((l) => PRINTF.exec(l)?.[1]).filter((l) => l !== undefined);
  writeFileSync(path.join(o.out, 'printed.txt'), printed.join('\n') + '\n');
  for (const l of printed) if (l.startsWith('NET ')) process.stdout.write(l + '\n');
  if (existsSync(path.join(o.out, 'screenshot-raw.png'))) await crop(path.join(o.out, 'screenshot-raw.png'), path.join(o.out, 'connection-dialog.png'));
  const done = printed.find((l) => l.startsWith('NET done '));
  if (signal || code !== 0) process.stdout.write(`net-check: FAIL the emulator ended with ${signal ?? `code ${code}`}\n`);
  else if (!done) process.stdout.write(`net-check: FAIL the program did not finish its checks (see ${path.join(o.out, 'console.log')})\n`);
  else if (done !== 'NET done 0' || printed.some((l) => l.startsWith('NET FAIL'))) process.stdout.write('net-check: FAIL some checks failed\n');
  else process.stdout.write('net-check: ok\n');
  endAll();
  process.exit(done === 'NET done 0' && !printed.some((l) => l.startsWith('NET FAIL')) ? 0 : 1);
} catch (e) {
  process.stdout.write(`net-check: FAIL ${e.message}\n`);
  endAll();
  process.exit(1);
}
