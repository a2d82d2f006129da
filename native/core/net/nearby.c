/* The nearby room's frames and both of its ends (nearby.h). The bytes a
 * link brings are checked here before any script sees them: a HELLO must be
 * a JSON object, a MSG what netSend takes ([integer, value]), a LINE a JSON
 * array whose first item is a string; the host's script parses a joiner's
 * JSON text it gets as a string, so text that is not JSON never reaches it. */
#include "nearby.h"

#include <stdio.h>
#include <string.h>
#include "wire.h"

/* ---- frames ---- */

void nearby_reader_reset(NearbyReader *r)
{
    r->head_len = 0;
    r->kind = 0;
    r->len = r->got = 0;
}

NearbyRead nearby_read(NearbyReader *r, const uint8_t *p, size_t n, size_t *used, const char **why)
{
    size_t at = 0, k;
    *used = 0;
    while (r->head_len < NEARBY_FRAME_HEAD) {
        if (at == n) return *used = at, NEARBY_READ_MORE;
        r->head[r->head_len++] = p[at++];
        if (r->head_len == NEARBY_FRAME_HEAD) {
            r->kind = r->head[0];
            r->len = ((size_t)r->head[1] << 8) | r->head[2];
            r->got = 0;
            *used = at;
            if (r->kind < NEARBY_HELLO || r->kind > NEARBY_BYE) return *why = "a frame of an unknown kind", NEARBY_READ_BAD;
            if (r->len > NEARBY_FRAME_MAX) return *why = "a frame too long", NEARBY_READ_BAD;
        }
    }
    k = r->len - r->got < n - at ? r->len - r->got : n - at;
    memcpy(r->body + r->got, p + at, k);
    r->got += k;
    at += k;
    *used = at;
    if (r->got < r->len) return NEARBY_READ_MORE;
    r->body[r->len] = 0;
    /* The next call starts the next frame. */
    r->head_len = 0;
    return NEARBY_READ_FRAME;
}

size_t nearby_frame(int kind, const void *body, size_t len, uint8_t *out, size_t cap)
{
    if (len > NEARBY_FRAME_MAX || cap < NEARBY_FRAME_HEAD + len) return 0;
    out[0] = (uint8_t)kind;
    out[1] = (uint8_t)(len >> 8);
    out[2] = (uint8_t)(len & 0xff);
    if (len) memcpy(out + NEARBY_FRAME_HEAD, body, len);
    return NEARBY_FRAME_HEAD + len;
}

