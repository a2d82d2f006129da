// The web host (docs/web.md): loads dist/ratscrew.js, the atlas and the
// sounds, then calls ratscrew.frame once per display frame (at most 60 a
// second), draws its commands, plays its sounds and reads keys, game
// controllers and touch as the PSP's buttons (docs/host-api.md).
import { COMMAND_INTS, OP_QUIT, type Capabilities } from '../../src/contract';
import { WebAudioMixer, type SoundInfo } from './audio';
import { createRenderer, isRendererKind, type Renderer, type RendererKind } from './draw/renderer';
import { createEngine, describeThrown, isEngineKind, type Engine, type EngineKind, type ScriptError } from './engine/engine';
import { log, pageHost, randomSeed } from './host';
import { Gamepads } from './input/gamepad';
import { KEY_NAMES, Keyboard } from './input/keys';
import { Taps } from './input/taps';
import { screenZones, Touch, touchSettings } from './input/touch';
import { GameClock } from './clock';
import { fit, place } from './layout';
import { loadAtlas, type Atlas } from './png';
import { LocalSave, openStore } from './save';
import { installTestHook, type FrameTimes } from './test-hook';
import { pageNet } from './net';

/** The engine and renderer docs/web.md chose by measurement; ?engine= and ?draw= pick others. */
export const DEFAULT_ENGINE: EngineKind = 'page';
export const DEFAULT_RENDERER: RendererKind = 'webgl';
/** A frame starts when this much of a 60 Hz frame has passed: every other frame at 120 Hz. */
const MIN_FRAME_GAP_MS = 1000 / 60 - 4;

const $ = (id: string): HTMLElement => document.getElementById(id)!;

export interface Assets {
  readonly source: string;
  readonly atlas: Atlas;
  readonly sounds: readonly SoundInfo[];
}

async function fetchOk(url: string): Promise<Response> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
  return r;
}

export async function loadAssets(stages: Record<string, number> = {}): Promise<Assets> {
  const [source, atlasBytes, sounds] = await Promise.all([
    fetchOk('ratscrew.js').then((r) => r.text()),
    fetchOk('atlas.png').then((r) => r.arrayBuffer()),
    fetchOk('sounds.json').then((r) => r.json() as Promise<SoundInfo[]>),
  ]);
  stages.fetched = performance.now();
  return { source, atlas: await loadAtlas(atlasBytes), sounds };
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

async function boot(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const engineKind = isEngineKind(params.get('engine')) ? (params.get('engine') as EngineKind) : DEFAULT_ENGINE;
  const drawKind = isRendererKind(params.get('draw')) ? (params.get('draw') as RendererKind) : DEFAULT_RENDERER;
  const testing = params.has('test');

  const stages: Record<string, number> = { script: performance.now() };
  const assets = await loadAssets(stages);
  stages.decoded = performance.now();
  const save = new LocalSave(openStore());
  const touchDevice = touchFirst();
  // What this device's players hold (host.caps): a keyboard's keys, or on a
  // touch screen the PSP's glyphs, which the touch buttons carry, and the
  // touch zones of the saved number of people (they follow a change of it
  // during the visit, src/input/touch.ts); and the Gamepad API's two
  // controllers (src/input/gamepad.ts).
  // network stays false until the page's Online screens come (docs/network.md, "Not done yet"):
  // the net functions are there, the title does not offer them yet.
  const caps: Capabilities = touchDevice
    ? { glyphs: true, keys: null, pads: 2, touch: screenZones(touchSettings(save.peek()).people), network: false }
    : { glyphs: false, keys: KEY_NAMES, pads: 2, touch: [], network: false };
  const taps = new Taps($('screen'));
  const touch = new Touch($('touch'), taps, $('turn'));
  // ?seed=N deals the same games every time (the browser tests).
  const seed = testing && params.has('seed') ? Number(params.get('seed')) >>> 0 : randomSeed();
  // The touch zones follow the number of people and the language in the saved settings.
  const net = pageNet({ url: location.origin.replace(/^http/, 'ws'), search: location.search });
  const host = pageHost(save, caps, seed, (text) => touch.follow(text), net);
  const keyboard = new Keyboard(window);
  const pads = new Gamepads();
  const audio = new WebAudioMixer(assets.sounds, document.baseURI);
  const clock = new GameClock();
  const times: FrameTimes = { script: [], draw: [], firstFrameMs: null, frames: 0, stages: {} };
  const restart = (): void => location.reload();
  $('error-restart').addEventListener('click', restart);
  $('quit-restart').addEventListener('click', restart);

  let engine: Engine;
  try {
    engine = await createEngine(engineKind, assets.source, host);
    stages.engine = performance.now();
  } catch (e) {
    $('status').hidden = true;
    showError(describeThrown(e));
    addEventListener('keydown', (k) => k.key === 'Enter' && restart());
    return;
  }
  const renderer: Renderer = await createRenderer(drawKind, assets.atlas, testing);
  stages.renderer = performance.now();
  const screen = $('screen');
  screen.replaceChildren(renderer.canvas);
  $('status').hidden = true;
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
    clock.hide(document.hidden);
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
  let last = -Infinity;
  const soundHint = $('sound-hint');

  const frame = (t: number): void => {
    if (stopped) return;
    requestAnimationFrame(frame);
    if (t - last < MIN_FRAME_GAP_MS) return;
    last = t;
    const padButtons = pads.take();
    const buttons = keyboard.take() | padButtons | touch.take();
    // A controller's buttons are no gesture to the browser: say how to get sound.
    if (padButtons !== 0) soundHint.hidden = audio.started;
    else if (audio.started && !soundHint.hidden) soundHint.hidden = true;
    const t0 = performance.now();
    let n: number;
    try {
      n = engine.frame(clock.now(), buttons, taps.take());
    } catch (e) {
      stopped = true;
      showError(describeThrown(e));
      addEventListener('keydown', (k) => k.key === 'Enter' && restart());
      return;
    }
    const t1 = performance.now();
    renderer.draw(engine.commands, n);
    const t2 = performance.now();
    audio.run(engine.commands, n);
    times.frames++;
    if (times.firstFrameMs === null) {
      times.firstFrameMs = t2;
      times.stages = { ...stages, frame: t2 };
      void audio.load();
    }
    if (testing && times.script.length < 100_000) {
      times.script.push(t1 - t0);
      times.draw.push(t2 - t1);
    }
    if (hasQuit(engine.commands, n)) {
      stopped = true;
      $('quit').hidden = false;
    }
  };
  requestAnimationFrame(frame);

  installTestHook({ engine: () => engine, renderer: () => renderer, assets, audio, touch, keyboard, pads, save, times, drawKind, engineKind });

  if ('serviceWorker' in navigator && !params.has('no-sw')) {
    navigator.serviceWorker.register('sw.js').catch((e) => log(`no offline copy: ${e}`));
  }
}

function hasQuit(cmds: Int32Array, count: number): boolean {
  for (let i = 0; i < count; i++) if (cmds[i * COMMAND_INTS] === OP_QUIT) return true;
  return false;
}

boot().catch((e) => {
  $('status').textContent = `The game could not start: ${e instanceof Error ? e.message : String(e)}`;
  console.error(e);
});
