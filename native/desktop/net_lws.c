/* The online room's transport over libwebsockets (net_lws.h). One context,
 * one protocol handler for both connections: the matchmaking's HTTP POST
 * and the room's WebSocket. lws calls back only from lws_service, which
 * this host calls once a frame with a negative timeout (lws 4: poll() with
 * no wait). Callbacks of a connection the room let go (reset) find it no
 * longer current and are ignored while lws closes it. */
#define _POSIX_C_SOURCE 200809L
#include "net_lws.h"

#include <arpa/inet.h>
#include <libwebsockets.h>
#include <netdb.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../core/contract.h"
#include "posix.h"

/* Messages waiting for the socket to be writable: the room sends a handful a frame. */
#define OUT_QUEUE_BYTES 16384u

struct NetLws {
    struct lws_context *ctx;
    char host[256];
    int port;
    NetRoom room;
    /* The matchmaking request in flight. */
    struct lws *http;
    char http_path[WIRE_ADDRESS_MAX + 64];
    char http_body[NET_OUT_MAX];
    size_t http_body_len;
    int http_status;
    char answer[NET_HTTP_MAX];
    size_t answer_len;
    int answer_too_big;
    /* The room's WebSocket. */
    struct lws *ws;
    char ws_host[256];
    int ws_port;
    char ws_path[WIRE_ADDRESS_MAX + 3 * WIRE_ID_MAX + 64];
    uint8_t in[NET_IN_MAX];
    size_t in_len;
    int in_too_big;
    int close_code;
    uint8_t out[OUT_QUEUE_BYTES];
    size_t out_head, out_tail;
    uint8_t frame[LWS_PRE + NET_OUT_MAX];
    /* A failure lws reported from inside a call the room made: told to the
     * room at the next service, never into the middle of its own call. */
    int in_room_call;
    int http_failed_late, ws_failed_late;
    /* A connection waiting for its host's name to be looked up, and the
     * addresses found (kept here: lws may read them after the call). */
    int http_waiting, ws_waiting;
    char http_address[INET6_ADDRSTRLEN], ws_address[INET6_ADDRSTRLEN];
};

/* ---- names: looked up off the frame's thread ---- */

/* One name at a time, kept once found (the rooms' server, and the public
 * address of its processes, which is the same host behind a proxy). Static:
 * a lookup still running when the host quits writes here, never into freed
 * memory. */
static struct {
    pthread_mutex_t lock;
    int busy, done;
    char name[256];
    char numeric[INET6_ADDRSTRLEN];
} names = { PTHREAD_MUTEX_INITIALIZER, 0, 0, "", "" };

static void *look_up(void *unused)
{
    struct addrinfo hints, *found = NULL;
    char name[256], numeric[INET6_ADDRSTRLEN] = "";
    (void)unused;
    pthread_mutex_lock(&names.lock);
    memcpy(name, names.name, sizeof name);
    pthread_mutex_unlock(&names.lock);
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(name, NULL, &hints, &found) == 0 && found) {
        /* One address is tried: an IPv4 one when the name has both (a
         * server on 127.0.0.1 is not on localhost's ::1). */
        struct addrinfo *a = found, *pick = found;
        const void *at;
        for (; a; a = a->ai_next)
            if (a->ai_family == AF_INET) {
                pick = a;
                break;
            }
        at = pick->ai_family == AF_INET6 ? (const void *)&((struct sockaddr_in6 *)pick->ai_addr)->sin6_addr
                                         : (const void *)&((struct sockaddr_in *)pick->ai_addr)->sin_addr;
        if (!inet_ntop(pick->ai_family, at, numeric, sizeof numeric)) numeric[0] = '\0';
    }
    if (found) freeaddrinfo(found);
    pthread_mutex_lock(&names.lock);
    memcpy(names.numeric, numeric, sizeof numeric);
    names.done = 1;
    names.busy = 0;
    pthread_mutex_unlock(&names.lock);
    return NULL;
}

