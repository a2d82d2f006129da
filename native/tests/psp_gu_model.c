/* A desktop stand-in for the libgu/libpspdisplay calls native/psp/psp_video.c
 * makes, so that the benchmark can count the PSP host's own decoding of the
 * command list (psp_video_frame) with callgrind on x86-64. Each call does
 * what libgu does on the PSP, minus the hardware: it appends its GE command
 * words to the current display list (sendCommandi is one store), and
 * sceGuGetMemory carves vertex memory out of the list behind a jump, as
 * libgu does. Waiting for the GE and the vertical blank costs nothing here.
 * Compiled against test/native/psp-stubs (the declarations). The PSP
 * decoder's fuzzer (native/tests/psp_video_fuzz.c) runs over it too. */
#include <stdint.h>
#include <stddef.h>
#include <pspgu.h>
#include <pspdisplay.h>
#include <pspkernel.h>

static uint32_t *cur, *start;

static void send(int cmd, uint32_t arg)
{
    *cur++ = ((uint32_t)cmd << 24) | (arg & 0xffffffu);
}

void sceGuInit(void) {}
void sceGuStart(int cid, void *list)
{
    (void)cid;
    start = cur = (uint32_t *)list;
    send(0x9b, 0); /* list setup words */
    send(0x10, 0);
}
int sceGuFinish(void)
{
    send(0x0f, 0);
    send(0x0c, 0);
    return (int)(cur - start);
}
int sceGuSync(int mode, int what) { (void)mode; (void)what; return 0; }
void sceGuDrawBuffer(int psm, void *fbp, int fbw) { send(0xd2, (uint32_t)psm); send(0x9c, (uint32_t)(uintptr_t)fbp); send(0x9d, (uint32_t)fbw); }
void sceGuDispBuffer(int width, int height, void *dispbp, int dispbw) { (void)width; (void)height; (void)dispbp; (void)dispbw; }
void sceGuDepthBuffer(void *zbp, int zbw) { send(0x9e, (uint32_t)(uintptr_t)zbp); send(0x9f, (uint32_t)zbw); }
void sceGuOffset(unsigned int x, unsigned int y) { send(0x4c, x << 4); send(0x4d, y << 4); }
void sceGuViewport(int cx, int cy, int width, int height) { send(0x42, (uint32_t)width); send(0x43, (uint32_t)height); send(0x45, (uint32_t)cx); send(0x46, (uint32_t)cy); }
void sceGuDepthRange(int near, int far) { send(0x44, (uint32_t)near); send(0x47, (uint32_t)far); send(0xd6, 0); send(0xd7, 0); }
void sceGuScissor(int x, int y, int w, int h) { send(0xd4, (uint32_t)(x | y << 10)); send(0xd5, (uint32_t)((x + w - 1) | (y + h - 1) << 10)); }
void sceGuEnable(int state) { send(0x1c + state, 1); }
void sceGuDisable(int state) { send(0x1c + state, 0); }
void sceGuShadeModel(int mode) { send(0x50, (uint32_t)mode); }
void sceGuBlendFunc(int op, int src, int dest, unsigned int srcfix, unsigned int destfix)
{
    send(0xdf, (uint32_t)(src | dest << 4 | op << 8));
    send(0xe0, srcfix);
    send(0xe1, destfix);
}
void sceGuClutMode(unsigned int cpsm, unsigned int shift, unsigned int mask, unsigned int a3)
{
    send(0xc5, cpsm | shift << 2 | mask << 8 | a3 << 16);
}
void sceGuClutLoad(int num_blocks, const void *cbp)
{
    send(0xb0, (uint32_t)(uintptr_t)cbp & 0xffffff);
    send(0xb1, (uint32_t)(((uintptr_t)cbp >> 8) & 0x0f0000));
    send(0xc4, (uint32_t)num_blocks);
}
void sceGuTexMode(int tpsm, int maxmips, int a2, int swizzle) { send(0xc2, (uint32_t)(maxmips << 16 | a2 << 8 | swizzle)); send(0xc3, (uint32_t)tpsm); send(0xcb, 0); }
void sceGuTexImage(int mipmap, int width, int height, int tbw, const void *tbp)
{
    send(0xa0 + mipmap, (uint32_t)(uintptr_t)tbp);
    send(0xa8 + mipmap, (uint32_t)(((uintptr_t)tbp >> 8) & 0x0f0000) | (uint32_t)tbw);
    send(0xb8 + mipmap, (uint32_t)(width | height << 8));
    send(0xcb, 0);
}
void sceGuTexFunc(int tfx, int tcc) { send(0xc9, (uint32_t)(tcc << 8 | tfx)); }
void sceGuTexFilter(int min, int mag) { send(0xc6, (uint32_t)(mag << 8 | min)); }
void sceGuTexWrap(int u, int v) { send(0xc7, (uint32_t)(v << 8 | u)); }
void sceGuClearColor(unsigned int color) { send(0xd5, color); }
void sceGuClear(int flags)
{
    /* libgu draws a cleared rectangle: two vertices and a few state words */
    uint32_t *v = (uint32_t *)sceGuGetMemory(2 * 12);
    v[0] = v[3] = 0;
    send(0xd3, (uint32_t)flags << 8 | 1);
    send(0x12, 0);
    send(0x10, 0);
    send(0x01, 0);
    send(0x04, 2);
    send(0xd3, 0);
}
void *sceGuGetMemory(int size)
{
    uint32_t *jump = cur;
    void *mem;
    size = (size + 3) & ~3;
    mem = cur + 2;
    cur = (uint32_t *)((unsigned char *)mem + size);
    jump[0] = 0x10u << 24;
    jump[1] = (0x08u << 24) | (uint32_t)((uintptr_t)cur & 0xffffff);
    return mem;
}
/* Set by native/tests/psp_video_fuzz.c to see every vertex array drawn;
 * NULL in the benchmark. */
