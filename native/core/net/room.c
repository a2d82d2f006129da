/* One online room: Colyseus 0.16's client protocol as a state machine over
 * a platform's transport (room.h). The byte formats are wire.c's; this file
 * is the order of things: the seat, the WebSocket, the join, the messages,
 * a drop and the way back, the leave, and what the script hears of each. */
#include "room.h"

#include <stdio.h>
#include <string.h>

/* Bytes kept free in the queue for the one line that says it overflowed. */
#define NET_LINES_RESERVE 64u

static uint32_t waited(const NetRoom *r, uint32_t now) { return now - r->since; }

/* ---- the script's lines ---- */

static size_t queued(const NetLines *q) { return q->tail - q->head; }

int net_lines_push(NetLines *q, const char *text, size_t len, int reserve)
{
    size_t need = len + 2, keep = reserve ? NET_LINES_RESERVE : 0;
    if (q->overflowed && reserve) return 1;
    if (len > 0xffffu || len >= sizeof q->line) return 0;
    if (sizeof q->bytes - q->tail < need + keep) {
        /* Move what waits to the front: the lines are read oldest first. */
        memmove(q->bytes, q->bytes + q->head, queued(q));
        q->tail -= q->head;
        q->head = 0;
    }
    if (sizeof q->bytes - q->tail < need + keep) return 0;
    q->bytes[q->tail] = (uint8_t)(len & 0xff);
    q->bytes[q->tail + 1] = (uint8_t)(len >> 8);
    memcpy(q->bytes + q->tail + 2, text, len);
    q->tail += need;
    return 1;
}

const char *net_lines_take(NetLines *q, size_t *len)
{
    size_t n;
    if (queued(q) == 0) {
        *len = 0;
        return NULL;
    }
    n = (size_t)q->bytes[q->head] | ((size_t)q->bytes[q->head + 1] << 8);
    memcpy(q->line, q->bytes + q->head + 2, n);
    q->line[n] = '\0';
    q->head += n + 2;
    if (q->head == q->tail) q->head = q->tail = 0;
    *len = n;
    return q->line;
}

void net_lines_clear(NetLines *q)
{
    q->head = q->tail = 0;
    q->overflowed = 0;
}

/* Appends a line; past the queue's room (less the reserve) the room is
 * closed, once, with "overflow". */
static void push_line(NetRoom *r, const char *text, size_t len, int reserve);

static void overflow(NetRoom *r)
{
    static const char LINE[] = "[\"closed\",\"overflow\"]";
    if (r->lines.overflowed) return;
    r->lines.overflowed = 1;
    if (r->t.reset) r->t.reset(r->t.user);
    r->state = NET_IDLE;
    push_line(r, LINE, sizeof LINE - 1, 0);
}

static void push_line(NetRoom *r, const char *text, size_t len, int reserve)
{
    /* A room's line is shorter than the queue's longest (a nearby host's frame). */
    if (len >= NET_LINE_MAX || !net_lines_push(&r->lines, text, len, reserve)) overflow(r);
}

static void push(NetRoom *r, const char *text) { push_line(r, text, strlen(text), 1); }

size_t net_closed_line(char *out, size_t cap, const char *why)
{
    size_t n = (size_t)snprintf(out, cap, "[\"closed\",\"");
    const char *p;
    for (p = why; *p && n + 8 < cap; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '"' || c == '\\') out[n++] = '\\', out[n++] = (char)c;
        else if (c < 0x20 || c >= 0x7f) out[n++] = ' '; /* ASCII only: a cut never splits a character */
        else out[n++] = (char)c;
    }
    out[n++] = '"', out[n++] = ']', out[n] = '\0';
    return n;
}

static void push_closed_text(NetRoom *r, const char *why)
{
    char line[192];
    push_line(r, line, net_closed_line(line, sizeof line, why), 1);
}

static void push_closed_code(NetRoom *r, int code)
{
    char line[48];
    snprintf(line, sizeof line, "[\"closed\",%d]", code);
    push(r, line);
}

const char *net_room_receive(NetRoom *r, size_t *len) { return net_lines_take(&r->lines, len); }

/* ---- the way to the room ---- */

void net_room_init(NetRoom *r, const NetTransport *t, const char *room_name, int version)
{
    memset(r, 0, sizeof *r);
    r->t = *t;
    r->room_name = room_name;
    r->version = version;
    r->state = NET_IDLE;
}

/* Nothing more of this room: the transport drops what it has in flight. */
static void drop(NetRoom *r)
{
    if (r->t.reset) r->t.reset(r->t.user);
    r->state = NET_IDLE;
}

static void end_with_text(NetRoom *r, const char *why)
{
    drop(r);
    push_closed_text(r, why);
}

static int is_address_char(char c, int in_path)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_')
        return 1;
    return in_path ? c == '/' : (c == ':' || c == '[' || c == ']');
}

/* The seat's WebSocket: ws://<public address>/<process>/<room>?sessionId=S
 * (with &reconnectionToken=T when coming back), as colyseus.js builds it.
 * The public address may carry a path of its own (a process behind a
 * proxy: "host/s1"), which goes in front. */
