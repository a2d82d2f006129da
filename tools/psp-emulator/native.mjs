#!/usr/bin/env node
// Boots a PSP EBOOT in PPSSPP's own headless emulator (a native build,
// PPSSPP_HEADLESS names it) and runs a script of button presses and
// screenshots at exact times of the emulated clock (tools/psp-emulator/README.md):
//
//   node tools/psp-emulator/native.mjs --eboot build/psp/EBOOT.PBP --out DIR
//        [--steps steps.json] [--until-ms MS] [--graphics software|gles]
//        [--model 0|1] [--emulator PATH] [--timeout S] [--realtime [--live]] [--save FILE]
//
// The emulator starts paused with its WebSocket debugger on a port of its
// own; this driver runs it to each step's time (cpu.runUntilTime, emulated
// microseconds: the same place on every run), holds buttons there
// (input.buttons.send) and records the next frame's GE commands
// (gpu.record.dump), which the same emulator and renderer then draw into
// NAME.png (--screenshot-save on the frame dump): PPSSPP cannot read a
// picture back while its CPU is paused. Everything goes to DIR as the
// Chromium driver (run.mjs) writes it: console.log (the emulator's log with
// the driver's "[harness] press" lines in emulated-time order),
// printed.txt (the game's printf lines), NAME.png (480x272) per screenshot,
// run.json. --live (with --realtime) also takes commands on stdin, one a
// line, done at the emulated time they come: "press BUTTON[+BUTTON]" (held
// for one pacing step, three frames), "shot NAME", "end" (or stdin closed):
// a test that watches the game presses as a player would. It prints one line, "psp-emulator: ok ..." or
// "psp-emulator: FAIL (<what>): <why>", and exits 0, 1 (usage or setup),
// 2 (boot), 3 (crash) or 4 (time limit).
//
// Isolation: the debugger's web server announces itself to
// report.ppsspp.org, so the emulator runs in a network namespace of its own
// (unshare: only a loopback, nothing leaves the machine); OpenGL runs on an
// Xvfb of its own (a random display from 100 to 899, Mesa's llvmpipe).
// Both, and the emulator, are ended by their process ids on every way out.
import { spawn, spawnSync } from 'node:child_process';
import { constants, createWriteStream, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ownNetwork } from './netns.mjs';

const HERE = fileURLToPath(import.meta.url);
const EXIT = { ok: 0, setup: 1, boot: 2, crash: 3, time: 4 };
/** The PSP's refresh: a press held N frames lasts N / 59.94 s. */
const PSP_FPS = 59.94;
/** --realtime: emulated time run between two looks at the wall clock. */
const PACE_US = 50_000;
/** The driver's button names -> the debugger's (Core/Debugger/WebSocket/InputSubscriber.cpp). */
const BUTTONS = {
  cross: 'cross', square: 'square', circle: 'circle', triangle: 'triangle', start: 'start', select: 'select',
  up: 'up', down: 'down', left: 'left', right: 'right', l: 'ltrigger', r: 'rtrigger', home: 'home',
  // The probe build's sleep and access point lost (native/psp/psp_game.c).
  note: 'note', wlan: 'wlan',
};
const PRINTF = /^. Printf: stdout: (.*)$/;

class Failure extends Error {
  constructor(code, what, why) {
    super(why);
    this.code = code;
    this.what = what;
  }
}

function usage(why) {
  return new Failure(EXIT.setup, 'usage', `${why}; usage: native.mjs --eboot FILE --out DIR [--steps FILE] [--until-ms MS] [--graphics software|gles] [--model 0|1] [--emulator PATH] [--timeout S] [--realtime [--live]] [--save FILE]`);
}

