/* Captures what a host would play: the game's SOUND and MUSIC commands, at
 * their times, mixed by native/core/mixer.c into a 16-bit stereo WAV.
 *
 *   capture OUT.wav RATE EVENTS.txt END_MS SOUND.s16[:loop]...
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

static int16_t *read_s16(const char *path, uint32_t *count)
{
    FILE *f = fopen(path, "rb");
    long n;
    int16_t *buf;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)n + 2);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    *count = (uint32_t)(n / 2); /* the files are little-endian, as is every host this runs on */
    return buf;
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
    if (argc < 6) {
        fprintf(stderr, "usage: capture OUT.wav RATE EVENTS.txt END_MS SOUND.s16[:loop]...\n");
        return 2;
    }
    rate = atoi(argv[2]);
    end_ms = atof(argv[4]);
    for (i = 5; i < argc && count < MAX_SOUNDS; i++, count++) {
        char *path = argv[i], *colon = strrchr(path, ':');
        int loop = colon && !strcmp(colon, ":loop");
        if (loop) *colon = '\0';
        sounds[count].name = path;
        sounds[count].loop = loop;
        sounds[count].samples = read_s16(path, &sounds[count].count);
        if (!sounds[count].samples) {
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