static int open_socket(NetRoom *r, uint32_t now)
{
    char host[WIRE_ADDRESS_MAX + 1];
    const char *addr = r->seat.public_address, *slash = strchr(addr, '/');
    size_t host_len = slash ? (size_t)(slash - addr) : strlen(addr), i;
    int n;
    for (i = 0; addr[i]; i++) {
        if (!is_address_char(addr[i], slash != NULL && addr + i >= slash)) {
            end_with_text(r, "the server named a bad address");
            return 0;
        }
    }
    memcpy(host, addr, host_len);
    host[host_len] = '\0';
    n = snprintf(r->path, sizeof r->path, "%s/%s/%s?sessionId=%s%s%s", slash ? slash : "", r->seat.process_id,
                 r->seat.room_id, r->seat.session_id, r->joined_once ? "&reconnectionToken=" : "",
                 r->joined_once ? r->token : "");
    if (n < 0 || (size_t)n >= sizeof r->path) {
        end_with_text(r, "the server named a bad address");
        return 0;
    }
    r->since = now;
    if (!r->t.ws_open || r->t.ws_open(r->t.user, host_len ? host : NULL, r->path) < 0) {
        end_with_text(r, "cannot open a connection");
        return 0;
    }
    return 1;
}

int net_room_open(NetRoom *r, const char *request, size_t len, uint32_t now)
{
    const char *why = NULL;
    if (r->state == NET_SEATING || r->state == NET_CONNECTING || r->state == NET_JOINED) return 0;
    if (!wire_matchmake_request(request, len, r->room_name, r->version, r->path, sizeof r->path, r->body, sizeof r->body, &why))
        return 0;
    /* A room left or still being taken back is let go for this one. */
    if (r->state != NET_IDLE) drop(r);
    memset(&r->seat, 0, sizeof r->seat);
    r->token[0] = '\0';
    r->joined_once = 0;
    r->lines.overflowed = 0;
    r->since = now;
    if (!r->t.http_post || r->t.http_post(r->t.user, r->path, r->body, strlen(r->body)) < 0) {
        push_closed_text(r, "no network");
        return 1;
    }
    r->state = NET_SEATING;
    return 1;
}

/* A dropped seat is asked back: POST /matchmake/reconnect/<room>. */
static void ask_back(NetRoom *r, uint32_t now)
{
    snprintf(r->path, sizeof r->path, "reconnect/%s", r->seat.room_id);
    snprintf(r->body, sizeof r->body, "{\"reconnectionToken\":\"%s\"}", r->token);
    r->since = now;
    if (r->t.http_post && r->t.http_post(r->t.user, r->path, r->body, strlen(r->body)) == 0) r->state = NET_RESEATING;
    else r->state = NET_AWAY;
}

/* The connection is gone while the seat is kept: try again later, or give up. */
static void away(NetRoom *r, uint32_t now)
{
    if (r->t.reset) r->t.reset(r->t.user);
    if (now - r->dropped_at >= NET_KEPT_MS) {
        r->state = NET_IDLE;
        push(r, "[\"closed\",\"gone\"]");
        return;
    }
    r->state = NET_AWAY;
    r->since = now;
}

void net_room_http_answer(NetRoom *r, int status, const char *body, size_t len, uint32_t now)
{
    WireSeat seat;
    int ok;
    if (r->state != NET_SEATING && r->state != NET_RESEATING) return;
    ok = status != 0 && wire_read_seat(body ? body : "", body ? len : 0, &seat);
    if (r->state == NET_RESEATING) {
        if (!ok) {
            away(r, now);
            return;
        }
        /* Back to the same room, perhaps through another process. */
        memcpy(r->seat.process_id, seat.process_id, sizeof seat.process_id);
        memcpy(r->seat.session_id, seat.session_id, sizeof seat.session_id);
        memcpy(r->seat.public_address, seat.public_address, sizeof seat.public_address);
        r->state = NET_RECONNECTING;
        if (!open_socket(r, now)) return;
        return;
    }
    if (!ok) {
        if (status == 0) end_with_text(r, "unreachable: no answer from the server");
        else if (seat.error[0] != '\0') end_with_text(r, seat.error);
        else end_with_text(r, "unreachable: the server's answer is not a seat");
        return;
    }
    r->seat = seat;
    r->state = NET_CONNECTING;
    open_socket(r, now);
}

void net_room_ws_opened(NetRoom *r, uint32_t now)
{
    /* The room speaks first (JOIN_ROOM): its deadline starts now. */
    if (r->state == NET_CONNECTING || r->state == NET_RECONNECTING) r->since = now;
}

static void send_code(NetRoom *r, uint8_t code)
{
    if (r->t.ws_send) r->t.ws_send(r->t.user, &code, 1);
}

