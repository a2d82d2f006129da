/* See net_link.h. The WebSocket's frames are wslay's (its frame API: the
 * header, the masks, the lengths); what makes them messages, the pongs and
 * the close is here, in fixed buffers. */
#include "net_link.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wslay/wslay.h>

/* RFC 6455 section 1.3: the key's answer is SHA-1(key + this), base64. */
static const char WS_GUID[] = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

static int later_or_equal(uint32_t now, uint32_t then)
{
    return (int32_t)(now - then) >= 0;
}

static NetEvent fail(NetLink *link, const char *fmt, const char *detail)
{
    snprintf(link->why, sizeof link->why, fmt, detail ? detail : "");
    net_link_close(link);
    return NET_EVENT_FAILED;
}

static void base64(const uint8_t *p, size_t n, char *out)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t i, o = 0;
    for (i = 0; i + 2 < n; i += 3) {
        uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 | p[i + 2];
        out[o++] = digits[v >> 18];
        out[o++] = digits[(v >> 12) & 63];
        out[o++] = digits[(v >> 6) & 63];
        out[o++] = digits[v & 63];
    }
    if (i < n) {
        uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0);
        out[o++] = digits[v >> 18];
        out[o++] = digits[(v >> 12) & 63];
        out[o++] = i + 1 < n ? digits[(v >> 6) & 63] : '=';
        out[o++] = '=';
    }
    out[o] = 0;
}

void net_link_init(NetLink *link, const NetIo *io)
{
    memset(link, 0, sizeof *link);
    link->io = *io;
    link->socket = -1;
}

/* The call's common start: the socket, the deadline, empty buffers. */
static int begin(NetLink *link, const char *host, int port, uint32_t now_ms, uint32_t timeout_ms)
{
    net_link_close(link);
    link->why[0] = 0;
    link->status = 0;
    link->close_code = 0;
    link->in_len = link->out_len = link->out_sent = link->head_len = link->head_used = 0;
    link->message_done = link->in_message = link->control_len = link->close_sent = 0;
    link->frame_opcode = -1;
    link->frame_left = 0;
    if (strlen(host) >= sizeof link->host) {
        snprintf(link->why, sizeof link->why, "the server's address is too long");
        return 0;
    }
    strcpy(link->host, host);
    link->port = port;
    link->socket = link->io.open(link->io.ctx, host, port);
    if (link->socket < 0) {
        snprintf(link->why, sizeof link->why, "no socket for %s:%d", host, port);
        link->socket = -1;
        return 0;
    }
    link->state = NET_LINK_CONNECTING;
    link->timeout_ms = timeout_ms;
    link->deadline_ms = now_ms + timeout_ms;
    return 1;
}

static int queue(NetLink *link, const char *text, size_t n)
{
    if (link->out_len + n > sizeof link->out) return 0;
    memcpy(link->out + link->out_len, text, n);
    link->out_len += n;
    return 1;
}

int net_link_request(NetLink *link, const char *host, int port, const char *method, const char *path,
                     const char *body, size_t body_len, uint32_t now_ms, uint32_t timeout_ms)
{
    char head[512];
    int n;
    if (!begin(link, host, port, now_ms, timeout_ms)) return 0;
    link->websocket = 0;
    n = body ? snprintf(head, sizeof head,
                        "%s %s HTTP/1.1\r\nHost: %s:%d\r\nAccept: application/json\r\n"
                        "Content-Type: application/json\r\nContent-Length: %u\r\nConnection: close\r\n\r\n",
                        method, path, host, port, (unsigned)body_len)
             : snprintf(head, sizeof head,
                        "%s %s HTTP/1.1\r\nHost: %s:%d\r\nAccept: application/json\r\nConnection: close\r\n\r\n",
                        method, path, host, port);
    if (n < 0 || (size_t)n >= sizeof head || !queue(link, head, (size_t)n) || (body && !queue(link, body, body_len))) {
        net_link_close(link);
        snprintf(link->why, sizeof link->why, "the request does not fit %u bytes", (unsigned)NET_LINK_OUT_MAX);
        return 0;
    }
    return 1;
}

