/* Desktop sound: an SDL audio device whose callback runs core/mixer. */
#ifndef RATSCREW_SDL_AUDIO_H
#define RATSCREW_SDL_AUDIO_H

#include <SDL.h>
#include "../core/mixer.h"

typedef struct SdlAudio {
    SDL_AudioDeviceID device;   /* 0: no sound (the game still runs) */
    Mixer mixer;
} SdlAudio;

/* Opens 44.1 kHz stereo s16 output; on failure logs and stays silent. */
void sdl_audio_open(SdlAudio *a);
/* Starts a one-shot / sets the music, under the device lock. */
void sdl_audio_play(SdlAudio *a, int id, int volume, int pan);
void sdl_audio_music(SdlAudio *a, int track, int volume);
void sdl_audio_close(SdlAudio *a);

#endif
