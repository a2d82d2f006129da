/* Walking a frame's command list (docs/host-api.md §3): each command decoded
 * into a call of the platform's draw/sound callbacks (the decoder and the
 * CommandSink are generated from tools/contract/contract.json into
 * commands_codec.h), and the FNV-1a hash the headless host and the tests
 * compare. */
#ifndef RATSCREW_COMMANDS_H
#define RATSCREW_COMMANDS_H

#include <stdint.h>
#include "commands_codec.h"

/* Calls the sink for each of the count commands, in order; unknown ops are
 * ignored so a newer script still runs on an older host. */
void commands_run(const int32_t *cmds, int count, const CommandSink *sink);

/* FNV-1a 32-bit over the count*8 int32s as little-endian bytes. */
uint32_t commands_hash(const int32_t *cmds, int count);

/* 1 if the list holds a QUIT command. */
int commands_has_quit(const int32_t *cmds, int count);

#endif
