/* One online room as the C hosts hold it (docs/network.md, "The C
 * client"): Colyseus 0.16's client protocol over a platform's transport
 * (net/transport.h), answering the host contract's net functions
 * (netOpen, netSend, netReceive, netClose) for the game script.
 *
 *   netOpen   -> POST /matchmake/create/ratscrew or joinById/CODE (the seat)
 *             -> WebSocket ws://<seat's address>/<process>/<room>?sessionId=...
 *             <- JOIN_ROOM (the reconnection token)  -> JOIN_ROOM (one byte)
 *             => ["joined", code]
 *   messages  <- ROOM_DATA frames => ["m", type, payload]
 *   netSend   -> [type, payload] as a ROOM_DATA frame
 *   a drop    => ["away"]; every NET_RETRY_MS: POST /matchmake/reconnect/<room>
 *                {"reconnectionToken"} and a WebSocket with it; => ["back"],
 *                or after NET_KEPT_MS => ["closed", "gone"]
 *   netClose  -> LEAVE_ROOM; the server closes (4000); nothing more is heard
 *   the end   => ["closed", why]: the server's refusal ("room not found"...),
 *                its close code (4000 closed after its last word, 4003 shown
 *                the door), "gone", or what the transport could not do.
 *
 * The room never allocates: its buffers are in the struct (about 80 KiB; a
 * host keeps one, static). Whatever the server or the transport hand it,
 * it answers with a line for the script or a clear "closed", never reads or
 * writes past a buffer (fuzzed: native/tests/net_fuzz.c). Time comes from
 * the host: net_room_tick(now) once a frame after the transport's service;
 * every wait has a deadline (NET_DEADLINE_MS) so a silent server never holds
 * the room in a state for ever.
 *
 * Use:
 *   static NetRoom room;
 *   net_room_init(&room, &transport, "ratscrew", 1);
 *   each frame: transport's service (it calls net_room_http_answer, ...);
 *               net_room_tick(&room, now_ms);
 *   host.netOpen(req)   -> net_room_open(&room, req, len, now_ms)
 *   host.netSend(msg)   -> net_room_send(&room, msg, len)
 *   host.netReceive()   -> net_room_receive(&room, &len) (NULL: nothing)
 *   host.netClose()     -> net_room_close(&room, now_ms)
 */
#ifndef RATSCREW_NET_ROOM_H
#define RATSCREW_NET_ROOM_H

#include <stddef.h>
#include <stdint.h>
#include "transport.h"
#include "wire.h"

/* How long the server keeps a dropped seat (server/room.ts RECONNECT_S) and
 * how often the room tries to take it back meanwhile. */
#define NET_KEPT_MS 60000u
#define NET_RETRY_MS 2000u
/* The longest wait for one answer: the seat, the WebSocket's opening, the
 * room's JOIN_ROOM. Colyseus keeps a reserved seat 15 s. */
#define NET_DEADLINE_MS 10000u
/* How long a leave waits for the server's close before dropping the socket. */
#define NET_LEAVE_MS 2000u
/* The lines waiting for the script (JSON), in bytes: a script that stops
 * reading for a while (a long load) loses nothing up to this; past it the
 * room is closed with one last line, "overflow". */
#define NET_QUEUE_BYTES 65536u
/* One line for the script: a room message's JSON is at most about twice its
 * MessagePack. */
#define NET_LINE_MAX (2 * NET_IN_MAX + 16)

typedef enum {
    NET_IDLE,        /* no room: netOpen may start one */
    NET_SEATING,     /* the matchmaking request is out */
    NET_CONNECTING,  /* the WebSocket is opening, or waits for JOIN_ROOM */
    NET_JOINED,      /* in the room: messages flow */
    NET_AWAY,        /* dropped: waiting NET_RETRY_MS before the next try */
    NET_RESEATING,   /* dropped: the reconnect request is out */
    NET_RECONNECTING,/* dropped: its WebSocket is opening */
    NET_LEAVING      /* netClose sent LEAVE_ROOM: waiting for the server's close */
} NetState;

