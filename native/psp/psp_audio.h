/* Sound: a thread of its own mixing core/mixer into a reserved sceAudio
 * channel (44.1 kHz stereo, 1024-sample buffers); the game thread posts
 * SOUND and MUSIC under a semaphore. */
#ifndef RATSCREW_PSP_AUDIO_H
#define RATSCREW_PSP_AUDIO_H

/* 0 on success; on failure the game runs silent. */
int psp_audio_start(void);
void psp_audio_play(int id, int volume, int pan);
void psp_audio_music(int track, int volume);
void psp_audio_stop(void);

#endif