int net_link_websocket(NetLink *link, const char *host, int port, const char *path, uint32_t now_ms,
                       uint32_t timeout_ms, uint32_t silence_ms)
{
    uint8_t nonce[16], digest[20];
    char key[32], joined[80], head[768];
    int n;
    if (!begin(link, host, port, now_ms, timeout_ms)) return 0;
    link->websocket = 1;
    link->silence_ms = silence_ms;
    link->io.random(link->io.ctx, nonce, sizeof nonce);
    base64(nonce, sizeof nonce, key);
    snprintf(joined, sizeof joined, "%s%s", key, WS_GUID);
    link->io.sha1(link->io.ctx, (const uint8_t *)joined, strlen(joined), digest);
    base64(digest, sizeof digest, link->accept);
    n = snprintf(head, sizeof head,
                 "GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
                 path, host, port, key);
    if (n < 0 || (size_t)n >= sizeof head || !queue(link, head, (size_t)n)) {
        net_link_close(link);
        snprintf(link->why, sizeof link->why, "the WebSocket's path is too long");
        return 0;
    }
    return 1;
}

/* Sends what the socket takes now; 0 when it failed. */
static int flush(NetLink *link)
{
    while (link->out_sent < link->out_len) {
        long r = link->io.send(link->io.ctx, link->socket, link->out + link->out_sent, link->out_len - link->out_sent);
        if (r == NET_IO_WOULDBLOCK) break;
        if (r <= 0) return 0;
        link->out_sent += (size_t)r;
    }
    if (link->out_sent == link->out_len) link->out_len = link->out_sent = 0;
    return 1;
}

/* --- wslay's callbacks: frames go into out, bytes come from head's rest, then the socket. */

static ssize_t frames_send(const uint8_t *data, size_t len, int flags, void *user)
{
    NetLink *link = user;
    (void)flags;
    /* net_link_send made room for the whole frame first. */
    if (!queue(link, (const char *)data, len)) return -1;
    return (ssize_t)len;
}

static ssize_t frames_recv(uint8_t *buf, size_t len, int flags, void *user)
{
    NetLink *link = user;
    long r;
    (void)flags;
    if (link->head_used < link->head_len) {
        size_t n = link->head_len - link->head_used;
        if (n > len) n = len;
        memcpy(buf, link->head + link->head_used, n);
        link->head_used += n;
        return (ssize_t)n;
    }
    r = link->io.recv(link->io.ctx, link->socket, buf, len);
    if (r > 0) return r;
    link->io_state = (int)r;
    return -1;
}

static int frames_mask(uint8_t *buf, size_t len, void *user)
{
    NetLink *link = user;
    link->io.random(link->io.ctx, buf, len);
    return 0;
}

/* One frame of opcode with payload p (n bytes), masked as a client's must be. */
static int send_frame(NetLink *link, int opcode, const uint8_t *p, size_t n)
{
    struct wslay_frame_iocb iocb;
    ssize_t r;
    if (link->out_len + n + 14 > sizeof link->out) return 0;
    memset(&iocb, 0, sizeof iocb);
    iocb.fin = 1;
    iocb.opcode = (uint8_t)opcode;
    iocb.mask = 1;
    iocb.payload_length = n;
    iocb.data = p;
    iocb.data_length = n;
    r = wslay_frame_send(link->frames, &iocb);
    return r == (ssize_t)n;
}

int net_link_send(NetLink *link, const uint8_t *p, size_t n)
{
    if (link->state != NET_LINK_OPEN || link->close_sent) {
        snprintf(link->why, sizeof link->why, "no WebSocket is open");
        return 0;
    }
    if (!send_frame(link, WSLAY_BINARY_FRAME, p, n)) {
        snprintf(link->why, sizeof link->why, "the outgoing buffer is full (%u bytes)", (unsigned)NET_LINK_OUT_MAX);
        return 0;
    }
    return flush(link) ? 1 : 0;
}

/* --- The HTTP answer (a request's, or the upgrade's). */

/* The value of header name in the header block (NUL-terminated), copied to out. */
static int header(const char *block, const char *name, char *out, size_t cap)
{
    size_t nlen = strlen(name);
    const char *line = strstr(block, "\r\n");
    while (line && line[2] != '\r') {
        const char *p = line + 2, *end = strstr(p, "\r\n");
        size_t i;
        if (!end) return 0;
        for (i = 0; i < nlen && p[i] && (p[i] | 32) == (name[i] | 32); i++) {}
        if (i == nlen && p[i] == ':') {
            size_t n;
            p += nlen + 1;
            while (*p == ' ' || *p == '\t') p++;
            n = (size_t)(end - p);
            while (n && (p[n - 1] == ' ' || p[n - 1] == '\t')) n--;
            if (n >= cap) n = cap - 1;
            memcpy(out, p, n);
            out[n] = 0;
            return 1;
        }
        line = end;
    }
    return 0;
}

static int same_words(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if ((*a | 32) != (*b | 32)) return 0;
    return !*a && !*b;
}

