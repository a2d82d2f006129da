/* The desktop's way to the rooms server: the online room of native/core/net
 * over libwebsockets (Debian's libwebsockets-dev), its HTTP client for the
 * matchmaking and its WebSocket client for the room (docs/network.md, "The
 * C client"). Serviced once a frame without waiting: nothing here blocks a
 * frame (a server's name is looked up on a thread of its own). */
#ifndef RATSCREW_NET_LWS_H
#define RATSCREW_NET_LWS_H

#include "../core/net/room.h"
#include "../core/vm.h"

typedef struct NetLws NetLws;

/* The server as "host:port" (ws:// and http:// only: the desktop speaks
 * plain WebSocket, as the PSP does; a server behind TLS takes it on a plain
 * port of its own, docs/network.md "Running a server"). NULL when
 * libwebsockets cannot start (the reason on stderr). */
NetLws *net_lws_create(const char *server);
void net_lws_destroy(NetLws *n);

/* The room's callbacks for the VM (VmHost net_*). */
void net_lws_plug(NetLws *n, VmHost *host);

/* --join CODE: the room's link, the script's first line (net_room_invite). 0 when not a code. */
int net_lws_invite(NetLws *n, const char *code);

/* The program ends: a room still open is left on purpose (LEAVE_ROOM, as
 * netClose leaves it), and the sockets are serviced until the server has
 * closed it, at most ms: the others' tables see the seat gone at once, and
 * the server keeps no seat for a player who quit. */
void net_lws_quit(NetLws *n, unsigned ms);

/* Once a frame, before the script's: everything the sockets have, then the
 * room's clock. Never waits. */
void net_lws_service(NetLws *n);

#endif
