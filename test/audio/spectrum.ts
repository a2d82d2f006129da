// Power spectra of captured sound: Welch's method (Hann-windowed FFT frames,
// half overlapping, powers averaged), enough to see where the energy lies.

/** In-place radix-2 FFT of (re, im); length a power of two. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < len / 2; k++) {
        const wr = Math.cos(ang * k), wi = Math.sin(ang * k);
        const a = i + k, b = a + len / 2;
        const tr = re[b]! * wr - im[b]! * wi, ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr; im[b] = im[a]! - ti;
        re[a] = re[a]! + tr; im[a] = im[a]! + ti;
      }
    }
  }
}

/** Average power per FFT bin (size / 2 + 1 bins from 0 Hz to rate / 2). */
export function powerSpectrum(x: Float64Array, size = 4096): Float64Array {
  const power = new Float64Array(size / 2 + 1);
  const win = Float64Array.from({ length: size }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
  let frames = 0;
  // A sound shorter than one frame is one zero-padded frame.
  for (let s = 0; frames === 0 || s + size <= x.length; s += size / 2, frames++) {
    const re = new Float64Array(size), im = new Float64Array(size);
    for (let i = 0; i < size && s + i < x.length; i++) re[i] = x[s + i]! * win[i]!;
    fft(re, im);
    for (let k = 0; k <= size / 2; k++) power[k] += re[k]! * re[k]! + im[k]! * im[k]!;
  }
  return power.map((p) => p / Math.max(frames, 1));
}

/** Share of the spectrum's power between lo and hi Hz, in dB (0 = all of it). */
export function bandShareDb(power: Float64Array, rate: number, lo: number, hi: number): number {
  const hz = rate / 2 / (power.length - 1);
  let band = 0, total = 0;
  power.forEach((p, k) => {
    total += p;
    if (k * hz >= lo && k * hz < hi) band += p;
  });
  return 10 * Math.log10(band / total);
}

/** Power-weighted mean frequency in Hz: where a sound's energy sits. */
export function centroidHz(power: Float64Array, rate: number): number {
  const hz = rate / 2 / (power.length - 1);
  let sum = 0, total = 0;
  power.forEach((p, k) => {
    sum += p * k * hz;
    total += p;
  });
  return sum / total;
}
