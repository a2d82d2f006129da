/* The nearby room's wire and its two ends, platform-free (docs/network.md,
 * "Two PSPs without a server"; the interface is lead's decision 3): one PSP
 * hosts (its script runs the room, through the host contract's nearby
 * functions), the others join as online clients (netOpen with
 * "via":"nearby"), over the ad-hoc PTP stream that the platform
 * (native/psp/psp_nearby.c) gives as a NearbyTransport.
 *
 * Frames on the stream: [u8 kind][u16 length, big-endian][length bytes]:
 *   HELLO joiner -> host  the request its netOpen got (a JSON object)
 *   LINE  host -> joiner  a netReceive line: ["joined", code], ["m", type,
 *                         payload] or ["closed", why] (a JSON array)
 *   MSG   joiner -> host  what its script gave netSend ([type, payload])
 *   PING / PONG           either way: the joiner pings when it has sent
 *                         nothing for NEARBY_KEEPALIVE_MS (the host's silence
 *                         check hears it), the host when its script asks
 *                         (nearbyPing); each end answers at once, in C
 *   BYE                   the joiner left on purpose (netClose); also before
 *                         the HELLO of a netOpen's first link (a join, where
 *                         a HELLO alone is the same PSP back after a drop)
 * A frame longer than NEARBY_FRAME_MAX, of another kind, or whose bytes are
 * not what its kind carries ends that link with a clear line, never a
 * crash or a line that is not JSON (fuzzed: native/tests/net_fuzz.c).
 *
 * Nothing here allocates or waits: buffers are in the structs, time comes
 * from the platform (the tick, once a frame), and every wait has a deadline. */
#ifndef RATSCREW_NET_NEARBY_H
#define RATSCREW_NET_NEARBY_H

#include <stddef.h>
#include <stdint.h>
#include "room.h"

enum { NEARBY_HELLO = 1, NEARBY_LINE = 2, NEARBY_MSG = 3, NEARBY_PING = 4, NEARBY_PONG = 5, NEARBY_BYE = 6 };

/* The longest frame body: one line for a script (net/room.h). */
#define NEARBY_FRAME_MAX NET_LINE_MAX
#define NEARBY_FRAME_HEAD 3
/* PSPs that may join one host (an ad-hoc group holds eight). */
#define NEARBY_PEERS 7
/* The room code (src/net/protocol.ts CODE_LENGTH) and the group's name, "R" + code. */
#define NEARBY_CODE_LEN 7
#define NEARBY_GROUP_LEN 8
/* A joiner that has sent nothing this long sends a PING; a link that has
 * heard nothing for NEARBY_SILENCE_MS is lost (the PSP out of range sends
 * no goodbye); a link the host accepted must say HELLO within NEARBY_HELLO_MS. */
#define NEARBY_KEEPALIVE_MS 1000u
#define NEARBY_SILENCE_MS 6000u
#define NEARBY_HELLO_MS 5000u
/* Starting (the group, the host found, the first link) may take this long. */
#define NEARBY_START_MS 30000u
/* A hosting PSP that slept (its Wi-Fi off, every link dead) keeps its room
 * when it slept less than this: its joiners, hearing it go silent, look for
 * it again for NET_KEPT_MS (net/room.h), so a host back within this leaves
 * them at least NET_KEPT_MS - NEARBY_SLEEP_KEPT_MS to find it. Longer, they
 * have given up (or are about to): the room ends, said on both sides. */
#define NEARBY_SLEEP_KEPT_MS 45000u

/* ---- frames ---- */

/* One frame read from a stream that comes in pieces. */
typedef struct {
    uint8_t head[NEARBY_FRAME_HEAD];
    size_t head_len;
    int kind;
    size_t len, got;
    uint8_t body[NEARBY_FRAME_MAX + 1]; /* with a NUL after the body */
} NearbyReader;

typedef enum { NEARBY_READ_MORE, NEARBY_READ_FRAME, NEARBY_READ_BAD } NearbyRead;

