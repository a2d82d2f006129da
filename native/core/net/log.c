/* The message log: written around a room's net callbacks, read back in
 * their place (log.h). */
#include "log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const KINDS[] = { "open", "send", "recv", "close" };

/* ---- writing ---- */

static void record(NetRecorder *r, NetLogKind kind, int ok, const char *text, size_t len)
{
    size_t n, i;
    if (kind == NET_LOG_RECV) n = (size_t)snprintf(r->line, sizeof r->line, "%d recv ", r->frame);
    else if (kind == NET_LOG_CLOSE) n = (size_t)snprintf(r->line, sizeof r->line, "%d close", r->frame);
    else n = (size_t)snprintf(r->line, sizeof r->line, "%d %s %d ", r->frame, KINDS[kind], ok ? 1 : 0);
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
    record(r, NET_LOG_OPEN, ok, request, len);
    return ok;
}

static int rec_send(void *user, const char *message, size_t len)
{
    NetRecorder *r = (NetRecorder *)user;
    int ok = r->inner.net_send ? r->inner.net_send(r->inner.net_user, message, len) : 0;
    record(r, NET_LOG_SEND, ok, message, len);
    return ok;
}

static const char *rec_receive(void *user, size_t *len)
{
    NetRecorder *r = (NetRecorder *)user;
    const char *line = r->inner.net_receive ? r->inner.net_receive(r->inner.net_user, len) : NULL;
    if (line) record(r, NET_LOG_RECV, 1, line, *len);
    return line;
}

static void rec_close(void *user)
{
    NetRecorder *r = (NetRecorder *)user;
    if (r->inner.net_close) r->inner.net_close(r->inner.net_user);
    record(r, NET_LOG_CLOSE, 1, NULL, 0);
}

void net_record_plug(NetRecorder *r, VmHost *host, void (*write)(void *user, const char *line, size_t len), void *user)
{
    memset(&r->inner, 0, sizeof r->inner);
    r->inner.net_user = host->net_user;
    r->inner.net_open = host->net_open;
    r->inner.net_send = host->net_send;
    r->inner.net_receive = host->net_receive;
    r->inner.net_close = host->net_close;
    r->write = write;
    r->user = user;
    r->frame = 0;
    host->net_user = r;
    host->net_open = rec_open;
    host->net_send = rec_send;
    host->net_receive = rec_receive;
    host->net_close = rec_close;
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
        for (k = 0; k < 4; k++) {
            size_t w = strlen(KINDS[k]);
            if (strncmp(p, KINDS[k], w) == 0 && (p[w] == ' ' || p[w] == '\0')) break;
        }
        if (k == 4) return bad(err, err_size, number, "not open, send, recv or close");
        e->frame = (int)frame;
        e->kind = (NetLogKind)k;
        p += strlen(KINDS[k]);
        if (e->kind == NET_LOG_OPEN || e->kind == NET_LOG_SEND) {
            if ((p[0] != ' ') || (p[1] != '0' && p[1] != '1') || p[2] != ' ') return bad(err, err_size, number, "no 0 or 1");
            e->ok = p[1] == '1';
            p += 3;
        } else if (e->kind == NET_LOG_RECV) {
            if (*p != ' ') return bad(err, err_size, number, "no line");
            p++;
            e->ok = 1;
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
static void differs(NetLog *log, NetLogKind kind, const char *text, size_t len)
{
    if (log->differences++ > 0) return;
    snprintf(log->first, sizeof log->first, "frame %d: the script's %s %.*s is not the log's next call", log->frame, KINDS[kind],
             (int)(len > 120 ? 120 : len), text ? text : "");
}

/* The next open, send or close, if it is this one at this frame. */
static const NetLogEntry *call(NetLog *log, NetLogKind kind, const char *text, size_t len)
{
    while (log->next_call < log->count && log->entries[log->next_call].kind == NET_LOG_RECV) log->next_call++;
    if (log->next_call < log->count) {
        const NetLogEntry *e = &log->entries[log->next_call];
        if (e->kind == kind && e->frame == log->frame && (kind == NET_LOG_CLOSE || (e->len == len && memcmp(e->text, text, len) == 0))) {
            log->next_call++;
            return e;
        }
    }
    differs(log, kind, text, len);
    return NULL;
}

static int log_open(void *user, const char *request, size_t len)
{
    const NetLogEntry *e = call((NetLog *)user, NET_LOG_OPEN, request, len);
    return e ? e->ok : 0;
}

static int log_send(void *user, const char *message, size_t len)
{
    const NetLogEntry *e = call((NetLog *)user, NET_LOG_SEND, message, len);
    return e ? e->ok : 0;
}

static const char *log_receive(void *user, size_t *len)
{
    NetLog *log = (NetLog *)user;
    while (log->next_recv < log->count && log->entries[log->next_recv].kind != NET_LOG_RECV) log->next_recv++;
    if (log->next_recv >= log->count || log->entries[log->next_recv].frame > log->frame) {
        *len = 0;
        return NULL;
    }
    *len = log->entries[log->next_recv].len;
    return log->entries[log->next_recv++].text;
}

static void log_close(void *user)
{
    (void)call((NetLog *)user, NET_LOG_CLOSE, NULL, 0);
}

void net_log_plug(NetLog *log, VmHost *host)
{
    host->net_user = log;
    host->net_open = log_open;
    host->net_send = log_send;
    host->net_receive = log_receive;
    host->net_close = log_close;
}
