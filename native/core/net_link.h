/* One connection to the rooms server (docs/network.md) for a host whose
 * sockets are BSD-like and non-blocking (the PSP's sceNetInet; POSIX in the
 * desktop's tests of this file): a plain HTTP/1.1 request (Colyseus's
 * matchmaking) or a plain WebSocket (RFC 6455, framed by wslay's frame API).
 * Polled once a frame, it never waits: each call has a deadline, an open
 * WebSocket a silence limit, and bad bytes from the network end the call
 * with a reason (why), never a crash. Nothing is allocated after a
 * WebSocket opens: wslay's frame context is the one allocation, made when
 * it opens and freed when it ends; every buffer is inside NetLink. */
#ifndef NET_LINK_H
#define NET_LINK_H

#include <stddef.h>
#include <stdint.h>

/* Bytes waiting to go out: an HTTP request, or WebSocket frames. */
#define NET_LINK_OUT_MAX 4096
/* An HTTP answer (headers and body), or one whole WebSocket message. The
 * rooms' messages are a few hundred bytes (docs/network.md). */
#define NET_LINK_IN_MAX 8192
/* The WebSocket upgrade's answer headers, and any frames behind them. */
#define NET_LINK_HEAD_MAX 2048
#define NET_LINK_HOST_MAX 64
#define NET_LINK_WHY_MAX 128

/* What a socket function answers besides a count of bytes. */
enum { NET_IO_WOULDBLOCK = -1, NET_IO_CLOSED = -2, NET_IO_FAILED = -3 };

/* The host's sockets and the two things the handshake needs. */
typedef struct {
    void *ctx;
    /* Starts a non-blocking TCP connection to host (a dotted IPv4 address)
     * at port: a socket >= 0, or NET_IO_FAILED. */
    int (*open)(void *ctx, const char *host, int port);
    /* 1 once connected, 0 while connecting, NET_IO_FAILED when refused. */
    int (*connected)(void *ctx, int socket);
    /* Bytes sent (> 0), NET_IO_WOULDBLOCK or NET_IO_FAILED. */
    long (*send)(void *ctx, int socket, const uint8_t *p, size_t n);
    /* Bytes read (> 0), NET_IO_CLOSED at the stream's end, NET_IO_WOULDBLOCK or NET_IO_FAILED. */
    long (*recv)(void *ctx, int socket, uint8_t *p, size_t n);
    void (*close)(void *ctx, int socket);
    /* SHA-1, for the server's Sec-WebSocket-Accept. */
    void (*sha1)(void *ctx, const uint8_t *p, size_t n, uint8_t out[20]);
    /* Unpredictable bytes: the handshake's key and each frame's mask. */
    void (*random)(void *ctx, uint8_t *out, size_t n);
} NetIo;

typedef enum {
    NET_EVENT_NONE,    /* nothing new: poll again next frame */
    NET_EVENT_ANSWER,  /* the HTTP answer: status, and its body in in/in_len */
    NET_EVENT_OPEN,    /* the WebSocket is open */
    NET_EVENT_MESSAGE, /* one whole WebSocket message in in/in_len (binary says which kind); read it before polling again */
    NET_EVENT_CLOSED,  /* the server closed the WebSocket: close_code, why */
    NET_EVENT_FAILED   /* the call failed: why */
} NetEvent;

typedef enum { NET_LINK_IDLE, NET_LINK_CONNECTING, NET_LINK_ASKING, NET_LINK_UPGRADING, NET_LINK_OPEN } NetLinkState;

struct wslay_frame_context;

typedef struct {
    NetIo io;
    NetLinkState state;
    int websocket; /* the call is a WebSocket upgrade (else an HTTP request) */
    int socket;
    uint32_t deadline_ms;
    uint32_t timeout_ms;
    /* An open WebSocket that hears nothing for this long has failed (the
     * server pings every few seconds); 0: no limit. */
    uint32_t silence_ms;
    uint32_t heard_ms;
    char host[NET_LINK_HOST_MAX];
    int port;
    char accept[32]; /* the Sec-WebSocket-Accept the server must answer */

    uint8_t out[NET_LINK_OUT_MAX];
    size_t out_len, out_sent;

    /* The answer's headers during the upgrade, then the frames that came behind them. */
    uint8_t head[NET_LINK_HEAD_MAX];
    size_t head_len, head_used;

    /* The HTTP answer's body, or the WebSocket message. */
    uint8_t in[NET_LINK_IN_MAX];
    size_t in_len;
    int status;       /* the HTTP status */
    int binary;       /* the message was a binary one (else text) */
    int message_done; /* in holds a message handed out by the last poll */

    /* The frame being read and the message being assembled. */
    struct wslay_frame_context *frames;
    int frame_opcode;
    uint64_t frame_left;
    int in_message;
    uint8_t control[125];
    size_t control_len;
    int io_state; /* what the socket said inside wslay's callbacks (NET_IO_*, 0 fine) */
    int close_sent;
    int close_code;

    char why[NET_LINK_WHY_MAX];
} NetLink;

void net_link_init(NetLink *link, const NetIo *io);

/* Starts an HTTP/1.1 request (Connection: close): method and path, and a
 * JSON body when body is not NULL. 0 with why when it does not fit; the
 * answer or the failure comes from net_link_poll. */
int net_link_request(NetLink *link, const char *host, int port, const char *method, const char *path,
                     const char *body, size_t body_len, uint32_t now_ms, uint32_t timeout_ms);

/* Starts a WebSocket to ws://host:port/path. */
int net_link_websocket(NetLink *link, const char *host, int port, const char *path, uint32_t now_ms,
                       uint32_t timeout_ms, uint32_t silence_ms);

/* Queues one binary message on the open WebSocket and sends what the socket
 * takes now. 0 with why when it is not open or the outgoing buffer is full. */
int net_link_send(NetLink *link, const uint8_t *p, size_t n);

/* Does what can be done without waiting and says what happened; after an
 * event other than NONE, poll again in the same frame for the next one. */
NetEvent net_link_poll(NetLink *link, uint32_t now_ms);

/* Ends the call: an open WebSocket sends its close frame (what the socket
 * takes now) and the socket is closed at once. */
void net_link_close(NetLink *link);

#endif
