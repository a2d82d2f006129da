#include <math.h>
#include <string.h>
#include "contract.h"
#include "mixer.h"

/* Kaiser window shape: beta 6.8 puts the stop band about 70 dB down. */
#define KAISER_BETA 6.8f
/* The limiter lets go with this time constant (ms) once a peak has passed. */
#define LIMITER_RELEASE_MS 60
#define PI 3.14159265f

/* Modified Bessel function I0 by its power series (converges fast for x < 10).
 * The kernel is computed in single precision: the PSP's FPU has no doubles,
 * and soft-float doubles made mixer_init cost a noticeable part of a second
 * at every start; the taps are rounded to 14 bits anyway. */
static float bessel_i0(float x)
{
    float sum = 1, term = 1;
    int k;
    for (k = 1; k < 40; k++) {
        term *= (x / (float)(2 * k)) * (x / (float)(2 * k));
        sum += term;
    }
    return sum;
}

/* Windowed sinc with its cutoff at half the lower of the two rates: at the
 * 2x ratio it passes the assets' band (below 9 kHz, docs/sound.md) and
 * removes its mirror image above 13 kHz that linear interpolation left in. */
static void make_kernel(Mixer *m, int output_rate)
{
    const int half = MIXER_TAPS / 2;
    float cut = output_rate < SOUND_RATE ? 0.5f * (float)output_rate / SOUND_RATE : 0.5f;
    float i0_beta = bessel_i0(KAISER_BETA);
    int p, j;
    for (p = 0; p < MIXER_PHASES; p++) {
        float frac = (float)p / MIXER_PHASES, h[MIXER_TAPS], sum = 0;
        int total = 0, big = 0;
        for (j = 0; j < MIXER_TAPS; j++) {
            float x = (float)(j - (half - 1)) - frac; /* tap j is source sample idx + j - (half - 1) */
            float r = x / (float)half, w, s;
            w = r * r < 1 ? bessel_i0(KAISER_BETA * sqrtf(1 - r * r)) / i0_beta : 0;
            s = x == 0 ? 1 : sinf(PI * 2 * cut * x) / (PI * 2 * cut * x);
            h[j] = 2 * cut * s * w;
            sum += h[j];
        }
        for (j = 0; j < MIXER_TAPS; j++) {
            m->kernel[p][j] = (int16_t)lroundf(h[j] / sum * 16384);
            total += m->kernel[p][j];
            if (m->kernel[p][j] > m->kernel[p][big]) big = j;
        }
        m->kernel[p][big] = (int16_t)(m->kernel[p][big] + 16384 - total); /* DC gain exactly 1 */
    }
    m->phase0_exact = 1;
    for (j = 0; j < MIXER_TAPS; j++)
        if (m->kernel[0][j] != (j == half - 1 ? 16384 : 0)) m->phase0_exact = 0;
}

