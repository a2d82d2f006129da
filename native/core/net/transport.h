/* What a platform gives the online room (net/room.h): an HTTP POST and one
 * WebSocket, both non-blocking, both to the rooms server the platform was
 * pointed at. The desktop implements it over libwebsockets
 * (native/desktop/net_lws.c), the PSP over sceNetInet sockets and wslay
 * (issue 37). Nothing here parses the server's bytes: the room does, in
 * platform-free code, so that both C hosts read the network the same way
 * and the fuzz of that reading (native/tests/net_fuzz.c) covers both.
 *
 * The calls go one way (room -> platform); what the network brings goes the
 * other (platform -> net_room_http_answer, net_room_ws_opened,
 * net_room_ws_message, net_room_ws_closed), called by the platform while it
 * services its sockets, once a frame, never blocking. Any of those may make
 * the room call back into the transport (a WebSocket message answered with
 * one, a closed socket with a new HTTP request): a platform whose library
 * forbids writing from inside its callbacks (libwebsockets) queues the write
 * and sends it when the socket is writable.
 *
 * Bounds: the room hands the transport at most NET_OUT_MAX bytes per
 * message and never more than one HTTP request or one WebSocket at a time
 * (it calls net_reset before opening another). The transport hands the room
 * what it received in whole messages; a message longer than its buffer
 * (NET_IN_MAX is enough for every message the rooms send) is the
 * transport's to refuse: it closes the socket (net_room_ws_closed with
 * NET_CLOSE_TOO_BIG). */
#ifndef RATSCREW_NET_TRANSPORT_H
#define RATSCREW_NET_TRANSPORT_H

#include <stddef.h>
#include <stdint.h>

/* The largest WebSocket message either way, and the largest HTTP answer
 * body, a transport must take whole. The server refuses client frames over
 * 1 KiB (server/server.ts FRAME_MAX); its own messages are a few hundred
 * bytes (a step with a full pile), its matchmaking answers about 300. */
#define NET_OUT_MAX 1024
#define NET_IN_MAX 4096
#define NET_HTTP_MAX 4096

/* Close codes the platform reports that are not the server's own
 * (WebSocket close codes 1000-4999 are passed as they come). */
enum {
    NET_CLOSE_FAILED = -1,  /* could not connect (refused, unreachable, the handshake failed) */
    NET_CLOSE_LOST = -2,    /* the connection ended without a close frame */
    NET_CLOSE_TOO_BIG = -3  /* a message longer than the transport's buffer */
};

typedef struct NetTransport {
    void *user;
    /* Starts POST <server>/matchmake/<path> with a JSON body (Content-Type
     * application/json). The answer, whatever its status, comes later
     * through net_room_http_answer; no connection, or a deadline passed,
     * through net_room_http_answer with status 0. Returns 0 when started,
     * -1 when it cannot even start (then nothing comes). */
    int (*http_post)(void *user, const char *path, const char *body, size_t len);
    /* Opens ws://<address><path>: address is "host:port" (the seat's public
     * address, without its path part, which the room puts in front of path)
     * or NULL for the server the platform was pointed at. Comes back as
     * net_room_ws_opened, then net_room_ws_message for each binary message,
     * and net_room_ws_closed once at its end. 0 when started, -1 when not. */
    int (*ws_open)(void *user, const char *address, const char *path);
    /* Sends one binary message on the open WebSocket (queued if the socket
     * is not writable yet). 0, or -1 when there is no open socket or no
     * room in the queue. */
    int (*ws_send)(void *user, const uint8_t *bytes, size_t len);
    /* Drops the HTTP request and the WebSocket in flight, at once: no
     * callback comes for either afterwards. */
    void (*reset)(void *user);
} NetTransport;

#endif
