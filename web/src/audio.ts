// The game's sounds with Web Audio, by the mixer's rules (native/core/mixer.c):
// - SOUND plays a one-shot with its volume (0..255) and a linear pan (the far
//   side fades out, the near side stays at volume); 16 voices, and when all
//   are busy the one closest to its end gives way;
// - MUSIC loops its track until replaced; the same track again only changes
//   the volume; -1 stops it;
// - everything goes through the mixer's peak limiter (public/limiter.js).
// The samples are the same 22,050 Hz mono files (assets/build/sounds/: the
// cues' .s16 samples, the theme's IMA ADPCM .ima, decoded here by the asset
// build's own decoder, tools/assets/adpcm.mjs, which the native mixer's
// matches sample for sample); the browser resamples them to its own rate. Browsers let a page make sound
// only after a user gesture: until then nothing plays, and the music the
// game asked for starts with the first key, click or touch.
import { runCommands, SOUND_RATE, type CommandSink } from '../../src/contract';
import { decode as imaDecode } from '../../tools/assets/adpcm.mjs';

export interface SoundInfo {
  readonly name: string;
  readonly id: number;
  readonly file: string;
  readonly samples: number;
}

export const VOICES = 16;

/** mixer.c set_gains: 0..1 gains of the left and right side. */
export function gains(volume: number, pan: number): [number, number] {
  const vol = Math.max(0, Math.min(255, volume | 0)) * 257;
  const p = Math.max(-128, Math.min(127, pan | 0));
  const left = p > 0 ? 128 - p : 128;
  const right = p < 0 ? 128 + p : 128;
  return [((vol * left) >> 7) / 65536, ((vol * right) >> 7) / 65536];
}

/** A .s16 file (signed 16-bit little-endian mono) or a .ima file (IMA ADPCM)
 * as an AudioBuffer at the samples' own rate. */
export function toBuffer(bytes: ArrayBuffer, file = ''): AudioBuffer {
  const ima = file.endsWith('.ima') ? imaDecode(new Uint8Array(bytes)) : null;
  const view = new DataView(bytes);
  const n = ima ? ima.length : bytes.byteLength >> 1;
  const buffer = new AudioBuffer({ length: Math.max(1, n), numberOfChannels: 1, sampleRate: SOUND_RATE });
  const data = buffer.getChannelData(0);
  for (let i = 0; i < n; i++) data[i] = (ima ? ima[i]! : view.getInt16(i * 2, true)) / 32768;
  return buffer;
}

interface Voice {
  source: AudioBufferSourceNode;
  left: GainNode;
  right: GainNode;
  merger: ChannelMergerNode;
  endsAt: number;
}

export class WebAudioMixer {
  private ctx: BaseAudioContext | null = null;
  private bus: AudioNode | null = null;
  private readonly buffers: (AudioBuffer | null)[];
  private voices: Voice[] = [];
  private music: Voice | null = null;
  /** What the game last asked for: played once audio can start. */
  private musicTrack = -1;
  private musicVolume = 0;
  private playingTrack = -1;

  constructor(private readonly sounds: readonly SoundInfo[], private readonly base: string) {
    this.buffers = sounds.map(() => null);
  }