void nearby_reader_reset(NearbyReader *r);
/* Takes bytes from p (n of them) until one frame is whole: FRAME (r->kind,
 * r->body, r->len), MORE (every byte taken, no frame yet) or BAD (why: the
 * link must end). *used is how many bytes it took. */
NearbyRead nearby_read(NearbyReader *r, const uint8_t *p, size_t n, size_t *used, const char **why);
/* A frame of kind with body into out: its length, 0 when it does not fit or
 * the body is longer than NEARBY_FRAME_MAX. */
size_t nearby_frame(int kind, const void *body, size_t len, uint8_t *out, size_t cap);

/* The group name ("R" + code, NUL-terminated) of a room code: 1, or 0 when
 * the code is not NEARBY_CODE_LEN letters and digits. */
int nearby_group_name(const char *code, size_t len, char group[NEARBY_GROUP_LEN + 1]);

/* ---- what the platform gives ---- */

typedef struct NearbyTransport {
    void *user;
    /* Creates (host) or joins (not host) the ad-hoc group `group`; then the
     * host listens for PTP links and the joiner finds the group's creator and
     * links to it. The outcome comes later: nearby_host_up or
     * nearby_host_failed; nearby_join_linked or nearby_join_failed. 0 when
     * started, -1 when this PSP has no ad hoc. */
    int (*start)(void *user, const char *group, int host);
    /* Joiner: links to the group's creator again (after a drop): then
     * nearby_join_linked or nearby_join_lost. 0, or -1 when it cannot start. */
    int (*relink)(void *user);
    /* Sends a whole frame on link (the host's peer 1..NEARBY_PEERS; the
     * joiner's link is 0), queued if the stream is busy. 0, or -1 when there
     * is no such link or no room in its queue (then the link is ending). */
    int (*send)(void *user, int link, const uint8_t *bytes, size_t len);
    /* Ends that link once what was sent on it has left (within the
     * platform's own deadline); nothing more comes from it. */
    void (*drop)(void *user, int link);
    /* Ends every link (after their last frames, as drop) and leaves the group. */
    void (*reset)(void *user);
} NearbyTransport;

/* ---- the host (the hosting PSP's C; its script runs the room) ---- */

typedef enum { NEARBY_FREE, NEARBY_OUT, NEARBY_IN, NEARBY_GONE } NearbyPeerState;

typedef struct {
    NearbyPeerState state; /* FREE: no PSP; OUT: known, not in the room; IN; GONE: dropped, may come back */
    uint8_t mac[6];
    int linked;            /* a link is up now */
    int said_hello;        /* its HELLO came on this link */
    int pings;             /* the script's pings not yet answered */
    uint32_t since, heard; /* when this link came; when it last brought a byte */
    NearbyReader reader;
} NearbyPeer;

typedef enum { NEARBY_HOST_IDLE, NEARBY_HOST_STARTING, NEARBY_HOST_OPEN } NearbyHostState;

typedef struct NearbyHost {
    NearbyTransport t;
    NearbyHostState state;
    uint32_t since;
    NearbyPeer peers[NEARBY_PEERS];
    NetLines queue;
    uint8_t out[NEARBY_FRAME_HEAD + NEARBY_FRAME_MAX];
    uint8_t scratch[2 * NEARBY_FRAME_MAX]; /* a body checked as JSON */
    char text[6 * NET_OUT_MAX + 64];       /* a line being written: a joiner's text escaped */
} NearbyHost;

void nearby_host_init(NearbyHost *h, const NearbyTransport *t);
/* host.nearbyOpen: 1 when started (["open"] or ["closed", why] follows);
 * 0 when already hosting, the code is not one, or there is no ad hoc. */
int nearby_host_open(NearbyHost *h, const char *code, size_t len, uint32_t now);
/* host.nearbyReceive: the oldest line, NUL-terminated, valid until the next call; NULL for none. */
const char *nearby_host_receive(NearbyHost *h, size_t *len);
/* host.nearbySend: 1 when the line (a JSON array whose first item is a
 * string) went to that peer's link; 0 when the peer is not in the room now
 * or the line is not one. After ["closed", ...] the link ends. */