void net_room_ws_message(NetRoom *r, const uint8_t *bytes, size_t len, uint32_t now)
{
    WireFrame f;
    WireKind k;
    if (r->state != NET_CONNECTING && r->state != NET_RECONNECTING && r->state != NET_JOINED) return;
    k = wire_read_frame(bytes, len, r->scratch, sizeof r->scratch, &f);
    switch (k) {
    case WIRE_JOINED:
        if (r->state == NET_JOINED) return; /* once per connection */
        /* The token is the way back: it goes into a URL and a JSON string. */
        if (strspn(f.token, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") != strlen(f.token) || f.token[0] == '\0') {
            end_with_text(r, "bad message from the server: a malformed join");
            return;
        }
        memcpy(r->token, f.token, sizeof r->token);
        send_code(r, WIRE_JOIN_ROOM);
        if (r->state == NET_CONNECTING) {
            char line[WIRE_ID_MAX + 24];
            snprintf(line, sizeof line, "[\"joined\",\"%s\"]", r->seat.room_id);
            push(r, line);
        } else {
            push(r, "[\"back\"]");
        }
        r->joined_once = 1;
        r->state = NET_JOINED;
        r->since = now;
        return;
    case WIRE_MESSAGE:
        if (r->state != NET_JOINED) return;
        push_line(r, r->scratch, f.json_len, 1);
        return;
    case WIRE_REFUSED:
        /* An error from the room: before the join it is why the join failed
         * (the close follows); after it, nothing the game depends on. */
        if (r->state == NET_CONNECTING) {
            const char *text = strchr(r->scratch, ',');
            char why[128];
            size_t n;
            text = text && text[1] == '"' ? text + 2 : "the room refused";
            n = strcspn(text, "\"");
            if (n >= sizeof why) n = sizeof why - 1;
            memcpy(why, text, n);
            why[n] = '\0';
            end_with_text(r, why);
        }
        return;
    case WIRE_LEAVE:
        /* The room asks us out (colyseus.js answers with a leave of its own). */
        send_code(r, WIRE_LEAVE_ROOM);
        return;
    case WIRE_IGNORED:
        return;
    case WIRE_BAD:
    default: {
        char why[160];
        snprintf(why, sizeof why, "bad message from the server: %s", f.why ? f.why : "unreadable");
        end_with_text(r, why);
        return;
    }
    }
}

void net_room_ws_closed(NetRoom *r, int code, uint32_t now)
{
    switch (r->state) {
    case NET_CONNECTING:
        end_with_text(r, code == NET_CLOSE_FAILED ? "unreachable: cannot connect to the room" : "unreachable: the room closed the connection");
        return;
    case NET_JOINED:
        /* 4000: the room closed after its last word; 4003: shown the door.
         * Anything else is a drop: the seat is kept, and asked back. */
        if (code == 4000 || code == 4003) {
            drop(r);
            push_closed_code(r, code);
            return;
        }
        r->dropped_at = now;
        push(r, "[\"away\"]");
        if (r->t.reset) r->t.reset(r->t.user);
        ask_back(r, now);
        return;
    case NET_RECONNECTING:
        away(r, now);
        return;
    case NET_LEAVING:
        drop(r);
        return;
    default:
        return;
    }
}

int net_room_send(NetRoom *r, const char *message, size_t len)
{
    const char *why = NULL;
    size_t n;
    if (r->state != NET_JOINED) return 0;
    n = wire_write_message(message, len, r->out, sizeof r->out, &why);
    if (n == 0 || !r->t.ws_send) return 0;
    return r->t.ws_send(r->t.user, r->out, n) == 0;
}

void net_room_close(NetRoom *r, uint32_t now)
{
    if (r->state == NET_JOINED) {
        send_code(r, WIRE_LEAVE_ROOM);
        r->state = NET_LEAVING;
        r->since = now;
        return;
    }
    if (r->state != NET_IDLE && r->state != NET_LEAVING) drop(r);
}

int net_room_invite(NetRoom *r, const char *code)
{
    char line[48];
    size_t n = strlen(code), i;
    if (n < 4 || n > 12) return 0;
    for (i = 0; i < n; i++)
        if (!((code[i] >= 'A' && code[i] <= 'Z') || (code[i] >= '2' && code[i] <= '9'))) return 0;
    snprintf(line, sizeof line, "[\"invite\",\"%s\"]", code);
    push(r, line);
    return 1;
}

void net_room_tick(NetRoom *r, uint32_t now)
{
    switch (r->state) {
    case NET_SEATING:
    case NET_CONNECTING:
        if (waited(r, now) >= NET_DEADLINE_MS) end_with_text(r, "unreachable: the server did not answer in time");
        return;
    case NET_AWAY:
        if (now - r->dropped_at >= NET_KEPT_MS) away(r, now);
        else if (waited(r, now) >= NET_RETRY_MS) ask_back(r, now);
        return;
    case NET_RESEATING:
    case NET_RECONNECTING:
        if (now - r->dropped_at >= NET_KEPT_MS || waited(r, now) >= NET_DEADLINE_MS) away(r, now);
        return;
    case NET_LEAVING:
        if (waited(r, now) >= NET_LEAVE_MS) drop(r);
        return;
    default:
        return;
    }
}
