#include <string.h>
#include "contract.h"
#include "mixer.h"

void mixer_init(Mixer *m, const EmbeddedSound *sounds, int count, int output_rate)
{
    memset(m, 0, sizeof *m);
    m->sounds = sounds;
    m->sound_count = count;
    m->step = (uint32_t)(((uint64_t)SOUND_RATE << 16) / (uint32_t)output_rate);
    m->music_track = -1;
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

void mixer_play(Mixer *m, int id, int volume, int pan)
{
    const EmbeddedSound *s = sound_of(m, id);
    MixerVoice *v;
    if (!s) return;
    v = free_voice(m);
    v->sound = s;
    v->pos = 0;
    v->loop = 0;
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
        m->music.sound = s;
        m->music.pos = 0;
        m->music.loop = 1;
        m->music_track = track;
    }
    set_gains(&m->music, volume, 0);
}

/* Adds one voice into acc (stereo int32), advancing it; frees it at the end. */
static void mix_voice(const Mixer *m, MixerVoice *v, int32_t *acc, int frames)
{
    const int16_t *data;
    uint32_t count;
    int i;
    if (!v->sound) return;
    data = v->sound->samples;
    count = v->sound->count;
    for (i = 0; i < frames; i++) {
        uint32_t idx, frac;
        int32_t a, b, s;
        if ((v->pos >> 16) >= count) {
            if (!v->loop) {
                v->sound = NULL;
                return;
            }
            v->pos %= (uint64_t)count << 16;
        }
        idx = (uint32_t)(v->pos >> 16);
        frac = (uint32_t)(v->pos & 0xffff);
        a = data[idx];
        b = idx + 1 < count ? data[idx + 1] : (v->loop ? data[0] : 0);
        s = a + (int32_t)(((int64_t)(b - a) * frac) >> 16);
        acc[2 * i] += (int32_t)(((int64_t)s * v->gain_l) >> 16);
        acc[2 * i + 1] += (int32_t)(((int64_t)s * v->gain_r) >> 16);
        v->pos += m->step;
    }
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
        for (i = 0; i < 2 * n; i++) out[i] = (int16_t)clamp(acc[i], -32768, 32767);
        out += 2 * n;
        frames -= n;
    }
}
