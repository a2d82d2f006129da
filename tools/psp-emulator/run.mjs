#!/usr/bin/env node
// Boots a PSP EBOOT in PPSSPP and runs a script of button presses and
// screenshots on emulated frames, counted from the frame at which PPSSPP
// started the game's module (tools/psp-emulator/README.md):
//
//   node tools/psp-emulator/run.mjs --eboot build/psp/EBOOT.PBP --out DIR
//        [--steps steps.json] [--frames N] [--core-option key=value]...
//        [--boot-timeout S] [--timeout S] [--chromium PATH]
//
// PPSSPP is EmulatorJS's libretro core built for WebAssembly, in Debian's
// chromium driven by playwright-core (page.mjs, server.mjs). Everything it
// saw goes to DIR: console.log (the browser's console: the core's log, the
// harness's presses), printed.txt (the game's printf lines, in order),
// NAME.png per screenshot step, and run.json. It prints one line at the
// end, "psp-emulator: ok ..." or "psp-emulator: FAIL (<what>): <why>", and
// exits 0, 1 (usage or setup), 2 (boot), 3 (crash or stall after boot) or
// 4 (time limit).
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUTTONS, pageHtml, startRunner } from './page.mjs';
import { serve } from './server.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const EXIT = { ok: 0, setup: 1, boot: 2, crash: 3, time: 4 };

/** The one line the run ends with. */
class Failure extends Error {
  constructor(code, what, why) {
    super(why);
    this.code = code;
    this.what = what;
  }
}

function usage(why) {
  return new Failure(EXIT.setup, 'usage', `${why}; usage: run.mjs --eboot FILE --out DIR [--steps FILE] [--frames N] [--core-option k=v]... [--boot-timeout S] [--timeout S] [--chromium PATH]`);
}

function parseArgs(argv) {
  const o = { frames: 0, coreOptions: {}, bootTimeout: 300, timeout: 0, chromium: process.env.CHROMIUM || '/usr/bin/chromium', inject: null };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw usage(`${flag} needs a value`);
      return argv[++i];
    };
    const count = () => {
      const v = Number(value());
      if (!Number.isFinite(v) || v < 0) throw usage(`${flag} wants a number >= 0`);
      return v;
    };
    if (flag === '--eboot') o.eboot = path.resolve(value());
    else if (flag === '--out') o.out = path.resolve(value());
    else if (flag === '--steps') o.steps = path.resolve(value());
    else if (flag === '--frames') o.frames = count();
    else if (flag === '--boot-timeout') o.bootTimeout = count();
    else if (flag === '--timeout') o.timeout = count();
    else if (flag === '--chromium') o.chromium = value();
    // For the harness's own tests (test/psp/emulator.test.ts): make the
    // core's runtime abort, as a crash of the core does, once the game runs.
    else if (flag === '--inject') o.inject = value();
    else if (flag === '--core-option') {
      const kv = value();
      const eq = kv.indexOf('=');
      if (eq <= 0) throw usage(`--core-option wants key=value, not ${kv}`);
      o.coreOptions[kv.slice(0, eq)] = kv.slice(eq + 1);
    } else throw usage(`unknown option ${flag}`);
  }
  if (!o.eboot || !o.out) throw usage('--eboot and --out are required');
  if (!existsSync(o.eboot)) throw usage(`no EBOOT at ${o.eboot}`);
  if (o.inject && o.inject !== 'crash') throw usage(`--inject knows only "crash"`);
  return o;
}

/** Steps from JSON: [{ at_frame, press?: button | [button], hold_frames?, screenshot?, comment? }]. */
function readSteps(file) {
  if (!file) return [];
  let raw;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw usage(`cannot read the steps ${file}: ${e.message}`);
  }
  if (!Array.isArray(raw)) throw usage(`${file}: not a list of steps`);
  return raw.map((s, k) => {
    if (typeof s?.at_frame !== 'number' || s.at_frame < 0) throw usage(`${file} step ${k}: at_frame must be a frame number`);
    const press = s.press === undefined ? [] : [s.press].flat();
    for (const b of press) if (!(b in BUTTONS)) throw usage(`${file} step ${k}: no button "${b}" (${Object.keys(BUTTONS).join(' ')})`);
    if (s.screenshot !== undefined && !/^[\w.-]+$/.test(String(s.screenshot))) throw usage(`${file} step ${k}: screenshot names are letters, digits, . _ -`);
    if (!press.length && !s.screenshot) throw usage(`${file} step ${k}: neither press nor screenshot`);
    return { at_frame: s.at_frame, press, hold_frames: s.hold_frames, screenshot: s.screenshot, comment: s.comment };
  }).sort((a, b) => a.at_frame - b.at_frame);
}

/** Where an installed npm package is, or a Failure saying how to install it. */
function packageDir(name) {
  const dir = path.join(HERE, 'node_modules', name);
  if (!existsSync(path.join(dir, 'package.json'))) {
    throw new Failure(EXIT.setup, 'not installed', `${name} is missing: run node tools/psp-emulator/install.mjs`);
  }
  return dir;
}

