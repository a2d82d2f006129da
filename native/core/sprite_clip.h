/* Clipping sprites to the screen before they reach a GPU that should not be
 * given coordinates outside it (the PSP GE in 2D mode: what it does with
 * negative vertex positions is not something this project has verified on
 * hardware). Clipping is exact only when the sprite is drawn at 1:1 scale,
 * where a clipped edge is still a whole texel; scaled sprites are left alone. */
#ifndef RATSCREW_SPRITE_CLIP_H
#define RATSCREW_SPRITE_CLIP_H

#include "commands.h"

/* Returns 0 if the sprite lies wholly outside w x h (draw nothing), else 1,
 * having trimmed an unscaled sprite (|w| == sw, |h| == sh) to the screen:
 * position, size and atlas rectangle, flips kept. */
int sprite_clip(SpriteCmd *s, int screen_w, int screen_h);

#endif
