// `window.ratscrewTest`: what the browser tests (test/web/) and the
// benchmark (bench/web.mjs) read from the page. Replays run the same engine
// and renderer classes as the live game, in fresh instances with the
// headless host's capabilities, seed and saved text, so their frame hashes and
// pictures can be compared with build/native/ratscrew-headless's.
import { COMMAND_INTS, DEFAULT_CAPABILITIES, frameHash, headlessFrameMs, OP_QUIT } from '../../src/contract';
import { WebAudioMixer } from './audio';
import { createRenderer, type Renderer, type RendererKind } from './draw/renderer';
import { createEngine, type Engine, type EngineKind } from './engine/engine';
import { LOG, type WebHost } from './host';
import type { Gamepads } from './input/gamepad';
import type { Keyboard } from './input/keys';
import type { Touch } from './input/touch';
import type { Assets } from './main';
import type { LocalSave } from './save';
import { NO_NETWORK } from './net';

export interface FrameTimes {
  script: number[];
  draw: number[];
  /** performance.now() when the first frame was drawn: from the start of the page's navigation. */
  firstFrameMs: number | null;
  frames: number;
  /** When each step of the start ended (performance.now()): the page's script running, assets, engine, renderer, first frame. */
  stages: Record<string, number>;
}

export interface ReplayScript {
  seed: number;
  frames: number;
  inputs: [number, number][];
  shots?: number[];
  saved?: string | null;
}

export interface ReplayOptions {
  engine?: EngineKind;
  draw?: RendererKind;
  /** Draw every frame and time it (the benchmark); otherwise only the shots are drawn. */
  time?: boolean;
  /** Another script instead of dist/ratscrew.js (the tests' drawing probe). */
  source?: string;
}

export interface ReplayResult {
  hashes: string[];
  shots: { frame: number; rgba: string }[];
  script: number[];
  draw: number[];
  loadMs: number;
  engine: EngineKind;
  draw_: RendererKind;
}

interface Live {
  engine(): Engine;
  renderer(): Renderer;
  assets: Assets;
  audio: WebAudioMixer;
  touch: Touch;
  keyboard: Keyboard;
  pads: Gamepads;
  save: LocalSave;
  times: FrameTimes;
  drawKind: RendererKind;
  engineKind: EngineKind;
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** The headless host's `host` for a script (native/desktop/main_headless.c). */
function headlessHost(script: ReplayScript): WebHost {
  let saved = script.saved ?? null;
  return {
    caps: DEFAULT_CAPABILITIES, // the headless host's: the PSP's
    seed: script.seed >>> 0,
    load: () => saved,
    save: (t) => {
      saved = t;
      return true;
    },
    log: () => {},
    problem: () => null,
    keepDamaged: () => true, // the replay's saved text stays in memory
    ...NO_NETWORK, // the headless host has none
  };
}

async function replay(live: Live, script: ReplayScript, opts: ReplayOptions): Promise<ReplayResult> {
  const t0 = performance.now();
  const engine = await createEngine(opts.engine ?? live.engineKind, opts.source ?? live.assets.source, headlessHost(script));
  const loadMs = performance.now() - t0;
  const renderer = await createRenderer(opts.draw ?? live.drawKind, live.assets.atlas, true);
  const shots = new Set(script.shots ?? []);
  const result: ReplayResult = { hashes: [], shots: [], script: [], draw: [], loadMs, engine: engine.kind, draw_: renderer.kind };
  let k = 0;
  let mask = 0;
  try {
    for (let i = 0; i < script.frames; i++) {
      while (k < script.inputs.length && script.inputs[k]![0] <= i) mask = script.inputs[k++]![1];
      const a = performance.now();
      const n = engine.frame(headlessFrameMs(i), mask);
      const b = performance.now();
      result.hashes.push(frameHash(engine.commands, n).toString(16).padStart(8, '0'));
      if (opts.time || shots.has(i)) renderer.draw(engine.commands, n);
      const c = performance.now();
      if (opts.time) {
        result.script.push(b - a);
        result.draw.push(c - b);
      }
      if (shots.has(i)) result.shots.push({ frame: i, rgba: base64(renderer.pixels()) });
      if (hasQuit(engine.commands, n)) break; // as the headless host stops
    }
  } finally {
    engine.dispose();
  }
  return result;
}

function hasQuit(cmds: Int32Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (cmds[i * COMMAND_INTS] === OP_QUIT) return true;
  return false;
}

/**
 * Plays sounds through a fresh mixer into an OfflineAudioContext: each
 * channel's RMS and the peak of the half second it renders, and the voices
 * playing after the plays were started.
 */
async function mix(live: Live, plays: [number, number, number][], music: [number, number] | null): Promise<{ rms: [number, number]; peak: number; voices: number }> {
  const mixer = new WebAudioMixer(live.assets.sounds, document.baseURI);
  await mixer.load();
  const ctx = new OfflineAudioContext({ numberOfChannels: 2, length: 22050, sampleRate: 44100 });
  await mixer.start(ctx);
  for (const [id, volume, pan] of plays) mixer.play(id, volume, pan);
  if (music) mixer.setMusic(music[0], music[1]);
  const voices = mixer.snapshot().voices;
  const out = await ctx.startRendering();
  const rms = [0, 1].map((c) => {
    const d = out.getChannelData(c);
    let sum = 0;
    for (let i = 0; i < d.length; i++) sum += d[i]! * d[i]!;
    return Math.sqrt(sum / d.length);
  }) as [number, number];
  let peak = 0;
  for (const c of [0, 1]) for (const v of out.getChannelData(c)) peak = Math.max(peak, Math.abs(v));
  return { rms, peak, voices };
}

export function installTestHook(live: Live): void {
  (window as unknown as { ratscrewTest: unknown }).ratscrewTest = {
    ready: true,
    kinds: () => ({ engine: live.engine().kind, draw: live.renderer().kind }),
    debug: () => JSON.parse(live.engine().debug()) as unknown,
    times: () => live.times,
    audio: () => live.audio.snapshot(),
    touch: () => ({ shown: live.touch.shown }),
    storage: () => ({ persistent: live.save.persistent, problem: live.save.problem() }),
    log: () => [...LOG],
    pixels: () => base64(live.renderer().pixels()),
    replay: (script: ReplayScript, opts: ReplayOptions = {}) => replay(live, script, opts),
    mix: (plays: [number, number, number][], music: [number, number] | null = null) => mix(live, plays, music),
  };
}