/* host's address to connect to: host itself when it is one, or its looked
 * up address; NULL while the lookup runs (it is started here), "" when the
 * name has none. */
static const char *address_of(const char *host, char *out, size_t cap)
{
    unsigned char bytes[sizeof(struct in6_addr)];
    const char *answer = NULL;
    pthread_t thread;
    if (inet_pton(AF_INET, host, bytes) == 1 || inet_pton(AF_INET6, host, bytes) == 1) return host;
    pthread_mutex_lock(&names.lock);
    if (names.done && strcmp(names.name, host) == 0) {
        snprintf(out, cap, "%s", names.numeric);
        answer = out;
    } else if (!names.busy) {
        snprintf(names.name, sizeof names.name, "%s", host);
        names.done = 0;
        names.busy = 1;
        if (pthread_create(&thread, NULL, look_up, NULL) == 0) pthread_detach(thread);
        else names.busy = 0, names.done = 1, names.numeric[0] = '\0';
    }
    pthread_mutex_unlock(&names.lock);
    return answer;
}

static uint32_t now_ms(void) { return (uint32_t)posix_clock_ms(NULL); }

/* "host:port" (or "[v6]:port") into its parts; port 80 when none. */
static int split_address(const char *address, char *host, size_t cap, int *port)
{
    const char *colon = strrchr(address, ':');
    size_t n;
    char *end;
    long p = 80;
    if (address[0] == '[') {
        const char *close = strchr(address, ']');
        if (!close) return -1;
        n = (size_t)(close - address - 1);
        if (n == 0 || n >= cap) return -1;
        memcpy(host, address + 1, n);
        host[n] = '\0';
        colon = close[1] == ':' ? close + 1 : NULL;
        if (!colon && close[1] != '\0') return -1;
    } else {
        n = colon ? (size_t)(colon - address) : strlen(address);
        if (n == 0 || n >= cap) return -1;
        memcpy(host, address, n);
        host[n] = '\0';
    }
    if (colon) {
        p = strtol(colon + 1, &end, 10);
        if (*end != '\0' || p < 1 || p > 65535) return -1;
    }
    *port = (int)p;
    return 0;
}

/* ---- what the room asks ---- */

static void start_http(NetLws *n);
static void start_ws(NetLws *n);

static int t_http_post(void *user, const char *path, const char *body, size_t len)
{
    NetLws *n = (NetLws *)user;
    if (len > sizeof n->http_body || (size_t)snprintf(n->http_path, sizeof n->http_path, "/matchmake/%s", path) >= sizeof n->http_path)
        return -1;
    memcpy(n->http_body, body, len);
    n->http_body_len = len;
    n->http_status = 0;
    n->answer_len = 0;
    n->answer_too_big = 0;
    n->http_failed_late = 0;
    n->http_waiting = 1;
    start_http(n);
    return 0;
}

/* The request, once its host's address is known. */
static void start_http(NetLws *n)
{
    struct lws_client_connect_info i;
    const char *address = address_of(n->host, n->http_address, sizeof n->http_address);
    if (!address) return; /* still looking: the next service tries again */
    n->http_waiting = 0;
    if (!*address) {
        n->http_failed_late = 1;
        return;
    }
    memset(&i, 0, sizeof i);
    i.context = n->ctx;
    i.address = address;
    i.port = n->port;
    i.path = n->http_path;
    i.host = n->host;
    i.origin = n->host;
    i.method = "POST";
    i.local_protocol_name = "ratscrew-net";
    i.opaque_user_data = n;
    i.pwsi = &n->http;
    n->in_room_call = 1;
    n->http = NULL;
    /* A refusal lws met at once reaches the room at the next service. */
    if (!lws_client_connect_via_info(&i)) n->http = NULL, n->http_failed_late = 1;
    n->in_room_call = 0;
}

