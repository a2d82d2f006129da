/* The C client's reading of the network (core/net) against any bytes a
 * server, a transport or a script could hand it, under AddressSanitizer and
 * UBSan:
 *   - the wire (wire.c): every frame reader, converter and matchmaking
 *     parser is given the input, with buffers of every size from none to
 *     plenty, and must answer with a result or a reason, never read or
 *     write outside what it was given; MessagePack that converts to JSON
 *     converts back to the same JSON;
 *   - the room (room.c): the input read as a run of events (HTTP answers,
 *     WebSocket openings, messages and closes, the clock, the script's
 *     calls) in any order, and every line the script is handed must be a
 *     JSON array.
 *   - the nearby room (nearby.c): the same input read as a run of events for
 *     a hosting PSP and a joining one (links up and lost, a link's bytes in
 *     any pieces, the clock, the scripts' calls): every line either script
 *     is handed is a JSON array, and every frame either sends is whole.
 *   - the message log (log.c): the input read as a log, as the headless host
 *     reads a --net-log file; a log it takes, answered from by the calls it
 *     records in their order (through a recorder, as the PSP records),
 *     answers each as recorded and hands out each recv and nearby-recv line
 *     whole, in order, with no call counted as not in the log, and what the
 *     recorder wrote reads back as the same calls.
 *   - libFuzzer (clang): `make -C native net-libfuzzer` builds build/native/net-libfuzzer,
 *     coverage-guided, run for as long as one likes (docs/network.md has a campaign's figures);
 *   - without it (gcc, make test): this file's main feeds it seeds and their
 *     mutations, a fixed number, the same every run (test/native/net.test.ts). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "room.h"
#include "nearby.h"
#include "log.h"

static void fail(const char *what, const uint8_t *data, size_t size)
{
    size_t i;
    fprintf(stderr, "net_fuzz: %s on input of %zu bytes:", what, size);
    for (i = 0; i < size && i < 64; i++) fprintf(stderr, " %02x", data[i]);
    fprintf(stderr, "\n");
    abort();
}

static int one_input(const uint8_t *data, size_t size);
static void room_events(const uint8_t *data, size_t size);
static void nearby_events(const uint8_t *data, size_t size);
static void log_text(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* On the heap at its exact size, so that ASan sees a read one byte past it. */
    uint8_t *copy = malloc(size ? size : 1);
    int r;
    memcpy(copy, data, size);
    r = one_input(copy, size);
    room_events(copy, size);
    nearby_events(copy, size);
    log_text(copy, size);
    free(copy);
    return r;
}

static int one_input(const uint8_t *data, size_t size)
{
    static const size_t caps[] = { 0, 1, 7, 64, 4096 };
    size_t c;
    for (c = 0; c < sizeof caps / sizeof caps[0]; c++) {
        /* Exactly the buffer's size, on the heap: ASan sees one byte past it. */
        char *json = caps[c] ? malloc(caps[c]) : NULL;
        uint8_t *out = caps[c] ? malloc(caps[c]) : NULL;
        char *text = malloc(size ? size : 1);
        WireFrame f;
        WireSeat seat;
        const char *why = NULL;
        size_t used = 0, json_len = 0, n;
        char path[64], body[512];
        memcpy(text, data, size);
        if (wire_read_frame(data, size, json, caps[c], &f) == WIRE_BAD && f.why == NULL) fail("a bad frame without a reason", data, size);
        if ((f.kind == WIRE_MESSAGE || f.kind == WIRE_REFUSED) && strlen(json) != f.json_len) fail("JSON of the wrong length", data, size);
        if (!wire_msgpack_to_json(data, size, &used, json, caps[c], &json_len, &why) && why == NULL) fail("a refusal without a reason", data, size);
        n = wire_json_to_msgpack(text, size, out, caps[c], &why);
        if (n > caps[c]) fail("MessagePack past its buffer", data, size);
        (void)wire_write_message(text, size, out, caps[c], &why);
        (void)wire_read_seat(text, size, &seat);
        if (!wire_matchmake_request(text, size, "ratscrew", 1, path, sizeof path, body, sizeof body, &why) && why == NULL) fail("a request refused without a reason", data, size);
        free(json);
        free(out);
        free(text);
    }
    /* MessagePack -> JSON -> MessagePack -> JSON: the same JSON. */
    {
        static char a[8192], b[8192];
        static uint8_t mp[8192];
        const char *why = NULL;
        size_t used, alen, blen, n;
        if (wire_msgpack_to_json(data, size, &used, a, sizeof a, &alen, &why)) {
            n = wire_json_to_msgpack(a, alen, mp, sizeof mp, &why);
            if (n == 0) fail("its own JSON refused", data, size);
            if (!wire_msgpack_to_json(mp, n, &used, b, sizeof b, &blen, &why) || used != n) fail("its own MessagePack refused", data, size);
            if (alen != blen || memcmp(a, b, alen) != 0) fail("a round trip that changed the value", data, size);
        }
    }
    return 0;
}


