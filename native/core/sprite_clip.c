#include "sprite_clip.h"

/* Trims one axis of an unscaled sprite: pos/len on screen, src/srclen in
 * the atlas; flip means screen start shows the atlas end. */
static void trim_axis(int *pos, int *len, int *src, int *srclen, int flip, int limit)
{
    int cut_lo = *pos < 0 ? -*pos : 0;
    int cut_hi = *pos + *len > limit ? *pos + *len - limit : 0;
    *pos += cut_lo;
    *len -= cut_lo + cut_hi;
    *srclen -= cut_lo + cut_hi;
    /* Unflipped, the low screen edge is the low atlas edge; flipped, the
     * high screen edge is. */
    *src += flip ? cut_hi : cut_lo;
}

int sprite_clip(SpriteCmd *s, int screen_w, int screen_h)
{
    int flip_x = s->w < 0, flip_y = s->h < 0;
    int w = flip_x ? -s->w : s->w, h = flip_y ? -s->h : s->h;
    if (w == 0 || h == 0) return 0;
    if (s->x >= screen_w || s->y >= screen_h || s->x + w <= 0 || s->y + h <= 0) return 0;
    if (w == s->sw) trim_axis(&s->x, &w, &s->u, &s->sw, flip_x, screen_w);
    if (h == s->sh) trim_axis(&s->y, &h, &s->v, &s->sh, flip_y, screen_h);
    s->w = flip_x ? -w : w;
    s->h = flip_y ? -h : h;
    return 1;
}