static int is_code_char(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

int nearby_group_name(const char *code, size_t len, char group[NEARBY_GROUP_LEN + 1])
{
    size_t i;
    if (len != NEARBY_CODE_LEN) return 0;
    for (i = 0; i < len; i++)
        if (!is_code_char(code[i])) return 0;
    group[0] = 'R';
    memcpy(group + 1, code, len);
    group[NEARBY_GROUP_LEN] = 0;
    return 1;
}

/* What JSON text is, by its MessagePack's first byte (wire.c converts it). */
enum { JSON_NOT, JSON_OBJECT, JSON_ARRAY_OF_STRING_FIRST, JSON_CLOSED, JSON_OTHER };

/* JSON_CLOSED: an array whose first item is "closed" (a line that ends a link). */
static int json_shape(const char *text, size_t len, uint8_t *scratch, size_t cap)
{
    const char *why = NULL;
    size_t n = wire_json_to_msgpack(text, len, scratch, cap, &why);
    uint8_t b, first;
    size_t at;
    if (n == 0) return JSON_NOT;
    b = scratch[0];
    if ((b & 0xf0) == 0x80 || b == 0xde || b == 0xdf) return JSON_OBJECT;
    if ((b & 0xf0) == 0x90) at = 1;
    else if (b == 0xdc) at = 3;
    else if (b == 0xdd) at = 5;
    else return JSON_OTHER;
    if (at >= n) return JSON_OTHER;
    first = scratch[at];
    if (first == 0xa6 && at + 7 <= n && memcmp(scratch + at + 1, "closed", 6) == 0) return JSON_CLOSED;
    return (first & 0xe0) == 0xa0 || first == 0xd9 || first == 0xda || first == 0xdb ? JSON_ARRAY_OF_STRING_FIRST : JSON_OTHER;
}

/* ---- the host ---- */

static void host_push(NearbyHost *h, const char *text, size_t len);

static void host_overflow(NearbyHost *h)
{
    static const char LINE[] = "[\"closed\",\"overflow\"]";
    if (h->queue.overflowed) return;
    h->queue.overflowed = 1;
    if (h->t.reset) h->t.reset(h->t.user);
    memset(h->peers, 0, sizeof h->peers);
    h->state = NEARBY_HOST_IDLE;
    net_lines_push(&h->queue, LINE, sizeof LINE - 1, 0);
}

static void host_push(NearbyHost *h, const char *text, size_t len)
{
    if (!net_lines_push(&h->queue, text, len, 1)) host_overflow(h);
}

static void host_say(NearbyHost *h, const char *word, int peer)
{
    int n = snprintf(h->text, sizeof h->text, "[\"%s\",%d]", word, peer);
    host_push(h, h->text, (size_t)n);
}

/* ["word", peer, "text"]: a joiner's JSON text (checked) as a JSON string,
 * which the host's script parses as it would a server's frame. At most
 * NET_OUT_MAX bytes come in (host_frame), six times that escaped: it fits. */
static void host_say_text(NearbyHost *h, const char *word, int peer, const uint8_t *text, size_t len)
{
    static const char HEX[] = "0123456789abcdef";
    size_t n = (size_t)snprintf(h->text, sizeof h->text, "[\"%s\",%d,\"", word, peer), i;
    for (i = 0; i < len && n + 8 < sizeof h->text; i++) {
        uint8_t c = text[i];
        if (c == '"' || c == '\\') h->text[n++] = '\\', h->text[n++] = (char)c;
        else if (c < 0x20) {
            memcpy(h->text + n, "\\u00", 4);
            h->text[n + 4] = HEX[c >> 4], h->text[n + 5] = HEX[c & 15];
            n += 6;
        } else h->text[n++] = (char)c;
    }
    if (i < len) return; /* cannot happen: see above */
    h->text[n++] = '"', h->text[n++] = ']';
    host_push(h, h->text, n);
}

void nearby_host_init(NearbyHost *h, const NearbyTransport *t)
{
    memset(h, 0, sizeof *h);
    h->t = *t;
    h->state = NEARBY_HOST_IDLE;
}

const char *nearby_host_receive(NearbyHost *h, size_t *len) { return net_lines_take(&h->queue, len); }

static NearbyPeer *peer_at(NearbyHost *h, int peer)
{
    return peer >= 1 && peer <= NEARBY_PEERS ? &h->peers[peer - 1] : NULL;
}

int nearby_host_open(NearbyHost *h, const char *code, size_t len, uint32_t now)
{
    char group[NEARBY_GROUP_LEN + 1];
    if (h->state != NEARBY_HOST_IDLE || !nearby_group_name(code, len, group)) return 0;
    if (!h->t.start || h->t.start(h->t.user, group, 1) != 0) return 0;
    memset(h->peers, 0, sizeof h->peers);
    net_lines_clear(&h->queue);
    h->state = NEARBY_HOST_STARTING;
    h->since = now;
    return 1;
}

static void host_end(NearbyHost *h, const char *why)
{
    size_t n;
    if (h->t.reset) h->t.reset(h->t.user);
    memset(h->peers, 0, sizeof h->peers);
    h->state = NEARBY_HOST_IDLE;
    n = net_closed_line(h->text, sizeof h->text, why);
    host_push(h, h->text, n);
}

void nearby_host_up(NearbyHost *h, uint32_t now)
{
    (void)now;
    if (h->state != NEARBY_HOST_STARTING) return;
    h->state = NEARBY_HOST_OPEN;
    host_push(h, "[\"open\"]", 8);
}

void nearby_host_failed(NearbyHost *h, const char *why, uint32_t now)
{
    (void)now;
    if (h->state == NEARBY_HOST_IDLE) return;
    host_end(h, why);
}

/* The link ends here (the platform drops it); the script hears "gone" if the PSP was in the room. */
static void peer_unlink(NearbyHost *h, int peer, NearbyPeerState after)
{
    NearbyPeer *p = peer_at(h, peer);
    if (!p->linked) return;
    p->linked = 0;
    p->pings = 0;
    if (h->t.drop) h->t.drop(h->t.user, peer);
    if (p->state == NEARBY_IN) host_say(h, "gone", peer);
    /* A link that never said hello leaves no PSP behind: its number is free again. */
    if (p->state == NEARBY_FREE) memset(p, 0, sizeof *p);
    else if (p->state == NEARBY_IN || after == NEARBY_OUT) p->state = after;
}

static int peer_send(NearbyHost *h, int peer, int kind, const void *body, size_t len)
{
    size_t n = nearby_frame(kind, body, len, h->out, sizeof h->out);
    if (n == 0 || !h->t.send || h->t.send(h->t.user, peer, h->out, n) != 0) {
        /* Its queue is full: the PSP is not reading; as good as lost. */
        peer_unlink(h, peer, NEARBY_GONE);
        return 0;
    }
    return 1;
}

/* Bad bytes from a PSP: it hears why (if it still reads), its link ends, and
 * it is out of the room (its next link says hello again). */
static void peer_bad(NearbyHost *h, int peer, const char *why)
{
    char line[160];
    size_t n;
    char text[128];
    snprintf(text, sizeof text, "bad message from this PSP: %s", why);
    n = net_closed_line(line, sizeof line, text);
    peer_send(h, peer, NEARBY_LINE, line, n);
    peer_unlink(h, peer, NEARBY_OUT);
}

int nearby_host_accepted(NearbyHost *h, const uint8_t mac[6], uint32_t now)
{
    int i, free_at = 0;
    NearbyPeer *p;
    if (h->state != NEARBY_HOST_OPEN) return 0;
    for (i = 1; i <= NEARBY_PEERS; i++) {
        p = peer_at(h, i);
        if (p->state != NEARBY_FREE || p->linked) {
            if (memcmp(p->mac, mac, 6) == 0) break;
        } else if (!free_at) free_at = i;
    }
    if (i > NEARBY_PEERS) {
        if (!free_at) return 0;
        i = free_at;
    }
    p = peer_at(h, i);
    /* The same PSP again while its old link still looked up: that link is dead. */
    if (p->linked) peer_unlink(h, i, NEARBY_GONE);
    memcpy(p->mac, mac, 6);
    p->linked = 1;
    p->said_hello = 0;
    p->pings = 0;
    p->since = p->heard = now;
    nearby_reader_reset(&p->reader);
    return i;
}

static void host_frame(NearbyHost *h, int peer, NearbyPeer *p)
{
    NearbyReader *r = &p->reader;
    /* BYE before a link's HELLO: a PSP opening the room anew (its netOpen),
     * not its C coming back after a drop: its next HELLO is a hello. */
    if (!p->said_hello && r->kind == NEARBY_BYE) {
        if (p->state == NEARBY_GONE) p->state = NEARBY_OUT;
        return;
    }
    if (!p->said_hello && r->kind != NEARBY_HELLO) {
        peer_bad(h, peer, "no hello first");
        return;
    }
    /* What a joiner's C sends at most (its netOpen's request, its netSend's message), as the server takes. */
    if ((r->kind == NEARBY_HELLO || r->kind == NEARBY_MSG) && r->len > NET_OUT_MAX) {
        peer_bad(h, peer, "a frame too long");
        return;
    }
    switch (r->kind) {
    case NEARBY_HELLO:
        if (p->said_hello) {
            peer_bad(h, peer, "a second hello");
            return;
        }
        if (json_shape((const char *)r->body, r->len, h->scratch, sizeof h->scratch) != JSON_OBJECT) {
            peer_bad(h, peer, "a hello that is not a JSON object");
            return;
        }
        p->said_hello = 1;
        /* The same PSP after a drop: "back", its seat is its own; otherwise a new hello. */
        if (p->state == NEARBY_GONE) host_say(h, "back", peer);
        else host_say_text(h, "hello", peer, r->body, r->len);
        p->state = NEARBY_IN;
        break;
    case NEARBY_MSG: {
        const char *why = NULL;
        if (wire_write_message((const char *)r->body, r->len, h->scratch, sizeof h->scratch, &why) == 0) {
            peer_bad(h, peer, "a message that is not [type, payload]");
            return;
        }
        host_say_text(h, "m", peer, r->body, r->len);
        break;
    }
    case NEARBY_PING:
        peer_send(h, peer, NEARBY_PONG, NULL, 0);
        break;
    case NEARBY_PONG:
        /* Only the script pings from here: each pong is an answer to it. */
        if (p->pings > 0) {
            p->pings--;
            host_say(h, "pong", peer);
        }
        break;
    case NEARBY_BYE:
        peer_unlink(h, peer, NEARBY_OUT);
        break;
    default:
        peer_bad(h, peer, "a frame a joiner does not send");
        break;
    }
}

void nearby_host_bytes(NearbyHost *h, int peer, const uint8_t *bytes, size_t len, uint32_t now)
{
    NearbyPeer *p = peer_at(h, peer);
    size_t at = 0, used;
    const char *why = NULL;
    if (!p || !p->linked || h->state != NEARBY_HOST_OPEN) return;
    p->heard = now;
    while (at < len && p->linked && h->state == NEARBY_HOST_OPEN) {
        NearbyRead r = nearby_read(&p->reader, bytes + at, len - at, &used, &why);
        at += used;
        if (r == NEARBY_READ_BAD) {
            peer_bad(h, peer, why);
            return;
        }
        if (r == NEARBY_READ_FRAME) host_frame(h, peer, p);
    }
}

void nearby_host_lost(NearbyHost *h, int peer, uint32_t now)
{
    NearbyPeer *p = peer_at(h, peer);
    (void)now;
    if (!p || !p->linked) return;
    peer_unlink(h, peer, NEARBY_GONE);
}

int nearby_host_woke(NearbyHost *h, uint32_t slept_ms, uint32_t now)
{
    int i;
    if (h->state == NEARBY_HOST_IDLE) return 0;
    if (h->state != NEARBY_HOST_OPEN || slept_ms >= NEARBY_SLEEP_KEPT_MS) {
        host_end(h, "this PSP slept: its nearby room has ended");
        return 0;
    }
    for (i = 1; i <= NEARBY_PEERS; i++) nearby_host_lost(h, i, now);
    return 1;
}

int nearby_host_send(NearbyHost *h, int peer, const char *line, size_t len)
{
    NearbyPeer *p = peer_at(h, peer);
    int shape;
    if (!p || !p->linked || p->state != NEARBY_IN || h->state != NEARBY_HOST_OPEN) return 0;
    if (len > NEARBY_FRAME_MAX || (shape = json_shape(line, len, h->scratch, sizeof h->scratch)) < JSON_ARRAY_OF_STRING_FIRST || shape > JSON_CLOSED) return 0;
    if (!peer_send(h, peer, NEARBY_LINE, line, len)) return 0;
    /* The room showed that PSP the door (or ended): its link ends after the line. */
    if (shape == JSON_CLOSED) peer_unlink(h, peer, NEARBY_OUT);
    return 1;
}

int nearby_host_ping(NearbyHost *h, int peer)
{
    NearbyPeer *p = peer_at(h, peer);
    if (!p || !p->linked || p->state != NEARBY_IN || h->state != NEARBY_HOST_OPEN) return 0;
    if (!peer_send(h, peer, NEARBY_PING, NULL, 0)) return 0;
    p->pings++;
    return 1;
}

void nearby_host_close(NearbyHost *h)
{
    static const char LINE[] = "[\"closed\",\"host left\"]";
    int i;
    size_t n;
    if (h->state == NEARBY_HOST_IDLE) return;
    n = nearby_frame(NEARBY_LINE, LINE, sizeof LINE - 1, h->out, sizeof h->out);
    for (i = 1; i <= NEARBY_PEERS; i++) {
        NearbyPeer *p = peer_at(h, i);
        if (!p->linked || !p->said_hello) continue;
        if (h->t.send) h->t.send(h->t.user, i, h->out, n);
    }
    /* The platform sends those last lines before it leaves the group. */
    if (h->t.reset) h->t.reset(h->t.user);
    memset(h->peers, 0, sizeof h->peers);
    h->state = NEARBY_HOST_IDLE;
    net_lines_clear(&h->queue);
}

void nearby_host_tick(NearbyHost *h, uint32_t now)
{
    int i;
    if (h->state == NEARBY_HOST_STARTING) {
        if (now - h->since >= NEARBY_START_MS) host_end(h, "unreachable: the nearby room could not be opened");
        return;
    }
    if (h->state != NEARBY_HOST_OPEN) return;
    for (i = 1; i <= NEARBY_PEERS; i++) {
        NearbyPeer *p = peer_at(h, i);
        if (!p->linked) continue;
        if ((!p->said_hello && now - p->since >= NEARBY_HELLO_MS) || now - p->heard >= NEARBY_SILENCE_MS) peer_unlink(h, i, NEARBY_GONE);
    }
}

/* ---- the joiner ---- */

static void join_push(NearbyJoin *j, const char *text, size_t len);

static void join_stop(NearbyJoin *j)
{
    if (j->t.reset) j->t.reset(j->t.user);
    j->state = NEARBY_JOIN_IDLE;
}

static void join_overflow(NearbyJoin *j)
{
    static const char LINE[] = "[\"closed\",\"overflow\"]";
    if (j->queue.overflowed) return;
    j->queue.overflowed = 1;
    join_stop(j);
    net_lines_push(&j->queue, LINE, sizeof LINE - 1, 0);
}

static void join_push(NearbyJoin *j, const char *text, size_t len)
{
    if (!net_lines_push(&j->queue, text, len, 1)) join_overflow(j);
}

static void join_end(NearbyJoin *j, const char *why)
{
    size_t n;
    join_stop(j);
    n = net_closed_line(j->text, sizeof j->text, why);
    join_push(j, j->text, n);
}

void nearby_join_init(NearbyJoin *j, const NearbyTransport *t)
{
    memset(j, 0, sizeof *j);
    j->t = *t;
    j->state = NEARBY_JOIN_IDLE;
}

int nearby_request(const char *request, size_t len, char code[NEARBY_CODE_LEN + 1], const char **why)
{
    char via[16], got[WIRE_ID_MAX + 1], group[NEARBY_GROUP_LEN + 1];
    code[0] = 0;
    if (!wire_request_via(request, len, via, sizeof via, got, sizeof got) || via[0] == 0) return 0;
    if (strcmp(via, "nearby") != 0) return *why = "a request's via is \"nearby\" or none", -1;
    if (!nearby_group_name(got, strlen(got), group)) return *why = "a nearby room's code is 7 letters and digits", -1;
    memcpy(code, got, NEARBY_CODE_LEN + 1);
    return 1;
}

int nearby_join_open(NearbyJoin *j, const char *request, size_t len, uint32_t now)
{
    char group[NEARBY_GROUP_LEN + 1];
    const char *why = NULL;
    if (j->state != NEARBY_JOIN_IDLE || len > sizeof j->request) return 0;
    if (nearby_request(request, len, j->code, &why) != 1) return 0;
    nearby_group_name(j->code, NEARBY_CODE_LEN, group);
    if (!j->t.start || j->t.start(j->t.user, group, 0) != 0) return 0;
    memcpy(j->request, request, len);
    j->request_len = len;
    net_lines_clear(&j->queue);
    j->linked_once = 0;
    j->state = NEARBY_JOIN_STARTING;
    j->since = j->now = now;
    return 1;
}

static int join_send(NearbyJoin *j, int kind, const void *body, size_t len, uint32_t now)
{
    size_t n = nearby_frame(kind, body, len, j->out, sizeof j->out);
    if (n == 0 || !j->t.send || j->t.send(j->t.user, 0, j->out, n) != 0) return 0;
    j->sent_at = now;
    return 1;
}

void nearby_join_linked(NearbyJoin *j, uint32_t now)
{
    if (j->state != NEARBY_JOIN_STARTING && j->state != NEARBY_JOIN_RELINKING) return;
    nearby_reader_reset(&j->reader);
    j->heard = now;
    /* Every link says who it is: a HELLO with its request. The first link of
     * a netOpen says BYE first: the host may still keep this PSP's seat from
     * an earlier open it left while away, and this is a join, not its way back. */
    if ((!j->linked_once && !join_send(j, NEARBY_BYE, NULL, 0, now)) || !join_send(j, NEARBY_HELLO, j->request, j->request_len, now)) {
        nearby_join_lost(j, now);
        return;
    }
    j->state = NEARBY_JOIN_LINKED;
    if (j->linked_once) join_push(j, "[\"back\"]", 8);
    j->linked_once = 1;
}

void nearby_join_failed(NearbyJoin *j, const char *why, uint32_t now)
{
    if (j->state == NEARBY_JOIN_IDLE) return;
    /* After a first link, a failed way back is one more try, not the end. */
    if (j->linked_once) {
        nearby_join_lost(j, now);
        return;
    }
    join_end(j, why);
}

void nearby_join_lost(NearbyJoin *j, uint32_t now)
{
    switch (j->state) {
    case NEARBY_JOIN_LINKED:
        if (j->t.drop) j->t.drop(j->t.user, 0);
        join_push(j, "[\"away\"]", 8);
        j->dropped_at = now;
        j->state = NEARBY_JOIN_AWAY;
        j->since = now;
        break;
    case NEARBY_JOIN_RELINKING:
        j->state = NEARBY_JOIN_AWAY;
        j->since = now;
        break;
    case NEARBY_JOIN_STARTING: {
        char why[96];
        snprintf(why, sizeof why, "unreachable: the nearby room \"%s\" did not answer", j->code);
        join_end(j, why);
        break;
    }
    default:
        break;
    }
}

static void join_bad(NearbyJoin *j, const char *why)
{
    char text[128];
    snprintf(text, sizeof text, "bad message from the nearby host: %s", why);
    /* It leaves on purpose: the host must not keep its seat waiting. */
    join_send(j, NEARBY_BYE, NULL, 0, j->now);
    join_end(j, text);
}

static void join_frame(NearbyJoin *j, uint32_t now)
{
    NearbyReader *r = &j->reader;
    switch (r->kind) {
    case NEARBY_LINE: {
        int shape = json_shape((const char *)r->body, r->len, j->scratch, sizeof j->scratch);
        if (shape != JSON_ARRAY_OF_STRING_FIRST && shape != JSON_CLOSED) {
            join_bad(j, "a line that is not a JSON array of a word and values");
            return;
        }
        join_push(j, (const char *)r->body, r->len);
        /* The host ended this PSP's part (or its room): nothing more comes, no way back. */
        if (shape == JSON_CLOSED) join_stop(j);
        break;
    }
    case NEARBY_PING:
        join_send(j, NEARBY_PONG, NULL, 0, now);
        break;
    case NEARBY_PONG:
        break; /* the answer to a keepalive: heard is all it is for */
    default:
        join_bad(j, "a frame a host does not send");
        break;
    }
}

void nearby_join_bytes(NearbyJoin *j, const uint8_t *bytes, size_t len, uint32_t now)
{
    size_t at = 0, used;
    const char *why = NULL;
    if (j->state != NEARBY_JOIN_LINKED) return;
    j->heard = j->now = now;
    while (at < len && j->state == NEARBY_JOIN_LINKED) {
        NearbyRead r = nearby_read(&j->reader, bytes + at, len - at, &used, &why);
        at += used;
        if (r == NEARBY_READ_BAD) {
            join_bad(j, why);
            return;
        }
        if (r == NEARBY_READ_FRAME) join_frame(j, now);
    }
}

int nearby_join_send(NearbyJoin *j, const char *message, size_t len)
{
    const char *why = NULL;
    /* What the rooms server takes from a client (NET_OUT_MAX), so the host's room sees the same. */
    if (j->state != NEARBY_JOIN_LINKED || wire_write_message(message, len, j->scratch, NET_OUT_MAX, &why) == 0) return 0;
    if (!join_send(j, NEARBY_MSG, message, len, j->now)) {
        nearby_join_lost(j, j->now);
        return 0;
    }
    return 1;
}

const char *nearby_join_receive(NearbyJoin *j, size_t *len) { return net_lines_take(&j->queue, len); }

void nearby_join_close(NearbyJoin *j)
{
    if (j->state == NEARBY_JOIN_LINKED) join_send(j, NEARBY_BYE, NULL, 0, j->now);
    if (j->state != NEARBY_JOIN_IDLE) join_stop(j);
    net_lines_clear(&j->queue);
}

void nearby_join_tick(NearbyJoin *j, uint32_t now)
{
    j->now = now;
    switch (j->state) {
    case NEARBY_JOIN_STARTING:
        if (now - j->since >= NEARBY_START_MS) nearby_join_lost(j, now);
        break;
    case NEARBY_JOIN_LINKED:
        if (now - j->heard >= NEARBY_SILENCE_MS) nearby_join_lost(j, now);
        else if (now - j->sent_at >= NEARBY_KEEPALIVE_MS && !join_send(j, NEARBY_PING, NULL, 0, now)) nearby_join_lost(j, now);
        break;
    case NEARBY_JOIN_AWAY:
        /* As online: the seat is kept NET_KEPT_MS; a try every NET_RETRY_MS. */
        if (now - j->dropped_at >= NET_KEPT_MS) join_end(j, "gone");
        else if (now - j->since >= NET_RETRY_MS) {
            j->since = now;
            if (j->t.relink && j->t.relink(j->t.user) == 0) j->state = NEARBY_JOIN_RELINKING;
        }
        break;
    case NEARBY_JOIN_RELINKING:
        if (now - j->dropped_at >= NET_KEPT_MS) join_end(j, "gone");
        else if (now - j->since >= NET_DEADLINE_MS) {
            if (j->t.drop) j->t.drop(j->t.user, 0);
            nearby_join_lost(j, now);
        }
        break;
    default:
        break;
    }
}