/* ---- the room fed events ---- */

static int t_post(void *u, const char *p, const char *b, size_t n) { (void)u; (void)p; (void)b; (void)n; return 0; }
static int t_open(void *u, const char *a, const char *p) { (void)u; (void)a; (void)p; return 0; }
static int t_send(void *u, const uint8_t *b, size_t n) { (void)u; (void)b; return n > NET_OUT_MAX ? -1 : 0; }
static void t_reset(void *u) { (void)u; }

/* How far the runs went: inputs that joined a room, and lines handed out. */
static long joined_runs, lines_out;

static void take_lines(NetRoom *r, const uint8_t *data, size_t size)
{
    static uint8_t mp[2 * NET_LINE_MAX];
    const char *line, *why = NULL;
    size_t n;
    while ((line = net_room_receive(r, &n)) != NULL) {
        if (strlen(line) != n || n == 0 || line[0] != '[') fail("a line that is not an array", data, size);
        if (wire_json_to_msgpack(line, n, mp, sizeof mp, &why) == 0) fail("a line that is not JSON", data, size);
        lines_out++;
    }
}

/* Each event: a kind byte, a length byte, that many bytes. */
static void room_events(const uint8_t *data, size_t size)
{
    static NetRoom r;
    static const NetTransport t = { NULL, t_post, t_open, t_send, t_reset };
    static const char OPEN[] = "{\"op\":\"join\",\"code\":\"ROOMABC\",\"name\":\"A\"}";
    size_t at = 0;
    uint32_t now = 1000;
    int joined = 0;
    net_room_init(&r, &t, "ratscrew", 1);
    while (at + 2 <= size) {
        uint8_t kind = data[at], k = data[at + 1];
        const uint8_t *p = data + at + 2;
        /* A tick's second byte is its time (k x 100 ms), not a length. */
        size_t len = kind % 10 == 5 ? 0 : size - at - 2 < k ? size - at - 2 : k;
        at += 2 + len;
        switch (kind % 10) {
        case 0: net_room_open(&r, OPEN, sizeof OPEN - 1, now); break;
        case 1: net_room_http_answer(&r, len ? 200 : 0, (const char *)p, len, now); break;
        case 2: net_room_ws_opened(&r, now); break;
        case 3: net_room_ws_message(&r, p, len, now); break;
        case 4: net_room_ws_closed(&r, len ? 4000 + p[0] % 8 : NET_CLOSE_LOST, now); break;
        case 5: now += (uint32_t)k * 100u; net_room_tick(&r, now); break;
        case 6: (void)net_room_send(&r, (const char *)p, len); break;
        case 7: net_room_close(&r, now); break;
        case 8: take_lines(&r, data, size); break;
        default: (void)net_room_open(&r, (const char *)p, len, now); break;
        }
        if (r.joined_once && !joined) joined = 1, joined_runs++;
    }
    take_lines(&r, data, size);
}