function parseArgs(argv) {
  const o = { untilMs: 0, graphics: 'software', model: null, emulator: process.env.PPSSPP_HEADLESS || '', timeout: 300, inject: null, realtime: false };
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
    else if (flag === '--until-ms') o.untilMs = count();
    else if (flag === '--timeout') o.timeout = count();
    else if (flag === '--emulator') o.emulator = value();
    else if (flag === '--realtime') o.realtime = true;
    else if (flag === '--live') o.live = true;
    // A save file put on the fresh memory stick before the boot (its text
    // and trailer, native/core/save.c), where the game keeps its own.
    else if (flag === '--save') o.save = path.resolve(value());
    else if (flag === '--graphics') {
      o.graphics = value();
      if (o.graphics !== 'software' && o.graphics !== 'gles') throw usage('--graphics is software or gles');
    } else if (flag === '--model') {
      o.model = value();
      if (o.model !== '0' && o.model !== '1') throw usage('--model is 0 (PSP-1000) or 1 (PSP-2000/3000)');
    }
    // For the driver's own tests (test/psp/emulator.test.ts): the emulator
    // process aborts (SIGABRT, as a failed assertion in it would) once the
    // game runs. Not SIGSEGV: PPSSPP handles that itself (its fast memory).
    else if (flag === '--inject') o.inject = value();
    else throw usage(`unknown option ${flag}`);
  }
  if (!o.eboot || !o.out) throw usage('--eboot and --out are required');
  if (!existsSync(o.eboot)) throw usage(`no EBOOT at ${o.eboot}`);
  if (o.inject && o.inject !== 'crash') throw usage('--inject knows only "crash"');
  if (o.live && !o.realtime) throw usage('--live needs --realtime (its commands come at the wall clock\'s times)');
  return o;
}

/** Steps from JSON: [{ at_ms, press?: button | [button], hold_frames?, screenshot?, comment? }],
 * at_ms on the emulated clock (the game's sceKernelGetSystemTimeWide). */
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
    if (typeof s?.at_ms !== 'number' || s.at_ms < 0) throw usage(`${file} step ${k}: at_ms must be a time in ms`);
    const press = s.press === undefined ? [] : [s.press].flat();
    for (const b of press) if (!(b in BUTTONS)) throw usage(`${file} step ${k}: no button "${b}" (${Object.keys(BUTTONS).join(' ')})`);
    if (s.screenshot !== undefined && !/^[\w.-]+$/.test(String(s.screenshot))) throw usage(`${file} step ${k}: screenshot names are letters, digits, . _ -`);
    if (!press.length && !s.screenshot) throw usage(`${file} step ${k}: neither press nor screenshot`);
    return { at_ms: s.at_ms, press, hold_frames: s.hold_frames ?? 3, screenshot: s.screenshot, comment: s.comment };
  }).sort((a, b) => a.at_ms - b.at_ms);
}

/** The emulator named by --emulator or PPSSPP_HEADLESS, checked, or a Failure saying how to get one. */
function emulatorPath(o) {
  if (!o.emulator) throw new Failure(EXIT.setup, 'no emulator', 'PPSSPP_HEADLESS is not set: point it at a PPSSPPHeadless binary (docs/native.md)');
  const bin = path.resolve(o.emulator);
  if (!existsSync(bin)) throw new Failure(EXIT.setup, 'no emulator', `no PPSSPPHeadless at ${bin} (PPSSPP_HEADLESS)`);
  if (!existsSync(path.join(path.dirname(bin), 'assets'))) {
    throw new Failure(EXIT.setup, 'no emulator', `${bin} has no assets/ folder beside it (keep the build's assets with the binary)`);
  }
  return bin;
}

/** Ends a child process by its id (the whole process, not its group);
 * resolves once it is gone. */
function end(child, signal = 'SIGKILL') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const gone = new Promise((resolve) => {
    child.once('exit', resolve);
    setTimeout(resolve, 5000);
  });
  try {
    process.kill(child.pid, signal);
  } catch {
    // gone meanwhile
  }
  return gone;
}

