#include <stdio.h>
#include "sdl_video.h"

int sdl_video_open(SdlVideo *v)
{
    v->window = SDL_CreateWindow("Egyptian Ratscrew", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                 SCREEN_W * 2, SCREEN_H * 2, SDL_WINDOW_RESIZABLE);
    if (!v->window) goto fail;
    v->renderer = SDL_CreateRenderer(v->window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!v->renderer) v->renderer = SDL_CreateRenderer(v->window, -1, SDL_RENDERER_SOFTWARE);
    if (!v->renderer) goto fail;
    /* Nearest scaling and whole multiples keep the pixel art sharp. */
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "nearest");
    SDL_RenderSetLogicalSize(v->renderer, SCREEN_W, SCREEN_H);
    SDL_RenderSetIntegerScale(v->renderer, SDL_TRUE);
    /* RGBA32 is bytes R,G,B,A in memory on any endianness, as core/raster writes. */
    v->texture = SDL_CreateTexture(v->renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STREAMING,
                                   SCREEN_W, SCREEN_H);
    if (!v->texture) goto fail;
    return 0;
fail:
    fprintf(stderr, "ratscrew: cannot open the window: %s\n", SDL_GetError());
    sdl_video_close(v);
    return -1;
}

void sdl_video_present(SdlVideo *v, const Raster *r)
{
    SDL_UpdateTexture(v->texture, NULL, r->pixels, SCREEN_W * 4);
    SDL_SetRenderDrawColor(v->renderer, 0, 0, 0, 255);
    SDL_RenderClear(v->renderer);
    SDL_RenderCopy(v->renderer, v->texture, NULL, NULL);
    SDL_RenderPresent(v->renderer);
}

void sdl_video_close(SdlVideo *v)
{
    if (v->texture) SDL_DestroyTexture(v->texture);
    if (v->renderer) SDL_DestroyRenderer(v->renderer);
    if (v->window) SDL_DestroyWindow(v->window);
    v->texture = NULL;
    v->renderer = NULL;
    v->window = NULL;
}
