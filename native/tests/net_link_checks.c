/* See net_link_checks.h; the server's side of each check is in
 * test/native/net-server.mjs under the same path. */
#include "net_link_checks.h"

#include <stdio.h>
#include <string.h>

static NetLink link_;

static const char *event_name(NetEvent e)
{
    switch (e) {
    case NET_EVENT_NONE: return "none";
    case NET_EVENT_ANSWER: return "answer";
    case NET_EVENT_OPEN: return "open";
    case NET_EVENT_MESSAGE: return "message";
    case NET_EVENT_CLOSED: return "closed";
    case NET_EVENT_FAILED: return "failed";
    }
    return "?";
}

/* Polls once a frame until something happens (the link's own deadline ends every wait). */
static NetEvent next(const NetChecks *c)
{
    for (;;) {
        NetEvent e = net_link_poll(&link_, c->now_ms());
        if (e != NET_EVENT_NONE) return e;
        c->frame();
    }
}

static int report(const NetChecks *c, const char *name, int ok, NetEvent e, const char *detail)
{
    char line[400];
    if (ok)
        snprintf(line, sizeof line, "NET ok %s %s", name, detail);
    else
        snprintf(line, sizeof line, "NET FAIL %s: %s (event %s, why \"%s\")", name, detail, event_name(e), link_.why);
    c->say(line);
    return ok ? 0 : 1;
}

/* The request's answer: status 200 and body exactly want. */
static int check_request(const NetChecks *c, const char *name, const char *method, const char *path, const char *body,
                         const char *want)
{
    NetEvent e;
    char detail[200];
    if (!net_link_request(&link_, c->host, c->port, method, path, body, body ? strlen(body) : 0, c->now_ms(), c->timeout_ms))
        return report(c, name, 0, NET_EVENT_FAILED, "the request did not start");
    e = next(c);
    snprintf(detail, sizeof detail, "%d %.120s", link_.status, e == NET_EVENT_ANSWER ? (const char *)link_.in : "");
    return report(c, name, e == NET_EVENT_ANSWER && link_.status == 200 && strcmp((const char *)link_.in, want) == 0, e, detail);
}

static int open_websocket(const NetChecks *c, const char *path, uint32_t silence_ms, NetEvent *e)
{
    if (!net_link_websocket(&link_, c->host, c->port, path, c->now_ms(), c->timeout_ms, silence_ms)) {
        *e = NET_EVENT_FAILED;
        return 0;
    }
    *e = next(c);
    return *e == NET_EVENT_OPEN;
}

/* A WebSocket at path whose server misbehaves: the link ends with want_event and why containing want. */
static int check_ending(const NetChecks *c, const char *name, const char *path, int port, uint32_t silence_ms,
                        NetEvent want_event, const char *want)
{
    NetEvent e;
    if (!net_link_websocket(&link_, c->host, port, path, c->now_ms(), c->timeout_ms, silence_ms))
        return report(c, name, 0, NET_EVENT_FAILED, "the WebSocket did not start");
    do {
        e = next(c);
    } while (e == NET_EVENT_OPEN || e == NET_EVENT_MESSAGE);
    return report(c, name, e == want_event && strstr(link_.why, want) != NULL, e, link_.why);
}

static int check_echo(const NetChecks *c)
{
    static uint8_t sent[200];
    NetEvent e;
    size_t i;
    uint32_t sum = 0;
    char detail[160];
    for (i = 0; i < sizeof sent; i++) sent[i] = (uint8_t)i;
    /* A silence limit: a missing answer ends in its line, not a hang. */
    if (!open_websocket(c, "/echo", 5000, &e)) return report(c, "websocket", 0, e, "not open");
    if (!net_link_send(&link_, sent, sizeof sent)) return report(c, "websocket", 0, e, "not sent");
    e = next(c);
    if (e != NET_EVENT_MESSAGE || !link_.binary || link_.in_len != sizeof sent || memcmp(link_.in, sent, sizeof sent) != 0)
        return report(c, "websocket", 0, e, "the echo differs");
    /* The server pinged right behind the echo and says whether our pong came. */
    e = next(c);
    if (e != NET_EVENT_MESSAGE || link_.binary || strcmp((const char *)link_.in, "pong:p1") != 0)
        return report(c, "websocket", 0, e, "no pong:p1 from the server");
    /* 5,000 bytes in three fragments with a ping between them. */
    e = next(c);
    if (e != NET_EVENT_MESSAGE || !link_.binary || link_.in_len != 5000)
        return report(c, "websocket", 0, e, "the fragmented message is not 5000 bytes");
    for (i = 0; i < link_.in_len; i++) {
        if (link_.in[i] != (uint8_t)(i * 7)) return report(c, "websocket", 0, e, "the fragmented message's bytes differ");
        sum += link_.in[i];
    }
    e = next(c);
    if (e != NET_EVENT_MESSAGE || strcmp((const char *)link_.in, "pong:p2") != 0)
        return report(c, "websocket", 0, e, "no pong:p2 from the server");
    net_link_close(&link_);
    snprintf(detail, sizeof detail, "echo 200 bytes, pongs p1 p2, fragmented 5000 bytes (sum %u)", (unsigned)sum);
    return report(c, "websocket", 1, e, detail);
}

int net_checks_run(const NetChecks *c)
{
    int failed = 0;
    char line[64];
    net_link_init(&link_, c->io);
    failed += check_request(c, "request", "POST", "/echo", "{\"op\":\"create\",\"name\":\"\xd0\x90\xd0\xbd\xd0\xb0\"}",
                            "{\"op\":\"create\",\"name\":\"\xd0\x90\xd0\xbd\xd0\xb0\"}");
    failed += check_request(c, "chunked", "GET", "/chunked", NULL, "[\"abc\",\"defgh\"]");
    failed += check_echo(c);
    failed += check_ending(c, "masked", "/masked", c->port, 0, NET_EVENT_FAILED, "a masked frame");
    failed += check_ending(c, "too-big", "/big", c->port, 0, NET_EVENT_FAILED, "over 8191 bytes");
    failed += check_ending(c, "unknown-kind", "/opcode", c->port, 0, NET_EVENT_FAILED, "unknown kind");
    failed += check_ending(c, "bad-length", "/badlength", c->port, 0, NET_EVENT_FAILED, "malformed");
    failed += check_ending(c, "closed-by-server", "/door", c->port, 0, NET_EVENT_CLOSED, "(4003: shown the door)");
    failed += check_ending(c, "dropped", "/drop", c->port, 0, NET_EVENT_FAILED, "closed the connection");
    failed += check_ending(c, "silent", "/silent", c->port, 2000, NET_EVENT_FAILED, "said nothing for 2000 ms");
    failed += check_ending(c, "stalled", "/stall", c->port, 0, NET_EVENT_FAILED, "did not answer within");
    failed += check_ending(c, "not-websocket", "/missing", c->port, 0, NET_EVENT_FAILED, "(HTTP 404)");
    failed += check_ending(c, "bad-accept", "/badaccept", c->port, 0, NET_EVENT_FAILED, "Sec-WebSocket-Accept is wrong");
    failed += check_ending(c, "not-http", "/garbage", c->port, 0, NET_EVENT_FAILED, "closed the connection instead");
    failed += check_ending(c, "server-gone", "/", c->closed_port, 0, NET_EVENT_FAILED, "could not connect");
    net_link_close(&link_);
    snprintf(line, sizeof line, "NET done %d", failed);
    c->say(line);
    return failed;
}
