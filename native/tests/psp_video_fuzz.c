/* Random command lists into the PSP host's decoder (native/psp/psp_video.c,
 * psp_video_frame), compiled for the desktop against the PSPSDK
 * declarations of test/native/psp-stubs and the libgu model the benchmark
 * uses (native/tests/psp_gu_model.c), under AddressSanitizer and UBSan
 * (`make -C native psp-video-fuzz`, run by test/native/psp.test.ts). Fields
 * come from int32 extremes as well as plausible values. Besides no
 * undefined behaviour and no write outside the display list, every vertex
 * the GE is given must lie where it can draw (rectangles on the screen,
 * sprites within psp_video.c's GE_REACH of it) and every texture coordinate
 * in the atlas: the GE has no checks of its own. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <pspgu.h>
#include "contract.h"
#include "psp_video.h"

extern void (*gu_model_on_draw)(int prim, int vtype, int count, const void *vertices);

static uint32_t rng = 20261201u;
static unsigned long failures, vertices_seen;

static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static int32_t field(void)
{
    static const int32_t extremes[] = { INT_MIN, INT_MIN + 1, -65536, -32769, -32768, -1, 0, 1, 32767, 32768, 65535, INT_MAX - 1, INT_MAX };
    switch (next() % 4) {
    case 0: return extremes[next() % (sizeof extremes / sizeof extremes[0])];
    case 1: return (int32_t)next();
    default: return (int32_t)(next() % 1100) - 300; /* around the screen and atlas */
    }
}

static void check(int ok, const char *what, long a, long b)
{
    if (ok) return;
    if (failures++ < 10) fprintf(stderr, "psp_video_fuzz: %s (%ld, %ld)\n", what, a, b);
}

static void on_draw(int prim, int vtype, int count, const void *vertices)
{
    const unsigned char *p = (const unsigned char *)vertices;
    int textured = (vtype & GU_TEXTURE_16BIT) != 0, size = textured ? 16 : 12, i;
    check(prim == GU_SPRITES && count > 0 && count % 2 == 0, "a sprite list of pairs", prim, count);
    for (i = 0; i < count; i++, p += size) {
        short x, y;
        memcpy(&x, p + size - 8, 2); /* x, y, z and 2 bytes of padding end each vertex */
        memcpy(&y, p + size - 6, 2);
        /* Rectangles are clamped to the screen; sprites may reach past it by
         * GE_REACH (psp_video.c), where the GE's scissor trims them. */
        if (textured)
            check(x >= -1024 && x <= SCREEN_W + 1024 && y >= -1024 && y <= SCREEN_H + 1024, "a sprite corner out of the GE's reach", x, y);
        else
            check(x >= 0 && x <= SCREEN_W && y >= 0 && y <= SCREEN_H, "a rectangle corner off the screen", x, y);
        if (textured) {
            unsigned short u, v;
            memcpy(&u, p, 2);
            memcpy(&v, p + 2, 2);
            check(u <= 512 && v <= 512, "a texture coordinate outside the atlas", u, v);
        }
        vertices_seen++;
    }
}

int main(void)
{
    static int32_t cmds[MAX_COMMANDS * COMMAND_INTS];
    int frame;
    gu_model_on_draw = on_draw;
    psp_video_init();
    for (frame = 0; frame < 3000; frame++) {
        int count = (int)(next() % 4 == 0 ? MAX_COMMANDS : next() % 64), i, j;
        for (i = 0; i < count; i++) {
            int32_t *c = cmds + i * COMMAND_INTS;
            /* Runs of one op, as the game draws, and single strays. */
            c[0] = (i > 0 && next() % 4) ? cmds[(i - 1) * COMMAND_INTS] : (int32_t)(next() % 9);
            for (j = 1; j < COMMAND_INTS; j++) c[j] = field();
        }
        psp_video_frame(cmds, count);
    }
    if (failures) {
        fprintf(stderr, "psp_video_fuzz: %lu failed checks\n", failures);
        return 1;
    }
    printf("psp_video_fuzz: 3000 frames, %lu vertices checked: all passed\n", vertices_seen);
    return 0;
}
