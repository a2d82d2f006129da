// The mixer's limiter (native/core/mixer.c, limit()) as an AudioWorklet:
// instant attack to keep the louder side at the ceiling (-1 dBFS), then an
// exponential release of 60 ms; both sides share one gain, so a limited
// sound keeps its place in the stereo picture. Float samples, the same
// constants: MIXER_CEILING / 32768 and the Q16 release step.
const CEILING = 29204 / 32768;
const RELEASE_MS = 60;

class Limiter extends AudioWorkletProcessor {
  constructor() {
    super();
    this.gain = 1;
    // sampleRate is the worklet scope's output rate.
    this.release = (Math.floor(65536 / Math.floor((sampleRate * RELEASE_MS) / 1000)) + 1) / 65536;
  }

  process(inputs, outputs) {
    const input = inputs[0];
    const output = outputs[0];
    if (!input || input.length === 0) return true;
    const l = input[0];
    const r = input[1] || input[0];
    const outL = output[0];
    const outR = output[1] || output[0];
    let g = this.gain;
    for (let i = 0; i < l.length; i++) {
      const peak = Math.max(Math.abs(l[i]), Math.abs(r[i]));
      if (g < 1) g += Math.max((1 - g) * this.release, 1 / 65536);
      if (g > 1) g = 1;
      if (peak * g > CEILING) g = CEILING / peak;
      outL[i] = l[i] * g;
      outR[i] = r[i] * g;
    }
    this.gain = g;
    return true;
  }
}

registerProcessor('ratscrew-limiter', Limiter);