/* ---- the nearby room fed events ---- */

static const uint8_t *fuzz_data;
static size_t fuzz_size;
/* A transport that takes every frame but checks it is one, and refuses
 * when told to (its queue full). */
static int n_refuse;
static long nearby_frames_out, nearby_lines_out, nearby_hellos;

static int n_start(void *u, const char *group, int host) { (void)u; (void)host; if (strlen(group) != NEARBY_GROUP_LEN || group[0] != 'R') fail("a group name that is not R + code", fuzz_data, fuzz_size); return 0; }
static int n_relink(void *u) { (void)u; return 0; }
static int n_send(void *u, int link, const uint8_t *b, size_t n)
{
    static NearbyReader r;
    size_t used = 0;
    const char *why = NULL;
    (void)u;
    if (link < 0 || link > NEARBY_PEERS) fail("a frame for no link", fuzz_data, fuzz_size);
    nearby_reader_reset(&r);
    if (nearby_read(&r, b, n, &used, &why) != NEARBY_READ_FRAME || used != n) fail("a frame sent that is not one whole frame", fuzz_data, fuzz_size);
    nearby_frames_out++;
    return n_refuse ? -1 : 0;
}
static void n_drop(void *u, int link) { (void)u; (void)link; }
static void n_reset(void *u) { (void)u; }

static void check_line(const char *line, size_t n, int from_host)
{
    static uint8_t mp[8 * NET_LINE_MAX], inner[8 * NET_LINE_MAX];
    const char *why = NULL;
    size_t m;
    if (strlen(line) != n || n == 0 || line[0] != '[') fail("a nearby line that is not an array", fuzz_data, fuzz_size);
    if ((m = wire_json_to_msgpack(line, n, mp, sizeof mp, &why)) == 0) fail("a nearby line that is not JSON", fuzz_data, fuzz_size);
    /* The host's hello and m carry the joiner's text as a string, itself JSON: [word, peer, "text"]. */
    if (from_host && (strncmp(line, "[\"hello\",", 9) == 0 || strncmp(line, "[\"m\",", 5) == 0)) {
        size_t at = 1 + (mp[1] == 0xa5 ? 6 : 2) + 1, k;
        if (mp[0] != 0x93 || at >= m) fail("a hello or m line that is not [word, peer, text]", fuzz_data, fuzz_size);
        if ((mp[at] & 0xe0) == 0xa0) k = mp[at] & 0x1f, at += 1;
        else if (mp[at] == 0xd9) k = mp[at + 1], at += 2;
        else if (mp[at] == 0xda) k = ((size_t)mp[at + 1] << 8) | mp[at + 2], at += 3;
        else fail("a hello or m line whose text is not a string", fuzz_data, fuzz_size);
        if (at + k != m || wire_json_to_msgpack((const char *)mp + at, k, inner, sizeof inner, &why) == 0) fail("a joiner's text that is not JSON", fuzz_data, fuzz_size);
    }
    if (strncmp(line, "[\"hello\"", 8) == 0) nearby_hellos++;
    nearby_lines_out++;
}

