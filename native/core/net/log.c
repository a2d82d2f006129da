/* The message log: written around a room's net callbacks and a nearby
 * host's, read back in their place (log.h). */
#include "log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const KINDS[NET_LOG_KINDS] = NET_LOG_KIND_NAMES;

/* What each kind's line holds after its name: an outcome (0 or 1), a peer, a text (contract.h). */
static int has_ok(NetLogKind k) { return (NET_LOG_WITH_OK >> k) & 1u; }
static int has_peer(NetLogKind k) { return (NET_LOG_WITH_PEER >> k) & 1u; }
static int has_text(NetLogKind k) { return (NET_LOG_WITH_TEXT >> k) & 1u; }
static int is_recv(NetLogKind k) { return (NET_LOG_RECEIVES >> k) & 1u; }

/* ---- writing ---- */

static void record(NetRecorder *r, NetLogKind kind, int ok, int peer, const char *text, size_t len)
{
    size_t n, i;
    n = (size_t)snprintf(r->line, sizeof r->line, "%d %s", r->frame, KINDS[kind]);
    if (has_ok(kind)) n += (size_t)snprintf(r->line + n, sizeof r->line - n, " %d", ok ? 1 : 0);
    if (has_peer(kind)) n += (size_t)snprintf(r->line + n, sizeof r->line - n, " %d", peer);
    if (has_text(kind)) r->line[n++] = ' ';
    for (i = 0; text && i < len && n < sizeof r->line - 2; i++) {
        char c = text[i];
        r->line[n++] = c == '\n' || c == '\r' ? ' ' : c;
    }
    r->line[n++] = '\n';
    r->write(r->user, r->line, n);
}

static int rec_open(void *user, const char *request, size_t len)
{
    NetRecorder *r = (NetRecorder *)user;
    int ok = r->inner.net_open ? r->inner.net_open(r->inner.net_user, request, len) : 0;
    record(r, NET_LOG_OPEN, ok, 0, request, len);
    return ok;
}

static int rec_send(void *user, const char *message, size_t len)
{
    NetRecorder *r = (NetRecorder *)user;
    int ok = r->inner.net_send ? r->inner.net_send(r->inner.net_user, message, len) : 0;
    record(r, NET_LOG_SEND, ok, 0, message, len);
    return ok;
}

static const char *rec_receive(void *user, size_t *len)
{
    NetRecorder *r = (NetRecorder *)user;
    const char *line = r->inner.net_receive ? r->inner.net_receive(r->inner.net_user, len) : NULL;
    if (line) record(r, NET_LOG_RECV, 1, 0, line, *len);
    return line;
}

static void rec_close(void *user)
{
    NetRecorder *r = (NetRecorder *)user;
    if (r->inner.net_close) r->inner.net_close(r->inner.net_user);
    record(r, NET_LOG_CLOSE, 1, 0, NULL, 0);
}

static int rec_nearby_open(void *user, const char *code, size_t len)
{
    NetRecorder *r = (NetRecorder *)user;
    int ok = r->inner.nearby_open ? r->inner.nearby_open(r->inner.nearby_user, code, len) : 0;
    record(r, NET_LOG_NEARBY_OPEN, ok, 0, code, len);
    return ok;
}

static const char *rec_nearby_receive(void *user, size_t *len)
{
    NetRecorder *r = (NetRecorder *)user;
    const char *line = r->inner.nearby_receive ? r->inner.nearby_receive(r->inner.nearby_user, len) : NULL;
    if (line) record(r, NET_LOG_NEARBY_RECV, 1, 0, line, *len);
    return line;
}

static int rec_nearby_send(void *user, int peer, const char *line, size_t len)
{
    NetRecorder *r = (NetRecorder *)user;
    int ok = r->inner.nearby_send ? r->inner.nearby_send(r->inner.nearby_user, peer, line, len) : 0;
    record(r, NET_LOG_NEARBY_SEND, ok, peer, line, len);
    return ok;
}

static int rec_nearby_ping(void *user, int peer)
{
    NetRecorder *r = (NetRecorder *)user;
    int ok = r->inner.nearby_ping ? r->inner.nearby_ping(r->inner.nearby_user, peer) : 0;
    record(r, NET_LOG_NEARBY_PING, ok, peer, NULL, 0);
    return ok;
}