static int status_of(const char *block)
{
    int major, minor, status;
    if (sscanf(block, "HTTP/%d.%d %d", &major, &minor, &status) != 3 || status < 100 || status > 999) return 0;
    return status;
}

/* A chunked body decoded in place; 0 when malformed. */
static int unchunk(uint8_t *p, size_t len, size_t *out_len)
{
    size_t r = 0, w = 0;
    for (;;) {
        unsigned long size = 0;
        int digits = 0;
        while (r < len) {
            int c = p[r], v = c >= '0' && c <= '9' ? c - '0' : (c | 32) >= 'a' && (c | 32) <= 'f' ? (c | 32) - 'a' + 10 : -1;
            if (v < 0) break;
            if (size > (1ul << 24)) return 0;
            size = size * 16 + (unsigned long)v;
            digits++;
            r++;
        }
        while (r < len && p[r] != '\n') r++;
        if (!digits || r >= len) return 0;
        r++;
        if (size == 0) break;
        if (size > len - r) return 0;
        memmove(p + w, p + r, size);
        w += size;
        r += size;
        if (r + 2 > len || p[r] != '\r' || p[r + 1] != '\n') return 0;
        r += 2;
    }
    *out_len = w;
    return 1;
}

/* The request's answer so far in in (ended says the stream ended): 1 and the
 * body moved to the front when whole, 0 while incomplete, -1 malformed. */
static int answer_whole(NetLink *link, int ended)
{
    char *headers_end, block[NET_LINK_HEAD_MAX], value[32];
    size_t head_len, body_len;
    link->in[link->in_len < sizeof link->in ? link->in_len : sizeof link->in - 1] = 0;
    headers_end = strstr((char *)link->in, "\r\n\r\n");
    if (!headers_end) return ended ? -1 : 0;
    head_len = (size_t)(headers_end - (char *)link->in) + 4;
    if (head_len >= sizeof block) return -1;
    memcpy(block, link->in, head_len);
    block[head_len] = 0;
    link->status = status_of(block);
    if (!link->status) return -1;
    body_len = link->in_len - head_len;
    if (header(block, "Content-Length", value, sizeof value)) {
        char *endp;
        unsigned long want = strtoul(value, &endp, 10);
        if (*endp || endp == value || want > sizeof link->in - head_len) return -1;
        if (body_len < want) return ended ? -1 : 0;
        body_len = want;
    } else if (header(block, "Transfer-Encoding", value, sizeof value) && same_words(value, "chunked")) {
        if (!ended) return 0;
        if (!unchunk(link->in + head_len, body_len, &body_len)) return -1;
    } else if (!ended) {
        return 0;
    }
    memmove(link->in, link->in + head_len, body_len);
    link->in_len = body_len;
    link->in[body_len < sizeof link->in ? body_len : sizeof link->in - 1] = 0;
    return 1;
}

static NetEvent read_answer(NetLink *link)
{
    for (;;) {
        long r;
        int whole;
        /* One byte kept for the NUL the parsers add. */
        if (link->in_len + 1 >= sizeof link->in)
            return fail(link, "the server's answer is over %s bytes", "8191");
        r = link->io.recv(link->io.ctx, link->socket, link->in + link->in_len, sizeof link->in - 1 - link->in_len);
        if (r == NET_IO_WOULDBLOCK) break;
        if (r == NET_IO_FAILED) return fail(link, "the connection failed while the server answered%s", NULL);
        if (r > 0) link->in_len += (size_t)r;
        whole = answer_whole(link, r == NET_IO_CLOSED);
        if (whole < 0) return fail(link, "the server's answer is not HTTP/1.1%s", NULL);
        if (whole > 0) {
            net_link_close(link);
            return NET_EVENT_ANSWER;
        }
        if (r == NET_IO_CLOSED) return fail(link, "the server closed the connection before answering%s", NULL);
    }
    return NET_EVENT_NONE;
}