/* Each event: a kind byte, a length byte, that many bytes (as room_events). */
static void nearby_events(const uint8_t *data, size_t size)
{
    static NearbyHost h;
    static NearbyJoin j;
    static const NearbyTransport t = { NULL, n_start, n_relink, n_send, n_drop, n_reset };
    static const char JOIN[] = "{\"op\":\"join\",\"code\":\"ABCDEFG\",\"name\":\"Kim\",\"via\":\"nearby\"}";
    size_t at = 0, n;
    uint32_t now = 5000;
    const char *line;
    fuzz_data = data, fuzz_size = size;
    n_refuse = 0;
    nearby_host_init(&h, &t);
    nearby_join_init(&j, &t);
    while (at + 2 <= size) {
        uint8_t kind = data[at], k = data[at + 1];
        const uint8_t *p = data + at + 2;
        size_t len = kind % 21 == 6 || kind % 21 == 16 ? 0 : size - at - 2 < k ? size - at - 2 : k;
        int peer = len ? p[0] % (NEARBY_PEERS + 2) : 1;
        at += 2 + len;
        switch (kind % 21) {
        case 0: (void)nearby_host_open(&h, len ? (const char *)p : "ABCDEFG", len ? len : 7, now); break;
        case 1: nearby_host_up(&h, now); break;
        /* The group lost, or the hosting PSP awake after k seconds asleep (a room kept or ended). */
        case 2: if (k & 1) (void)nearby_host_woke(&h, (uint32_t)k * 1000u, now); else nearby_host_failed(&h, "the group fell", now); break;
        case 3: { uint8_t mac[6] = { 2, 0, 0, 0, 0, (uint8_t)peer }; (void)nearby_host_accepted(&h, mac, now); break; }
        case 4: if (len) nearby_host_bytes(&h, peer, p + 1, len - 1, now); break;
        case 5: nearby_host_lost(&h, peer, now); break;
        case 6: now += (uint32_t)k * 100u; nearby_host_tick(&h, now); nearby_join_tick(&j, now); break;
        case 7: if (len) (void)nearby_host_send(&h, peer, (const char *)p + 1, len - 1); break;
        case 8: (void)nearby_host_ping(&h, peer); break;
        case 9: nearby_host_close(&h); break;
        case 10: while ((line = nearby_host_receive(&h, &n)) != NULL) check_line(line, n, 1); break;
        case 11: (void)nearby_join_open(&j, JOIN, sizeof JOIN - 1, now); break;
        case 12: nearby_join_linked(&j, now); break;
        case 13: nearby_join_failed(&j, "nearby room \"ABCDEFG\" not found", now); break;
        case 14: nearby_join_bytes(&j, p, len, now); break;
        case 15: nearby_join_lost(&j, now); break;
        case 16: n_refuse = k & 1; break;
        case 17: (void)nearby_join_send(&j, (const char *)p, len); break;
        case 18: nearby_join_close(&j); break;
        case 19: while ((line = nearby_join_receive(&j, &n)) != NULL) check_line(line, n, 0); break;
        case 20: {
            /* A flood: these bytes over and over, more than any frame holds, to both ends. */
            static uint8_t flood[3 * NEARBY_FRAME_MAX];
            size_t i;
            if (!len) break;
            for (i = 0; i < sizeof flood; i++) flood[i] = p[i % len];
            nearby_host_bytes(&h, peer, flood, sizeof flood, now);
            nearby_join_bytes(&j, flood, sizeof flood, now);
            break;
        }
        }
    }
    while ((line = nearby_host_receive(&h, &n)) != NULL) check_line(line, n, 1);
    while ((line = nearby_join_receive(&j, &n)) != NULL) check_line(line, n, 0);
    {
        char code[NEARBY_CODE_LEN + 1];
        const char *why = NULL;
        if (nearby_request((const char *)data, size, code, &why) < 0 && why == NULL) fail("a nearby request refused without a reason", data, size);
    }
}

static long logs_read, log_calls;
static char written[4096];
static size_t written_len;

static void log_write(void *user, const char *line, size_t len)
{
    (void)user;
    if (written_len + len >= sizeof written) fail("a recorded log longer than its input allows", fuzz_data, fuzz_size);
    memcpy(written + written_len, line, len);
    written_len += len;
}

