#include <string.h>
#include "raster.h"

void raster_init(Raster *r, const uint8_t *atlas, int atlas_w, int atlas_h)
{
    memset(r->pixels, 0, sizeof r->pixels);
    r->atlas = atlas;
    r->atlas_w = atlas_w;
    r->atlas_h = atlas_h;
}

/* dst = src * a + dst * (1 - a), per channel, in 0..255. */
static void blend(uint8_t *dst, unsigned sr, unsigned sg, unsigned sb, unsigned sa)
{
    unsigned inv = 255u - sa;
    if (sa == 0) return;
    dst[0] = (uint8_t)((sr * sa + dst[0] * inv + 127u) / 255u);
    dst[1] = (uint8_t)((sg * sa + dst[1] * inv + 127u) / 255u);
    dst[2] = (uint8_t)((sb * sa + dst[2] * inv + 127u) / 255u);
    dst[3] = (uint8_t)(sa + (dst[3] * inv + 127u) / 255u);
}

void raster_clear(Raster *r, uint32_t color)
{
    int i;
    for (i = 0; i < SCREEN_W * SCREEN_H; i++) {
        uint8_t *p = r->pixels + i * 4;
        p[0] = (uint8_t)(color & 0xff);
        p[1] = (uint8_t)((color >> 8) & 0xff);
        p[2] = (uint8_t)((color >> 16) & 0xff);
        p[3] = (uint8_t)((color >> 24) & 0xff);
    }
}

/* Clips [x, x+w) to [0, limit); returns 0 if nothing is left. The span is
 * computed in 64 bits: a command may hold any int32 (a hostile or broken
 * script), and x + w must not overflow (issue 12, D7). */
static int clip_span(int64_t x, int64_t w, int limit, int *from, int *to)
{
    int64_t end = x + w;
    if (w <= 0 || x >= limit || end <= 0) return 0;
    *from = x < 0 ? 0 : (int)x;
    *to = end > limit ? limit : (int)end;
    return *from < *to;
}

void raster_rect(Raster *r, const RectCmd *rect)
{
    int x0, x1, y0, y1, x, y;
    unsigned cr = rect->color & 0xff, cg = (rect->color >> 8) & 0xff;
    unsigned cb = (rect->color >> 16) & 0xff, ca = (rect->color >> 24) & 0xff;
    if (!clip_span(rect->x, rect->w, SCREEN_W, &x0, &x1)) return;
    if (!clip_span(rect->y, rect->h, SCREEN_H, &y0, &y1)) return;
    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++)
            blend(r->pixels + (y * SCREEN_W + x) * 4, cr, cg, cb, ca);
}

/* The atlas texel for destination offset d of a span of length n mapped
 * onto source [s, s + sn), as the GE picks it: the texture coordinate at the
 * pixel's centre, (d + 1/2) * sn / n from the span's first edge, rounded
 * down. A flipped span runs from s + sn down to s (psp_video.c swaps the
 * coordinates), so its texel is s + sn - ceil(...). Unscaled, both are the
 * plain copy or mirror; scaled, sampling at the pixel's left edge instead
 * would pick the neighbouring texel on some rows (seen in PPSSPP, test/psp). */
static int64_t source_index(int64_t d, int64_t n, int64_t s, int64_t sn, int flip)
{
    int64_t num = (2 * d + 1) * sn, den = 2 * n;
    return flip ? s + sn - (num + den - 1) / den : s + num / den;
}

static unsigned modulate(unsigned texel, unsigned tint)
{
    return (texel * tint + 127u) / 255u;
}

void raster_sprite(Raster *r, const SpriteCmd *s)
{
    int flip_x = s->w < 0, flip_y = s->h < 0;
    /* 64 bits: negating INT32_MIN overflows an int. */
    int64_t w = flip_x ? -(int64_t)s->w : s->w, h = flip_y ? -(int64_t)s->h : s->h;
    unsigned tr = s->tint & 0xff, tg = (s->tint >> 8) & 0xff;
    unsigned tb = (s->tint >> 16) & 0xff, ta = (s->tint >> 24) & 0xff;
    int x0, x1, y0, y1, x, y;
    if (w == 0 || h == 0 || s->sw <= 0 || s->sh <= 0 || !r->atlas) return;
    if (!clip_span(s->x, w, SCREEN_W, &x0, &x1)) return;
    if (!clip_span(s->y, h, SCREEN_H, &y0, &y1)) return;
    for (y = y0; y < y1; y++) {
        int64_t v = source_index((int64_t)y - s->y, h, s->v, s->sh, flip_y);
        if (v < 0 || v >= r->atlas_h) continue;
        for (x = x0; x < x1; x++) {
            int64_t u = source_index((int64_t)x - s->x, w, s->u, s->sw, flip_x);
            const uint8_t *t;
            if (u < 0 || u >= r->atlas_w) continue;
            t = r->atlas + (v * r->atlas_w + u) * 4;
            blend(r->pixels + (y * SCREEN_W + x) * 4, modulate(t[0], tr), modulate(t[1], tg),
                  modulate(t[2], tb), modulate(t[3], ta));
        }
    }
}

static void sink_clear(void *user, uint32_t color) { raster_clear((Raster *)user, color); }
static void sink_rect(void *user, const RectCmd *rect) { raster_rect((Raster *)user, rect); }
static void sink_sprite(void *user, const SpriteCmd *s) { raster_sprite((Raster *)user, s); }

CommandSink raster_sink(Raster *r)
{
    CommandSink sink;
    memset(&sink, 0, sizeof sink);
    sink.user = r;
    sink.clear = sink_clear;
    sink.rect = sink_rect;
    sink.sprite = sink_sprite;
    return sink;
}

void raster_frame(Raster *r, const int32_t *cmds, int count)
{
    CommandSink sink = raster_sink(r);
    commands_run(cmds, count, &sink);
}
