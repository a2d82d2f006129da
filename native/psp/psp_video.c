/* GE setup as in the pspsdk samples and /work/shared/PSP-NOTES.md: 32-bit
 * draw and display buffers of width 512 in VRAM, a 16-bit depth buffer after
 * them, and the 512x512 atlas read from RAM (swizzled, 8-bit CLUT: GU_PSM_T8). */
#include <pspdisplay.h>
#include <pspgu.h>
#include <pspkernel.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"
#include "contract.h"
#include "embedded.h"
#include "psp_video.h"
#include "sprite_clip.h"

#define BUF_W 512
#define FRAME_BYTES (BUF_W * SCREEN_H * 4)

/* One frame's display list: up to 2048 sprites of 32 bytes of vertices
 * plus their draw commands fit well within 256 KB. The GE reads it from
 * memory behind the CPU's data cache, so it starts on a 64-byte cache line
 * and spans whole lines: no line is shared with other data that a
 * write-back could clobber (docs/native.md, "Real hardware"). */
#define LIST_BYTES (256 * 1024)
static unsigned int __attribute__((aligned(64))) list[LIST_BYTES / sizeof(unsigned int)];
typedef char list_is_whole_cache_lines[sizeof list % 64 == 0 ? 1 : -1];

/* The GE's vertex layouts (PSP-NOTES.md): 16 and 12 bytes with padding. */
typedef struct TexVertex {
    unsigned short u, v;
    unsigned int color;
    short x, y, z;
} TexVertex;

typedef struct ColorVertex {
    unsigned int color;
    short x, y, z;
} ColorVertex;

/* The GE reads these sizes (each vertex padded to its largest member). */
typedef char tex_vertex_is_16_bytes[sizeof(TexVertex) == 16 ? 1 : -1];
typedef char color_vertex_is_12_bytes[sizeof(ColorVertex) == 12 ? 1 : -1];

#define TEX_VTYPE (GU_TEXTURE_16BIT | GU_COLOR_8888 | GU_VERTEX_16BIT | GU_TRANSFORM_2D)
#define COLOR_VTYPE (GU_COLOR_8888 | GU_VERTEX_16BIT | GU_TRANSFORM_2D)

static void set_texture(void)
{
    sceGuEnable(GU_TEXTURE_2D);
    /* 8-bit indices into 256 RGBA colours (embedded.h), drawn as they are */
    sceGuClutMode(GU_PSM_8888, 0, 0xff, 0);
    sceGuClutLoad(256 / 8, embedded_atlas_clut);
    sceGuTexMode(GU_PSM_T8, 0, 0, 1); /* swizzled */
    sceGuTexImage(0, embedded_atlas_w, embedded_atlas_h, embedded_atlas_w, embedded_atlas);
    sceGuTexFunc(GU_TFX_MODULATE, GU_TCC_RGBA); /* texel * vertex colour */
    sceGuTexFilter(GU_NEAREST, GU_NEAREST);
    sceGuTexWrap(GU_CLAMP, GU_CLAMP);
}

/* Clears the draw buffer to black and waits for the GE. */
static void clear_buffer(void)
{
    sceGuStart(GU_DIRECT, list);
    sceGuClearColor(0xff000000);
    sceGuClear(GU_COLOR_BUFFER_BIT);
    sceGuFinish();
    sceGuSync(0, 0);
}

void psp_video_init(void)
{
    /* The atlas was written by the module loader through the data cache. */
    sceKernelDcacheWritebackAll();
    sceGuInit();
    sceGuStart(GU_DIRECT, list);
    sceGuDrawBuffer(GU_PSM_8888, (void *)0, BUF_W);
    sceGuDispBuffer(SCREEN_W, SCREEN_H, (void *)FRAME_BYTES, BUF_W);
    sceGuDepthBuffer((void *)(2 * FRAME_BYTES), BUF_W);
    sceGuOffset(2048 - SCREEN_W / 2, 2048 - SCREEN_H / 2);
    sceGuViewport(2048, 2048, SCREEN_W, SCREEN_H);
    sceGuDepthRange(65535, 0);
    sceGuScissor(0, 0, SCREEN_W, SCREEN_H);
    sceGuEnable(GU_SCISSOR_TEST);
    sceGuDisable(GU_DEPTH_TEST);
    sceGuShadeModel(GU_SMOOTH);
    sceGuEnable(GU_BLEND);
    sceGuBlendFunc(GU_ADD, GU_SRC_ALPHA, GU_ONE_MINUS_SRC_ALPHA, 0, 0);
    set_texture();
    sceGuFinish();
    sceGuSync(0, 0);
    /* A real PSP keeps whatever VRAM held before (PPSSPP starts it zeroed):
     * both buffers are cleared before the display is switched on, or the
     * screen shows stale pictures while the bundle loads. */
    clear_buffer();
    sceGuSwapBuffers();
    clear_buffer();
    sceDisplayWaitVblankStart();
    sceGuDisplay(GU_TRUE);
}