static void log_text(const uint8_t *data, size_t size)
{
    static NetRecorder rec;
    NetLog log, again;
    VmHost host;
    char err[160] = "";
    char *text = malloc(size + 1), *copy; /* as save_read_file gives it: a NUL after the bytes */
    int i;
    memcpy(text, data, size);
    text[size] = '\0';
    if (net_log_parse(&log, text, size, err, sizeof err) < 0) {
        if (!err[0]) fail("a net log refused without a reason", data, size);
        net_log_free(&log);
        return;
    }
    logs_read++;
    fuzz_data = data, fuzz_size = size;
    written_len = 0;
    memset(&host, 0, sizeof host);
    net_log_plug(&log, &host);
    net_record_plug(&rec, &host, log_write, NULL);
    for (i = 0; i < log.count; i++) {
        const NetLogEntry e = log.entries[i];
        const char *line = NULL;
        size_t n = 0;
        int ok = 1;
        log.frame = rec.frame = e.frame;
        switch (e.kind) {
        case NET_LOG_OPEN: ok = host.net_open(host.net_user, e.text, e.len); break;
        case NET_LOG_SEND: ok = host.net_send(host.net_user, e.text, e.len); break;
        case NET_LOG_RECV: line = host.net_receive(host.net_user, &n); break;
        case NET_LOG_CLOSE: host.net_close(host.net_user); break;
        case NET_LOG_NEARBY_OPEN: ok = host.nearby_open(host.nearby_user, e.text, e.len); break;
        case NET_LOG_NEARBY_SEND: ok = host.nearby_send(host.nearby_user, e.peer, e.text, e.len); break;
        case NET_LOG_NEARBY_PING: ok = host.nearby_ping(host.nearby_user, e.peer); break;
        case NET_LOG_NEARBY_RECV: line = host.nearby_receive(host.nearby_user, &n); break;
        case NET_LOG_NEARBY_CLOSE: host.nearby_close(host.nearby_user); break;
        default: fail("a net log entry of no kind", data, size);
        }
        if (ok != e.ok) fail("a net log call not answered as recorded", data, size);
        if ((e.kind == NET_LOG_RECV || e.kind == NET_LOG_NEARBY_RECV) && (line != e.text || n != e.len)) fail("a recv line not handed out whole and in order", data, size);
        log_calls++;
    }
    if (log.differences != 0) fail("a net log's own calls counted as not in it", data, size);
    /* What the recorder wrote is the same calls (a line break or return in a text is written as a space). */
    copy = malloc(written_len + 1);
    memcpy(copy, written, written_len);
    copy[written_len] = '\0';
    if (net_log_parse(&again, copy, written_len, err, sizeof err) < 0) fail("a recorded log that does not read back", data, size);
    if (again.count != log.count) fail("a recorded log of another number of calls", data, size);
    for (i = 0; i < log.count; i++) {
        const NetLogEntry *a = &log.entries[i], *b = &again.entries[i];
        size_t k;
        if (a->frame != b->frame || a->kind != b->kind || a->ok != b->ok || a->peer != b->peer || a->len != b->len) fail("a recorded call that reads back otherwise", data, size);
        for (k = 0; k < a->len; k++)
            if (b->text[k] != (a->text[k] == '\r' ? ' ' : a->text[k])) fail("a recorded text that reads back otherwise", data, size);
    }
    net_log_free(&again);
    /* A call it has not got is counted and described. */
    (void)host.nearby_ping(host.nearby_user, 9);
    if (log.differences != 1 || strlen(log.first) == 0 || strlen(log.first) >= sizeof log.first) fail("a call not in the log not described", data, size);
    net_log_free(&log);
}