// What the core's log says. A line with "Module entry" is PPSSPP starting
// the game's module; the others end the run.
const GAME_STARTED = /\[LOADER\] Module entry|\[SYSTEM\] Starting modules/;
const BOOT_FAILED = /\[BOOT\] Failed to load executable.*|Failed to load content.*|Failed to start game|SharedArrayBuffer function is not exposed/;
const CRASHED = /\bAborted\(.*|RuntimeError: .*|No content, starting dummy core/;
// After the game's own sceKernelExitGame, the core winding down is no crash.
const GAME_EXIT = /sceKernelExitGame/;
const PRINTF = '[PRINTF] stdout: ';

/** Chromium's processes still running under this one (ids), to end by id. */
function browserProcesses() {
  const out = [];
  const parent = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const mine = (pid) => {
    for (let p = pid, n = 0; p > 1 && n < 64; p = parent.get(p) ?? 0, n++) if (p === process.pid) return true;
    return false;
  };
  for (const pid of parent.keys()) if (pid !== process.pid && mine(pid)) out.push(pid);
  return out;
}

async function run(o) {
  const steps = readSteps(o.steps);
  const ejs = packageDir('@emulatorjs/emulatorjs');
  const core = packageDir('@emulatorjs/core-ppsspp');
  const playwright = packageDir('playwright-core');
  if (!existsSync(o.chromium)) {
    throw new Failure(EXIT.setup, 'no chromium', `no browser at ${o.chromium}: apt-get install chromium (or set CHROMIUM)`);
  }
  mkdirSync(o.out, { recursive: true });
  const t0 = Date.now();
  const seconds = () => ((Date.now() - t0) / 1000).toFixed(1);
  const logFile = createWriteStream(path.join(o.out, 'console.log'));
  const log = (line) => logFile.write(`[${seconds()}] ${line}\n`);
  const printed = [];
  const shots = [];
  const info = { eboot: o.eboot, coreOptions: o.coreOptions, steps: steps.length };
  let gameStarted = null;
  let gameExited = false;
  let fatal = null;
  const heard = (text) => {
    if (text.startsWith(PRINTF) || text.includes(PRINTF)) printed.push(text.slice(text.indexOf(PRINTF) + PRINTF.length).replace(/\r?\n$/, ''));
    if (gameStarted === null && GAME_STARTED.test(text)) gameStarted = Date.now();
    if (!fatal && BOOT_FAILED.test(text)) fatal = new Failure(EXIT.boot, 'boot failed', text.match(BOOT_FAILED)[0]);
    if (GAME_EXIT.test(text)) gameExited = true;
    if (!fatal && CRASHED.test(text) && !(gameExited && /No content/.test(text))) {
      fatal = gameStarted === null ? new Failure(EXIT.boot, 'boot failed', text.match(CRASHED)[0])
        : new Failure(EXIT.crash, 'core crashed', text.match(CRASHED)[0]);
    }
  };

  const game = path.basename(o.eboot).replace(/[^\w.-]/g, '_');
  const { server, origin } = await serve(pageHtml({ game, coreOptions: o.coreOptions }), [
    ['/data/cores/', core],
    ['/data/', path.join(ejs, 'data')],
    [`/game/${game}`, o.eboot],
  ]);
  const { chromium } = await import(path.join(playwright, 'index.mjs'));
  let browser = null;
  let crashedPage = null;
  const close = async () => {
    try {
      if (browser) await Promise.race([browser.close(), new Promise((r) => setTimeout(r, 15_000))]);
    } catch {
      // already gone
    }
    for (const pid of browserProcesses()) {
      try {
        process.kill(pid, 'SIGKILL');
        log(`[harness] ended browser process ${pid}, left after close`);
      } catch {
        // gone meanwhile
      }
    }
    server.closeAllConnections?.();
    server.close();
  };
  const finish = async (result) => {
    await close();
    writeFileSync(path.join(o.out, 'printed.txt'), printed.map((l) => l + '\n').join(''));
    writeFileSync(path.join(o.out, 'run.json'), JSON.stringify({ ...info, shots, ...result }, null, 1) + '\n');
    await new Promise((r) => logFile.end(r));
  };

  try {
    browser = await chromium.launch({
      executablePath: o.chromium,
      headless: true,
      timeout: 120_000,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      args: [
        '--no-sandbox', '--mute-audio', '--no-first-run', '--disable-extensions', '--disable-sync',
        '--disable-background-networking', '--disable-component-update', '--disable-breakpad', '--disable-dev-shm-usage',
        // Keep emulating when nothing is on screen.
        '--disable-background-timer-throttling', '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows',
        // WebGL2 with no GPU: ANGLE on SwiftShader, on the CPU.
        '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist',
        // Only the harness's own server answers.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    }).catch((e) => {
      throw new Failure(EXIT.setup, 'no chromium', `${o.chromium} did not start: ${String(e.message).split('\n')[0]}`);
    });
    info.browser = browser.version();
    const context = await browser.newContext({ viewport: { width: 480, height: 272 }, deviceScaleFactor: 1 });
    context.on('console', (msg) => {
      const text = msg.text();
      if (!text.trim()) return;
      log(`[${msg.type()}] ${text}`);
      heard(text);
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => {
      log(`[pageerror] ${e.stack || e.message}`);
      heard(String(e.message));
    });
    page.on('crash', () => {
      crashedPage = 'the page crashed (the renderer process died)';
    });
    await page.exposeFunction('__emuShot', (name, frame, dataUrl) => {
      const file = path.join(o.out, `${name}.png`);
      writeFileSync(file, Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
      shots.push({ name, frame, at_s: Number(seconds()) });
      log(`[harness] screenshot ${name}.png at frame ${frame}`);
    });
    await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 60_000 });
    const env = await page.evaluate(() => ({
      isolated: self.crossOriginIsolated,
      webgl2: !!document.createElement('canvas').getContext('webgl2'),
    }));
    if (!env.isolated) throw new Failure(EXIT.boot, 'boot failed', 'the page is not cross-origin isolated: no SharedArrayBuffer for the threaded core');
    if (!env.webgl2) throw new Failure(EXIT.boot, 'boot failed', 'no WebGL2 in this chromium (the SwiftShader flags?)');

    // Boot: EmulatorJS starts the core, then PPSSPP starts the game's module.
    const bootBy = Date.now() + o.bootTimeout * 1000;
    for (;;) {
      if (fatal) throw fatal;
      if (crashedPage) throw new Failure(EXIT.boot, 'boot failed', crashedPage);
      const started = await page.evaluate(() => window.__emu.startedAt !== null && !!window.EJS_emulator?.started);
      if (started && gameStarted !== null) break;
      if (Date.now() > bootBy) {
        throw new Failure(EXIT.boot, 'boot timeout', `the game did not start within ${o.bootTimeout} s (${started ? 'the core ran, but PPSSPP never started the module' : 'the core never started'})`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    info.bootSeconds = Number(seconds());
    log(`[harness] booted after ${info.bootSeconds} s`);
    try {
      info.coreOptionsOffered = await page.evaluate(() => window.EJS_emulator.gameManager.getCoreOptions());
    } catch {
      // only for the record
    }
    const started = await page.evaluate(startRunner, { steps, buttons: BUTTONS, holdFrames: 3 });
    const first = started.frame;
    info.moduleStartFrame = started.base;
    log(`[harness] the game's module started at RetroArch frame ${started.base}; the runner at frame ${first} after it`);
    if (o.inject === 'crash') {
      await page.evaluate(() => setTimeout(() => window.EJS_emulator.Module.abort('psp-emulator: crash injected by --inject crash'), 500));
    }

    // Run until every step is done and the last frame asked for is reached.
    const lastFrame = Math.max(o.frames, ...steps.map((s) => s.at_frame + 1));
    const limit = (o.timeout || o.bootTimeout + 180 + lastFrame / 5) * 1000 + t0;
    let frame = first;
    let movedAt = Date.now();
    for (;;) {
      if (fatal) throw fatal;
      if (crashedPage) throw new Failure(EXIT.crash, 'core crashed', crashedPage);
      const s = await page.evaluate(() => ({ f: window.EJS_emulator.gameManager.getFrameNum() - window.__emu.entryFrame, pending: window.__emu.pending(), error: window.__emu.error }));
      if (s.error) throw new Failure(EXIT.crash, 'runner failed', s.error.split('\n')[0]);
      if (s.f !== frame) {
        frame = s.f;
        movedAt = Date.now();
      } else if (Date.now() - movedAt > 60_000) {
        throw new Failure(EXIT.crash, 'stalled', `no new emulated frame for 60 s (frame ${frame})`);
      }
      if (s.pending === 0 && s.f >= lastFrame) break;
      if (Date.now() > limit) throw new Failure(EXIT.time, 'time limit', `frame ${s.f} of ${lastFrame} after ${seconds()} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    info.frames = frame;
    info.fps = Number(((frame - first) / (Number(seconds()) - info.bootSeconds)).toFixed(1));
    const line = `psp-emulator: ok: booted in ${info.bootSeconds} s, ${frame} frames (${info.fps}/s), ${shots.length} screenshots, ${printed.length} printed lines`;
    await finish({ ok: true, exit: EXIT.ok, message: line });
    return line;
  } catch (e) {
    const f = e instanceof Failure ? e : new Failure(EXIT.crash, 'harness error', String(e?.message ?? e).split('\n')[0]);
    await finish({ ok: false, exit: f.code, message: f.message, what: f.what });
    throw f;
  }
}

const main = async () => {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
    const line = await run(o);
    process.stdout.write(line + '\n');
    process.exit(EXIT.ok);
  } catch (e) {
    const f = e instanceof Failure ? e : new Failure(EXIT.crash, 'harness error', String(e?.stack ?? e));
    process.stdout.write(`psp-emulator: FAIL (${f.what}): ${f.message}${o?.out && existsSync(path.join(o.out, 'console.log')) ? ` (see ${path.join(o.out, 'console.log')})` : ''}\n`);
    process.exit(f.code);
  }
};

// Signals end the browser too.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    for (const pid of browserProcesses()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    process.exit(130);
  });
}
main();
