/* The PSP's nearby rooms (docs/network.md, "Two PSPs without a server"):
 * the ad-hoc transport under native/core/net/nearby.c. Hosting answers the
 * host contract's nearby functions (the script runs the room); joining is
 * the online client's netOpen with "via":"nearby", which psp_room.c hands
 * here. The ad-hoc modules load when the player first chooses nearby, not
 * at boot; everything is polled once a frame and never waits (but see
 * psp_nearby.c on PPSSPP's first PTP connect). */
#ifndef RATSCREW_PSP_NEARBY_H
#define RATSCREW_PSP_NEARBY_H

#include <stddef.h>
#include <stdint.h>
#include "vm.h"

/* 1: the PSP can host and join nearby rooms (caps.nearby). Loads nothing:
 * the net and ad-hoc modules load when the player first chooses nearby. */
int psp_nearby_setup(void);

/* The host contract's nearby functions (VmHost nearby_*). */
void psp_nearby_plug(VmHost *host);

/* Once a frame, before the script's: links accepted, bytes each way, deadlines. */
void psp_nearby_frame(uint32_t now_ms);

/* The joiner, for psp_room.c's net functions: -1 when the request is not a
 * nearby one (the rooms server's), else netOpen's answer. */
int psp_nearby_join_open(const char *request, size_t len);
/* A nearby room is open (or still ending) for this PSP's script as a joiner. */
int psp_nearby_joining(void);
int psp_nearby_join_send(const char *message, size_t len);
const char *psp_nearby_join_receive(size_t *len);
void psp_nearby_join_close(void);

/* The first frame after a sleep: every link died with the Wi-Fi. A joiner
 * finds its host again by itself; a host keeps its room (listening again)
 * after a short sleep, and ends it after a long one (nearby.h). */
void psp_nearby_woke(uint32_t now_ms);
/* HOME or the game's end: the joiner's goodbye and the host's last lines go out. */
void psp_nearby_leave(void);

#ifdef PSP_PROBE
/* The probe build's stand-ins (test/psp/nearby.test.ts): the joiner's link
 * cut under it without a word (as out of range); the host sends a frame of
 * a kind no host sends (bad bytes on the wire). */
void psp_nearby_probe_cut(void);
/* The probe's sleep with the Wi-Fi off (NOTE): out of the ad-hoc group. */
void psp_nearby_probe_wifi_off(void);
void psp_nearby_probe_bad_frame(void);
#endif

#endif