#ifndef NET_LIBFUZZER
/* Seeds: frames the server sends, JSON the script and the matchmaking send. */
static const char *const SEEDS[] = {
    /* (No NUL bytes in a seed: each is a C string.) */
    "\x0d\x04\x94\x05\x92\x01\x02\xa3" "abc\xcb\x40\x09\x21\xfb\x54\x44\x2d\x18", /* a step-like message */
    "\x0d\x01\x97\xa7" "ABCDEFG\x01\x02\x94\xa3" "Ann\xa2\xd0\x9a\xa0\xa0\x94\x01\x01\x02\x02\x94\x01\x01\x01\x01\x83\xa7" "options\x82\xa7" "ruleSet\xa7" "classic\xa7" "players\x04\xa4" "cpus\x02\xaa" "difficulty\xa4" "hard",
    "\x0d\x08\x91\xae" "serverStopping",
    "\x0a\x0a" "abcdefghij\x0a" "schema-ish",
    "\x0b\xcd\x10\x04\xa9" "not found",
    "\x0a\x0a" "abcdefghij\x01" "x",
    "\x0c",
    "[2,[17,312]]",
    "[1,[]]",
    "{\"op\":\"create\",\"name\":\"\xd0\x9a\xd0\xb8\xd0\xbc\",\"setup\":{\"options\":{\"ruleSet\":\"russian\",\"players\":3},\"cpus\":1,\"difficulty\":\"hard\"}}",
    "{\"op\":\"join\",\"code\":\"Q7RUVCH\",\"name\":\"Ann\"}",
    "{\"room\":{\"clients\":0,\"locked\":false,\"private\":false,\"maxClients\":2,\"name\":\"ratscrew\",\"processId\":\"V5EGIonNV\",\"roomId\":\"WVTFVFH\",\"publicAddress\":\"127.0.0.1:25542/s1\"},\"sessionId\":\"3MkAot-Zc\"}",
    "{\"code\":4212,\"error\":\"room \\\"ZZZZZZZ\\\" not found\"}",
    "[\"\\ud83c\\udccf\",-1.5e3,true,false,null,{\"a\":[[[]]]}]",
    /* A message log with a line of every kind (log.h). */
    "ratscrew-net-log 1\n3 open 1 {\"op\":\"join\",\"code\":\"ABCDEFG\",\"name\":\"Kim\",\"via\":\"nearby\"}\n4 recv [\"joined\",\"ABCDEFG\"]\n"
    "5 send 0 [2,[1]]\n6 close\n7 nearby-open 1 ABCDEFG\n8 nearby-recv [\"open\"]\n8 nearby-recv [\"hello\",1,\"{}\"]\n"
    "8 nearby-send 1 1 [\"joined\",\"ABCDEFG\"]\n9 nearby-ping 0 3\n9 nearby-recv [\"pong\",1]\n9 nearby-close\n",
};

/* Room event seeds (kind, length, bytes...: room_events), built at start. */
static uint8_t room_seed[2][512];
static size_t room_seed_len[2];

static void event(int s, uint8_t kind, const void *bytes, size_t len)
{
    uint8_t *b = room_seed[s] + room_seed_len[s];
    b[0] = kind, b[1] = (uint8_t)len;
    if (kind == 5) len = 0; /* a tick: len is its time */
    memcpy(b + 2, bytes, len);
    room_seed_len[s] += 2 + len;
}

static void make_room_seeds(void)
{
    static const char SEAT[] = "{\"room\":{\"processId\":\"P1\",\"roomId\":\"ROOMABC\",\"publicAddress\":\"h:1/s\"},\"sessionId\":\"S1\"}";
    static const char BACK[] = "{\"room\":{\"processId\":\"P2\",\"roomId\":\"ROOMABC\"},\"sessionId\":\"S2\"}";
    static const uint8_t JOINED[] = { 10, 3, 't', 'o', 'k', 2, 'a', 'b' };
    static const uint8_t FLY[] = { 13, 3, 0x92, 7, 1 };
    static const uint8_t ERR[] = { 11, 0xcd, 0x10, 0x04, 0xa3, 'b', 'a', 'd' };
    static const uint8_t LEAVE[] = { 12 };
    static const char SLAP[] = "[2,[17,312]]";
    static const uint8_t ONE[] = { 1 }, DROP[] = { 6 };
    int s;
    for (s = 0; s < 2; s++) {
        event(s, 0, ONE, 1);
        event(s, 1, s ? BACK : SEAT, strlen(s ? BACK : SEAT));
        event(s, 2, ONE, 1);
        event(s, 3, JOINED, sizeof JOINED);
        event(s, 3, FLY, sizeof FLY);
        event(s, 6, SLAP, strlen(SLAP));
        event(s, 8, ONE, 1);
        event(s, s ? 4 : 3, s ? (const void *)ONE : (const void *)ERR, s ? 0 : sizeof ERR);
        event(s, 5, DROP, 20);
        event(s, 1, BACK, strlen(BACK));
        event(s, 3, JOINED, sizeof JOINED);
        event(s, 3, s ? LEAVE : FLY, s ? sizeof LEAVE : sizeof FLY);
        event(s, 7, ONE, 1);
        event(s, 8, ONE, 1);
    }
}

