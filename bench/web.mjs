// The web version in this machine's Chromium (issue 26; docs/web.md): what
// chose the page's engine and renderer, and what a frame costs.
//   - download: the bytes the page fetches before its first frame, raw and
//     gzip -9, with each engine;
//   - first frame: from the start of navigation to the first frame drawn,
//     fresh profile, no service worker, served from 127.0.0.1, in a
//     Chromium driven over a bare DevTools pipe (devtools() below), not
//     Playwright: Playwright holds every new worker until its own process
//     has answered (Target.setAutoAttach, waitForDebuggerOnStart), and its
//     300 KB helper script is evaluated on the page's thread by the first
//     waitForFunction — both on the way to this page's first frame, since
//     the script runs in a worker (issue 33), and neither in a player's
//     browser;
//   - frame cost: bench/inputs/table-6p.json (the 6-player table of
//     bench/run.mjs) replayed in the page, every frame timed: the script
//     (ratscrew.frame, timed in the worker it runs in) and the drawing of
//     its commands, median and p99; and the live title's frames, from the
//     page asking the worker for one to its answer (the script and the two
//     messages);
// each at full speed and with the CPU throttled 4x (the DevTools protocol's
// Emulation.setCPUThrottlingRate, as a mid-range phone), and as a ratio to
// the same bundle in build/native/ratscrew-headless (its --stats frame
// times; its first frame: the whole process for one frame, load included).
// Wall-clock figures on a shared machine: each frame's time is the fastest
// of several runs (time other processes took from a run drops out), and the
// ratios matter more than the milliseconds.
// Writes its section into bench/results.md (after bench/run.mjs); the
// paragraphs written by hand below its tables (after the KEEP marker) stay.
//   node bench/web.mjs [runs]
//   node bench/web.mjs --against DIR [rounds]: the first frame only, this
//     build/web/ and another build's folder (an older commit's make web)
//     opened alternately (A B B A ...), the page's own engine, full speed:
//     medians and the pairs' differences, printed (nothing written).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serve } from '../web/serve.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(ROOT, 'bench/results.md');
const HEADING = '## The web version in Chromium';
const SCRIPT = path.join(ROOT, 'bench/inputs/table-6p.json');
const HEADLESS = path.join(ROOT, 'build/native/ratscrew-headless');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const AGAINST = process.argv[2] === '--against' ? process.argv[3] : null;
const RUNS = Number((AGAINST ? process.argv[4] : process.argv[2]) ?? (AGAINST ? 20 : 3));
/** What follows this line in the section is written by hand, and kept. */
const KEEP = '<!-- bench/web.mjs writes the section above this line; what follows is written by hand and kept -->';
// WebUIOmniboxPopup off: every page here opens in a new browser context, whose
// new window loads the omnibox popup's WebUI (a renderer of its own and
// about 200 chrome:// files: 12-88 ms of CPU, traced 2026-12-05) while the
// page loads. A player's browser loads it once per window, not per page;
// on this machine's two cores it only adds noise to every first frame,
// most to the threads a page runs beside its own.
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-background-timer-throttling', '--disable-renderer-backgrounding',
  '--disable-features=WebUIOmniboxPopup'];

/** The median (a list's middle value; the lower of the two middle ones). */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** The page's clock ticks in 5 µs (cross-origin isolated): a median under that reads as 0. */
const TICK = 0.005;
const ms = (x) => (x >= 10 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x >= 0.1 ? x.toFixed(2) : x.toFixed(3));
const tick = (x) => (x < TICK ? '< 0.005' : ms(x));
const kib = (n) => `${Math.round(n / 1024).toLocaleString('en')} KiB`;
const ratio = (a, b) => `${(a / b).toFixed(1)}×`;

function log(s) {
  process.stderr.write(`bench/web: ${s}\n`);
}

/** The headless host on the same script: per-frame script times (µs → ms) and the whole process for one frame. */
function headless() {
  const script = [];
  for (let r = 0; r < RUNS; r++) {
    const out = mkdtempSync(path.join(tmpdir(), 'ratscrew-webbench-'));
    const stats = path.join(out, 'stats.jsonl');
    execFileSync(HEADLESS, ['--inputs', SCRIPT, '--out', out, '--no-raster', '--stats', stats], { stdio: 'ignore' });
    const frames = readFileSync(stats, 'utf8').trim().split('\n').map((l) => JSON.parse(l).frame_us / 1000);
    script.push(frames);
  }
  const first = [];
  for (let r = 0; r < RUNS * 2; r++) {
    const out = mkdtempSync(path.join(tmpdir(), 'ratscrew-webbench-'));
    const t0 = process.hrtime.bigint();
    const p = spawnSync(HEADLESS, ['--inputs', SCRIPT, '--frames', '1', '--out', out, '--no-raster']);
    const t1 = process.hrtime.bigint();
    if (p.status !== 0) throw new Error(`ratscrew-headless failed: ${p.stderr}`);
    first.push(Number(t1 - t0) / 1e6);
  }
  const perFrame = script[0].map((_, i) => Math.min(...script.map((run) => run[i])));
  return { script: perFrame, first: Math.min(...first), frame0: perFrame[0] };
}