/* How many commands from cmds[i] on have the same op. */
static int run_length(const int32_t *cmds, int i, int count)
{
    int op = cmds[i * COMMAND_INTS], j = i + 1;
    while (j < count && cmds[j * COMMAND_INTS] == op) j++;
    return j - i;
}

/* A sprite's two corners; a negative size swaps the texture coordinates. */
static void sprite_vertices(const SpriteCmd *s, TexVertex *v)
{
    int w = s->w < 0 ? -s->w : s->w, h = s->h < 0 ? -s->h : s->h;
    v[0].x = (short)s->x;
    v[0].y = (short)s->y;
    v[1].x = (short)(s->x + w);
    v[1].y = (short)(s->y + h);
    v[0].u = (unsigned short)(s->w < 0 ? s->u + s->sw : s->u);
    v[1].u = (unsigned short)(s->w < 0 ? s->u : s->u + s->sw);
    v[0].v = (unsigned short)(s->h < 0 ? s->v + s->sh : s->v);
    v[1].v = (unsigned short)(s->h < 0 ? s->v : s->v + s->sh);
    v[0].color = v[1].color = s->tint;
    v[0].z = v[1].z = 0;
}

/* How far past the screen's edges a sprite's corner may lie: the GE draws in
 * a 4096-pixel space around the offset psp_video_init sets, and a vertex is
 * a 16-bit number. */
#define GE_REACH 1024

/* Whether the GE can draw the sprite as given: texture coordinates inside
 * the atlas and corners within GE_REACH of the screen. The game's own
 * sprites always are (scaled ones stick out by a card at most, and the GE's
 * scissor trims them); a hostile command that is not is skipped rather than
 * wrapped into a wrong picture (native/tests/psp_video_fuzz.c). */
static int ge_can_draw(const SpriteCmd *s)
{
    /* After sprite_clip the sizes are positive ints and sw, sh > 0, so each
     * comparison is written so that it cannot overflow, in 32 bits (64-bit
     * arithmetic costs the PSP's 32-bit CPU more, on every sprite). */
    int w = s->w < 0 ? -s->w : s->w, h = s->h < 0 ? -s->h : s->h;
    return s->u >= 0 && s->v >= 0 && s->u <= embedded_atlas_w - s->sw && s->v <= embedded_atlas_h - s->sh
        && s->x >= -GE_REACH && s->y >= -GE_REACH && s->x <= SCREEN_W + GE_REACH - w
        && s->y <= SCREEN_H + GE_REACH - h;
}

/* One sceGuDrawArray for a run of consecutive sprites. */
static void draw_sprites(const int32_t *cmds, int n)
{
    TexVertex *v = (TexVertex *)sceGuGetMemory(2 * n * (int)sizeof(TexVertex));
    int i, used = 0;
    for (i = 0; i < n; i++) {
        SpriteCmd s;
        commands_decode_sprite(cmds + i * COMMAND_INTS, &s);
        if (s.sw <= 0 || s.sh <= 0 || !sprite_clip(&s, SCREEN_W, SCREEN_H) || !ge_can_draw(&s)) continue;
        sprite_vertices(&s, v + 2 * used);
        used++;
    }
    if (used) sceGuDrawArray(GU_SPRITES, TEX_VTYPE, 2 * used, 0, v);
}

static void draw_rects(const int32_t *cmds, int n)
{
    ColorVertex *v = (ColorVertex *)sceGuGetMemory(2 * n * (int)sizeof(ColorVertex));
    int i, used = 0;
    for (i = 0; i < n; i++) {
        RectCmd r;
        int x0, y0, x1, y1;
        commands_decode_rect(cmds + i * COMMAND_INTS, &r);
        if (r.w <= 0 || r.h <= 0) continue;
        /* Clamped to the screen (the GE is given no negative positions),
         * with comparisons that cannot overflow whatever int32 the command
         * holds: w and h are positive here. */
        x0 = r.x < 0 ? 0 : r.x;
        y0 = r.y < 0 ? 0 : r.y;
        x1 = r.x > SCREEN_W - r.w ? SCREEN_W : r.x + r.w;
        y1 = r.y > SCREEN_H - r.h ? SCREEN_H : r.y + r.h;
        if (x1 <= x0 || y1 <= y0) continue;
        v[2 * used].color = v[2 * used + 1].color = r.color;
        v[2 * used].x = (short)x0;
        v[2 * used].y = (short)y0;
        v[2 * used + 1].x = (short)x1;
        v[2 * used + 1].y = (short)y1;
        v[2 * used].z = v[2 * used + 1].z = 0;
        used++;
    }
    if (!used) return;
    sceGuDisable(GU_TEXTURE_2D);
    sceGuDrawArray(GU_SPRITES, COLOR_VTYPE, 2 * used, 0, v);
    sceGuEnable(GU_TEXTURE_2D);
}