/* Nearby event seeds: a host's whole life, a joiner's (nearby_events). */
static uint8_t nearby_seed[2][1024];
static size_t nearby_seed_len[2];

static void nearby_event(int s, uint8_t kind, const void *bytes, size_t len)
{
    uint8_t *b = nearby_seed[s] + nearby_seed_len[s];
    b[0] = kind, b[1] = (uint8_t)len;
    if (kind == 6 || kind == 16) len = 0; /* a tick or the transport's mood: len is its value */
    memcpy(b + 2, bytes, len);
    nearby_seed_len[s] += 2 + len;
}

/* A frame of kind with body, after a peer byte when peer >= 0. */
static size_t nearby_seed_frame(uint8_t *out, int peer, int kind, const char *body)
{
    size_t n = strlen(body), at = 0;
    if (peer >= 0) out[at++] = (uint8_t)peer;
    out[at++] = (uint8_t)kind, out[at++] = (uint8_t)(n >> 8), out[at++] = (uint8_t)n;
    memcpy(out + at, body, n);
    return at + n;
}

static void make_nearby_seeds(void)
{
    static const char JOIN[] = "{\"op\":\"join\",\"code\":\"ABCDEFG\",\"name\":\"Kim\",\"via\":\"nearby\"}";
    uint8_t f[200];
    static const uint8_t ONE[] = { 1 }, BAD[] = { 1, 9, 0, 0 };
    static const char JOINED[] = "\x01[\"joined\",\"ABCDEFG\"]", DEAL[] = "\x01[\"m\",2,[1,[\"Psp\",\"Kim\"]]]";
    /* The host. */
    nearby_event(0, 0, "ABCDEFG", 7);
    nearby_event(0, 1, ONE, 1);
    nearby_event(0, 3, ONE, 1);
    nearby_event(0, 4, f, nearby_seed_frame(f, 1, 1, JOIN));
    nearby_event(0, 10, ONE, 1);
    nearby_event(0, 7, JOINED, sizeof JOINED - 1);
    nearby_event(0, 4, f, nearby_seed_frame(f, 1, 3, "[3,[0,100]]"));
    nearby_event(0, 4, f, nearby_seed_frame(f, 1, 3, "[3,\"\\u00e9\\\\\\\"\",\n{}]")); /* escapes and whitespace in the text */
    nearby_event(0, 8, ONE, 1);
    nearby_event(0, 4, f, nearby_seed_frame(f, 1, 5, ""));
    nearby_event(0, 7, DEAL, sizeof DEAL - 1);
    nearby_event(0, 5, ONE, 1);
    nearby_event(0, 3, ONE, 1);
    nearby_event(0, 4, f, nearby_seed_frame(f, 1, 1, JOIN));
    nearby_event(0, 4, BAD, sizeof BAD);
    {
        static const uint8_t LONG[] = { 1, 3, 0xff, 0xff, '[' }; /* a MSG claiming 65535 bytes, then a flood of '[' */
        nearby_event(0, 3, ONE, 1);
        nearby_event(0, 4, f, nearby_seed_frame(f, 1, 1, JOIN));
        nearby_event(0, 4, LONG, 4);
        nearby_event(0, 20, LONG + 4, 1);
    }
    nearby_event(0, 6, ONE, 70);
    nearby_event(0, 9, ONE, 1);
    nearby_event(0, 10, ONE, 1);
    /* The joiner. */
    nearby_event(1, 11, ONE, 1);
    nearby_event(1, 12, ONE, 1);
    nearby_event(1, 14, f, nearby_seed_frame(f, -1, 2, "[\"joined\",\"ABCDEFG\"]"));
    nearby_event(1, 17, "[3,[0,100]]", 11);
    nearby_event(1, 14, f, nearby_seed_frame(f, -1, 4, ""));
    nearby_event(1, 6, ONE, 15);
    nearby_event(1, 19, ONE, 1);
    nearby_event(1, 15, ONE, 1);
    nearby_event(1, 6, ONE, 25);
    nearby_event(1, 12, ONE, 1);
    nearby_event(1, 14, f, nearby_seed_frame(f, -1, 2, "[\"m\",7,{\"a\":[1.5,-2,\"\\u00e9\"]}]"));
    nearby_event(1, 14, BAD + 1, 3);
    nearby_event(1, 11, ONE, 1);
    nearby_event(1, 12, ONE, 1);
    nearby_event(1, 20, "\x02\x20", 2);
    nearby_event(1, 19, ONE, 1);
}