/* The lines waiting for a script, oldest first: [len lo, len hi, bytes...]
 * from head to tail; a room's and a nearby room's (net/nearby.h). */
typedef struct {
    uint8_t bytes[NET_QUEUE_BYTES];
    size_t head, tail;
    int overflowed;                 /* "overflow" was the last word: nothing more goes in */
    char line[NET_LINE_MAX + 64];   /* the line handed out last (a nearby host hands a whole frame on) */
} NetLines;

/* Appends a line; with reserve, NET_LINES_RESERVE bytes stay free for the
 * one line that says it overflowed, and after it lines are dropped quietly.
 * 0 when the line did not fit (the caller ends with "overflow"). */
int net_lines_push(NetLines *q, const char *text, size_t len, int reserve);
/* The oldest line, NUL-terminated, valid until the next take; NULL for none. */
const char *net_lines_take(NetLines *q, size_t *len);
void net_lines_clear(NetLines *q);

/* ["closed", "why"] into out (cap bytes, at least 16), why as a JSON string
 * cut to fit; its length. why may carry anything (a server's or a peer's
 * words, cut anywhere): the line is ASCII, so it is UTF-8 and JSON whatever
 * the cut, '"' and '\\' escaped and every other byte outside printable ASCII
 * a space. The script reads only ASCII words in it (src/app/room.ts endOf). */
size_t net_closed_line(char *out, size_t cap, const char *why);

typedef struct NetRoom {
    NetTransport t;
    const char *room_name;
    int version;
    NetState state;
    uint32_t since;        /* when the current wait began (ms, the host's clock) */
    uint32_t dropped_at;   /* when the connection dropped (NET_AWAY...) */
    int joined_once;       /* JOIN_ROOM came for this open: the next drop is "away", not "closed" */
    WireSeat seat;
    char token[WIRE_ID_MAX + 1];    /* the reconnection token (JOIN_ROOM) */
    NetLines lines;                 /* the lines for the script */
    uint8_t out[NET_OUT_MAX];       /* a frame being written */
    char scratch[NET_LINE_MAX];     /* a frame read into JSON */
    char path[WIRE_ADDRESS_MAX + 3 * WIRE_ID_MAX + 64];
    char body[NET_OUT_MAX];
} NetRoom;

void net_room_init(NetRoom *r, const NetTransport *t, const char *room_name, int version);

/* host.netOpen: 1 when the request is one (see wire_matchmake_request) and
 * no room is open; the outcome comes as a line (["joined"...] or
 * ["closed"...]). A room still leaving is dropped first. */
int net_room_open(NetRoom *r, const char *request, size_t len, uint32_t now);
/* host.netSend: 1 when the message ([type, payload] JSON) went to the
 * transport; 0 when not in a room (or away), or it is not a message. */
int net_room_send(NetRoom *r, const char *message, size_t len);
/* host.netReceive: the oldest line, NUL-terminated, valid until the next
 * call into the room; NULL when there is none. */
const char *net_room_receive(NetRoom *r, size_t *len);
/* host.netClose: leaves on purpose; nothing of this room is heard after. */
void net_room_close(NetRoom *r, uint32_t now);
/* A room's link opened the host (the desktop's --join CODE, as the page's
 * ?room=CODE): the script's first line is ["invite", code], and its title
 * joins that room. 0 when the code is not one (letters and digits, 4 to 12). */
int net_room_invite(NetRoom *r, const char *code);
/* Once a frame: deadlines and the reconnection's tries. */
void net_room_tick(NetRoom *r, uint32_t now);

/* From the transport. status is the HTTP status, 0 without an answer. */
void net_room_http_answer(NetRoom *r, int status, const char *body, size_t len, uint32_t now);
void net_room_ws_opened(NetRoom *r, uint32_t now);
void net_room_ws_message(NetRoom *r, const uint8_t *bytes, size_t len, uint32_t now);
/* code: the close frame's code, or NET_CLOSE_*. */
void net_room_ws_closed(NetRoom *r, int code, uint32_t now);

#endif