static int t_ws_open(void *user, const char *address, const char *path)
{
    NetLws *n = (NetLws *)user;
    int port = n->port;
    if (address) {
        if (split_address(address, n->ws_host, sizeof n->ws_host, &port) < 0) return -1;
    } else {
        snprintf(n->ws_host, sizeof n->ws_host, "%s", n->host);
    }
    if ((size_t)snprintf(n->ws_path, sizeof n->ws_path, "%s", path) >= sizeof n->ws_path) return -1;
    n->ws_port = port;
    n->in_len = 0;
    n->in_too_big = 0;
    n->close_code = NET_CLOSE_LOST;
    n->out_head = n->out_tail = 0;
    n->ws_failed_late = 0;
    n->ws_waiting = 1;
    start_ws(n);
    return 0;
}

/* The WebSocket, once its host's address is known. */
static void start_ws(NetLws *n)
{
    struct lws_client_connect_info i;
    const char *address = address_of(n->ws_host, n->ws_address, sizeof n->ws_address);
    static const lws_retry_bo_t idle = {
        /* A server that says nothing (not even its pings, every few
         * seconds) for 20 s is gone: the room asks the seat back. */
        .secs_since_valid_ping = 10,
        .secs_since_valid_hangup = 20,
    };
    if (!address) return; /* still looking: the next service tries again */
    n->ws_waiting = 0;
    if (!*address) {
        n->ws_failed_late = 1;
        return;
    }
    memset(&i, 0, sizeof i);
    i.context = n->ctx;
    i.address = address;
    i.port = n->ws_port;
    i.path = n->ws_path;
    i.host = n->ws_host;
    i.origin = n->ws_host;
    i.local_protocol_name = "ratscrew-net";
    i.opaque_user_data = n;
    i.retry_and_idle_policy = &idle;
    i.pwsi = &n->ws;
    n->in_room_call = 1;
    n->ws = NULL;
    if (!lws_client_connect_via_info(&i)) n->ws = NULL, n->ws_failed_late = 1;
    n->in_room_call = 0;
}

static int t_ws_send(void *user, const uint8_t *bytes, size_t len)
{
    NetLws *n = (NetLws *)user;
    if (!n->ws || len == 0 || len > NET_OUT_MAX) return -1;
    if (OUT_QUEUE_BYTES - n->out_tail < len + 2) {
        memmove(n->out, n->out + n->out_head, n->out_tail - n->out_head);
        n->out_tail -= n->out_head;
        n->out_head = 0;
        if (OUT_QUEUE_BYTES - n->out_tail < len + 2) return -1;
    }
    n->out[n->out_tail] = (uint8_t)(len & 0xff);
    n->out[n->out_tail + 1] = (uint8_t)(len >> 8);
    memcpy(n->out + n->out_tail + 2, bytes, len);
    n->out_tail += len + 2;
    lws_callback_on_writable(n->ws);
    return 0;
}

/* Let go of a connection: lws closes it at its next service; its later
 * callbacks find it is no longer ours. */
static void let_go(struct lws **wsi)
{
    if (*wsi) lws_set_timeout(*wsi, PENDING_TIMEOUT_CLOSE_SEND, LWS_TO_KILL_ASYNC);
    *wsi = NULL;
}

static void t_reset(void *user)
{
    NetLws *n = (NetLws *)user;
    let_go(&n->http);
    let_go(&n->ws);
    n->http_failed_late = n->ws_failed_late = 0;
    n->http_waiting = n->ws_waiting = 0;
    n->out_head = n->out_tail = 0;
}

/* ---- what lws brings ---- */

static void http_done(NetLws *n, int status)
{
    n->http = NULL;
    n->answer[n->answer_len < sizeof n->answer ? n->answer_len : sizeof n->answer - 1] = '\0';
    net_room_http_answer(&n->room, n->answer_too_big ? 0 : status, n->answer, n->answer_len, now_ms());
}

