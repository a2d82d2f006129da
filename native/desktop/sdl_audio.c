#include <stdio.h>
#include <string.h>
#include "sdl_audio.h"

#define RATE 44100
#define BUFFER_FRAMES 1024

/* Runs on SDL's audio thread with the device lock held. */
static void callback(void *user, Uint8 *stream, int len)
{
    SdlAudio *a = (SdlAudio *)user;
    mixer_render(&a->mixer, (int16_t *)(void *)stream, len / 4);
}

void sdl_audio_open(SdlAudio *a)
{
    SDL_AudioSpec want, got;
    memset(&want, 0, sizeof want);
    want.freq = RATE;
    want.format = AUDIO_S16SYS;
    want.channels = 2;
    want.samples = BUFFER_FRAMES;
    want.callback = callback;
    want.userdata = a;
    mixer_init(&a->mixer, embedded_sounds, embedded_sound_count, RATE);
    a->device = SDL_OpenAudioDevice(NULL, 0, &want, &got, 0);
    if (!a->device) {
        fprintf(stderr, "ratscrew: no sound: %s\n", SDL_GetError());
        return;
    }
    if (embedded_sound_count == 0)
        fprintf(stderr, "ratscrew: note: built without sounds (assets/build/sounds.json was missing)\n");
    SDL_PauseAudioDevice(a->device, 0);
}

void sdl_audio_play(SdlAudio *a, int id, int volume, int pan)
{
    if (!a->device) return;
    SDL_LockAudioDevice(a->device);
    mixer_play(&a->mixer, id, volume, pan);
    SDL_UnlockAudioDevice(a->device);
}

void sdl_audio_music(SdlAudio *a, int track, int volume)
{
    if (!a->device) return;
    SDL_LockAudioDevice(a->device);
    mixer_music(&a->mixer, track, volume);
    SDL_UnlockAudioDevice(a->device);
}

void sdl_audio_close(SdlAudio *a)
{
    if (a->device) SDL_CloseAudioDevice(a->device);
    a->device = 0;
}
