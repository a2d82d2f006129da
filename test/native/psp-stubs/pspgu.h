/* Stub for the desktop syntax check only (see README.md); values as in
 * pspsdk src/gu/pspgu.h. */
#ifndef STUB_PSPGU_H
#define STUB_PSPGU_H
#define GU_FALSE (0)
#define GU_TRUE (1)
#define GU_SPRITES (6)
#define GU_DEPTH_TEST (1)
#define GU_SCISSOR_TEST (2)
#define GU_BLEND (4)
#define GU_TEXTURE_2D (9)
#define GU_TEXTURE_16BIT (2 << 0)
#define GU_COLOR_8888 (7 << 2)
#define GU_VERTEX_16BIT (2 << 7)
#define GU_TRANSFORM_2D (1 << 23)
#define GU_PSM_8888 (3)
#define GU_PSM_T8 (5)
#define GU_SMOOTH (1)
#define GU_NEAREST (0)
#define GU_CLAMP (1)
#define GU_COLOR_BUFFER_BIT (1)
#define GU_TFX_MODULATE (0)
#define GU_TCC_RGBA (1)
#define GU_ADD (0)
#define GU_SRC_ALPHA (2)
#define GU_ONE_MINUS_SRC_ALPHA (3)
#define GU_DIRECT (0)
void sceGuInit(void);
void sceGuStart(int cid, void *list);
int sceGuFinish(void);
int sceGuSync(int mode, int what);
void sceGuDrawBuffer(int psm, void *fbp, int fbw);
void sceGuDispBuffer(int width, int height, void *dispbp, int dispbw);
void sceGuDepthBuffer(void *zbp, int zbw);
void sceGuOffset(unsigned int x, unsigned int y);
void sceGuViewport(int cx, int cy, int width, int height);
void sceGuDepthRange(int near, int far);
void sceGuScissor(int x, int y, int w, int h);
void sceGuEnable(int state);
void sceGuDisable(int state);
void sceGuShadeModel(int mode);
void sceGuBlendFunc(int op, int src, int dest, unsigned int srcfix, unsigned int destfix);
void sceGuTexMode(int tpsm, int maxmips, int a2, int swizzle);
void sceGuClutMode(unsigned int cpsm, unsigned int shift, unsigned int mask, unsigned int a3);
void sceGuClutLoad(int num_blocks, const void *cbp);
void sceGuTexImage(int mipmap, int width, int height, int tbw, const void *tbp);
void sceGuTexFunc(int tfx, int tcc);
void sceGuTexFilter(int min, int mag);
void sceGuTexWrap(int u, int v);
void sceGuClearColor(unsigned int color);
void sceGuClear(int flags);
void *sceGuGetMemory(int size);
void sceGuDrawArray(int prim, int vtype, int count, const void *indices, const void *vertices);
int sceGuDisplay(int state);
void *sceGuSwapBuffers(void);
void sceGuCopyImage(int psm, int sx, int sy, int width, int height, int srcw, void *src, int dx, int dy, int destw, void *dest);
void sceGuTexSync(void);
#endif