void (*gu_model_on_draw)(int prim, int vtype, int count, const void *vertices);

void sceGuDrawArray(int prim, int vtype, int count, const void *indices, const void *vertices)
{
    if (gu_model_on_draw) gu_model_on_draw(prim, vtype, count, vertices);
    if (vtype) send(0x12, (uint32_t)vtype);
    if (indices) { send(0x10, 0); send(0x02, (uint32_t)(uintptr_t)indices); }
    send(0x10, (uint32_t)(((uintptr_t)vertices >> 8) & 0xf0000));
    send(0x01, (uint32_t)(uintptr_t)vertices);
    send(0x04, (uint32_t)(prim << 16 | count));
}
int sceGuDisplay(int state) { (void)state; return 0; }
void *sceGuSwapBuffers(void) { return NULL; }
int sceDisplayWaitVblankStart(void) { return 0; }
void sceKernelDcacheWritebackAll(void) {}
void sceKernelDcacheWritebackRange(const void *p, unsigned int size) { (void)p; (void)size; }
void sceKernelDcacheWritebackInvalidateRange(const void *p, unsigned int size) { (void)p; (void)size; }
void sceKernelDcacheInvalidateRange(const void *p, unsigned int size) { (void)p; (void)size; }
/* Block transfers (the error screen, the replay's VRAM check) draw nothing the fuzzer looks at. */
void sceGuCopyImage(int psm, int sx, int sy, int width, int height, int srcw, void *src, int dx, int dy, int destw, void *dest)
{
    (void)psm; (void)sx; (void)sy; (void)width; (void)height; (void)srcw; (void)src; (void)dx; (void)dy; (void)destw; (void)dest;
}
void sceGuTexSync(void) {}

/* psp_video.c textures from the embedded atlas and its palette; the bench needs only their addresses. */
const unsigned char __attribute__((aligned(16))) embedded_atlas[16];
const unsigned char __attribute__((aligned(16))) embedded_atlas_clut[256 * 4];
const int embedded_atlas_w = 512, embedded_atlas_h = 512;