async function withPage(browser, throttle, query, fn) {
  const context = await browser.newContext({ viewport: { width: 960, height: 544 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  try {
    return await fn(page, query);
  } finally {
    await context.close();
  }
}

/** The paths the server was asked for, in order (the page's resource timing misses its worker's fetches). */
const requested = [];

/**
 * A Chromium of its own, driven over --remote-debugging-pipe with nothing
 * but the calls below: no target is attached automatically, so the page's
 * worker starts as in a player's browser. send(method, params, session).
 */
function devtools() {
  const profile = mkdtempSync(path.join(tmpdir(), 'ratscrew-webbench-'));
  const proc = spawn(CHROMIUM, [...FLAGS, '--remote-debugging-pipe', `--window-size=960,544`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const [toBrowser, fromBrowser] = [proc.stdio[3], proc.stdio[4]];
  const waiting = new Map();
  let id = 0;
  let rest = '';
  fromBrowser.on('data', (chunk) => {
    const parts = (rest + chunk.toString('utf8')).split('\0');
    rest = parts.pop();
    for (const part of parts) {
      const m = JSON.parse(part);
      const w = m.id !== undefined ? waiting.get(m.id) : undefined;
      if (!w) continue;
      waiting.delete(m.id);
      if (m.error) w.reject(new Error(`${w.method}: ${m.error.message}`));
      else w.resolve(m.result);
    }
  });
  const send = (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      waiting.set(++id, { method, resolve, reject });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  // Closed: the browser ended, then its profile removed.
  const close = () =>
    new Promise((resolve) => {
      proc.once('exit', () => {
        rmSync(profile, { recursive: true, force: true });
        resolve();
      });
      proc.kill();
    });
  return { send, close };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One load of url in a fresh browser context: nothing is asked of the page
 * until 1.5 s have passed (its first frame is long drawn by then), then its
 * first frame, stages, resources and the live frames' answers since.
 */
async function loadOnce(chrome, url, throttle) {
  const { browserContextId } = await chrome.send('Target.createBrowserContext', { disposeOnDetach: true });
  try {
    const { targetId } = await chrome.send('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await chrome.send('Target.attachToTarget', { targetId, flatten: true });
    await chrome.send('Emulation.setCPUThrottlingRate', { rate: throttle }, sessionId);
    await chrome.send('Page.navigate', { url }, sessionId);
    const expression = `(() => {
      const t = window.ratscrewTest?.times();
      if (!t || t.firstFrameMs === null) return null;
      const all = performance.getEntriesByType('resource');
      return { first: t.firstFrameMs, fromScript: t.firstFrameMs - t.stages.script, stages: t.stages, answers: t.answer ?? [],
        files: all.filter((e) => e.responseEnd <= t.firstFrameMs).map((e) => new URL(e.name).pathname),
        pageFiles: all.map((e) => new URL(e.name).pathname), isolated: crossOriginIsolated };
    })()`;
    for (let waited = 0; waited < 120_000; waited += 250) {
      await sleep(waited === 0 ? 1500 : 250);
      const { result, exceptionDetails } = await chrome.send('Runtime.evaluate', { expression, returnByValue: true }, sessionId);
      if (exceptionDetails) throw new Error(`the page: ${exceptionDetails.text}`);
      if (result.value) return result.value;
    }
    throw new Error(`${url}: no first frame in 120 s`);
  } finally {
    await chrome.send('Target.disposeBrowserContext', { browserContextId });
  }
}

/** First frame from navigation start, and what was fetched before it; then the live frames' answers from the script's worker (the title's, for the 1.5 s after it). */
async function firstFrame(chrome, url, throttle, engine) {
  const times = [];
  const fromScript = [];
  const answers = [];
  let fetched = [];
  for (let r = 0; r < RUNS * 2; r++) {
    const asked = requested.length;
    const r0 = await loadOnce(chrome, `${url}?test&no-sw&engine=${engine}`, throttle);
    // What the script's worker fetched (its code, the bundle, QuickJS's WebAssembly) by the first frame: asked of the server, unseen by the page.
    const byWorker = requested.slice(asked).filter((p) => (p.startsWith('/assets/') || p === '/ratscrew.js') && !r0.pageFiles.includes(p));
    r0.files.push(...new Set(byWorker));
    if (!r0.isolated) throw new Error('the page is not cross-origin isolated: its timer is too coarse for frame times');
    times.push(r0.first);
    fromScript.push(r0.fromScript);
    fetched = ['/', ...r0.files];
    answers.push(...r0.answers.slice(1));
  }
  return { ms: Math.min(...times), fromScript: Math.min(...fromScript), fetched, answers };
}

/** The first frame of this build and another's, opened alternately (--against). */
async function against(otherDir) {
  const dirs = [path.join(ROOT, 'build/web'), path.resolve(otherDir)];
  const servers = await Promise.all(dirs.map((d) => serve(d)));
  const chrome = devtools();
  const res = dirs.map(() => []);
  try {
    await sleep(500);
    for (let r = 0; r < RUNS; r++) {
      for (const k of r % 2 ? [1, 0] : [0, 1]) res[k].push(await loadOnce(chrome, `${servers[k].url}?test&no-sw&engine=page`, 1));
    }
  } finally {
    await chrome.close();
    for (const s of servers) s.server.close();
  }
  const row = (k, key) => res[k].map((x) => x[key]);
  for (const key of ['first', 'fromScript']) {
    const diff = res[0].map((x, i) => x[key] - res[1][i][key]);
    console.log(`${key === 'first' ? 'from navigation' : "from the page's script"}: this build median ${ms(median(row(0, key)))} ms, ${otherDir} ${ms(median(row(1, key)))} ms ` +
      `(${(median(row(0, key)) / median(row(1, key))).toFixed(2)}×); the pairs' median difference ${median(diff) < 0 ? '-' : '+'}${ms(Math.abs(median(diff)))} ms, this build faster in ${diff.filter((d) => d < 0).length} of ${diff.length}`);
  }
}

async function frames(browser, url, throttle, engine, draw) {
  const runs = [];
  for (let r = 0; r < RUNS; r++) {
    runs.push(
      await withPage(browser, throttle, '', async (page) => {
        await page.goto(`${url}?test&no-sw&engine=${engine}&draw=${draw}`);
        await page.waitForFunction(() => window.ratscrewTest?.ready, null, { timeout: 120_000 });
        const script = JSON.parse(readFileSync(SCRIPT, 'utf8'));
        // Once to warm up (the page's engine compiles the game's functions
        // as they first run; a person plays for minutes), then measured.
        await page.evaluate(([s, o]) => window.ratscrewTest.replay(s, o), [script, { engine, draw, time: true }]);
        const res = await page.evaluate(([s, o]) => window.ratscrewTest.replay(s, o), [script, { engine, draw, time: true }]);
        if (res.draw_ !== draw) throw new Error(`asked for ${draw}, the page drew with ${res.draw_}`);
        return res;
      }),
    );
  }
  const n = runs[0].script.length;
  const script = Array.from({ length: n }, (_, i) => Math.min(...runs.map((x) => x.script[i])));
  const drawT = Array.from({ length: n }, (_, i) => Math.min(...runs.map((x) => x.draw[i])));
  return { script, draw: drawT, load: Math.min(...runs.map((x) => x.loadMs)) };
}

function bytes(files) {
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const file = path.join(ROOT, 'build/web-bench', f === '/' ? 'index.html' : decodeURIComponent(f.slice(1)));
    if (!existsSync(file)) continue;
    const b = readFileSync(file);
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
  }
  return { raw, gz };
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.log(`bench/web: skipped: no chromium at ${CHROMIUM}`);
    return;
  }
  if (AGAINST) {
    await against(AGAINST);
    return;
  }
  log('headless host');
  const h = headless();
  // Its own copy of the build: make web may run meanwhile.
  const dir = path.join(ROOT, 'build/web-bench');
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(ROOT, 'build/web'), dir, { recursive: true });
  const { server, url } = await serve(dir);
  server.on('request', (req) => requested.push(new URL(req.url, 'http://x').pathname));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const chrome = devtools();
  const rows = {};
  try {
    for (const throttle of [1, 4]) {
      for (const engine of ['page', 'quickjs']) {
        log(`${engine} engine, CPU ÷${throttle}: first frame`);
        const ff = await firstFrame(chrome, url, throttle, engine);
        log(`${engine} engine, CPU ÷${throttle}: frames`);
        const fr = await frames(browser, url, throttle, engine, 'webgl');
        rows[`${engine}/${throttle}`] = { ff, fr, size: bytes(ff.fetched) };
      }
      for (const draw of ['canvas2d', 'software']) {
        log(`page engine, ${draw}, CPU ÷${throttle}: frames`);
        rows[`draw-${draw}/${throttle}`] = { fr: await frames(browser, url, throttle, 'page', draw) };
      }
    }
  } finally {
    await chrome.close();
    await browser.close();
    server.close();
  }

  const hs = h.script.slice(1);
  const L = [HEADING, ''];
  L.push(`${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${execFileSync(CHROMIUM, ['--version']).toString().trim()}, headless with --disable-gpu (WebGL on SwiftShader, the 2D canvas on the CPU), on a machine shared with other work (wall-clock times). ` +
    `The same 600 frames as "Frames" above (bench/inputs/table-6p.json), replayed in the page twice, the second time measured (warm, as in a game played for minutes); each frame's time is the fastest of ${RUNS} runs (what other work on the machine took from a run drops out), then the mean, median and p99 over frames 1..599 (the page's clock ticks in 5 µs). ` +
    `First frame: from the start of navigation (the fastest of ${RUNS * 2}; a fresh profile, no service worker, served from 127.0.0.1; a Chromium driven over a bare DevTools pipe, nothing attached to the page's worker and nothing run in the page before the first frame, as in a player's browser — Playwright holds a new worker until it has answered, and its helper script runs on the page's thread), and in brackets from the page's own script starting (the engine, the atlas and the first frame, without the browser's part). ` +
    `Live frame answered: the title's frames from the first to 1.5 s after navigation, from the page asking the script's worker for a frame to its answer (the script and a message each way). ` +
    `"CPU ÷4": Chromium's CPU throttling at 4×, as a phone. Ratios are to build/native/ratscrew-headless on this machine: its --stats frame times (1 µs ticks), and for the first frame the whole process drawing one frame, load included (${ms(h.first)} ms, the fastest of ${RUNS * 2}).`);
  L.push('');
  L.push('Which engine runs the script (WebGL draws; in its worker, since issue 33: Chromium throttles a page\'s own thread, not its workers — "Operation is only supported for pages, not workers" — so under ÷4 the script and its load run at full speed, and only the page\'s part is slowed):');
  L.push('');
  L.push('| engine | CPU | fetched before the first frame (gzip -9) | first frame (from the page\'s script) | × headless | script mean (× headless) | median | p99 (× headless) | live frame answered, median / p99 |');
  L.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const throttle of [1, 4]) {
    for (const engine of ['page', 'quickjs']) {
      const r = rows[`${engine}/${throttle}`];
      const sc = r.fr.script.slice(1);
      L.push(`| ${engine === 'page' ? "the page's own" : 'quickjs-emscripten'} | ${throttle === 1 ? 'full' : '÷4'} | ${kib(r.size.raw)} (${kib(r.size.gz)}) | ${ms(r.ff.ms)} ms (${ms(r.ff.fromScript)} ms) | ${ratio(r.ff.ms, h.first)} (${ratio(r.ff.fromScript, h.first)}) | ${ms(mean(sc))} ms (${ratio(mean(sc), mean(hs))}) | ${tick(median(sc))} ms | ${ms(pct(sc, 99))} ms (${ratio(pct(sc, 99), pct(hs, 99))}) | ${r.ff.answers.length ? `${ms(median(r.ff.answers))} / ${ms(pct(r.ff.answers, 99))} ms` : '—'} |`);
    }
  }
  L.push(`| headless host (native QuickJS) | full | — | ${ms(h.first)} ms | 1× | ${ms(mean(hs))} ms | ${ms(median(hs))} ms | ${ms(pct(hs, 99))} ms | — |`);
  L.push('');
  L.push('How a frame is drawn (the page\'s engine; web/src/draw/):');
  L.push('');
  L.push('| renderer | CPU | draw mean | median | p99 |');
  L.push('| --- | --- | ---: | ---: | ---: |');
  const names = { webgl: 'WebGL (one batched draw call)', canvas2d: '2D canvas (drawImage; a tinted atlas per tint)', software: 'native/core/raster.c ported (putImageData)' };
  for (const key of ['webgl', 'canvas2d', 'software']) {
    for (const throttle of [1, 4]) {
      const d = (key === 'webgl' ? rows[`page/${throttle}`].fr.draw : rows[`draw-${key}/${throttle}`].fr.draw).slice(1);
      L.push(`| ${names[key]} | ${throttle === 1 ? 'full' : '÷4'} | ${ms(mean(d))} ms | ${tick(median(d))} ms | ${ms(pct(d, 99))} ms |`);
    }
  }
  L.push('');
  L.push(KEEP);
  L.push('');
  let md = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
  const at = md.indexOf(HEADING);
  if (at >= 0) {
    const next = md.indexOf('\n## ', at + HEADING.length);
    const end = next >= 0 ? next + 1 : md.length;
    // The hand-written paragraphs after the marker stay, below the new tables.
    const keep = md.indexOf(KEEP, at);
    const kept = keep >= 0 && keep < end ? md.slice(keep + KEEP.length, end).replace(/^\n+/, '') : '';
    md = md.slice(0, at) + L.join('\n') + (kept ? `\n${kept}` : '') + md.slice(end);
  } else {
    md = `${md.replace(/\n*$/, '\n\n') + L.join('\n')}\n`;
  }
  writeFileSync(RESULTS, md);
  const section = L.join('\n');
  console.log(section);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
