// `window.ratscrewTest`: what the browser tests (test/web/) and the
// benchmark (bench/web.mjs) read from the page. Replays run the same engine
// and renderer classes as the live game — the script in a worker of its
// own — with the headless host's capabilities, seed and saved text, so their
// frame hashes and pictures can be compared with
// build/native/ratscrew-headless's.
import type { SaveProblem } from '../../src/contract';
import { WebAudioMixer } from './audio';
import { createRenderer, type Renderer, type RendererKind } from './draw/renderer';
import { Engine, type EngineKind } from './engine/engine';
import type { ReplayScript } from './engine/protocol';
import { LOG } from './host';
import type { Gamepads } from './input/gamepad';
import type { Keyboard } from './input/keys';
import type { Touch } from './input/touch';
import type { Assets } from './main';

export type { ReplayScript } from './engine/protocol';

export interface FrameTimes {
  /** The script's own time in each frame (in its worker). */
  script: number[];
  /** From asking the worker for the frame to its commands being here: the script, and the way back (shared memory, or a message). */
  answer: number[];
  draw: number[];
  /** performance.now() when the first frame was drawn: from the start of the page's navigation. */
  firstFrameMs: number | null;
  /** Frames drawn within the display frame that asked for them (WorkerEngine.early). */
  early: number;
  frames: number;
  /** When each step of the start ended (performance.now()): the page's script running, assets, engine, renderer, first frame. */
  stages: Record<string, number>;
  /** performance.now() when the last frame was asked of the script, and when the script was stopped (null: never). */
  askedAt: number;
  stoppedAt: number | null;
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
  storage(): { persistent: boolean; problem: SaveProblem | null };
  times: FrameTimes;
  drawKind: RendererKind;
  engineKind: EngineKind;
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** The replays' workers, one per engine, kept from one replay to the next (warm, as the page's own thread was before workers). */
const replayEngines = new Map<EngineKind, Engine>();

async function replay(live: Live, script: ReplayScript, opts: ReplayOptions): Promise<ReplayResult> {
  const kind = opts.engine ?? live.engineKind;
  let engine = replayEngines.get(kind);
  if (!engine || engine.ended) {
    engine = Engine.spawn(kind);
    replayEngines.set(kind, engine);
  }
  const t0 = performance.now();
  await engine.start(opts.source ?? (await live.assets.source()), { kind: 'headless', seed: script.seed, saved: script.saved ?? null });
  const loadMs = performance.now() - t0;
  const renderer = await createRenderer(opts.draw ?? live.drawKind, live.assets.atlas, true);
  const shots = new Set(script.shots ?? []);
  const result: ReplayResult = { hashes: [], shots: [], script: [], draw: [], loadMs, engine: engine.kind, draw_: renderer.kind };
  const r = await engine.replay(script, opts.time ? true : [...shots]);
  result.hashes = r.hashes;
  if (opts.time) result.script = r.script;
  for (const f of r.frames) {
    const b = performance.now();
    renderer.draw(f.commands, f.n);
    if (opts.time) result.draw.push(performance.now() - b);
    if (shots.has(f.frame)) result.shots.push({ frame: f.frame, rgba: base64(renderer.pixels()) });
  }
  return result;
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
    debug: async () => JSON.parse(await live.engine().debug()) as unknown,
    times: () => live.times,
    audio: () => live.audio.snapshot(),
    touch: () => ({ shown: live.touch.shown }),
    storage: () => live.storage(),
    log: () => [...LOG],
    pixels: () => base64(live.renderer().pixels()),
    replay: (script: ReplayScript, opts: ReplayOptions = {}) => replay(live, script, opts),
    mix: (plays: [number, number, number][], music: [number, number] | null = null) => mix(live, plays, music),
  };
}
