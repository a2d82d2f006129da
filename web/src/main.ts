// The web host (docs/web.md): loads dist/ratscrew.js, the atlas and the
// sounds, starts the script in its worker (src/engine/), then asks it for
// ratscrew.frame once per display frame (at most 60 a second), draws its
// commands, plays its sounds, makes its saves and reads keys, game
// controllers and touch as the PSP's buttons (docs/host-api.md).
import { COMMAND_INTS, OP_QUIT, SIG_SAVE_FAILED, type Capabilities, type SaveProblem } from '../../src/contract';
import { PROTOCOL_VERSION } from '../../src/net/protocol';
import { WebAudioMixer, type SoundInfo } from './audio';
import { createRenderer, isRendererKind, type Renderer, type RendererKind } from './draw/renderer';
import { describeThrown, Engine, isEngineKind, type EngineKind, type ScriptError } from './engine/engine';
import type { HostOut } from './engine/protocol';
import { log, randomSeed } from './host';
import { Gamepads } from './input/gamepad';
import { KEY_NAMES, Keyboard } from './input/keys';
import { Taps } from './input/taps';
import { screenZones, Touch, touchSettings } from './input/touch';
import { GameClock } from './clock';
import { fit, place } from './layout';
import { loadAtlas, type Atlas } from './png';
import { openStore, peekSaved, SAVE_KEY } from './save';
import { applyWrites, readEntries } from './save-mirror';
import { installTestHook, type FrameTimes } from './test-hook';
import { pageWords, sayInLanguage } from './words';

/** The engine and renderer docs/web.md chose by measurement; ?engine= and ?draw= pick others. */
export const DEFAULT_ENGINE: EngineKind = 'page';
export const DEFAULT_RENDERER: RendererKind = 'webgl';
/** A frame starts when this much of a 60 Hz frame has passed: every other frame at 120 Hz. */
const MIN_FRAME_GAP_MS = 1000 / 60 - 4;

const $ = (id: string): HTMLElement => document.getElementById(id)!;

export interface Assets {
  /** The bundle's text (the test hook's replays); fetched when first asked for where the script's worker fetched its own. */
  readonly source: () => Promise<string>;
  readonly atlas: Atlas;
  readonly sounds: readonly SoundInfo[];
}

async function fetchOk(url: string): Promise<Response> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
  return r;
}

/**
 * The files, asked for at once (index.html preloads them): the bundle's
 * text as soon as it is here, for the script's worker (null when the
 * worker fetches it itself: fetchSource false), and all of them.
 */
export function loadAssets(stages: Record<string, number> = {}, fetchSource = true): { source: Promise<string> | null; all: Promise<Assets> } {
  const source = fetchSource ? fetchOk('ratscrew.js').then((r) => r.text()) : null;
  const atlasBytes = fetchOk('atlas.png').then((r) => r.arrayBuffer());
  const sounds = fetchOk('sounds.json').then((r) => r.json() as Promise<SoundInfo[]>);
  const all = Promise.all([source, atlasBytes, sounds]).then(async ([text, bytes, info]) => {
    stages.fetched = performance.now();
    let later: Promise<string> | null = null;
    const bundle = (): Promise<string> => (text !== null ? Promise.resolve(text) : (later ??= fetchOk('ratscrew.js').then((r) => r.text())));
    return { source: bundle, atlas: await loadAtlas(bytes), sounds: info };
  });
  return { source, all };
}

/** A touch screen as the main way in (a phone or tablet), rather than one beside a mouse. */
function touchFirst(): boolean {
  return matchMedia('(pointer: coarse)').matches && navigator.maxTouchPoints > 0;
}

function showError(e: ScriptError): void {
  $('error-text').textContent = e.detail && !e.detail.startsWith(e.message) ? `${e.message}\n${e.detail}` : e.detail || e.message;
  $('error').hidden = false;
  log(`script error: ${e.message}`);
}

/** The game's language (the saved settings' until the script says, host.chosen), for the page's own words. */
let language = 'en';

