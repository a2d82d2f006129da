/* Walking a frame's command list (docs/host-api.md §3): decoding each
 * command into a call of the platform's draw/sound callbacks, and the
 * FNV-1a hash the headless host and the tests compare. */
#ifndef RATSCREW_COMMANDS_H
#define RATSCREW_COMMANDS_H

#include <stdint.h>

typedef struct SpriteCmd {
    int x, y, w, h;    /* destination; w or h negative flips */
    int u, v, sw, sh;  /* atlas source rectangle */
    uint32_t tint;     /* 0xAABBGGRR */
} SpriteCmd;

typedef struct RectCmd {
    int x, y, w, h;
    uint32_t color;    /* 0xAABBGGRR */
} RectCmd;

/* Any callback may be NULL: that kind of command is then skipped. */
typedef struct CommandSink {
    void *user;
    void (*clear)(void *user, uint32_t color);
    void (*sprite)(void *user, const SpriteCmd *s);
    void (*rect)(void *user, const RectCmd *r);
    void (*sound)(void *user, int id, int volume, int pan);
    void (*music)(void *user, int track, int volume);
    void (*quit)(void *user);
} CommandSink;

/* Decodes one SPRITE or RECT command (8 ints) into its fields. */
void commands_decode_sprite(const int32_t *c, SpriteCmd *s);
void commands_decode_rect(const int32_t *c, RectCmd *r);

/* Calls the sink for each of the count commands, in order; unknown ops are
 * ignored so a newer script still runs on an older host. */
void commands_run(const int32_t *cmds, int count, const CommandSink *sink);

/* FNV-1a 32-bit over the count*8 int32s as little-endian bytes. */
uint32_t commands_hash(const int32_t *cmds, int count);

/* 1 if the list holds a QUIT command. */
int commands_has_quit(const int32_t *cmds, int count);

#endif