void mixer_init(Mixer *m, const EmbeddedSound *sounds, int count, int output_rate)
{
    memset(m, 0, sizeof *m);
    m->sounds = sounds;
    m->sound_count = count;
    m->step = (uint32_t)(((uint64_t)SOUND_RATE << 16) / (uint32_t)output_rate);
    m->music_track = -1;
    make_kernel(m, output_rate);
    m->limiter_gain = 65536;
    m->limiter_release = (int32_t)(65536 / ((int64_t)output_rate * LIMITER_RELEASE_MS / 1000) + 1);
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Linear panning: the far side fades out, the near side stays at volume. */
static void set_gains(MixerVoice *v, int volume, int pan)
{
    int vol = clamp(volume, 0, 255) * 257;   /* 0..65535 */
    int p = clamp(pan, -128, 127);
    int left = p > 0 ? 128 - p : 128;
    int right = p < 0 ? 128 + p : 128;
    v->gain_l = (int)(((long)vol * left) >> 7);
    v->gain_r = (int)(((long)vol * right) >> 7);
}

static const EmbeddedSound *sound_of(const Mixer *m, int id)
{
    if (id < 0 || id >= m->sound_count || m->sounds[id].count == 0) return NULL;
    return &m->sounds[id];
}

static MixerVoice *free_voice(Mixer *m)
{
    MixerVoice *best = &m->voices[0];
    uint64_t best_left = UINT64_MAX;
    int i;
    for (i = 0; i < MIXER_VOICES; i++) {
        MixerVoice *v = &m->voices[i];
        uint64_t left;
        if (!v->sound) return v;
        left = ((uint64_t)v->sound->count << 16) - v->pos;
        if (left < best_left) {
            best_left = left;
            best = v;
        }
    }
    return best;
}

/* IMA ADPCM (the IMA/DVI tables; tools/assets/adpcm.mjs encodes). */
static const int16_t ima_steps[89] = {
    7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66, 73, 80, 88, 97,
    107, 118, 130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449, 494, 544, 598, 658, 724, 796,
    876, 963, 1060, 1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871,
    5358, 5894, 6484, 7132, 7845, 8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623,
    27086, 29794, 32767
};
static const int8_t ima_index_step[8] = { -1, -1, -1, -1, 2, 4, 6, 8 };
#define IMA_HEADER 8 /* predictor, index, 0, then the sample count */

/* The decoder's first state, from the sound's header. */
static void ima_start(const EmbeddedSound *s, int32_t *pred, int32_t *index, uint32_t *at)
{
    *pred = (int16_t)(uint16_t)(s->ima[0] | (s->ima[1] << 8));
    *index = s->ima[2] > 88 ? 88 : s->ima[2];
    *at = 0;
}

/* Sample at of the sound, moving the decoder state on. */
static int16_t ima_next(const EmbeddedSound *s, int32_t *pred, int32_t *index, uint32_t at)
{
    unsigned byte = s->ima[IMA_HEADER + (at >> 1)], code = at & 1 ? byte >> 4 : byte & 15;
    int32_t step = ima_steps[*index], diff = step >> 3, p;
    if (code & 4) diff += step;
    if (code & 2) diff += step >> 1;
    if (code & 1) diff += step >> 2;
    p = code & 8 ? *pred - diff : *pred + diff;
    *pred = p > 32767 ? 32767 : p < -32768 ? -32768 : p;
    *index += ima_index_step[code & 7];
    *index = *index < 0 ? 0 : *index > 88 ? 88 : *index;
    return (int16_t)*pred;
}

void mixer_decode(const EmbeddedSound *s, int16_t *out)
{
    int32_t pred, index;
    uint32_t at;
    if (!s->ima) {
        memcpy(out, s->samples, (size_t)s->count * sizeof *out);
        return;
    }
    ima_start(s, &pred, &index, &at);
    for (; at < s->count; at++) out[at] = ima_next(s, &pred, &index, at);
}

/* A voice starting at the sound's first sample. */
static void start_voice(MixerVoice *v, const EmbeddedSound *s, int loop)
{
    v->sound = s;
    v->pos = 0;
    v->loop = loop;
    if (s->ima) {
        v->decoded = 0;
        ima_start(s, &v->pred, &v->index, &v->code_at);
        memset(v->ring, 0, sizeof v->ring); /* the silence before the start */
    }
}

/* Decodes an IMA ADPCM voice up to (not including) sample k: past a
 * one-shot's end silence, past a loop's end its start again. */
static void decode_to(MixerVoice *v, int64_t k)
{
    const EmbeddedSound *s = v->sound;
    for (; v->decoded < k; v->decoded++) {
        int16_t x = 0;
        unsigned slot = (unsigned)v->decoded & (MIXER_RING - 1);
        if (v->code_at >= s->count && v->loop) ima_start(s, &v->pred, &v->index, &v->code_at);
        if (v->code_at < s->count) x = ima_next(s, &v->pred, &v->index, v->code_at++);
        v->ring[slot] = v->ring[slot + MIXER_RING] = x;
    }
}

void mixer_play(Mixer *m, int id, int volume, int pan)
{
    const EmbeddedSound *s = sound_of(m, id);
    MixerVoice *v;
    if (!s) return;
    v = free_voice(m);
    start_voice(v, s, 0);
    set_gains(v, volume, pan);
}

void mixer_music(Mixer *m, int track, int volume)
{
    const EmbeddedSound *s = sound_of(m, track);
    if (!s) {
        m->music.sound = NULL;
        m->music_track = -1;
        return;
    }
    if (track != m->music_track) {
        start_voice(&m->music, s, 1);
        m->music_track = track;
    }
    set_gains(&m->music, volume, 0);
}

/* Source sample k of a voice: a loop wraps round (its start follows its
 * end), a one-shot is silent outside its samples. */
static int32_t sample_at(const MixerVoice *v, int64_t k)
{
    int64_t n = v->sound->count;
    if (k < 0 || k >= n) {
        if (!v->loop) return 0;
        k %= n;
        if (k < 0) k += n;
    }
    return v->sound->samples[k];
}

/* The voice's signal at its position: the kernel phase nearest the
 * fractional part, over the taps around it. */
static int32_t interpolate(const Mixer *m, MixerVoice *v)
{
    const int half = MIXER_TAPS / 2;
    int64_t idx = (int64_t)(v->pos >> 16), first = idx - (half - 1);
    unsigned phase = (unsigned)(v->pos & 0xffff) >> (16 - MIXER_PHASE_BITS);
    const int16_t *h = m->kernel[phase];
    int32_t acc = 0;
    int j;
    if (v->sound->ima) {
        /* the ring holds every tap: first .. first + MIXER_TAPS - 1 */
        const int16_t *d = v->ring + ((uint64_t)first & (MIXER_RING - 1));
        decode_to(v, first + MIXER_TAPS);
        if (phase == 0 && m->phase0_exact) return d[half - 1];
        for (j = 0; j < MIXER_TAPS; j++) acc += d[j] * h[j];
        return (acc + (1 << 13)) >> 14;
    }
    if (phase == 0 && m->phase0_exact) return v->sound->samples[idx];
    if (first >= 0 && first + MIXER_TAPS <= (int64_t)v->sound->count) {
        const int16_t *d = v->sound->samples + first;
        for (j = 0; j < MIXER_TAPS; j++) acc += d[j] * h[j];
    } else {
        for (j = 0; j < MIXER_TAPS; j++) acc += sample_at(v, first + j) * h[j];
    }
    return (acc + (1 << 13)) >> 14;
}

/* Adds one voice into acc (stereo int32), advancing it; frees it at the end. */
static void mix_voice(const Mixer *m, MixerVoice *v, int32_t *acc, int frames)
{
    uint64_t end;
    int i;
    if (!v->sound) return;
    end = (uint64_t)v->sound->count << 16;
    for (i = 0; i < frames; i++) {
        int32_t s;
        if (v->pos >= end) {
            if (!v->loop) {
                v->sound = NULL;
                return;
            }
            /* a decoded loop counts on: its ring is numbered from the start of play */
            if (!v->sound->ima) v->pos %= end;
        }
        s = interpolate(m, v);
        acc[2 * i] += (int32_t)(((int64_t)s * v->gain_l) >> 16);
        acc[2 * i + 1] += (int32_t)(((int64_t)s * v->gain_r) >> 16);
        v->pos += m->step;
    }
}

/* A peak limiter with instant attack: the gain drops at once to what keeps
 * the frame's louder side at the ceiling, then recovers exponentially. Both
 * sides share one gain, so a limited sound keeps its place in the stereo
 * picture. */
static void limit(Mixer *m, const int32_t *acc, int16_t *out, int frames)
{
    int32_t g = m->limiter_gain;
    int i;
    for (i = 0; i < frames; i++) {
        int32_t l = acc[2 * i], r = acc[2 * i + 1];
        int32_t peak = l < 0 ? -l : l, pr = r < 0 ? -r : r;
        if (pr > peak) peak = pr;
        if (g < 65536) {
            int32_t up = (int32_t)(((int64_t)(65536 - g) * m->limiter_release) >> 16);
            g += up > 0 ? up : 1;
        }
        if (((int64_t)peak * g) >> 16 > MIXER_CEILING) {
            g = (int32_t)(((int64_t)MIXER_CEILING << 16) / peak);
            m->limited_frames++;
        }
        out[2 * i] = (int16_t)(((int64_t)l * g) >> 16);
        out[2 * i + 1] = (int16_t)(((int64_t)r * g) >> 16);
    }
    m->limiter_gain = g;
}

#define CHUNK 256

void mixer_render(Mixer *m, int16_t *out, int frames)
{
    int32_t acc[2 * CHUNK];
    while (frames > 0) {
        int n = frames < CHUNK ? frames : CHUNK, i;
        memset(acc, 0, sizeof acc);
        for (i = 0; i < MIXER_VOICES; i++) mix_voice(m, &m->voices[i], acc, n);
        mix_voice(m, &m->music, acc, n);
        limit(m, acc, out, n);
        out += 2 * n;
        frames -= n;
    }
}