async function boot(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const engineKind = isEngineKind(params.get('engine')) ? (params.get('engine') as EngineKind) : DEFAULT_ENGINE;
  const drawKind = isRendererKind(params.get('draw')) ? (params.get('draw') as RendererKind) : DEFAULT_RENDERER;
  const testing = params.has('test');

  const stages: Record<string, number> = { script: performance.now() };
  // The files first: what the page sets up meanwhile (the saves' storage, the touch zones) does not hold them up.
  // The bundle is not among them where index.html's worker fetches it itself (web/build.mjs).
  const files = loadAssets(stages, !Engine.fetchesBundle());
  // Whether rooms are served beside the page (make serve): then the title offers Online (host.caps.network).
  const rooms = fetch('rooms', { cache: 'no-store' })
    .then((r) => (r.ok ? (r.json() as Promise<{ protocol?: unknown }>) : null))
    .then((j) => j !== null && j.protocol === PROTOCOL_VERSION)
    .catch(() => false);
  const store = openStore();
  // The page's own words in the player's language, as the game's are (./words.ts):
  // the saved settings' while the script loads, then what the script says (hostDid).
  const saved = touchSettings(peekSaved(store));
  language = saved.language;
  sayInLanguage(document, language);
  const touchDevice = touchFirst();
  // What this device's players hold (host.caps): a keyboard's keys, or on a
  // touch screen the PSP's glyphs, which the touch buttons carry, and the
  // touch zones of the saved number of people (they follow a change of it
  // during the visit, src/input/touch.ts); and the Gamepad API's two
  // controllers (src/input/gamepad.ts); a network where a rooms server answers beside the page;
  // no ad hoc (nearby rooms are between PSPs).
  const caps: Capabilities = touchDevice
    ? { glyphs: true, keys: null, pads: 2, touch: screenZones(saved.people), network: false, nearby: false }
    : { glyphs: false, keys: KEY_NAMES, pads: 2, touch: [], network: false, nearby: false };
  const taps = new Taps($('screen'));
  const touch = new Touch($('touch'), taps, $('turn'));
  touch.follow(saved);
  // ?seed=N deals the same games every time (the browser tests).
  const seed = testing && params.has('seed') ? Number(params.get('seed')) >>> 0 : randomSeed();
  const storage = { persistent: store !== null, problem: null as SaveProblem | null };
  /** A save the worker accepted could not be written: the script hears so on the next frame. */
  let saveFailed = false;
  // What the script's host did: its log lines, its saves' writes (made here,
  // in order, stopping at one the storage refuses), the language and number
  // of people the game shows, which the page's words and touch zones follow
  // as the player changes them, before Options saves them (host.chosen).
  const hostDid = (out: HostOut): void => {
    for (const line of out.logs) log(line);
    if (out.chosen !== null) {
      touch.follow(out.chosen);
      if (out.chosen.language !== language) sayInLanguage(document, (language = out.chosen.language));
    }
    // An online room's link while in it: the player can copy it from the address bar (web/src/net.ts).
    if (out.address !== null) history.replaceState(null, '', out.address);
    storage.problem = out.problem;
    if (!store || out.writes.length === 0) return;
    const refused = applyWrites(store, out.writes);
    if (refused === null) return;
    storage.problem = refused.problem;
    engine.refused(refused.problem, refused.entries);
    // Only a save the script was told had worked; a copy that did not fit leaves the entry as it was, and says nothing.
    saveFailed ||= out.writes.some(([key]) => key === SAVE_KEY);
  };
  // The worker's code loads while the files are fetched; the script starts as soon as its text is here.
  const engine = Engine.spawn(engineKind, hostDid);
  // The online rooms (colyseus.js, src/net.ts) are the worker's too: the script's host is there.
  const net = { url: location.origin.replace(/^http/, 'ws'), search: location.search, page: location.origin + location.pathname };
  // The rooms' answer comes before the script's text (a few bytes from the same server, asked first).
  // The start answers with frame 0 (its time 0, no input): the first display frame draws it.
  const started = Promise.all([files.source, rooms]).then(([source, network]) =>
    engine.start(source, { kind: 'page', seed, caps: { ...caps, network }, storage: store ? readEntries(store) : null, net }, true));
  started.catch(() => {}); // awaited below
  const assets = await files.all;
  stages.decoded = performance.now();
  const keyboard = new Keyboard(window);
  const pads = new Gamepads();
  const audio = new WebAudioMixer(assets.sounds, document.baseURI);
  /** The game clock, from frame 0 (the first frame shown). */
  let clock: GameClock | null = null;
  const times: FrameTimes = { script: [], answer: [], draw: [], firstFrameMs: null, frames: 0, early: 0, stages: {}, askedAt: 0, stoppedAt: null };
  const restart = (): void => location.reload();
  $('error-restart').addEventListener('click', restart);
  $('quit-restart').addEventListener('click', restart);

  // The drawing's setup (the atlas to the GPU) while the worker evaluates
  // the script: the page's thread would only wait meanwhile.
  const rendering = createRenderer(drawKind, assets.atlas, testing).then((r) => {
    stages.renderer = performance.now();
    return r;
  });
  rendering.catch(() => {}); // awaited below, once the script has started
  /** Frame 0's command count (the commands in engine.commands), until it is drawn. */
  let first: number | null;
  try {
    first = await started;
    stages.engine = performance.now();
  } catch (e) {
    hideStatus();
    showError(describeThrown(e));
    addEventListener('keydown', (k) => k.key === 'Enter' && restart());
    return;
  }
  const renderer: Renderer = await rendering;
  const screen = $('screen');
  screen.replaceChildren(renderer.canvas);
  hideStatus();
  if (touchDevice) touch.show();

  const layOut = (): void => {
    // Held sideways, the menu buttons keep the bands beside the picture.
    const side = touch.shown && innerWidth > innerHeight ? touch.sideBand() : 0;
    place(screen, fit(innerWidth, innerHeight, devicePixelRatio || 1, side));
    $('turn').hidden = !touch.shown;
  };
  layOut();
  // A new size, and a new device pixel ratio (browser zoom, another screen).
  addEventListener('resize', layOut);
  const watchRatio = (): void => {
    matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener('change', () => {
      layOut();
      watchRatio();
    }, { once: true });
  };
  watchRatio();

  // Sound starts with the first gesture, as browsers require.
  const gesture = (): void => void audio.start();
  for (const type of ['keydown', 'pointerdown', 'touchend']) addEventListener(type, gesture, { capture: true });
  addEventListener('pointerdown', (e) => {
    if (e.pointerType === 'touch' && !touch.shown) {
      touch.show();
      layOut();
    }
    // A click with the mouse is a tap where it fell (the touch zones take only touches): it picks a menu row.
    if (e.pointerType === 'mouse' && e.button === 0 && !(e.target instanceof Element && e.target.closest('button, .panel, .touch-button'))) taps.at(e.clientX, e.clientY);
  });
  document.addEventListener('visibilitychange', () => {
    clock?.hide(document.hidden);
    audio.suspend(document.hidden);
  });

  const fullscreen = $('fullscreen') as HTMLButtonElement;
  fullscreen.hidden = !document.fullscreenEnabled;
  fullscreen.addEventListener('click', () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else
      void document.documentElement.requestFullscreen({ navigationUI: 'hide' }).then(() => {
        // Phones: play sideways while full screen (where the browser allows it).
        const orientation = window.screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> };
        orientation.lock?.('landscape').catch(() => {});
      }).catch(() => {});
    fullscreen.blur();
  });

  let stopped = false;
  /** A frame asked of the worker and not answered yet: the next waits for it. */
  let asked = false;
  let last = -Infinity;
  const soundHint = $('sound-hint');

  const fail = (e: unknown): void => {
    stopped = true;
    times.stoppedAt = performance.now();
    showError(describeThrown(e));
    addEventListener('keydown', (k) => k.key === 'Enter' && restart());
  };

  // A frame's commands, drawn and played as soon as they are here: within the
  // display frame that asked for them when the page can share memory with
  // the worker (engine.early), else when its answer comes.
  const drawn = (n: number, t0: number): void => {
    if (stopped) return;
    const t1 = performance.now();
    renderer.draw(engine.commands, n);
    const t2 = performance.now();
    audio.run(engine.commands, n);
    times.frames++;
    if (times.firstFrameMs === null) {
      times.firstFrameMs = t2;
      times.stages = { ...stages, frame: t2 };
      // What the first frame does not need comes after it: the sounds, and
      // the offline copy (its install fetches every file of the build).
      void audio.load();
      if ('serviceWorker' in navigator && !params.has('no-sw')) {
        navigator.serviceWorker.register('sw.js').catch((e) => log(`no offline copy: ${e}`));
      }
    }
    if (testing && times.answer.length < 100_000) {
      times.answer.push(t1 - t0);
      times.draw.push(t2 - t1);
    }
    if (hasQuit(engine.commands, n)) {
      stopped = true;
      engine.dispose();
      $('quit').hidden = false;
    }
  };

  const frame = (t: number): void => {
    if (stopped) return;
    requestAnimationFrame(frame);
    if (asked || t - last < MIN_FRAME_GAP_MS) return;
    last = t;
    if (first !== null) {
      // Frame 0 came with the start; the game's time begins as it is shown.
      clock = new GameClock();
      const n = first;
      first = null;
      drawn(n, performance.now());
      return;
    }
    clock ??= new GameClock();
    const padButtons = pads.take();
    const buttons = keyboard.take() | padButtons | touch.take() | (saveFailed ? SIG_SAVE_FAILED : 0);
    saveFailed = false;
    // A controller's buttons are no gesture to the browser: say how to get sound.
    if (padButtons !== 0) soundHint.hidden = audio.started;
    else if (audio.started && !soundHint.hidden) soundHint.hidden = true;
    asked = true;
    const t0 = performance.now();
    times.askedAt = t0;
    const answer = engine.frame(clock.now(), buttons, taps.take(), keyboard.takeTyped());
    const early = engine.early();
    if (early !== null) {
      times.early++;
      drawn(early, t0);
    }
    answer.then((n) => {
      asked = false;
      if (testing && times.script.length < 100_000) times.script.push(engine.scriptMs);
      if (early === null) drawn(n, t0);
    }, fail);
  };
  requestAnimationFrame(frame);

  installTestHook({ engine: () => engine, renderer: () => renderer, assets, audio, touch, keyboard, pads, storage: () => storage, times, drawKind, engineKind });

}

function hasQuit(cmds: Int32Array, count: number): boolean {
  for (let i = 0; i < count; i++) if (cmds[i * COMMAND_INTS] === OP_QUIT) return true;
  return false;
}

/** The loading line has done its job. */
function hideStatus(): void {
  const status = $('status');
  status.hidden = true;
  delete status.dataset.loading;
}

boot().catch((e) => {
  const status = $('status');
  delete status.dataset.loading;
  status.textContent = pageWords(language).couldNotStart(e instanceof Error ? e.message : String(e));
  console.error(e);
});
