#include <pspaudio.h>
#include <pspkernel.h>
#include <string.h>
#include "embedded.h"
#include "mixer.h"
#include "psp_audio.h"

#define RATE 44100
#define FRAMES PSP_AUDIO_SAMPLE_ALIGN(1024)
#define BUFFER_US (FRAMES * 1000000 / RATE)

static Mixer mixer;
static SceUID lock = -1;
static SceUID thread = -1;
static int channel = -1;
static volatile int running;
/* Two buffers: one is played while the other is mixed. */
static short __attribute__((aligned(64))) buffers[2][2 * FRAMES];

static int audio_thread(SceSize args, void *argp)
{
    int which = 0;
    (void)args; (void)argp;
    while (running) {
        sceKernelWaitSema(lock, 1, NULL);
        mixer_render(&mixer, buffers[which], FRAMES);
        sceKernelSignalSema(lock, 1);
        /* Blocks until the channel can take this buffer. An error returns
         * at once: without the delay this thread, above the game's, would
         * spin and starve it. Waiting one buffer's time keeps the mixer's
         * clock and lets the game run; psp_audio_stop still ends the loop. */
        if (sceAudioOutputPannedBlocking(channel, PSP_AUDIO_VOLUME_MAX, PSP_AUDIO_VOLUME_MAX, buffers[which]) < 0)
            sceKernelDelayThread(BUFFER_US);
        which ^= 1;
    }
    return 0;
}

int psp_audio_start(void)
{
    mixer_init(&mixer, embedded_sounds, embedded_sound_count, RATE);
    lock = sceKernelCreateSema("mixer", 0, 1, 1, NULL);
    if (lock < 0) return -1;
    channel = sceAudioChReserve(PSP_AUDIO_NEXT_CHANNEL, FRAMES, PSP_AUDIO_FORMAT_STEREO);
    if (channel < 0) return -1;
    running = 1;
    /* Above the game thread (0x20) so the buffer is refilled on time. */
    thread = sceKernelCreateThread("audio", audio_thread, 0x12, 0x4000, PSP_THREAD_ATTR_USER, NULL);
    if (thread < 0) {
        running = 0;
        sceAudioChRelease(channel);
        channel = -1;
        return -1;
    }
    sceKernelStartThread(thread, 0, NULL);
    return 0;
}

void psp_audio_play(int id, int volume, int pan)
{
    if (!running) return;
    sceKernelWaitSema(lock, 1, NULL);
    mixer_play(&mixer, id, volume, pan);
    sceKernelSignalSema(lock, 1);
}

void psp_audio_music(int track, int volume)
{
    if (!running) return;
    sceKernelWaitSema(lock, 1, NULL);
    mixer_music(&mixer, track, volume);
    sceKernelSignalSema(lock, 1);
}

void psp_audio_stop(void)
{
    if (thread >= 0) {
        running = 0;
        sceKernelWaitThreadEnd(thread, NULL);
        sceKernelDeleteThread(thread);
        thread = -1;
    }
    if (channel >= 0) sceAudioChRelease(channel);
    channel = -1;
    if (lock >= 0) sceKernelDeleteSema(lock);
    lock = -1;
}
