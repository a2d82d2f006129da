/* The PSP online (docs/network.md, "The PSP's path"): the room of
 * native/core/net (Colyseus's protocol, shared with the desktop) over
 * core/net_link.c and sceNetInet (psp_net.c), answering the host
 * contract's net functions. The access point is joined the first time the
 * room needs the network, through the system's connection dialog, which
 * draws over the game's frames until it is done; the power switch drops
 * the connection (the script sees ["away"]) and the room takes its seat
 * back once the PSP is awake and connected again. */
#ifndef RATSCREW_PSP_ROOM_H
#define RATSCREW_PSP_ROOM_H

#include <stdint.h>
#include "vm.h"

/* Loads the net modules and points the room at server ("a.b.c.d:port"):
 * 1 when the PSP has a network (caps.network), 0 (and a line on stdout)
 * otherwise. */
int psp_room_setup(const char *server);

/* The room's callbacks for the VM (VmHost net_*): the rooms server's when
 * psp_room_setup found a network, and a nearby room's (psp_nearby.c) for a
 * request with "via":"nearby" either way. */
void psp_room_plug(VmHost *host);

/* Once a frame, before the script's: the connection, what the sockets
 * have, then the room's clock. Never waits. now_ms is the host's clock. */
void psp_room_frame(uint32_t now_ms);

/* The first frame after the PSP slept: every socket is gone; the room hears
 * its connection dropped and asks for its seat back as it does for any drop. */
void psp_room_woke(uint32_t now_ms);

/* The system's connection dialog is up: the buttons are the dialog's, not the game's. */
int psp_room_dialog_up(void);

/* HOME: leaves the room (Colyseus's leave, sent now) before the game ends. */
void psp_room_leave(uint32_t now_ms);

#ifdef PSP_PROBE
/* The probe build's sleep (psp_game.c): the sockets end as the Wi-Fi does
 * when the PSP suspends, before psp_room_woke on the frame after. */
void psp_room_probe_wifi_off(void);
/* The probe build's access point lost (psp_game.c): off it, the sockets dead. */
void psp_room_probe_access_point_lost(void);
#endif

#endif
