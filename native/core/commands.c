#include "commands.h"
#include "contract.h"

void commands_decode_sprite(const int32_t *c, SpriteCmd *s)
{
    s->x = c[1]; s->y = c[2]; s->w = c[3]; s->h = c[4];
    s->u = c[5] & 0xffff; s->v = (int)(((uint32_t)c[5] >> 16) & 0xffff);
    s->sw = c[6] & 0xffff; s->sh = (int)(((uint32_t)c[6] >> 16) & 0xffff);
    s->tint = (uint32_t)c[7];
}

void commands_decode_rect(const int32_t *c, RectCmd *r)
{
    r->x = c[1]; r->y = c[2]; r->w = c[3]; r->h = c[4];
    r->color = (uint32_t)c[7];
}

static void run_one(const int32_t *c, const CommandSink *sink)
{
    switch (c[0]) {
    case OP_CLEAR:
        if (sink->clear) sink->clear(sink->user, (uint32_t)c[1]);
        break;
    case OP_SPRITE:
        if (sink->sprite) {
            SpriteCmd s;
            commands_decode_sprite(c, &s);
            sink->sprite(sink->user, &s);
        }
        break;
    case OP_RECT:
        if (sink->rect) {
            RectCmd r;
            commands_decode_rect(c, &r);
            sink->rect(sink->user, &r);
        }
        break;
    case OP_SOUND:
        if (sink->sound) sink->sound(sink->user, c[1], c[2], c[3]);
        break;
    case OP_MUSIC:
        if (sink->music) sink->music(sink->user, c[1], c[2]);
        break;
    case OP_QUIT:
        if (sink->quit) sink->quit(sink->user);
        break;
    default:
        break;
    }
}

void commands_run(const int32_t *cmds, int count, const CommandSink *sink)
{
    int i;
    for (i = 0; i < count; i++) run_one(cmds + i * COMMAND_INTS, sink);
}

uint32_t commands_hash(const int32_t *cmds, int count)
{
    uint32_t h = FRAME_HASH_OFFSET;
    int i, b;
    /* Byte order spelled out so a big-endian host would hash the same. */
    for (i = 0; i < count * COMMAND_INTS; i++) {
        uint32_t word = (uint32_t)cmds[i];
        for (b = 0; b < 4; b++) {
            h ^= (word >> (8 * b)) & 0xffu;
            h *= FRAME_HASH_PRIME;
        }
    }
    return h;
}

int commands_has_quit(const int32_t *cmds, int count)
{
    int i;
    for (i = 0; i < count; i++)
        if (cmds[i * COMMAND_INTS] == OP_QUIT) return 1;
    return 0;
}
