#include "commands.h"
#include "contract.h"

void commands_run(const int32_t *cmds, int count, const CommandSink *sink)
{
    int i;
    for (i = 0; i < count; i++) commands_dispatch(cmds + i * COMMAND_INTS, sink);
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
