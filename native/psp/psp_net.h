/* The PSP's network (docs/network.md, "The PSP's path"): the firmware's net
 * modules, the connection to an access point (the system's own connection
 * dialog, or a saved connection), and non-blocking sceNetInet sockets as
 * core/net_link.c's NetIo. Everything is polled once a frame; nothing
 * waits. */
#ifndef RATSCREW_PSP_NET_H
#define RATSCREW_PSP_NET_H

#include "net_link.h"

/* Loads the net modules and starts the stacks: 1 when the PSP has a
 * network to offer (the host's caps.network), 0 (and why) otherwise. */
int psp_net_load(void);

typedef enum {
    PSP_NET_IDLE,       /* not connected, nothing under way */
    PSP_NET_DIALOG,     /* the system's connection dialog is up */
    PSP_NET_CONNECTING, /* joining the access point */
    PSP_NET_READY,      /* connected, with an address */
    PSP_NET_FAILED      /* why says what stopped it */
} PspNetState;

/* Starts connecting: with the system's dialog (the player picks the
 * access point), or straight to saved connection number `saved` (1..).
 * Then once a frame psp_net_connect_frame (the dialog's and the access
 * point's progress) and, while the dialog is up, psp_net_dialog_draw after
 * the game's display list is done and before the buffers swap (the dialog
 * draws over the game's frame). */
int psp_net_connect_start(int dialog, int saved, uint32_t now_ms, uint32_t timeout_ms);
PspNetState psp_net_connect_frame(uint32_t now_ms);
void psp_net_dialog_draw(void);

/* Where the connection stands, without doing anything. */
PspNetState psp_net_state(void);

/* Leaves the access point (the power switch, Wi-Fi lost, the game's end). */
void psp_net_disconnect(void);

/* The address the access point gave, once READY ("" before). */
const char *psp_net_address(void);
/* Why the last load or connection failed. */
const char *psp_net_why(void);

/* sceNetInet as core/net_link.c's sockets. */
const NetIo *psp_net_io(void);

#endif
