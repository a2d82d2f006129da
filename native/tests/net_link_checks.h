/* The checks of core/net_link.c against test/native/net-server.mjs, the
 * same on the desktop (POSIX sockets, under ASan and UBSan) and on the PSP
 * (sceNetInet in PPSSPP's native emulator): each prints one line,
 * "NET ok <name> ..." or "NET FAIL <name> ...", and the last "NET done
 * <failures>". The frame hook waits for the next frame (a display frame on
 * the PSP, a short sleep on the desktop); now_ms is that host's clock. */
#ifndef NET_LINK_CHECKS_H
#define NET_LINK_CHECKS_H

#include <stdint.h>
#include "net_link.h"

typedef struct {
    const NetIo *io;
    const char *host;
    int port;        /* the check server */
    int closed_port; /* a port where nothing listens */
    uint32_t (*now_ms)(void);
    void (*frame)(void);
    void (*say)(const char *line);
    /* The longest any call may take, in the host's ms: generous, because
     * the emulator's clock runs faster than the server's (docs/network.md). */
    uint32_t timeout_ms;
} NetChecks;

/* Runs every check; returns the number that failed. */
int net_checks_run(const NetChecks *c);

#endif