static uint32_t rng = 20261204u;
static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

int main(int argc, char **argv)
{
    long runs = argc > 1 ? atol(argv[1]) : 200000, r;
    static const uint8_t interesting[] = { 0x00, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc4, 0xca, 0xcb, 0xcf, 0xd3, 0xd9, 0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xe0, 0xff, '"', '\\', '[', ']', '{', '}', ',', ':' };
    uint8_t buf[1024];
    size_t nseeds = sizeof SEEDS / sizeof SEEDS[0];
    make_room_seeds();
    make_nearby_seeds();
    for (r = 0; r < runs; r++) {
        size_t len, i, edits;
        if (r % 8 == 0) {
            /* Random bytes. */
            len = next() % 64;
            for (i = 0; i < len; i++) buf[i] = (uint8_t)next();
        } else {
            size_t pick = next() % (nseeds + 4);
            if (pick < nseeds) {
                len = strlen(SEEDS[pick]);
                memcpy(buf, SEEDS[pick], len);
            } else if (pick < nseeds + 2) {
                len = room_seed_len[pick - nseeds];
                memcpy(buf, room_seed[pick - nseeds], len);
            } else {
                len = nearby_seed_len[pick - nseeds - 2];
                memcpy(buf, nearby_seed[pick - nseeds - 2], len);
            }
            edits = 1 + next() % 4;
            for (i = 0; i < edits && len > 0; i++) {
                size_t at = next() % len;
                switch (next() % 5) {
                case 0: buf[at] = (uint8_t)next(); break;
                case 1: buf[at] = interesting[next() % sizeof interesting]; break;
                case 2: len = at; break; /* cut */
                case 3: if (len < sizeof buf) { memmove(buf + at + 1, buf + at, len - at); buf[at] = interesting[next() % sizeof interesting]; len++; } break;
                default: buf[at] ^= (uint8_t)(1u << (next() % 8)); break;
                }
            }
        }
        LLVMFuzzerTestOneInput(buf, len);
    }
    printf("net_fuzz: %ld inputs, no fault (%ld joined a room; %ld lines for the script; nearby: %ld hellos, %ld lines, %ld frames; %ld net logs read, %ld of their calls replayed)\n",
           runs, joined_runs, lines_out, nearby_hellos, nearby_lines_out, nearby_frames_out, logs_read, log_calls);
    return 0;
}
#endif