static void draw_commands(const int32_t *cmds, int count)
{
    int i = 0;
    while (i < count) {
        const int32_t *c = cmds + i * COMMAND_INTS;
        int n = 1;
        if (c[0] == OP_CLEAR) {
            sceGuClearColor((unsigned int)c[1]);
            sceGuClear(GU_COLOR_BUFFER_BIT);
        } else if (c[0] == OP_SPRITE) {
            n = run_length(cmds, i, count);
            draw_sprites(c, n);
        } else if (c[0] == OP_RECT) {
            n = run_length(cmds, i, count);
            draw_rects(c, n);
        }
        i += n;
    }
}

static void (*overlay)(void);

void psp_video_set_overlay(void (*draw)(void))
{
    overlay = draw;
}

void psp_video_frame(const int32_t *cmds, int count)
{
    sceGuStart(GU_DIRECT, list);
    set_texture();
    draw_commands(cmds, count);
    sceGuFinish();
    sceGuSync(0, 0);
    if (overlay) overlay();
    sceDisplayWaitVblankStart();
    sceGuSwapBuffers();
}

/* A frame buffer's pixels as the GE holds them, copied into RAM by a GE
 * block transfer: a hardware renderer (PPSSPP's OpenGL, Vulkan) keeps what
 * the GE drew in its own framebuffers and writes emulated VRAM only when
 * something reads it this way, so the CPU reading VRAM directly would see
 * whatever was there before. */
static void read_frame_buffer(int b, uint32_t *readback)
{
    const unsigned size = SCREEN_W * SCREEN_H * 4;
    sceKernelDcacheWritebackInvalidateRange(readback, size);
    sceGuStart(GU_DIRECT, list);
    sceGuCopyImage(GU_PSM_8888, 0, 0, SCREEN_W, SCREEN_H, BUF_W, (void *)(uintptr_t)(0x04000000u + (unsigned)b * FRAME_BYTES),
                   0, 0, SCREEN_W, readback);
    sceGuTexSync();
    sceGuFinish();
    sceGuSync(0, 0);
    sceKernelDcacheInvalidateRange(readback, size);
}

int psp_video_count_unlike(uint32_t bgr)
{
    /* Cache-line aligned, so invalidating it touches nothing else. */
    uint32_t *readback = (uint32_t *)memalign(64, SCREEN_W * SCREEN_H * 4);
    int b, i, n = 0;
    if (!readback) return -1;
    sceGuSync(0, 0);
    /* Colour only: the top byte of a 32-bit pixel is the stencil, which
     * the display does not show and a colour clear leaves alone. */
    for (b = 0; b < 2; b++) {
        read_frame_buffer(b, readback);
        for (i = 0; i < SCREEN_W * SCREEN_H; i++)
            if ((readback[i] & 0xffffffu) != (bgr & 0xffffffu)) n++;
    }
    free(readback);
    return n;
}

void psp_video_dirty(void)
{
    uint32_t *vram = (uint32_t *)(0x44000000u);
    int i;
    for (i = 0; i < 2 * FRAME_BYTES / 4; i++) vram[i] = 0xff00ff00u ^ (uint32_t)(i * 2654435761u);
}

void psp_video_show_rgba(const uint8_t *pixels)
{
    /* Through the GE (block transfers into both buffers), not CPU writes to
     * VRAM: a hardware renderer shows the framebuffers the GE drew and never
     * sees the CPU's writes, so PPSSPP's OpenGL showed the error screen black
     * (test/psp/replay.test.ts). Both buffers, so that whichever is on
     * display shows the picture. */
    int b;
    sceKernelDcacheWritebackRange(pixels, SCREEN_W * SCREEN_H * 4);
    sceGuSync(0, 0);
    sceGuStart(GU_DIRECT, list);
    for (b = 0; b < 2; b++)
        sceGuCopyImage(GU_PSM_8888, 0, 0, SCREEN_W, SCREEN_H, SCREEN_W, (void *)pixels, 0, 0, BUF_W,
                       (void *)(uintptr_t)(0x04000000u + (unsigned)b * FRAME_BYTES));
    sceGuTexSync();
    sceGuFinish();
    sceGuSync(0, 0);
}