  /** Fetches the samples (after the first frame: the picture comes first). Decoding needs no AudioContext. */
  load(): Promise<void> {
    return Promise.all(
      this.sounds.map((s, i) =>
        fetch(new URL(`sounds/${s.file}`, this.base))
          .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${s.file}: ${r.status}`))))
          .then((bytes) => {
            this.buffers[i] = toBuffer(bytes, s.file);
            if (i === this.musicTrack) this.applyMusic();
          })
          .catch((e) => console.warn(`ratscrew: sound ${s.name} is missing: ${e}`)),
      ),
    ).then(() => {});
  }

  get started(): boolean {
    return this.ctx !== null;
  }

  get state(): string {
    return this.ctx ? this.ctx.state : 'waiting for a gesture';
  }

  /** Call from a user gesture's handler. `given`: a context to play into instead (the tests' OfflineAudioContext). Resolves once the limiter is in place. */
  start(given?: BaseAudioContext): Promise<void> {
    if (this.ctx) {
      if (this.ctx instanceof AudioContext && this.ctx.state === 'suspended') void this.ctx.resume();
      return Promise.resolve();
    }
    let ctx: BaseAudioContext;
    try {
      ctx = given ?? new AudioContext({ latencyHint: 'interactive' });
    } catch {
      return Promise.resolve(); // no audio here: the game plays on silent
    }
    this.ctx = ctx;
    const merge = ctx.createGain();
    this.bus = merge;
    merge.connect(ctx.destination);
    if (ctx instanceof AudioContext) void ctx.resume();
    this.applyMusic();
    if (!ctx.audioWorklet) return Promise.resolve();
    return ctx.audioWorklet
      .addModule(new URL('limiter.js', this.base).href)
      .then(() => {
        const limiter = new AudioWorkletNode(ctx, 'ratscrew-limiter', { outputChannelCount: [2] });
        merge.disconnect();
        merge.connect(limiter).connect(ctx.destination);
      })
      .catch((e) => console.warn(`ratscrew: no limiter: ${e}`));
  }

  /** Stops the sound while the page is hidden, and back. */
  suspend(hidden: boolean): void {
    const ctx = this.ctx;
    if (!(ctx instanceof AudioContext)) return;
    void (hidden ? ctx.suspend() : ctx.resume());
  }

  /** The SOUND and MUSIC commands, as the generated decoder hands them over (src/contract.ts runCommands). */
  private readonly sink: CommandSink = {
    sound: (id, volume, pan) => this.play(id, volume, pan),
    music: (track, volume) => this.setMusic(track, volume),
  };

  /** The frame's SOUND and MUSIC commands. */
  run(cmds: Int32Array, count: number): void {
    runCommands(cmds, count, this.sink);
  }

  play(id: number, volume: number, pan: number): void {
    const ctx = this.ctx;
    const buffer = this.buffers[id];
    // A hidden page's suspended context would play every queued sound at once on its return.
    if (!ctx || !buffer || (ctx instanceof AudioContext && ctx.state !== 'running')) return;
    if (this.voices.length >= VOICES) {
      // mixer.c free_voice: the one closest to its end gives way.
      let k = 0;
      for (let i = 1; i < this.voices.length; i++) if (this.voices[i]!.endsAt < this.voices[k]!.endsAt) k = i;
      this.stop(this.voices[k]!);
    }
    const v = this.voice(buffer, volume, pan, false);
    v.endsAt = ctx.currentTime + buffer.duration;
    v.source.onended = () => this.stop(v);
    this.voices.push(v);
  }

  setMusic(track: number, volume: number): void {
    this.musicTrack = track >= 0 && track < this.sounds.length ? track : -1;
    this.musicVolume = volume;
    this.applyMusic();
  }

  private applyMusic(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const buffer = this.musicTrack >= 0 ? this.buffers[this.musicTrack] : null;
    if (!buffer) {
      if (this.music && this.musicTrack < 0) this.stopMusic();
      return; // the track's samples are still on their way: started when they land
    }
    if (this.music && this.playingTrack === this.musicTrack) {
      const [l, r] = gains(this.musicVolume, 0);
      this.music.left.gain.value = l;
      this.music.right.gain.value = r;
      return;
    }
    this.stopMusic();
    this.music = this.voice(buffer, this.musicVolume, 0, true);
    this.playingTrack = this.musicTrack;
  }

  private stopMusic(): void {
    if (this.music) this.stop(this.music);
    this.music = null;
    this.playingTrack = -1;
  }

  private voice(buffer: AudioBuffer, volume: number, pan: number, loop: boolean): Voice {
    const ctx = this.ctx!;
    const source = new AudioBufferSourceNode(ctx, { buffer, loop });
    const [l, r] = gains(volume, pan);
    const left = new GainNode(ctx, { gain: l });
    const right = new GainNode(ctx, { gain: r });
    const merger = new ChannelMergerNode(ctx, { numberOfInputs: 2 });
    source.connect(left).connect(merger, 0, 0);
    source.connect(right).connect(merger, 0, 1);
    merger.connect(this.bus!);
    source.start();
    return { source, left, right, merger, endsAt: Infinity };
  }

  private stop(v: Voice): void {
    v.source.onended = null;
    try {
      v.source.stop();
    } catch {
      // already stopped
    }
    v.source.disconnect();
    v.left.disconnect();
    v.right.disconnect();
    v.merger.disconnect();
    this.voices = this.voices.filter((x) => x !== v);
  }

  /** For the tests: the voices playing now and the music's track and gains. */
  snapshot(): { voices: number; music: number; musicGains: [number, number] | null; state: string } {
    return {
      voices: this.voices.length,
      music: this.playingTrack,
      musicGains: this.music ? [this.music.left.gain.value, this.music.right.gain.value] : null,
      state: this.state,
    };
  }
}