static int on_http(NetLws *n, struct lws *wsi, enum lws_callback_reasons reason, void *in, size_t len)
{
    switch (reason) {
    case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER: {
        unsigned char **p = (unsigned char **)in, *end = (*p) + len;
        if (lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_CONTENT_TYPE, (const unsigned char *)"application/json", 16, p, end) ||
            lws_add_http_header_content_length(wsi, n->http_body_len, p, end))
            return -1;
        lws_client_http_body_pending(wsi, 1);
        lws_callback_on_writable(wsi);
        return 0;
    }
    case LWS_CALLBACK_CLIENT_HTTP_WRITEABLE:
        memcpy(n->frame + LWS_PRE, n->http_body, n->http_body_len);
        if (lws_write(wsi, n->frame + LWS_PRE, n->http_body_len, LWS_WRITE_HTTP_FINAL) != (int)n->http_body_len) return -1;
        lws_client_http_body_pending(wsi, 0);
        return 0;
    case LWS_CALLBACK_ESTABLISHED_CLIENT_HTTP:
        n->http_status = (int)lws_http_client_http_response(wsi);
        return 0;
    case LWS_CALLBACK_RECEIVE_CLIENT_HTTP: {
        char buffer[1024 + LWS_PRE], *px = buffer + LWS_PRE;
        int lenx = (int)sizeof buffer - LWS_PRE;
        return lws_http_client_read(wsi, &px, &lenx) < 0 ? -1 : 0;
    }
    case LWS_CALLBACK_RECEIVE_CLIENT_HTTP_READ:
        if (len >= sizeof n->answer - n->answer_len) n->answer_too_big = 1;
        else {
            memcpy(n->answer + n->answer_len, in, len);
            n->answer_len += len;
        }
        return 0;
    case LWS_CALLBACK_COMPLETED_CLIENT_HTTP:
        http_done(n, n->http_status ? n->http_status : 200);
        return -1; /* one request a connection */
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
    case LWS_CALLBACK_CLOSED_CLIENT_HTTP:
        if (n->in_room_call) n->http_failed_late = 1;
        else http_done(n, 0);
        return 0;
    default:
        return 0;
    }
}

static void ws_done(NetLws *n, int code)
{
    n->ws = NULL;
    n->out_head = n->out_tail = 0;
    net_room_ws_closed(&n->room, code, now_ms());
}

static int on_ws(NetLws *n, struct lws *wsi, enum lws_callback_reasons reason, void *in, size_t len)
{
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        net_room_ws_opened(&n->room, now_ms());
        return 0;
    case LWS_CALLBACK_CLIENT_RECEIVE:
        if (lws_is_first_fragment(wsi)) n->in_len = 0, n->in_too_big = 0;
        if (len > sizeof n->in - n->in_len) n->in_too_big = 1;
        else {
            memcpy(n->in + n->in_len, in, len);
            n->in_len += len;
        }
        if (lws_is_final_fragment(wsi) && lws_remaining_packet_payload(wsi) == 0) {
            if (n->in_too_big) {
                ws_done(n, NET_CLOSE_TOO_BIG);
                return -1;
            }
            net_room_ws_message(&n->room, n->in, n->in_len, now_ms());
            n->in_len = 0;
        }
        return 0;
    case LWS_CALLBACK_CLIENT_WRITEABLE: {
        size_t k;
        if (n->out_head == n->out_tail) return 0;
        k = (size_t)n->out[n->out_head] | ((size_t)n->out[n->out_head + 1] << 8);
        memcpy(n->frame + LWS_PRE, n->out + n->out_head + 2, k);
        n->out_head += k + 2;
        if (lws_write(wsi, n->frame + LWS_PRE, k, LWS_WRITE_BINARY) < (int)k) return -1;
        if (n->out_head != n->out_tail) lws_callback_on_writable(wsi);
        return 0;
    }
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        if (len >= 2) n->close_code = (((const uint8_t *)in)[0] << 8) | ((const uint8_t *)in)[1];
        return 0;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        if (n->in_room_call) n->ws_failed_late = 1;
        else ws_done(n, NET_CLOSE_FAILED);
        return 0;
    case LWS_CALLBACK_CLIENT_CLOSED:
        ws_done(n, n->close_code);
        return 0;
    default:
        return 0;
    }
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    NetLws *n = wsi ? (NetLws *)lws_get_opaque_user_data(wsi) : NULL;
    (void)user;
    if (!n) return 0;
    /* A connection let go (or not yet handed back by lws): not ours any more. */
    if (wsi == n->http) return on_http(n, wsi, reason, in, len);
    if (wsi == n->ws) return on_ws(n, wsi, reason, in, len);
    return 0;
}