int nearby_host_send(NearbyHost *h, int peer, const char *line, size_t len);
/* host.nearbyPing: 1 when the ping went out; its pong comes as ["pong", peer]. */
int nearby_host_ping(NearbyHost *h, int peer);
/* host.nearbyClose: every PSP in the room hears ["closed", "host left"]; nothing more is heard. */
void nearby_host_close(NearbyHost *h);
/* Once a frame: deadlines (starting, a link's HELLO, silence). */
void nearby_host_tick(NearbyHost *h, uint32_t now);

/* From the platform. */
void nearby_host_up(NearbyHost *h, uint32_t now);
void nearby_host_failed(NearbyHost *h, const char *why, uint32_t now);
/* A PSP linked: the peer number for its MAC (the same one as before for a
 * MAC seen this hosting), or 0 when the room is full (the platform ends that link). */
int nearby_host_accepted(NearbyHost *h, const uint8_t mac[6], uint32_t now);
void nearby_host_bytes(NearbyHost *h, int peer, const uint8_t *bytes, size_t len, uint32_t now);
void nearby_host_lost(NearbyHost *h, int peer, uint32_t now);
/* The hosting PSP woke after slept_ms asleep, every link dead with its
 * Wi-Fi: 1 when its room goes on (each PSP in it heard as "gone", its seat
 * the room's to keep as for any drop; the platform takes links again), 0
 * when it ended with ["closed", why] (slept NEARBY_SLEEP_KEPT_MS or more,
 * or while the room was being opened) or was not open. */
int nearby_host_woke(NearbyHost *h, uint32_t slept_ms, uint32_t now);

/* ---- the joiner (a PSP's online client, netOpen with "via":"nearby") ---- */

typedef enum { NEARBY_JOIN_IDLE, NEARBY_JOIN_STARTING, NEARBY_JOIN_LINKED, NEARBY_JOIN_AWAY, NEARBY_JOIN_RELINKING } NearbyJoinState;

typedef struct NearbyJoin {
    NearbyTransport t;
    NearbyJoinState state;
    uint32_t since;      /* the current wait's start */
    uint32_t dropped_at; /* the link lost (AWAY, RELINKING) */
    uint32_t sent_at, heard;
    uint32_t now;        /* the latest time the platform gave */
    int linked_once;
    char code[NEARBY_CODE_LEN + 1];
    char request[NET_OUT_MAX];
    size_t request_len;
    NearbyReader reader;
    NetLines queue;
    uint8_t out[NEARBY_FRAME_HEAD + NEARBY_FRAME_MAX];
    uint8_t scratch[2 * NEARBY_FRAME_MAX];
    char text[256];
} NearbyJoin;

void nearby_join_init(NearbyJoin *j, const NearbyTransport *t);
/* The request's "via" is "nearby": 1 with its code (letters and digits);
 * 0 when it has no "via" (the rooms server's); -1 (why) for a "via" or a
 * code that is not one. */
int nearby_request(const char *request, size_t len, char code[NEARBY_CODE_LEN + 1], const char **why);
/* host.netOpen with "via":"nearby": 1 when started; 0 when a room is open or the request is not one. */
int nearby_join_open(NearbyJoin *j, const char *request, size_t len, uint32_t now);
int nearby_join_send(NearbyJoin *j, const char *message, size_t len);
const char *nearby_join_receive(NearbyJoin *j, size_t *len);
void nearby_join_close(NearbyJoin *j);
void nearby_join_tick(NearbyJoin *j, uint32_t now);

/* From the platform. */
void nearby_join_linked(NearbyJoin *j, uint32_t now);
void nearby_join_failed(NearbyJoin *j, const char *why, uint32_t now);
void nearby_join_bytes(NearbyJoin *j, const uint8_t *bytes, size_t len, uint32_t now);
void nearby_join_lost(NearbyJoin *j, uint32_t now);

#endif