static NetEvent read_upgrade(NetLink *link, uint32_t now_ms)
{
    struct wslay_frame_callbacks callbacks = { frames_send, frames_recv, frames_mask };
    char block[NET_LINK_HEAD_MAX], value[64];
    char *end;
    size_t head_len;
    for (;;) {
        long r;
        if (link->head_len + 1 >= sizeof link->head) return fail(link, "the server's upgrade answer is over %s bytes", "2047");
        r = link->io.recv(link->io.ctx, link->socket, link->head + link->head_len, sizeof link->head - 1 - link->head_len);
        if (r == NET_IO_WOULDBLOCK) return NET_EVENT_NONE;
        if (r == NET_IO_CLOSED) return fail(link, "the server closed the connection instead of a WebSocket%s", NULL);
        if (r < 0) return fail(link, "the connection failed during the WebSocket upgrade%s", NULL);
        link->head_len += (size_t)r;
        link->head[link->head_len] = 0;
        if (strstr((char *)link->head, "\r\n\r\n")) break;
    }
    end = strstr((char *)link->head, "\r\n\r\n");
    head_len = (size_t)(end - (char *)link->head) + 4;
    memcpy(block, link->head, head_len);
    block[head_len] = 0;
    link->head_used = head_len;
    link->status = status_of(block);
    if (link->status != 101) {
        char status[16];
        snprintf(status, sizeof status, "%d", link->status);
        return fail(link, "the server refused the WebSocket (HTTP %s)", status);
    }
    if (!header(block, "Upgrade", value, sizeof value) || !same_words(value, "websocket"))
        return fail(link, "the server's answer is not a WebSocket upgrade%s", NULL);
    if (!header(block, "Sec-WebSocket-Accept", value, sizeof value) || strcmp(value, link->accept) != 0)
        return fail(link, "the server's Sec-WebSocket-Accept is wrong%s", NULL);
    if (wslay_frame_context_init(&link->frames, &callbacks, link) != 0)
        return fail(link, "no memory for the WebSocket%s", NULL);
    link->state = NET_LINK_OPEN;
    link->heard_ms = now_ms;
    return NET_EVENT_OPEN;
}

/* --- The open WebSocket. */

static NetEvent close_received(NetLink *link)
{
    char reason[80];
    size_t n = link->control_len >= 2 ? link->control_len - 2 : 0;
    link->close_code = link->control_len >= 2 ? link->control[0] << 8 | link->control[1] : 1005;
    if (n >= sizeof reason) n = sizeof reason - 1;
    memcpy(reason, link->control + 2, n);
    reason[n] = 0;
    /* The reason is the server's text: only printable ASCII reaches why. */
    for (size_t i = 0; i < n; i++)
        if (reason[i] < 32 || reason[i] > 126) reason[i] = '?';
    snprintf(link->why, sizeof link->why, "the server closed the WebSocket (%d%s%s)", link->close_code, n ? ": " : "", reason);
    if (!link->close_sent) {
        uint8_t echo[2] = { link->control[0], link->control[1] };
        link->close_sent = 1;
        if (send_frame(link, WSLAY_CONNECTION_CLOSE, echo, link->control_len >= 2 ? 2 : 0)) flush(link);
    }
    link->io.close(link->io.ctx, link->socket);
    link->socket = -1;
    wslay_frame_context_free(link->frames);
    link->frames = NULL;
    link->state = NET_LINK_IDLE;
    return NET_EVENT_CLOSED;
}

/* Refuses the connection with a close frame saying code, then fails. */
static NetEvent refuse(NetLink *link, int code, const char *why)
{
    if (!link->close_sent) {
        uint8_t body[2] = { (uint8_t)(code >> 8), (uint8_t)code };
        link->close_sent = 1;
        if (send_frame(link, WSLAY_CONNECTION_CLOSE, body, 2)) flush(link);
    }
    return fail(link, "%s", why);
}

