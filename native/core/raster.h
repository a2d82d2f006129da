/* A software rasterizer of the command list into a 480x272 RGBA framebuffer
 * (bytes R,G,B,A): what the headless screenshots show and what the desktop
 * window displays. It follows the GE's rules as docs/host-api.md states them:
 * nearest-texel scaling, negative width/height flips, texel * tint / 255,
 * then "source alpha, one minus source alpha" blending. */
#ifndef RATSCREW_RASTER_H
#define RATSCREW_RASTER_H

#include <stdint.h>
#include "commands.h"
#include "contract.h"

typedef struct Raster {
    uint8_t pixels[SCREEN_W * SCREEN_H * 4];
    const uint8_t *atlas;   /* linear R,G,B,A texels */
    int atlas_w, atlas_h;
} Raster;

void raster_init(Raster *r, const uint8_t *atlas, int atlas_w, int atlas_h);
void raster_clear(Raster *r, uint32_t color);
void raster_rect(Raster *r, const RectCmd *rect);
void raster_sprite(Raster *r, const SpriteCmd *s);

/* Draws a whole frame's list (sound, music and quit are not its business). */
void raster_frame(Raster *r, const int32_t *cmds, int count);

/* A CommandSink that draws into r (callbacks for clear, sprite, rect). */
CommandSink raster_sink(Raster *r);

#endif
