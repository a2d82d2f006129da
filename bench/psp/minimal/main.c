/* The yardstick for the game's start (bench/psp/start.ts): the least a
 * sceGu homebrew does before its first picture. It clears the screen and
 * draws one sprite (a 16x16 texture made here), presents it the way the
 * game presents a frame (native/psp/psp_video.c: finish, sync, wait for the
 * vertical blank, swap), and prints how long after main() that was. Its
 * module settings are the game's own (native/psp/main.c: the user main
 * thread with a 512 KB stack, the heap of all free memory less 1 MB, the
 * clock at 222 MHz), so the two programs pass through the same C runtime
 * start and the difference of their times is the game's own work. */
#include <pspdisplay.h>
#include <pspgu.h>
#include <pspkernel.h>
#include <psppower.h>
#include <stdint.h>
#include <stdio.h>

PSP_MODULE_INFO("RatscrewMinimal", PSP_MODULE_USER, 1, 0);
PSP_MAIN_THREAD_ATTR(THREAD_ATTR_USER);
PSP_MAIN_THREAD_STACK_SIZE_KB(512);
PSP_HEAP_SIZE_KB(-1);
PSP_HEAP_THRESHOLD_SIZE_KB(1024);

#define SCREEN_W 480
#define SCREEN_H 272
#define BUF_W 512
#define FRAME_BYTES (BUF_W * SCREEN_H * 4)
#define TEX 16
/* How long it keeps drawing after the first frame, so that the emulator
 * harness sees a running program rather than one that ended. */
#define FRAMES 120

static unsigned int __attribute__((aligned(64))) list[16 * 1024];
static uint32_t __attribute__((aligned(16))) texture[TEX * TEX];

typedef struct Vertex {
    unsigned short u, v;
    unsigned int color;
    short x, y, z;
} Vertex;

static void draw(int frame)
{
    Vertex *v;
    sceGuStart(GU_DIRECT, list);
    sceGuClearColor(0xff204010u);
    sceGuClear(GU_COLOR_BUFFER_BIT);
    v = (Vertex *)sceGuGetMemory(2 * sizeof(Vertex));
    v[0].u = 0;
    v[0].v = 0;
    v[0].x = (short)(208 + frame % 32);
    v[0].y = 104;
    v[1].u = TEX;
    v[1].v = TEX;
    v[1].x = (short)(v[0].x + 64);
    v[1].y = 168;
    v[0].color = v[1].color = 0xffffffffu;
    v[0].z = v[1].z = 0;
    sceGuDrawArray(GU_SPRITES, GU_TEXTURE_16BIT | GU_COLOR_8888 | GU_VERTEX_16BIT | GU_TRANSFORM_2D, 2, 0, v);
    sceGuFinish();
    sceGuSync(0, 0);
    sceDisplayWaitVblankStart();
    sceGuSwapBuffers();
}

int main(void)
{
    uint64_t start_us = sceKernelGetSystemTimeWide();
    int i;
    scePowerSetClockFrequency(222, 222, 111);
    for (i = 0; i < TEX * TEX; i++) texture[i] = ((i / TEX + i % TEX) & 1) ? 0xff30c0f0u : 0xfff0f0f0u;
    sceKernelDcacheWritebackAll();
    sceGuInit();
    sceGuStart(GU_DIRECT, list);
    sceGuDrawBuffer(GU_PSM_8888, (void *)0, BUF_W);
    sceGuDispBuffer(SCREEN_W, SCREEN_H, (void *)FRAME_BYTES, BUF_W);
    sceGuOffset(2048 - SCREEN_W / 2, 2048 - SCREEN_H / 2);
    sceGuViewport(2048, 2048, SCREEN_W, SCREEN_H);
    sceGuScissor(0, 0, SCREEN_W, SCREEN_H);
    sceGuEnable(GU_SCISSOR_TEST);
    sceGuEnable(GU_TEXTURE_2D);
    sceGuTexMode(GU_PSM_8888, 0, 0, 0);
    sceGuTexImage(0, TEX, TEX, TEX, texture);
    sceGuTexFunc(GU_TFX_MODULATE, GU_TCC_RGBA);
    sceGuTexFilter(GU_NEAREST, GU_NEAREST);
    sceGuFinish();
    sceGuSync(0, 0);
    sceGuDisplay(GU_TRUE);
    draw(0);
    printf("minimal: first frame shown %u us after main\n", (unsigned)(sceKernelGetSystemTimeWide() - start_us));
    fflush(stdout);
    for (i = 1; i < FRAMES; i++) draw(i);
    printf("minimal: done\n");
    fflush(stdout);
    sceKernelSleepThread();
    return 0;
}