static NetEvent read_frames(NetLink *link, uint32_t now_ms)
{
    for (;;) {
        struct wslay_frame_iocb iocb;
        ssize_t r;
        int starting = link->frame_opcode < 0;
        link->io_state = 0;
        memset(&iocb, 0, sizeof iocb);
        r = wslay_frame_recv(link->frames, &iocb);
        if (r == WSLAY_ERR_WANT_READ) {
            if (link->io_state == NET_IO_CLOSED) return fail(link, "the server closed the connection%s", NULL);
            if (link->io_state == NET_IO_FAILED) return fail(link, "the connection failed%s", NULL);
            if (link->silence_ms && later_or_equal(now_ms, link->heard_ms + link->silence_ms)) {
                char ms[16];
                snprintf(ms, sizeof ms, "%u", (unsigned)link->silence_ms);
                return fail(link, "the server said nothing for %s ms", ms);
            }
            return NET_EVENT_NONE;
        }
        if (r < 0) return refuse(link, WSLAY_CODE_PROTOCOL_ERROR, "a malformed WebSocket frame from the server");
        link->heard_ms = now_ms;
        if (starting) {
            int op = iocb.opcode;
            if (iocb.mask) return refuse(link, WSLAY_CODE_PROTOCOL_ERROR, "a masked frame from the server");
            if (iocb.rsv) return refuse(link, WSLAY_CODE_PROTOCOL_ERROR, "a frame with reserved bits from the server");
            if (op != WSLAY_CONTINUATION_FRAME && op != WSLAY_TEXT_FRAME && op != WSLAY_BINARY_FRAME && op != WSLAY_PING &&
                op != WSLAY_PONG && op != WSLAY_CONNECTION_CLOSE)
                return refuse(link, WSLAY_CODE_PROTOCOL_ERROR, "a frame of an unknown kind from the server");
            if (op == WSLAY_CONTINUATION_FRAME && !link->in_message)
                return refuse(link, WSLAY_CODE_PROTOCOL_ERROR, "a continuation frame outside a message");
            if ((op == WSLAY_TEXT_FRAME || op == WSLAY_BINARY_FRAME) && link->in_message)
                return refuse(link, WSLAY_CODE_PROTOCOL_ERROR, "a new message inside a fragmented one");
            if (!wslay_is_ctrl_frame(op)) {
                if (op != WSLAY_CONTINUATION_FRAME) {
                    link->in_message = 1;
                    link->in_len = 0;
                    link->binary = op == WSLAY_BINARY_FRAME;
                }
                if (iocb.payload_length > sizeof link->in - 1 - link->in_len)
                    return refuse(link, WSLAY_CODE_MESSAGE_TOO_BIG, "a message over 8191 bytes from the server");
            }
            link->frame_opcode = op;
            link->frame_left = iocb.payload_length;
            link->control_len = 0;
        }
        if (wslay_is_ctrl_frame(link->frame_opcode)) {
            memcpy(link->control + link->control_len, iocb.data, iocb.data_length);
            link->control_len += iocb.data_length;
        } else {
            memcpy(link->in + link->in_len, iocb.data, iocb.data_length);
            link->in_len += iocb.data_length;
        }
        link->frame_left -= iocb.data_length;
        if (link->frame_left) continue;
        /* A whole frame. */
        {
            int op = link->frame_opcode, fin = iocb.fin;
            link->frame_opcode = -1;
            if (op == WSLAY_PING) {
                /* At once: the server's race window counts this round trip (docs/network.md). */
                if (!send_frame(link, WSLAY_PONG, link->control, link->control_len) || !flush(link))
                    return fail(link, "the pong could not be sent%s", NULL);
            } else if (op == WSLAY_CONNECTION_CLOSE) {
                return close_received(link);
            } else if (op != WSLAY_PONG && fin) {
                link->in_message = 0;
                link->in[link->in_len] = 0;
                link->message_done = 1;
                return NET_EVENT_MESSAGE;
            }
        }
    }
}

NetEvent net_link_poll(NetLink *link, uint32_t now_ms)
{
    if (link->state == NET_LINK_IDLE) return NET_EVENT_NONE;
    if (link->message_done) {
        link->message_done = 0;
        link->in_len = 0;
    }
    if (link->state == NET_LINK_CONNECTING) {
        int c = link->io.connected(link->io.ctx, link->socket);
        if (c < 0) {
            char where[NET_LINK_HOST_MAX + 8];
            snprintf(where, sizeof where, "%s:%d", link->host, link->port);
            return fail(link, "could not connect to %s", where);
        }
        if (c > 0) link->state = link->websocket ? NET_LINK_UPGRADING : NET_LINK_ASKING;
    }
    if (link->state == NET_LINK_ASKING || link->state == NET_LINK_UPGRADING) {
        NetEvent e;
        if (!flush(link)) return fail(link, "the connection failed while sending%s", NULL);
        e = link->state == NET_LINK_ASKING ? read_answer(link) : read_upgrade(link, now_ms);
        if (e != NET_EVENT_NONE) return e;
    }
    if (link->state == NET_LINK_OPEN) {
        if (!flush(link)) return fail(link, "the connection failed while sending%s", NULL);
        return read_frames(link, now_ms);
    }
    if (link->state != NET_LINK_IDLE && later_or_equal(now_ms, link->deadline_ms)) {
        char ms[16];
        snprintf(ms, sizeof ms, "%u", (unsigned)link->timeout_ms);
        return fail(link, "the server did not answer within %s ms", ms);
    }
    return NET_EVENT_NONE;
}

void net_link_close(NetLink *link)
{
    if (link->state == NET_LINK_OPEN && !link->close_sent) {
        static const uint8_t normal[2] = { 1000 >> 8, 1000 & 255 };
        link->close_sent = 1;
        if (send_frame(link, WSLAY_CONNECTION_CLOSE, normal, 2)) flush(link);
    }
    if (link->socket >= 0) link->io.close(link->io.ctx, link->socket);
    link->socket = -1;
    if (link->frames) wslay_frame_context_free(link->frames);
    link->frames = NULL;
    link->state = NET_LINK_IDLE;
}
