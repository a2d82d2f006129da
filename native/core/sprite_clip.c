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
    int w, h;
    /* In 64 bits: a command may hold any int32 (negating INT32_MIN, or
     * x + w, overflows an int). The sprite then stays in int range: it
     * starts before the screen's edge, and its size is clamped below. */
    long long wide_w = flip_x ? -(long long)s->w : s->w, wide_h = flip_y ? -(long long)s->h : s->h;
    if (wide_w == 0 || wide_h == 0) return 0;
    if (s->x >= screen_w || s->y >= screen_h || s->x + wide_w <= 0 || s->y + wide_h <= 0) return 0;
    w = wide_w > 0x7fffffffLL ? 0x7fffffff : (int)wide_w;
    h = wide_h > 0x7fffffffLL ? 0x7fffffff : (int)wide_h;
    if (w == s->sw) trim_axis(&s->x, &w, &s->u, &s->sw, flip_x, screen_w);
    if (h == s->sh) trim_axis(&s->y, &h, &s->v, &s->sh, flip_y, screen_h);
    s->w = flip_x ? -w : w;
    s->h = flip_y ? -h : h;
    return 1;
}