static void rec_nearby_close(void *user)
{
    NetRecorder *r = (NetRecorder *)user;
    if (r->inner.nearby_close) r->inner.nearby_close(r->inner.nearby_user);
    record(r, NET_LOG_NEARBY_CLOSE, 1, 0, NULL, 0);
}

void net_record_plug(NetRecorder *r, VmHost *host, void (*write)(void *user, const char *line, size_t len), void *user)
{
    memset(&r->inner, 0, sizeof r->inner);
    r->inner.net_user = host->net_user;
    r->inner.net_open = host->net_open;
    r->inner.net_send = host->net_send;
    r->inner.net_receive = host->net_receive;
    r->inner.net_close = host->net_close;
    r->inner.nearby_user = host->nearby_user;
    r->inner.nearby_open = host->nearby_open;
    r->inner.nearby_receive = host->nearby_receive;
    r->inner.nearby_send = host->nearby_send;
    r->inner.nearby_ping = host->nearby_ping;
    r->inner.nearby_close = host->nearby_close;
    r->write = write;
    r->user = user;
    r->frame = 0;
    host->net_user = r;
    host->net_open = rec_open;
    host->net_send = rec_send;
    host->net_receive = rec_receive;
    host->net_close = rec_close;
    host->nearby_user = r;
    host->nearby_open = rec_nearby_open;
    host->nearby_receive = rec_nearby_receive;
    host->nearby_send = rec_nearby_send;
    host->nearby_ping = rec_nearby_ping;
    host->nearby_close = rec_nearby_close;
    write(user, NET_LOG_HEADER "\n", sizeof NET_LOG_HEADER);
}

/* ---- reading ---- */

static int bad(char *err, size_t err_size, int line, const char *why)
{
    snprintf(err, err_size, "line %d: %s", line, why);
    return -1;
}

int net_log_parse(NetLog *log, char *text, size_t len, char *err, size_t err_size)
{
    size_t at = 0, lines = 0, i;
    int number = 0;
    memset(log, 0, sizeof *log);
    log->text = text;
    for (i = 0; i < len; i++) lines += text[i] == '\n';
    log->entries = (NetLogEntry *)calloc(lines + 1, sizeof *log->entries);
    if (!log->entries) return bad(err, err_size, 0, "out of memory");
    while (at < len) {
        char *line = text + at, *end = memchr(line, '\n', len - at), *p;
        NetLogEntry *e = &log->entries[log->count];
        long frame;
        size_t k;
        if (!end) end = text + len;
        *end = '\0';
        at = (size_t)(end - text) + 1;
        number++;
        if (number == 1) {
            if (strcmp(line, NET_LOG_HEADER) != 0) return bad(err, err_size, 1, "not a net log (" NET_LOG_HEADER ")");
            continue;
        }
        if (*line == '\0') continue;
        frame = strtol(line, &p, 10);
        if (p == line || *p != ' ' || frame < 0 || frame > 100000000L) return bad(err, err_size, number, "no frame");
        p++;
        for (k = 0; k < NET_LOG_KINDS; k++) {
            size_t w = strlen(KINDS[k]);
            if (strncmp(p, KINDS[k], w) == 0 && (p[w] == ' ' || p[w] == '\0')) break;
        }
        if (k == NET_LOG_KINDS) return bad(err, err_size, number, "not a call the log knows (open, send, recv, close, nearby-...)");
        e->frame = (int)frame;
        e->kind = (NetLogKind)k;
        p += strlen(KINDS[k]);
        e->ok = 1;
        if (has_ok(e->kind)) {
            if ((p[0] != ' ') || (p[1] != '0' && p[1] != '1') || (p[2] != ' ' && p[2] != '\0')) return bad(err, err_size, number, "no 0 or 1");
            e->ok = p[1] == '1';
            p += 2;
        }
        if (has_peer(e->kind)) {
            char *q;
            long peer;
            if (p[0] != ' ' || p[1] < '0' || p[1] > '9') return bad(err, err_size, number, "no peer");
            peer = strtol(p + 1, &q, 10);
            if (peer > 1000) return bad(err, err_size, number, "no peer");
            e->peer = (int)peer;
            p = q;
        }
        if (has_text(e->kind)) {
            if (*p != ' ') return bad(err, err_size, number, "no text");
            p++;
        } else if (*p != '\0') {
            return bad(err, err_size, number, "more than the call");
        }
        e->text = p;
        e->len = strlen(p);
        if (log->count > 0 && e->frame < log->entries[log->count - 1].frame) return bad(err, err_size, number, "a frame before the last");
        log->count++;
    }
    return 0;
}

