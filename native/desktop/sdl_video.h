/* Desktop picture: a 960x544 window showing the 480x272 screen at 2x.
 *
 * Drawing choice: the frame is drawn by core/raster into memory and uploaded
 * to one streaming texture, rather than drawing each command with
 * SDL_RenderCopyEx. The window then shows exactly the pixels the headless
 * screenshots (and their tests) show, with one rasterizer to maintain; a
 * 480x272 software frame costs well under a millisecond on a desktop CPU. */
#ifndef RATSCREW_SDL_VIDEO_H
#define RATSCREW_SDL_VIDEO_H

#include <SDL.h>
#include "../core/raster.h"

typedef struct SdlVideo {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Texture *texture;
} SdlVideo;

/* 0 on success; otherwise logs SDL's error. */
int sdl_video_open(SdlVideo *v);
void sdl_video_present(SdlVideo *v, const Raster *r);
void sdl_video_close(SdlVideo *v);

#endif
