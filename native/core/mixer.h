/* Mixing the game's sounds (docs/host-api.md §3: SOUND one-shots and the
 * looping MUSIC track, 22,050 Hz mono s16) into interleaved stereo s16 at
 * any output rate. Used by the SDL audio callback and the PSP audio thread.
 * docs/sound.md explains the resampling filter and the limiter.
 *
 * Not thread-safe: the host serialises mixer_play/mixer_music (game thread)
 * with mixer_render (audio thread) with its own lock. */
#ifndef RATSCREW_MIXER_H
#define RATSCREW_MIXER_H

#include <stdint.h>
#include "embedded.h"

#define MIXER_VOICES 16

/* The resampling kernel: MIXER_TAPS source samples around each output
 * position, its fractional part quantised to 1 / MIXER_PHASES (exact at the
 * 2x ratio of a 44,100 Hz host). */
#define MIXER_TAPS 24
#define MIXER_PHASE_BITS 6
#define MIXER_PHASES (1 << MIXER_PHASE_BITS)

/* The limiter keeps every output sample within this level (-1 dBFS). */
#define MIXER_CEILING 29204

/* Decoded samples an IMA ADPCM voice keeps: a power of two above MIXER_TAPS
 * plus the one or two samples a frame moves on. */
#define MIXER_RING 64

typedef struct MixerVoice {
    const EmbeddedSound *sound;   /* NULL = free */
    uint64_t pos;                 /* 48.16 fixed point, in source samples */
    int gain_l, gain_r;           /* 0..65536 (volume * pan) */
    int loop;
    /* IMA ADPCM sounds are decoded as they play: samples are numbered from
     * the start of play (a loop goes on counting), and sample k sits at
     * ring[k % MIXER_RING] and again MIXER_RING further on, so the kernel's
     * taps always read one contiguous run. */
    int64_t decoded;              /* the next sample to decode */
    uint32_t code_at;             /* its place in the sound (wraps for a loop) */
    int32_t pred, index;          /* the decoder's state */
    int16_t ring[2 * MIXER_RING];
} MixerVoice;

typedef struct Mixer {
    const EmbeddedSound *sounds;
    int sound_count;
    uint32_t step;                /* source samples per output frame, 16.16 */
    MixerVoice voices[MIXER_VOICES];
    MixerVoice music;
    int music_track;              /* -1 = none */
    /* Windowed-sinc taps per phase, Q14, each phase summing to 1. */
    int16_t kernel[MIXER_PHASES][MIXER_TAPS];
    int phase0_exact;             /* phase 0 is a unit impulse: copy the sample */
    int32_t limiter_gain;         /* Q16; 65536 = no reduction */
    int32_t limiter_release;      /* Q16 share of the way back to 1 per frame */
    uint32_t limited_frames;      /* frames whose peak the limiter caught (tests, docs/sound.md) */
} Mixer;

void mixer_init(Mixer *m, const EmbeddedSound *sounds, int count, int output_rate);

/* One-shot: volume 0..255, pan -128 (left) .. 127 (right). When all voices
 * are busy the one closest to its end is replaced. Unknown ids are ignored. */
void mixer_play(Mixer *m, int id, int volume, int pan);

/* Loops track until replaced; track -1 stops. The same track again only
 * changes the volume (the game repeats MUSIC every frame it wants it). */
void mixer_music(Mixer *m, int track, int volume);

/* Writes frames stereo frames (2 * frames int16s, left first), never beyond
 * +-MIXER_CEILING. */
void mixer_render(Mixer *m, int16_t *out, int frames);

/* The samples of a sound, decoded (out holds s->count): what the mixer plays
 * from an IMA ADPCM sound (test/audio, the benchmark). */
void mixer_decode(const EmbeddedSound *s, int16_t *out);

#endif
