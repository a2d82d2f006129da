/* One run of a game script on the PSP, as a player gets it: the controller's
 * buttons once per vertical blank, the command list drawn with sceGu, sounds
 * in the audio thread, saves on the Memory Stick, and the error screen when
 * the script fails. main.c runs the embedded bytecode through it; the replay
 * build (replay.c) runs its failure bundles through the same path. */
#ifndef RATSCREW_PSP_GAME_H
#define RATSCREW_PSP_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "vm.h"

/* Returns after HOME, the script's QUIT, or the error screen's START. */
void psp_game_run(const VmScript *script);

/* When main began (sceKernelGetSystemTimeWide): the start's lines in the
 * log (the script loaded, the first frame shown) say how long after, for
 * bench/psp/start.ts. */
void psp_game_set_start(uint64_t us);

/* One line "psp: WHAT N us after main" of that timeline (main.c says when
 * the splash was shown). */
void psp_game_say_since_start(const char *what);

/* Frames the game loop has run since the program started: the replay's HOME
 * check (replay.c) waits for the game to be running before it presses. */
unsigned psp_game_frames(void);

/* The game gets the network (caps.network, the net functions): main calls
 * it once psp_room_setup has the modules loaded. */
void psp_game_go_online(void);

/* The game gets nearby rooms (caps.nearby, the nearby functions and
 * netOpen's "via":"nearby"): main calls it once psp_nearby_setup says so. */
void psp_game_go_nearby(void);

#endif