/** An Xvfb of our own on a free display from 100 to 899; resolves once it accepts clients. */
async function startXvfb(log) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const n = 100 + Math.floor(Math.random() * 800);
    if (existsSync(`/tmp/.X${n}-lock`) || existsSync(`/tmp/.X11-unix/X${n}`)) continue;
    const xvfb = spawn('Xvfb', [`:${n}`, '-screen', '0', '1280x720x24', '-nolisten', 'tcp', '-displayfd', '3'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    const ready = await new Promise((resolve) => {
      let text = '';
      const timer = setTimeout(() => resolve(false), 15_000);
      xvfb.stdio[3].on('data', (d) => {
        text += d;
        if (text.includes('\n')) {
          clearTimeout(timer);
          resolve(true);
        }
      });
      xvfb.on('error', () => {
        clearTimeout(timer);
        resolve(false);
      });
      xvfb.on('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (ready) {
      log(`[harness] Xvfb :${n} started (pid ${xvfb.pid})`);
      return { process: xvfb, display: `:${n}` };
    }
    end(xvfb);
  }
  throw new Failure(EXIT.setup, 'no Xvfb', 'could not start Xvfb on a free display (apt-get install xvfb; OpenGL needs an X display)');
}

/** The pictures the program asks for (sceIoDevctl("kemulator:", 0x20)):
 * the emulator saves each to --screenshot-save, here a FIFO that this
 * reader holds open for reading and writing the whole run, so the writes
 * of one picture after another make one stream (no end between them, no
 * write into a closed pipe) in which each PNG ends with its IEND chunk. */
function pictureReader(fifo, onPicture) {
  const r = spawnSync('mkfifo', [fifo], { encoding: 'utf8' });
  if (r.status !== 0) throw new Failure(EXIT.setup, 'no FIFO', `mkfifo ${fifo}: ${r.stderr || r.error}`);
  const socket = new net.Socket({ fd: openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK), readable: true, writable: false });
  let pending = Buffer.alloc(0);
  let queue = Promise.resolve();
  let lastData = Date.now();
  socket.on('data', (chunk) => {
    lastData = Date.now();
    pending = Buffer.concat([pending, chunk]);
    for (let end; (end = pngEnd(pending)) > 0;) {
      const png = pending.subarray(0, end);
      pending = pending.subarray(end);
      queue = queue.then(() => onPicture(png));
    }
  });
  return {
    /** Once the emulator is gone: reads what it wrote last, then closes. */
    async stop() {
      const by = Date.now() + 3000;
      while ((pending.length > 0 || Date.now() - lastData < 100) && Date.now() < by) await new Promise((res) => setTimeout(res, 20));
      socket.destroy();
      await queue;
      rmSync(fifo, { force: true });
    },
  };
}

/** Where the first whole PNG in buf ends (after its IEND chunk), or 0. */
function pngEnd(buf) {
  let at = 8;
  while (at + 12 <= buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (type === 'IEND') return at <= buf.length ? at : 0;
  }
  return 0;
}

/** One WebSocket connection to the debugger: requests by ticket, broadcasts to listeners. */
class Debugger {
  constructor(ws) {
    this.ws = ws;
    this.ticket = 0;
    this.waiting = new Map();
    this.listeners = new Set();
    ws.addEventListener('message', (e) => {
      const m = JSON.parse(String(e.data));
      const w = m.ticket !== undefined ? this.waiting.get(m.ticket) : undefined;
      if (w) {
        this.waiting.delete(m.ticket);
        if (m.event === 'error') w.reject(new Error(`${w.event}: ${m.message}`));
        else w.resolve(m);
        return;
      }
      for (const l of this.listeners) l(m);
    });
    // The emulator gone: nothing will answer.
    ws.addEventListener('close', () => {
      for (const w of this.waiting.values()) w.reject(new Error(`${w.event}: the debugger closed`));
      this.waiting.clear();
    });
  }

  static connect(port) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/debugger`, 'debugger.ppsspp.org');
      ws.addEventListener('open', () => resolve(new Debugger(ws)));
      ws.addEventListener('error', () => reject(new Error(`no debugger on 127.0.0.1:${port}`)));
    });
  }

  /** A request answered now (a response or an error with its ticket). */
  ask(event, params = {}) {
    const ticket = ++this.ticket;
    return new Promise((resolve, reject) => {
      this.waiting.set(ticket, { event, resolve, reject });
      this.ws.send(JSON.stringify({ event, ticket, ...params }));
    });
  }

  /** The next broadcast that satisfies test. */
  next(test) {
    return new Promise((resolve) => {
      const l = (m) => {
        if (test(m)) {
          this.listeners.delete(l);
          resolve(m);
        }
      };
      this.listeners.add(l);
    });
  }

  close() {
    try {
      this.ws.close();
    } catch {
      // already closed
    }
  }
}

async function run(o) {
  const steps = readSteps(o.steps);
  const bin = emulatorPath(o);
  mkdirSync(o.out, { recursive: true });
  const t0 = Date.now();
  const seconds = () => ((Date.now() - t0) / 1000).toFixed(1);
  const logFile = createWriteStream(path.join(o.out, 'console.log'));
  const log = (line) => logFile.write(`[${seconds()}] ${line}\n`);
  const printed = [];
  const shots = [];
  const skipped = [];
  const info = { eboot: o.eboot, emulator: bin, graphics: o.graphics, model: o.model, steps: steps.length, netns: netns() };
  // A fresh memory stick, and no pictures of an earlier run taken for this one's.
  const home = path.join(o.out, 'home');
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  if (o.save) {
    const folder = path.join(home, '.ppsspp/PSP/SAVEDATA/RATS00001SETTINGS');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'save.json'), readFileSync(o.save));
  }
  for (const f of readdirSync(o.out)) if (/^emitted(-\d+)?\.png$/.test(f)) rmSync(path.join(o.out, f), { force: true });

  let xvfb = null;
  let emu = null;
  let dbg = null;
  let pictures = null;
  let exited = null;
  let exit = null;
  let nowUs = 0;
  const env = { ...process.env, HOME: home };
  if (o.model !== null) env.PPSSPP_PSP_MODEL = o.model;
  else delete env.PPSSPP_PSP_MODEL;
  const close = async () => {
    dbg?.close();
    await end(emu);
    await end(xvfb?.process);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      close().then(() => process.exit(130));
    });
  }

  try {
    if (o.graphics === 'gles') {
      xvfb = await startXvfb(log);
      env.DISPLAY = xvfb.display;
      info.xvfb = { display: xvfb.display, pid: xvfb.process.pid };
    }
    // --log --loglevel=4: the emulator's log at INFO, which carries the
    // game's printf lines ("Printf: stdout:") and the HLE calls that matter
    // (sceKernelExitGame); DEBUG would be twenty times as much.
    let emitted = 0;
    pictures = pictureReader(path.join(o.out, 'emitted.png'), async (png) => {
      await writeCropped(png, path.join(o.out, `emitted-${emitted}.png`));
      log(`[harness] picture emitted-${emitted}.png (asked for by the program)`);
      emitted++;
    });
    info.emitted = () => emitted;
    emu = spawn(bin, [`--graphics=${o.graphics}`, '--debugger=0', '--log', '--loglevel=4', `--timeout=${o.timeout}`,
      `--screenshot-save=${path.join(o.out, 'emitted.png')}`, o.eboot], {
      env,
      cwd: o.out,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    info.pid = emu.pid;
    exited = new Promise((resolve) => emu.on('exit', (code, signal) => resolve({ code, signal })));
    exited.then((e) => {
      exit = e;
    });
    let port = null;
    let lastError = null;
    let lastLine = Date.now();
    let portSeen;
    const portKnown = new Promise((resolve) => {
      portSeen = resolve;
    });
    const lineReader = (stream, onLine) => {
      let buf = '';
      stream.on('data', (d) => {
        buf += d;
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          onLine(buf.slice(0, i));
          buf = buf.slice(i + 1);
        }
        lastLine = Date.now();
      });
    };
    lineReader(emu.stderr, (line) => {
      log(line);
      if (/^E /.test(line)) lastError = line.slice(2).trim();
      const m = PRINTF.exec(line);
      if (m) printed.push(m[1]);
      const p = /Listening on port (\d+)/.exec(line);
      if (p && port === null) {
        port = Number(p[1]);
        portSeen();
      }
    });
    lineReader(emu.stdout, (line) => log(`[stdout] ${line}`));
    /** While the CPU is paused nothing new is logged: the lines written
     * before the pause have all been read once the pipe has been quiet for
     * 30 ms, counted over turns of the event loop that each polled it (a
     * timer, then setImmediate, which runs after the poll). */
    const drained = async () => {
      do await new Promise((r) => setTimeout(() => setImmediate(r), 10));
      while (Date.now() - lastLine < 30);
    };
    const timeLimit = t0 + o.timeout * 1000;
    const within = async (promise, what) => {
      const left = timeLimit - Date.now();
      let timer;
      const r = await Promise.race([
        promise.then((v) => ({ v })),
        exited.then((e) => ({ exit: e })),
        new Promise((resolve) => {
          timer = setTimeout(() => resolve({ late: true }), Math.max(0, left));
        }),
      ]);
      clearTimeout(timer);
      if (r.late) throw new Failure(EXIT.time, 'time limit', `${what}: still running after ${o.timeout} s`);
      return r;
    };

    // Boot: the debugger's port, a connection, the CPU paused at the start.
    const bootFailed = async (e) => {
      await drained();
      return new Failure(EXIT.boot, 'boot failed', `the emulator exited before the game started (${describe(e)})${lastError ? `: ${lastError}` : ''}`);
    };
    const booted = await within(portKnown, 'waiting for the debugger');
    if (booted.exit) throw await bootFailed(booted.exit);
    const connected = await within(Debugger.connect(port).catch((e) => ({ error: e })), 'connecting to the debugger');
    if (connected.exit || connected.v.error) {
      const ended = connected.exit ? null : await within(exited, 'the emulator ending');
      const gone = connected.exit ?? ended.exit ?? ended.v;
      if (gone) throw await bootFailed(gone);
      throw connected.v.error;
    }
    dbg = connected.v;
    await dbg.ask('version', { name: 'ratscrew-psp-emulator', version: '1' });
    // Only what the driver reads: no log or input echo over the socket.
    await dbg.ask('broadcast.config.set', { disallowed: { logger: true, input: true, breakpoint: true } });
    let status;
    for (;;) {
      const r = await within(dbg.ask('cpu.status').catch((e) => ({ error: e })), 'waiting for the CPU');
      if (r.exit) throw await bootFailed(r.exit);
      if (!r.v.error && r.v.stepping) {
        status = r.v;
        break;
      }
      await new Promise((res) => setTimeout(res, 20));
    }
    info.bootSeconds = Number(seconds());
    log(`[harness] booted after ${info.bootSeconds} s, paused at ${status.us} us`);
    nowUs = status.us;

    const runChunk = async (us) => {
      const stopped = dbg.next((m) => m.event === 'cpu.stepping');
      await dbg.ask('cpu.runUntilTime', { us });
      const r = await within(stopped, `running to ${(us / 1000).toFixed(0)} ms`);
      if (r.exit) return false;
      nowUs = us;
      return true;
    };
    // --realtime: the emulated clock kept at the wall clock's pace (headless
    // runs unthrottled), for programs that talk to a server whose clock is
    // real: PACE_US at a time, then a wait while the emulator is ahead.
    const pace = { us: nowUs, ms: Date.now() };
    // --live: the commands read from stdin, done between two pacing steps.
    const live = { queue: [], held: null, end: !o.live, dumps: [] };
    if (o.live) {
      let buf = '';
      process.stdin.setEncoding('utf8');
      process.stdin.on('data', (d) => {
        buf += d;
        for (let i; (i = buf.indexOf('\n')) >= 0; buf = buf.slice(i + 1)) {
          const [kind, arg] = buf.slice(0, i).trim().split(/\s+/);
          if (kind === 'end') live.end = true;
          else if (kind === 'press' && arg && arg.split('+').every((b) => b in BUTTONS)) live.queue.push({ press: arg.split('+') });
          else if (kind === 'shot' && /^[\w.-]+$/.test(arg ?? '')) live.queue.push({ shot: arg });
          else log(`[harness] live: not a command: ${buf.slice(0, i)}`);
        }
      });
      process.stdin.on('end', () => (live.end = true));
    }
    const serviceLive = async () => {
      if (live.held) {
        await dbg.ask('input.buttons.send', { buttons: Object.fromEntries(live.held.map((b) => [BUTTONS[b], false])) });
        live.held = null;
      }
      const c = live.queue.shift();
      if (c?.press) {
        await dbg.ask('input.buttons.send', { buttons: Object.fromEntries(c.press.map((b) => [BUTTONS[b], true])) });
        live.held = c.press;
        log(`[harness] press ${c.press.join('+')} at ${(nowUs / 1000).toFixed(1)} ms (live)`);
      } else if (c?.shot) {
        const at = nowUs;
        live.dumps.push(dbg.ask('gpu.record.dump').then((m) => {
          dumps.set(c.shot, Buffer.from(m.uri.slice(m.uri.indexOf(',') + 1), 'base64'));
          shots.push({ name: c.shot, at_ms: Math.round(at / 1000) });
          log(`[harness] screenshot ${c.shot} recorded at ${(at / 1000).toFixed(1)} ms (live)`);
        }, (e) => skipped.push({ at_ms: Math.round(at / 1000), kind: 'shot', what: c.shot, why: e.message })));
      }
    };
    /** Runs the CPU to an emulated time at the wall clock's pace; false if the game ended first. */
    const runPaced = async (us) => {
      while (nowUs < us) {
        if (!(await runChunk(Math.min(us, nowUs + PACE_US)))) return false;
        if (o.live) await serviceLive();
        const ahead = (nowUs - pace.us) / 1000 - (Date.now() - pace.ms);
        if (ahead > 0) await new Promise((r) => setTimeout(r, ahead));
      }
      return true;
    };
    /** Runs the CPU to an emulated time; false if the game ended first. */
    const runTo = async (us) => {
      if (us <= nowUs) return true;
      if (o.realtime) {
        if (!(await runPaced(us))) return false;
      } else if (!(await runChunk(us))) return false;
      await drained();
      return true;
    };

    // The timeline: presses (down, then up hold_frames later) and screenshots.
    const events = [];
    for (const s of steps) {
      const us = Math.round(s.at_ms * 1000);
      if (s.press.length) {
        events.push({ us, kind: 'down', step: s });
        events.push({ us: us + Math.round((s.hold_frames * 1e6) / PSP_FPS), kind: 'up', step: s });
      }
      if (s.screenshot) events.push({ us, kind: 'shot', step: s });
    }
    events.sort((a, b) => a.us - b.us || (a.kind === 'up' ? -1 : 0));
    const held = new Set();
    const dumps = new Map();
    let pendingDump = null;
    let ended = false;
    const awaitDump = async () => {
      // A frame dump completes at the end of the next frame.
      while (pendingDump && !ended) {
        const step = Math.max(nowUs + 20_000, nowUs + 1);
        if (!(await runTo(step))) ended = true;
      }
    };
    for (const ev of events) {
      if (ended) {
        if (ev.kind !== 'up') skipped.push({ at_ms: ev.step.at_ms, kind: ev.kind, what: ev.step.screenshot ?? ev.step.press.join('+') });
        continue;
      }
      if (ev.kind === 'shot' && pendingDump) await awaitDump();
      if (ended || !(await runTo(ev.us))) {
        ended = true;
        if (ev.kind !== 'up') skipped.push({ at_ms: ev.step.at_ms, kind: ev.kind, what: ev.step.screenshot ?? ev.step.press.join('+') });
        continue;
      }
      if (ev.kind === 'down') {
        const buttons = Object.fromEntries(ev.step.press.map((b) => [BUTTONS[b], true]));
        for (const b of ev.step.press) held.add(b);
        await dbg.ask('input.buttons.send', { buttons });
        log(`[harness] press ${ev.step.press.join('+')} at ${(nowUs / 1000).toFixed(1)} ms${ev.step.comment ? ` (${ev.step.comment})` : ''}`);
      } else if (ev.kind === 'up') {
        await dbg.ask('input.buttons.send', { buttons: Object.fromEntries(ev.step.press.map((b) => [BUTTONS[b], false])) });
        for (const b of ev.step.press) held.delete(b);
      } else {
        const name = ev.step.screenshot;
        const dump = dbg.ask('gpu.record.dump');
        pendingDump = name;
        dump.then((m) => {
          dumps.set(name, Buffer.from(m.uri.slice(m.uri.indexOf(',') + 1), 'base64'));
          shots.push({ name, at_ms: ev.step.at_ms });
          log(`[harness] screenshot ${name} recorded at ${(ev.us / 1000).toFixed(1)} ms`);
          pendingDump = null;
        }, (e) => {
          log(`[harness] screenshot ${name} failed: ${e.message}`);
          skipped.push({ at_ms: ev.step.at_ms, kind: 'shot', what: name, why: e.message });
          pendingDump = null;
        });
      }
      if (o.inject === 'crash' && !info.injected) {
        info.injected = true;
        end(emu, 'SIGABRT');
      }
    }
    if (!ended && pendingDump) await awaitDump();
    // --live: on until "end", the game's end or --until-ms.
    while (!ended && !live.end && nowUs < o.untilMs * 1000) ended = !(await runPaced(Math.min(nowUs + PACE_US, Math.round(o.untilMs * 1000))));
    if (!ended && live.dumps.length) await runPaced(nowUs + 100_000);
    if (!ended && o.untilMs * 1000 > nowUs && !o.live) ended = !(await runTo(Math.round(o.untilMs * 1000)));
    await Promise.all(live.dumps);
    if (!ended && o.inject === 'crash' && !info.injected) {
      info.injected = true;
      end(emu, 'SIGABRT');
      await within(exited, 'the injected crash');
      ended = true;
    }
    if (ended) {
      await within(exited, 'the emulator ending');
      await drained();
      if (exit.signal || exit.code !== 0) {
        throw new Failure(EXIT.crash, 'core crashed', `PPSSPPHeadless ended by ${describe(exit)} after ${(nowUs / 1000).toFixed(0)} ms of emulated time`);
      }
      info.gameEnded = true;
      log(`[harness] the game ended after ${(nowUs / 1000).toFixed(0)} ms or more of emulated time`);
    }
    info.emulatedMs = Math.round(nowUs / 1000);
    dbg.close();
    await end(emu);
    await pictures.stop();
    info.emitted = info.emitted();

    // The pictures: each frame dump drawn by the same emulator and renderer.
    for (const [name, bytes] of dumps) {
      const dumpFile = path.join(o.out, `${name}.ppdmp`);
      writeFileSync(dumpFile, bytes);
      await drawDump(bin, o.graphics, env, dumpFile, path.join(o.out, `${name}.png`));
    }
    const line = `psp-emulator: ok: ${o.graphics}${o.model !== null ? `, model ${o.model}` : ''}, booted in ${info.bootSeconds} s, ${info.emulatedMs} ms emulated in ${seconds()} s, ${shots.length} screenshots, ${info.emitted} pictures asked for, ${printed.length} printed lines${skipped.length ? `, ${skipped.length} steps after the game ended` : ''}`;
    return { line, finish: () => finish({ ok: true, exit: EXIT.ok, message: line }) };
  } catch (e) {
    // The emulator dying takes the debugger with it: say so, not what broke next.
    if (!(e instanceof Failure) && exited) await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
    await close();
    await pictures?.stop();
    if (typeof info.emitted === 'function') info.emitted = info.emitted();
    const f = e instanceof Failure ? e
      : exit && (exit.signal || exit.code !== 0) ? new Failure(EXIT.crash, 'core crashed', `PPSSPPHeadless ended by ${describe(exit)} after ${(nowUs / 1000).toFixed(0)} ms of emulated time`)
        : new Failure(EXIT.crash, 'harness error', String(e?.message ?? e).split('\n')[0]);
    await finish({ ok: false, exit: f.code, message: f.message, what: f.what });
    throw f;
  } finally {
    await close();
  }

  async function finish(result) {
    writeFileSync(path.join(o.out, 'printed.txt'), printed.map((l) => l + '\n').join(''));
    writeFileSync(path.join(o.out, 'run.json'), JSON.stringify({ ...info, shots, skipped, ...result }, null, 1) + '\n');
    await new Promise((r) => logFile.end(r));
  }
}

/** This process's network namespace (its inode), for the record: not the machine's. */
function netns() {
  try {
    return readlinkSync('/proc/self/ns/net');
  } catch {
    return null;
  }
}

function describe(exit) {
  return exit.signal ? `signal ${exit.signal}` : `exit status ${exit.code}`;
}

/** Draws a recorded frame with the emulator (--screenshot-save on the frame dump). */
async function drawDump(bin, graphics, env, dumpFile, pngFile) {
  const raw = `${pngFile}.full.png`;
  const r = spawnSync(bin, [`--graphics=${graphics}`, `--screenshot-save=${raw}`, '--timeout=30', dumpFile], { env, encoding: 'utf8', timeout: 60_000 });
  if (!existsSync(raw)) throw new Failure(EXIT.crash, 'screenshot failed', `${path.basename(dumpFile)} drew nothing: ${`${r.stdout}${r.stderr}`.trim().split('\n').slice(-2).join(' | ')}`);
  await writeCropped(readFileSync(raw), pngFile);
  rmSync(raw);
}

/** PPSSPP saves the frame buffer's 512-pixel rows: keeps the PSP's 480 columns. */
async function writeCropped(png, file) {
  const { PNG } = await import('pngjs');
  const full = PNG.sync.read(png);
  const out = new PNG({ width: 480, height: 272 });
  for (let y = 0; y < 272; y++) full.data.copy(out.data, y * 480 * 4, y * full.width * 4, y * full.width * 4 + 480 * 4);
  writeFileSync(file, PNG.sync.write(out));
}

const main = async () => {
  // Node 20 has WebSocket only behind a flag: given to the re-run when this run has none.
  ownNetwork(HERE, 'psp-emulator', typeof WebSocket === 'undefined' ? ['--experimental-websocket', '--no-warnings=ExperimentalWarning'] : []);
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
    if (typeof WebSocket === 'undefined') throw new Failure(EXIT.setup, 'no WebSocket', 'this Node has no WebSocket (Node 20: --experimental-websocket)');
    const { line, finish } = await run(o);
    await finish();
    process.stdout.write(line + '\n');
    process.exit(EXIT.ok);
  } catch (e) {
    const f = e instanceof Failure ? e : new Failure(EXIT.crash, 'harness error', String(e?.stack ?? e));
    process.stdout.write(`psp-emulator: FAIL (${f.what}): ${f.message}${o?.out && existsSync(path.join(o.out, 'console.log')) ? ` (see ${path.join(o.out, 'console.log')})` : ''}\n`);
    process.exit(f.code);
  }
};

main();
