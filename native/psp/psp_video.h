/* Drawing the command list with the GE (sceGu): the swizzled atlas as
 * textured 2D sprites tinted by their vertex colour, untextured rectangles,
 * alpha blending, double buffering on the vertical blank. */
#ifndef RATSCREW_PSP_VIDEO_H
#define RATSCREW_PSP_VIDEO_H

#include <stdint.h>

void psp_video_init(void);
/* Draws the frame's commands, waits for the vertical blank and shows it. */
void psp_video_frame(const int32_t *cmds, int count);
/* A system dialog's drawing (the connection dialog, psp_room.c), run each
 * frame after the game's display list and before the swap; NULL: none. */
void psp_video_set_overlay(void (*draw)(void));
/* Shows a 480x272 picture of R,G,B,A bytes (a core Raster's pixels, 16-byte
 * aligned: the GE copies it) in both frame buffers: the error screen. */
void psp_video_show_rgba(const uint8_t *pixels);

/* For the replay's check of the first frame (test/psp): how many pixels of
 * both frame buffers, as the GE reads them back, differ in colour from bgr,
 * and filling both with a pattern, as a real PSP's VRAM may hold at boot. */
int psp_video_count_unlike(uint32_t bgr);
void psp_video_dirty(void);

#endif
