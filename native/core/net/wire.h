/* The online rooms' wire (docs/network.md), platform-free: what the
 * server's WebSocket frames carry (Colyseus's framing, MessagePack payloads)
 * turned into the JSON text the script reads through netReceive, the JSON
 * the script hands netSend turned into frames, and the matchmaking's HTTP
 * requests and answers. The desktop's libwebsockets client and the PSP's
 * sceNetInet one (issue 37) share it. Nothing here allocates or trusts its
 * input: every function writes into the caller's buffer, and bad bytes come
 * back as a reason, never as a crash (native/tests/net_wire_fuzz.c). */
#ifndef RATSCREW_NET_WIRE_H
#define RATSCREW_NET_WIRE_H

#include <stddef.h>
#include <stdint.h>

/* Colyseus 0.16's protocol codes (@colyseus/core Protocol). */
enum {
    WIRE_JOIN_ROOM = 10,
    WIRE_ERROR = 11,
    WIRE_LEAVE_ROOM = 12,
    WIRE_ROOM_DATA = 13,
    WIRE_ROOM_STATE = 14,
    WIRE_ROOM_STATE_PATCH = 15,
    WIRE_ROOM_DATA_BYTES = 17
};

/* Nesting deeper than this is refused: the game's messages are three deep. */
#define WIRE_DEPTH_MAX 16
/* A reconnection token, a room id, a process id, a session id: Colyseus's are about 10 characters. */
#define WIRE_ID_MAX 64
/* A process's public address (host:port or host/path). */
#define WIRE_ADDRESS_MAX 256

typedef enum {
    WIRE_MESSAGE, /* a room message: the JSON ["m", type, payload] */
    WIRE_JOINED,  /* the room took this client: token is its reconnection token; answer with one byte, WIRE_JOIN_ROOM */
    WIRE_REFUSED, /* the room refused or dropped this client: the JSON is [code, "text"] */
    WIRE_LEAVE,   /* the room asks this client to leave */
    WIRE_IGNORED, /* a frame of Colyseus's this game does not use (schema state) */
    WIRE_BAD      /* malformed: why says how */
} WireKind;

typedef struct {
    WireKind kind;
    size_t json_len;
    const char *why;
    char token[WIRE_ID_MAX + 1];
} WireFrame;

/* Reads one binary WebSocket message from the server. For WIRE_MESSAGE and
 * WIRE_REFUSED the JSON goes to json (NUL-terminated, at most cap bytes with
 * the NUL). Returns the kind (also in out->kind). */
WireKind wire_read_frame(const uint8_t *frame, size_t len, char *json, size_t cap, WireFrame *out);

/* The script's [type, payload] (JSON) as a room-data frame. Returns its
 * length, 0 when the JSON is not [integer, value] or does not fit (why). */
size_t wire_write_message(const char *json, size_t len, uint8_t *out, size_t cap, const char **why);

/* One MessagePack value at p as JSON; *used is how many bytes it took.
 * Returns 0 and why when it is malformed, too deep, or does not fit. */
int wire_msgpack_to_json(const uint8_t *p, size_t len, size_t *used, char *json, size_t cap, size_t *json_len, const char **why);

/* One JSON value as MessagePack. Returns its length, 0 and why when the
 * JSON is malformed, too deep, or does not fit. */
size_t wire_json_to_msgpack(const char *json, size_t len, uint8_t *out, size_t cap, const char **why);

/* netOpen's request ({"op":"create","name","setup"} or {"op":"join","code","name"})
 * as the matchmaking's HTTP request for the room type room_name: the path
 * after /matchmake/ and the JSON body, with the protocol version the server
 * checks. Returns 0 and why when
 * the request is not one of those. */
int wire_matchmake_request(const char *request, size_t len, const char *room_name, int version, char *path, size_t path_cap, char *body, size_t body_cap, const char **why);

/* netOpen's request's "via" (where the room is: absent for the rooms
 * server, "nearby" for a PSP's nearby room) and "code", each "" when absent
 * or not letters and digits that fit; "via" is "?" when present but not
 * that. 1 when the request is a JSON object, 0 otherwise. */
int wire_request_via(const char *request, size_t len, char *via, size_t via_cap, char *code, size_t code_cap);

/* The matchmaking's answer: the seat it reserved, or its error. */
typedef struct {
    char room_id[WIRE_ID_MAX + 1];
    char process_id[WIRE_ID_MAX + 1];
    char session_id[WIRE_ID_MAX + 1];
    /* Where the room's process takes WebSockets ("" for the address asked). */
    char public_address[WIRE_ADDRESS_MAX + 1];
    /* The server's refusal ("" when it reserved a seat). */
    char error[128];
} WireSeat;

/* Returns 1 for a seat, 0 for a refusal or an answer that is neither (error says which). */
int wire_read_seat(const char *json, size_t len, WireSeat *seat);

#endif