void net_log_free(NetLog *log)
{
    free(log->text);
    free(log->entries);
    memset(log, 0, sizeof *log);
}

/* A call the log has not got (or not here): counted, the first described. */
static void differs(NetLog *log, NetLogKind kind, int peer, const char *text, size_t len)
{
    char to[24] = "";
    if (log->differences++ > 0) return;
    if (has_peer(kind)) snprintf(to, sizeof to, " to peer %d", peer);
    snprintf(log->first, sizeof log->first, "frame %d: the script's %s%s%s%.*s is not the log's next call", log->frame, KINDS[kind], to,
             has_text(kind) ? " " : "", (int)(len > 120 ? 120 : len), text ? text : "");
}

/* The next call (not a recv), if it is this one at this frame. */
static const NetLogEntry *call(NetLog *log, NetLogKind kind, int peer, const char *text, size_t len)
{
    while (log->next_call < log->count && is_recv(log->entries[log->next_call].kind)) log->next_call++;
    if (log->next_call < log->count) {
        const NetLogEntry *e = &log->entries[log->next_call];
        if (e->kind == kind && e->frame == log->frame && e->peer == peer &&
            (!has_text(kind) || (e->len == len && memcmp(e->text, text, len) == 0))) {
            log->next_call++;
            return e;
        }
    }
    differs(log, kind, peer, text, len);
    return NULL;
}

/* The next line of that kind of recv recorded at this frame or before; NULL for none. */
static const char *take(NetLog *log, NetLogKind kind, int *next, size_t *len)
{
    while (*next < log->count && log->entries[*next].kind != kind) (*next)++;
    if (*next >= log->count || log->entries[*next].frame > log->frame) {
        *len = 0;
        return NULL;
    }
    *len = log->entries[*next].len;
    return log->entries[(*next)++].text;
}

static int log_open(void *user, const char *request, size_t len)
{
    const NetLogEntry *e = call((NetLog *)user, NET_LOG_OPEN, 0, request, len);
    return e ? e->ok : 0;
}

static int log_send(void *user, const char *message, size_t len)
{
    const NetLogEntry *e = call((NetLog *)user, NET_LOG_SEND, 0, message, len);
    return e ? e->ok : 0;
}

static const char *log_receive(void *user, size_t *len)
{
    NetLog *log = (NetLog *)user;
    return take(log, NET_LOG_RECV, &log->next_recv, len);
}

static void log_close(void *user)
{
    (void)call((NetLog *)user, NET_LOG_CLOSE, 0, NULL, 0);
}

static int log_nearby_open(void *user, const char *code, size_t len)
{
    const NetLogEntry *e = call((NetLog *)user, NET_LOG_NEARBY_OPEN, 0, code, len);
    return e ? e->ok : 0;
}

static const char *log_nearby_receive(void *user, size_t *len)
{
    NetLog *log = (NetLog *)user;
    return take(log, NET_LOG_NEARBY_RECV, &log->next_nearby_recv, len);
}

static int log_nearby_send(void *user, int peer, const char *line, size_t len)
{
    const NetLogEntry *e = call((NetLog *)user, NET_LOG_NEARBY_SEND, peer, line, len);
    return e ? e->ok : 0;
}

static int log_nearby_ping(void *user, int peer)
{
    const NetLogEntry *e = call((NetLog *)user, NET_LOG_NEARBY_PING, peer, NULL, 0);
    return e ? e->ok : 0;
}

static void log_nearby_close(void *user)
{
    (void)call((NetLog *)user, NET_LOG_NEARBY_CLOSE, 0, NULL, 0);
}

void net_log_plug(NetLog *log, VmHost *host)
{
    host->net_user = log;
    host->net_open = log_open;
    host->net_send = log_send;
    host->net_receive = log_receive;
    host->net_close = log_close;
    host->nearby_user = log;
    host->nearby_open = log_nearby_open;
    host->nearby_receive = log_nearby_receive;
    host->nearby_send = log_nearby_send;
    host->nearby_ping = log_nearby_ping;
    host->nearby_close = log_nearby_close;
}
