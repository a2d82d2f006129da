/* mixer_bench: what native/core/mixer.c costs per second of audio, with a
 * sound stored as IMA ADPCM (decoded as it plays) or as 16-bit samples.
 *
 *   mixer_bench SOUND.ima|SOUND.s16 SECONDS [stored|pcm]
 *
 * Plays the sound as the looping music at the game's volume (150) and mixes
 * SECONDS of it at the hosts' 44,100 Hz in the hosts' 1024-frame buffers.
 * With "pcm" an IMA ADPCM sound is decoded first (mixer_decode) and played
 * from its samples: the same signal, the old way. Run under callgrind with
 * --toggle-collect=mixer_render (bench/figures/mixer.mjs): the count is the
 * mixer's alone, not reading the file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mixer.h"

static Mixer mixer;

int main(int argc, char **argv)
{
    EmbeddedSound s;
    FILE *f;
    long n;
    unsigned char *bytes;
    int16_t out[2 * 1024];
    int frames, len;
    if (argc < 3) {
        fprintf(stderr, "usage: mixer_bench SOUND.ima|SOUND.s16 SECONDS [pcm]\n");
        return 64;
    }
    f = fopen(argv[1], "rb");
    if (!f) return 1;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    bytes = malloc((size_t)n);
    if (!bytes || fread(bytes, 1, (size_t)n, f) != (size_t)n) return 1;
    fclose(f);
    memset(&s, 0, sizeof s);
    s.name = argv[1];
    s.loop = 1;
    len = (int)strlen(argv[1]);
    if (len > 4 && !strcmp(argv[1] + len - 4, ".ima")) {
        s.ima = bytes;
        s.count = (uint32_t)bytes[4] | (uint32_t)bytes[5] << 8 | (uint32_t)bytes[6] << 16 | (uint32_t)bytes[7] << 24;
    } else {
        s.samples = (const int16_t *)(const void *)bytes;
        s.count = (uint32_t)(n / 2);
    }
    if (argc > 3 && !strcmp(argv[3], "pcm") && s.ima) { /* else "stored": as the file is */
        int16_t *pcm = malloc((size_t)s.count * sizeof *pcm);
        if (!pcm) return 1;
        mixer_decode(&s, pcm);
        s.samples = pcm;
        s.ima = NULL;
    }
    mixer_init(&mixer, &s, 1, 44100);
    mixer_music(&mixer, 0, 150);
    for (frames = atoi(argv[2]) * 44100; frames > 0; frames -= 1024) mixer_render(&mixer, out, frames < 1024 ? frames : 1024);
    printf("%d\n", out[0]); /* the work is used */
    return 0;
}
