/* Captures what a host would play: the game's SOUND and MUSIC commands, at
 * their times, mixed by native/core/mixer.c into a 16-bit stereo WAV.
 *
 *   capture OUT.wav RATE EVENTS.txt END_MS SOUND.s16|SOUND.ima[:loop]...
 *   capture --decode SOUND.ima OUT.s16     (the samples the mixer plays)
 *
 * The sounds come in id order (assets/build/sounds.json). Each line of
 * EVENTS.txt is "ms op a b c": op 4 is SOUND id volume pan, op 5 is MUSIC
 * track volume (docs/host-api.md §3). Prints one JSON line of what the mixer
 * saw: output peak, samples at full scale, frames whose peak the limiter
 * caught. Used by test/audio/mix.test.ts and test/audio/report.test.ts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mixer.h"

#define MAX_SOUNDS 32

/* A whole file, or NULL; *len its bytes. */
static unsigned char *read_all(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)*len + 2);
    if (!buf || fread(buf, 1, (size_t)*len, f) != (size_t)*len) {
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    return buf;
}

/* A sound file as the hosts embed it: .s16 samples or .ima ADPCM
 * (tools/assets/adpcm.mjs: the count is in its header). */
static int read_sound(const char *path, EmbeddedSound *s)
{
    long n;
    unsigned char *bytes = read_all(path, &n);
    size_t len = strlen(path);
    if (!bytes) return -1;
    if (len > 4 && !strcmp(path + len - 4, ".ima")) {
        if (n < 8) return -1;
        s->ima = bytes;
        s->count = (uint32_t)bytes[4] | (uint32_t)bytes[5] << 8 | (uint32_t)bytes[6] << 16 | (uint32_t)bytes[7] << 24;
        if ((long)(8 + (s->count + 1) / 2) > n) return -1;
    } else {
        s->samples = (const int16_t *)(const void *)bytes; /* little-endian, as every host this runs on */
        s->count = (uint32_t)(n / 2);
    }
    return 0;
}

static void put32(FILE *f, uint32_t v)
{
    unsigned char b[4] = { (unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16), (unsigned char)(v >> 24) };
    fwrite(b, 1, 4, f);
}

static void put16(FILE *f, unsigned v)
{
    unsigned char b[2] = { (unsigned char)v, (unsigned char)(v >> 8) };
    fwrite(b, 1, 2, f);
}

static void wav_header(FILE *f, uint32_t rate, uint32_t frames)
{
    fwrite("RIFF", 1, 4, f);
    put32(f, 36 + frames * 4);
    fwrite("WAVEfmt ", 1, 8, f);
    put32(f, 16);
    put16(f, 1);
    put16(f, 2);
    put32(f, rate);
    put32(f, rate * 4);
    put16(f, 4);
    put16(f, 16);
    fwrite("data", 1, 4, f);
    put32(f, frames * 4);
}

static Mixer mixer;

int main(int argc, char **argv)
{
    EmbeddedSound sounds[MAX_SOUNDS];
    int count = 0, i, rate, full = 0, peak = 0;
    uint32_t frames, done = 0;
    double end_ms;
    FILE *events, *out;
    int16_t buf[2 * 512];
    char line[256];
    if (argc == 4 && !strcmp(argv[1], "--decode")) {
        EmbeddedSound s;
        FILE *f;
        int16_t *pcm;
        memset(&s, 0, sizeof s);
        if (read_sound(argv[2], &s) < 0 || !(pcm = malloc((size_t)s.count * 2 + 2))) return 2;
        mixer_decode(&s, pcm);
        f = fopen(argv[3], "wb");
        if (!f || fwrite(pcm, 2, s.count, f) != s.count || fclose(f) != 0) return 2;
        return 0;
    }
    if (argc < 6) {
        fprintf(stderr, "usage: capture OUT.wav RATE EVENTS.txt END_MS SOUND.s16|SOUND.ima[:loop]...\n"
                        "       capture --decode SOUND.ima OUT.s16\n");
        return 2;
    }
    rate = atoi(argv[2]);
    end_ms = atof(argv[4]);
    for (i = 5; i < argc && count < MAX_SOUNDS; i++, count++) {
        char *path = argv[i], *colon = strrchr(path, ':');
        int loop = colon && !strcmp(colon, ":loop");
        if (loop) *colon = '\0';
        memset(&sounds[count], 0, sizeof sounds[count]);
        sounds[count].name = path;
        sounds[count].loop = loop;
        if (read_sound(path, &sounds[count]) < 0) {
            fprintf(stderr, "capture: cannot read %s\n", path);
            return 2;
        }
    }
    events = fopen(argv[3], "r");
    out = fopen(argv[1], "wb");
    if (!events || !out) {
        fprintf(stderr, "capture: cannot open %s or %s\n", argv[3], argv[1]);
        return 2;
    }
    mixer_init(&mixer, sounds, count, rate);
    frames = (uint32_t)(end_ms * rate / 1000);
    wav_header(out, (uint32_t)rate, frames);
    for (;;) {
        double ms = end_ms;
        int op = 0, a = 0, b = 0, c = 0;
        uint32_t due;
        if (fgets(line, sizeof line, events) && sscanf(line, "%lf %d %d %d %d", &ms, &op, &a, &b, &c) < 2) continue;
        due = (uint32_t)(ms * rate / 1000);
        if (due > frames) due = frames;
        while (done < due) {
            int n = due - done < 512 ? (int)(due - done) : 512, k;
            mixer_render(&mixer, buf, n);
            for (k = 0; k < 2 * n; k++) {
                int v = buf[k] < 0 ? -buf[k] : buf[k];
                if (v > peak) peak = v;
                if (v >= 32767) full++;
                put16(out, (unsigned)(uint16_t)buf[k]);
            }
            done += (uint32_t)n;
        }
        if (op == 4) mixer_play(&mixer, a, b, c);
        else if (op == 5) mixer_music(&mixer, a, b);
        if (done >= frames) break;
    }
    fclose(events);
    if (fclose(out) != 0) return 2;
    printf("{\"frames\": %u, \"peak\": %d, \"fullScale\": %d, \"limitedFrames\": %u}\n", frames, peak, full,
           mixer.limited_frames);
    return 0;
}
