/* Stub for the desktop syntax check only (see README.md). */
#ifndef STUB_PSPAUDIO_H
#define STUB_PSPAUDIO_H
#define PSP_AUDIO_VOLUME_MAX 0x8000
#define PSP_AUDIO_NEXT_CHANNEL (-1)
#define PSP_AUDIO_SAMPLE_ALIGN(s) (((s) + 63) & ~63)
enum PspAudioFormats { PSP_AUDIO_FORMAT_STEREO = 0, PSP_AUDIO_FORMAT_MONO = 0x10 };
int sceAudioChReserve(int channel, int samplecount, int format);
int sceAudioChRelease(int channel);
int sceAudioOutputPannedBlocking(int channel, int leftvol, int rightvol, void *buf);
#endif