static const struct lws_protocols PROTOCOLS[] = {
    { "ratscrew-net", callback, 0, NET_IN_MAX, 0, NULL, 0 },
    { NULL, NULL, 0, 0, 0, NULL, 0 },
};

NetLws *net_lws_create(const char *server)
{
    struct lws_context_creation_info info;
    NetLws *n = (NetLws *)calloc(1, sizeof *n);
    NetTransport t;
    if (!n) return NULL;
    if (split_address(server, n->host, sizeof n->host, &n->port) < 0) {
        fprintf(stderr, "ratscrew: bad --server %s (host:port)\n", server);
        free(n);
        return NULL;
    }
    lws_set_log_level(LLL_ERR, NULL);
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = PROTOCOLS;
    info.options = 0;
    n->ctx = lws_create_context(&info);
    if (!n->ctx) {
        fprintf(stderr, "ratscrew: libwebsockets did not start: no network\n");
        free(n);
        return NULL;
    }
    t.user = n;
    t.http_post = t_http_post;
    t.ws_open = t_ws_open;
    t.ws_send = t_ws_send;
    t.reset = t_reset;
    net_room_init(&n->room, &t, "ratscrew", 1);
    return n;
}

void net_lws_destroy(NetLws *n)
{
    if (!n) return;
    lws_context_destroy(n->ctx);
    free(n);
}

void net_lws_service(NetLws *n)
{
    int round;
    /* Connections whose host's name was being looked up. */
    if (n->http_waiting) start_http(n);
    if (n->ws_waiting) start_ws(n);
    /* A failure lws reported inside the room's own call. */
    if (n->http_failed_late) {
        n->http_failed_late = 0;
        let_go(&n->http);
        net_room_http_answer(&n->room, 0, NULL, 0, now_ms());
    }
    if (n->ws_failed_late) {
        n->ws_failed_late = 0;
        let_go(&n->ws);
        net_room_ws_closed(&n->room, NET_CLOSE_FAILED, now_ms());
    }
    /* lws 4 polls without waiting when the timeout is negative; a few
     * rounds take what several sockets have ready. */
    for (round = 0; round < 4; round++)
        if (lws_service(n->ctx, -1) < 0) break;
    net_room_tick(&n->room, now_ms());
}

int net_lws_invite(NetLws *n, const char *code)
{
    return net_room_invite(&n->room, code);
}

void net_lws_quit(NetLws *n, unsigned ms)
{
    uint32_t until = now_ms() + ms;
    net_room_close(&n->room, now_ms());
    while (n->room.state == NET_LEAVING && (int32_t)(until - now_ms()) > 0) {
        struct timespec pause = { 0, 5 * 1000 * 1000 };
        net_lws_service(n);
        nanosleep(&pause, NULL);
    }
}

/* ---- the VM's net functions ---- */

static int vm_open(void *user, const char *request, size_t len)
{
    return net_room_open(&((NetLws *)user)->room, request, len, now_ms());
}

static int vm_send(void *user, const char *message, size_t len)
{
    return net_room_send(&((NetLws *)user)->room, message, len);
}

static const char *vm_receive(void *user, size_t *len)
{
    return net_room_receive(&((NetLws *)user)->room, len);
}

static void vm_close(void *user)
{
    net_room_close(&((NetLws *)user)->room, now_ms());
}

void net_lws_plug(NetLws *n, VmHost *host)
{
    host->net_user = n;
    host->net_open = vm_open;
    host->net_send = vm_send;
    host->net_receive = vm_receive;
    host->net_close = vm_close;
}
