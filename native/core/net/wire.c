/* The online rooms' wire: MessagePack <-> JSON, Colyseus's frames, the
 * matchmaking's requests and answers (wire.h). Every read is bounded by
 * its input's length and every write by its buffer's; nesting is limited;
 * anything else is refused with a reason. */
#include "wire.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- writing JSON ---- */

typedef struct {
    char *p;
    size_t cap, n;
    int full;
} Out;

static void put(Out *o, const char *s, size_t k)
{
    if (o->full || k >= o->cap - o->n) {
        o->full = 1;
        return;
    }
    memcpy(o->p + o->n, s, k);
    o->n += k;
}

static void puts_(Out *o, const char *s) { put(o, s, strlen(s)); }

/* ---- reading MessagePack ---- */

typedef struct {
    const uint8_t *p;
    size_t len, at;
    const char *why;
} In;

static int need(In *in, size_t k)
{
    if (in->len - in->at >= k) return 1;
    in->why = "a message cut short";
    return 0;
}

static uint64_t be(In *in, size_t k)
{
    uint64_t v = 0;
    size_t i;
    for (i = 0; i < k; i++) v = (v << 8) | in->p[in->at + i];
    in->at += k;
    return v;
}

/* The length of the UTF-8 sequence at s (at most left bytes), 0 if it is not one. */
static size_t utf8_char(const uint8_t *s, size_t left)
{
    uint8_t b = s[0];
    size_t k, i;
    uint32_t c;
    if (b < 0x80) return 1;
    if (b >= 0xc2 && b <= 0xdf) k = 2, c = b & 0x1f;
    else if (b >= 0xe0 && b <= 0xef) k = 3, c = b & 0x0f;
    else if (b >= 0xf0 && b <= 0xf4) k = 4, c = b & 0x07;
    else return 0;
    if (left < k) return 0;
    for (i = 1; i < k; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        c = (c << 6) | (s[i] & 0x3f);
    }
    if ((k == 3 && c < 0x800) || (k == 4 && (c < 0x10000 || c > 0x10ffff)) || (c >= 0xd800 && c <= 0xdfff)) return 0;
    return k;
}

static int json_string(In *in, Out *o, size_t k)
{
    const uint8_t *s;
    size_t i = 0;
    if (!need(in, k)) return 0;
    s = in->p + in->at;
    put(o, "\"", 1);
    while (i < k) {
        uint8_t b = s[i];
        size_t u;
        if (b == '"' || b == '\\') {
            char esc[2] = { '\\', (char)b };
            put(o, esc, 2);
            i++;
        } else if (b < 0x20) {
            char esc[8];
            snprintf(esc, sizeof esc, "\\u%04x", b);
            put(o, esc, 6);
            i++;
        } else if ((u = utf8_char(s + i, k - i)) == 0) {
            in->why = "a string that is not UTF-8";
            return 0;
        } else {
            put(o, (const char *)s + i, u);
            i += u;
        }
    }
    put(o, "\"", 1);
    in->at += k;
    return 1;
}

static void json_int(Out *o, long long v)
{
    char b[24];
    put(o, b, (size_t)snprintf(b, sizeof b, "%lld", v));
}

static void json_uint(Out *o, unsigned long long v)
{
    char b[24];
    put(o, b, (size_t)snprintf(b, sizeof b, "%llu", v));
}

static void json_double(Out *o, double v)
{
    char b[32];
    /* JSON has no NaN or infinity. */
    if (v != v || v > 1.7976931348623157e308 || v < -1.7976931348623157e308) {
        puts_(o, "null");
        return;
    }
    /* -0 is 0 to the script (JSON.stringify(-0) is "0"), and "-0" would
     * come back from JSON as the integer 0: a value that changed. */
    if (v == 0) {
        puts_(o, "0");
        return;
    }
    put(o, b, (size_t)snprintf(b, sizeof b, "%.17g", v));
}

static int mp_value(In *in, Out *o, int depth);

static int mp_items(In *in, Out *o, uint64_t count, int map, int depth)
{
    uint64_t i;
    /* Every item takes a byte at least: a count past what is left is a lie. */
    if (count > (in->len - in->at) / (map ? 2 : 1)) {
        in->why = "a message cut short";
        return 0;
    }
    put(o, map ? "{" : "[", 1);
    for (i = 0; i < count; i++) {
        if (i > 0) put(o, ",", 1);
        if (map) {
            uint8_t b;
            size_t k;
            if (!need(in, 1)) return 0;
            b = in->p[in->at++];
            if ((b & 0xe0) == 0xa0) k = b & 0x1f;
            else if (b == 0xd9 && need(in, 1)) k = (size_t)be(in, 1);
            else if (b == 0xda && need(in, 2)) k = (size_t)be(in, 2);
            else {
                in->why = in->why ? in->why : "a map key that is not a string";
                return 0;
            }
            if (!json_string(in, o, k)) return 0;
            put(o, ":", 1);
        }
        if (!mp_value(in, o, depth + 1)) return 0;
    }
    put(o, map ? "}" : "]", 1);
    return 1;
}

static int mp_value(In *in, Out *o, int depth)
{
    uint8_t b;
    if (depth > WIRE_DEPTH_MAX) {
        in->why = "values nested too deep";
        return 0;
    }
    if (!need(in, 1)) return 0;
    b = in->p[in->at++];
    if (b <= 0x7f) return json_int(o, b), 1;
    if (b >= 0xe0) return json_int(o, (int8_t)b), 1;
    if ((b & 0xf0) == 0x80) return mp_items(in, o, b & 0x0f, 1, depth);
    if ((b & 0xf0) == 0x90) return mp_items(in, o, b & 0x0f, 0, depth);
    if ((b & 0xe0) == 0xa0) return json_string(in, o, b & 0x1f);
    switch (b) {
    case 0xc0: return puts_(o, "null"), 1;
    case 0xc2: return puts_(o, "false"), 1;
    case 0xc3: return puts_(o, "true"), 1;
    case 0xcc: return need(in, 1) && (json_uint(o, be(in, 1)), 1);
    case 0xcd: return need(in, 2) && (json_uint(o, be(in, 2)), 1);
    case 0xce: return need(in, 4) && (json_uint(o, be(in, 4)), 1);
    case 0xcf: return need(in, 8) && (json_uint(o, be(in, 8)), 1);
    case 0xd0: return need(in, 1) && (json_int(o, (int8_t)be(in, 1)), 1);
    case 0xd1: return need(in, 2) && (json_int(o, (int16_t)be(in, 2)), 1);
    case 0xd2: return need(in, 4) && (json_int(o, (int32_t)be(in, 4)), 1);
    case 0xd3: return need(in, 8) && (json_int(o, (long long)(int64_t)be(in, 8)), 1);
    case 0xca: {
        uint32_t bits;
        float f;
        if (!need(in, 4)) return 0;
        bits = (uint32_t)be(in, 4);
        memcpy(&f, &bits, 4);
        json_double(o, f);
        return 1;
    }
    case 0xcb: {
        uint64_t bits;
        double d;
        if (!need(in, 8)) return 0;
        bits = be(in, 8);
        memcpy(&d, &bits, 8);
        json_double(o, d);
        return 1;
    }
    case 0xd9: return need(in, 1) && json_string(in, o, (size_t)be(in, 1));
    case 0xda: return need(in, 2) && json_string(in, o, (size_t)be(in, 2));
    case 0xdb: return need(in, 4) && json_string(in, o, (size_t)be(in, 4));
    case 0xdc: return need(in, 2) && mp_items(in, o, be(in, 2), 0, depth);
    case 0xdd: return need(in, 4) && mp_items(in, o, be(in, 4), 0, depth);
    case 0xde: return need(in, 2) && mp_items(in, o, be(in, 2), 1, depth);
    case 0xdf: return need(in, 4) && mp_items(in, o, be(in, 4), 1, depth);
    default:
        in->why = "a kind of value the rooms never send (binary or extension)";
        return 0;
    }
}

static int finish(Out *o, const char **why)
{
    if (o->full) {
        *why = "a message too long for the host's buffer";
        return 0;
    }
    o->p[o->n] = '\0';
    return 1;
}

int wire_msgpack_to_json(const uint8_t *p, size_t len, size_t *used, char *json, size_t cap, size_t *json_len, const char **why)
{
    In in = { p, len, 0, NULL };
    Out o = { json, cap, 0, cap == 0 };
    *json_len = 0;
    if (!mp_value(&in, &o, 0)) {
        *why = in.why ? in.why : "a malformed message";
        return 0;
    }
    if (!finish(&o, why)) return 0;
    *used = in.at;
    *json_len = o.n;
    return 1;
}

/* ---- reading JSON, writing MessagePack ---- */

typedef struct {
    const char *s;
    size_t len, at;
    uint8_t *o;
    size_t cap, n;
    const char *why;
} J;

static void ws(J *j)
{
    while (j->at < j->len && (j->s[j->at] == ' ' || j->s[j->at] == '\t' || j->s[j->at] == '\n' || j->s[j->at] == '\r')) j->at++;
}

static int bad(J *j, const char *why)
{
    if (!j->why) j->why = why;
    return 0;
}

static int emit(J *j, const uint8_t *b, size_t k)
{
    if (k > j->cap - j->n) return bad(j, "a message too long for the host's buffer");
    memcpy(j->o + j->n, b, k);
    j->n += k;
    return 1;
}

static int emit_byte(J *j, uint8_t b) { return emit(j, &b, 1); }

static int emit_be(J *j, uint8_t lead, uint64_t v, int k)
{
    uint8_t b[9];
    int i;
    b[0] = lead;
    for (i = 0; i < k; i++) b[1 + i] = (uint8_t)(v >> (8 * (k - 1 - i)));
    return emit(j, b, (size_t)k + 1);
}

static int emit_int(J *j, long long v)
{
    if (v >= 0 && v <= 0x7f) return emit_byte(j, (uint8_t)v);
    if (v < 0 && v >= -32) return emit_byte(j, (uint8_t)(int8_t)v);
    if (v >= 0) {
        if (v <= 0xff) return emit_be(j, 0xcc, (uint64_t)v, 1);
        if (v <= 0xffff) return emit_be(j, 0xcd, (uint64_t)v, 2);
        if (v <= 0xffffffffLL) return emit_be(j, 0xce, (uint64_t)v, 4);
        return emit_be(j, 0xcf, (uint64_t)v, 8);
    }
    if (v >= -128) return emit_be(j, 0xd0, (uint64_t)(uint8_t)(int8_t)v, 1);
    if (v >= -32768) return emit_be(j, 0xd1, (uint64_t)(uint16_t)(int16_t)v, 2);
    if (v >= -2147483647LL - 1) return emit_be(j, 0xd2, (uint64_t)(uint32_t)(int32_t)v, 4);
    return emit_be(j, 0xd3, (uint64_t)v, 8);
}

/* A container's header goes where 5 bytes were kept for it, its body moved up to meet it. */
static int close_header(J *j, size_t start, uint64_t count, int kind /* 0 array, 1 map, 2 string */)
{
    static const uint8_t fix[3] = { 0x90, 0x80, 0xa0 };
    static const uint8_t small[3] = { 0xdc, 0xde, 0xd9 };
    static const uint8_t large[3] = { 0xdd, 0xdf, 0xdb };
    uint8_t h[5];
    size_t hs, body = j->n - start - 5;
    if (count < (kind == 2 ? 32u : 16u)) h[0] = (uint8_t)(fix[kind] | count), hs = 1;
    else if (kind == 2 && count <= 0xff) h[0] = small[2], h[1] = (uint8_t)count, hs = 2;
    else if (count <= 0xffff) h[0] = kind == 2 ? 0xda : small[kind], h[1] = (uint8_t)(count >> 8), h[2] = (uint8_t)count, hs = 3;
    else if (count <= 0xffffffffu) {
        h[0] = large[kind];
        h[1] = (uint8_t)(count >> 24), h[2] = (uint8_t)(count >> 16), h[3] = (uint8_t)(count >> 8), h[4] = (uint8_t)count;
        hs = 5;
    } else return bad(j, "a value too large");
    memcpy(j->o + start, h, hs);
    memmove(j->o + start + hs, j->o + start + 5, body);
    j->n = start + hs + body;
    return 1;
}

static int keep_header(J *j, size_t *start)
{
    static const uint8_t none[5] = { 0 };
    *start = j->n;
    return emit(j, none, 5);
}

static int hex4(J *j, uint32_t *v)
{
    size_t i;
    *v = 0;
    if (j->len - j->at < 4) return bad(j, "a string cut short");
    for (i = 0; i < 4; i++) {
        char c = j->s[j->at++];
        *v <<= 4;
        if (c >= '0' && c <= '9') *v |= (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f') *v |= (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') *v |= (uint32_t)(c - 'A' + 10);
        else return bad(j, "a bad \\u escape");
    }
    return 1;
}

static int emit_utf8(J *j, uint32_t c)
{
    uint8_t b[4];
    if (c < 0x80) return emit_byte(j, (uint8_t)c);
    if (c < 0x800) {
        b[0] = (uint8_t)(0xc0 | (c >> 6)), b[1] = (uint8_t)(0x80 | (c & 0x3f));
        return emit(j, b, 2);
    }
    if (c < 0x10000) {
        b[0] = (uint8_t)(0xe0 | (c >> 12)), b[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3f)), b[2] = (uint8_t)(0x80 | (c & 0x3f));
        return emit(j, b, 3);
    }
    b[0] = (uint8_t)(0xf0 | (c >> 18)), b[1] = (uint8_t)(0x80 | ((c >> 12) & 0x3f)), b[2] = (uint8_t)(0x80 | ((c >> 6) & 0x3f)), b[3] = (uint8_t)(0x80 | (c & 0x3f));
    return emit(j, b, 4);
}

static int j_string(J *j)
{
    size_t start;
    j->at++; /* the opening quote */
    if (!keep_header(j, &start)) return 0;
    for (;;) {
        uint8_t c;
        if (j->at >= j->len) return bad(j, "a string cut short");
        c = (uint8_t)j->s[j->at];
        if (c == '"') {
            j->at++;
            return close_header(j, start, j->n - start - 5, 2);
        }
        if (c < 0x20) return bad(j, "a control character in a string");
        if (c == '\\') {
            uint32_t u, lo;
            if (++j->at >= j->len) return bad(j, "a string cut short");
            c = (uint8_t)j->s[j->at++];
            switch (c) {
            case '"': case '\\': case '/': if (!emit_byte(j, c)) return 0; break;
            case 'b': if (!emit_byte(j, '\b')) return 0; break;
            case 'f': if (!emit_byte(j, '\f')) return 0; break;
            case 'n': if (!emit_byte(j, '\n')) return 0; break;
            case 'r': if (!emit_byte(j, '\r')) return 0; break;
            case 't': if (!emit_byte(j, '\t')) return 0; break;
            case 'u':
                if (!hex4(j, &u)) return 0;
                if (u >= 0xdc00 && u <= 0xdfff) return bad(j, "a lone surrogate in a string");
                if (u >= 0xd800 && u <= 0xdbff) {
                    if (j->len - j->at < 6 || j->s[j->at] != '\\' || j->s[j->at + 1] != 'u') return bad(j, "a lone surrogate in a string");
                    j->at += 2;
                    if (!hex4(j, &lo)) return 0;
                    if (lo < 0xdc00 || lo > 0xdfff) return bad(j, "a lone surrogate in a string");
                    u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
                }
                if (!emit_utf8(j, u)) return 0;
                break;
            default: return bad(j, "a bad escape in a string");
            }
        } else {
            size_t k = utf8_char((const uint8_t *)j->s + j->at, j->len - j->at);
            if (k == 0) return bad(j, "a string that is not UTF-8");
            if (!emit(j, (const uint8_t *)j->s + j->at, k)) return 0;
            j->at += k;
        }
    }
}

static int digits(J *j)
{
    size_t from = j->at;
    while (j->at < j->len && j->s[j->at] >= '0' && j->s[j->at] <= '9') j->at++;
    return j->at > from;
}

static int j_number(J *j)
{
    size_t from = j->at;
    int whole = 1;
    char text[64];
    if (j->s[j->at] == '-') j->at++;
    if (j->at < j->len && j->s[j->at] == '0') j->at++;
    else if (!digits(j)) return bad(j, "a malformed number");
    if (j->at < j->len && j->s[j->at] == '.') {
        j->at++;
        whole = 0;
        if (!digits(j)) return bad(j, "a malformed number");
    }
    if (j->at < j->len && (j->s[j->at] == 'e' || j->s[j->at] == 'E')) {
        j->at++;
        whole = 0;
        if (j->at < j->len && (j->s[j->at] == '+' || j->s[j->at] == '-')) j->at++;
        if (!digits(j)) return bad(j, "a malformed number");
    }
    if (j->at - from >= sizeof text) return bad(j, "a number too long");
    memcpy(text, j->s + from, j->at - from);
    text[j->at - from] = '\0';
    if (whole) {
        /* Whole numbers stay integers as far as 64 bits hold them (MessagePack's int64 and uint64). */
        errno = 0;
        if (text[0] == '-') {
            long long v = strtoll(text, NULL, 10);
            if (errno == 0) return emit_int(j, v);
        } else {
            unsigned long long v = strtoull(text, NULL, 10);
            if (errno == 0) return v <= 0x7fffffffffffffffULL ? emit_int(j, (long long)v) : emit_be(j, 0xcf, v, 8);
        }
    }
    {
        double d = strtod(text, NULL);
        uint64_t bits;
        memcpy(&bits, &d, 8);
        return emit_be(j, 0xcb, bits, 8);
    }
}

static int literal(J *j, const char *word, uint8_t code)
{
    size_t k = strlen(word);
    if (j->len - j->at < k || memcmp(j->s + j->at, word, k) != 0) return bad(j, "not JSON");
    j->at += k;
    return emit_byte(j, code);
}

static int j_value(J *j, int depth)
{
    char c;
    ws(j);
    if (j->at >= j->len) return bad(j, "JSON cut short");
    if (depth > WIRE_DEPTH_MAX) return bad(j, "values nested too deep");
    c = j->s[j->at];
    if (c == '"') return j_string(j);
    if (c == '-' || (c >= '0' && c <= '9')) return j_number(j);
    if (c == 't') return literal(j, "true", 0xc3);
    if (c == 'f') return literal(j, "false", 0xc2);
    if (c == 'n') return literal(j, "null", 0xc0);
    if (c == '[' || c == '{') {
        int map = c == '{';
        size_t start;
        uint64_t count = 0;
        j->at++;
        if (!keep_header(j, &start)) return 0;
        ws(j);
        if (j->at < j->len && j->s[j->at] == (map ? '}' : ']')) {
            j->at++;
            return close_header(j, start, 0, map);
        }
        for (;;) {
            if (map) {
                ws(j);
                if (j->at >= j->len || j->s[j->at] != '"') return bad(j, "an object key that is not a string");
                if (!j_string(j)) return 0;
                ws(j);
                if (j->at >= j->len || j->s[j->at] != ':') return bad(j, "not JSON");
                j->at++;
            }
            if (!j_value(j, depth + 1)) return 0;
            count++;
            ws(j);
            if (j->at >= j->len) return bad(j, "JSON cut short");
            if (j->s[j->at] == ',') {
                j->at++;
                continue;
            }
            if (j->s[j->at] != (map ? '}' : ']')) return bad(j, "not JSON");
            j->at++;
            return close_header(j, start, count, map);
        }
    }
    return bad(j, "not JSON");
}

size_t wire_json_to_msgpack(const char *json, size_t len, uint8_t *out, size_t cap, const char **why)
{
    J j = { json, len, 0, out, cap, 0, NULL };
    if (!j_value(&j, 0)) {
        *why = j.why;
        return 0;
    }
    ws(&j);
    if (j.at != len) {
        *why = "more after the JSON value";
        return 0;
    }
    return j.n;
}

/* ---- frames ---- */

static int is_int_lead(uint8_t b)
{
    return b <= 0x7f || b >= 0xe0 || (b >= 0xcc && b <= 0xd3);
}

size_t wire_write_message(const char *json, size_t len, uint8_t *out, size_t cap, const char **why)
{
    size_t n;
    if (cap < 2) {
        *why = "a message too long for the host's buffer";
        return 0;
    }
    n = wire_json_to_msgpack(json, len, out + 1, cap - 1, why);
    if (n == 0) return 0;
    /* [type, payload]: a fixarray of two, its first an integer. */
    if (out[1] != 0x92 || n < 3 || !is_int_lead(out[2])) {
        *why = "a room message is [type, payload] with an integer type";
        return 0;
    }
    out[0] = WIRE_ROOM_DATA;
    memmove(out + 1, out + 2, n - 1);
    return n;
}

/* A room message ([13, type, payload]) or a refusal ([11, code, text]) as JSON. */
static WireKind read_pair(const uint8_t *frame, size_t len, char *json, size_t cap, WireFrame *f)
{
    In in = { frame, len, 1, NULL };
    Out o = { json, cap, 0, cap == 0 };
    int data = frame[0] == WIRE_ROOM_DATA;
    puts_(&o, data ? "[\"m\"," : "[");
    if (!mp_value(&in, &o, 1)) {
        f->why = in.why ? in.why : "a malformed message";
        return f->kind = WIRE_BAD;
    }
    put(&o, ",", 1);
    /* A message without a payload (start) has none on the wire. */
    if (in.at == len) puts_(&o, "null");
    else if (!mp_value(&in, &o, 1)) {
        f->why = in.why ? in.why : "a malformed message";
        return f->kind = WIRE_BAD;
    }
    put(&o, "]", 1);
    if (in.at != len) {
        f->why = "more after a message";
        return f->kind = WIRE_BAD;
    }
    if (!finish(&o, &f->why)) return f->kind = WIRE_BAD;
    f->json_len = o.n;
    return f->kind = data ? WIRE_MESSAGE : WIRE_REFUSED;
}

WireKind wire_read_frame(const uint8_t *frame, size_t len, char *json, size_t cap, WireFrame *f)
{
    memset(f, 0, sizeof *f);
    if (cap > 0) json[0] = '\0';
    if (len == 0) {
        f->why = "an empty frame";
        return f->kind = WIRE_BAD;
    }
    switch (frame[0]) {
    case WIRE_ROOM_DATA:
    case WIRE_ERROR:
        return read_pair(frame, len, json, cap, f);
    case WIRE_JOIN_ROOM: {
        size_t k, i;
        if (len < 2 || (k = frame[1]) > WIRE_ID_MAX || len < 2 + k) {
            f->why = "a malformed join";
            return f->kind = WIRE_BAD;
        }
        for (i = 0; i < k; i++) {
            uint8_t c = frame[2 + i];
            if (c <= 0x20 || c >= 0x7f) {
                f->why = "a malformed join";
                return f->kind = WIRE_BAD;
            }
            f->token[i] = (char)c;
        }
        f->token[k] = '\0';
        return f->kind = WIRE_JOINED;
    }
    case WIRE_LEAVE_ROOM:
        return f->kind = WIRE_LEAVE;
    case WIRE_ROOM_STATE:
    case WIRE_ROOM_STATE_PATCH:
    case WIRE_ROOM_DATA_BYTES:
        return f->kind = WIRE_IGNORED;
    default:
        f->why = "an unknown kind of frame";
        return f->kind = WIRE_BAD;
    }
}

/* ---- matchmaking ---- */

/* Skips one MessagePack value: read as JSON into nowhere. */
static int mp_skip(In *in, int depth)
{
    char sink[1];
    Out none = { sink, 0, 0, 1 };
    return mp_value(in, &none, depth);
}

/* At a map's key: if it is the string `name`, 1 with in->at on its value. */
static int mp_key_is(In *in, const char *name)
{
    size_t k, n = strlen(name);
    uint8_t b;
    if (!need(in, 1)) return 0;
    b = in->p[in->at];
    if ((b & 0xe0) != 0xa0) return -1;
    k = b & 0x1f;
    if (!need(in, 1 + k)) return 0;
    if (k == n && memcmp(in->p + in->at + 1, name, n) == 0) {
        in->at += 1 + k;
        return 1;
    }
    return -1;
}

/* A map's header at in: its size, or -1. */
static long mp_map(In *in)
{
    uint8_t b;
    if (!need(in, 1)) return -1;
    b = in->p[in->at++];
    if ((b & 0xf0) == 0x80) return b & 0x0f;
    if (b == 0xde && need(in, 2)) return (long)be(in, 2);
    return -1;
}

/* A string value at in into dst (at most cap - 1 bytes of the characters allowed); 0 if it is not one. */
static int mp_text(In *in, char *dst, size_t cap, int id)
{
    uint8_t b;
    size_t k, i;
    if (!need(in, 1)) return 0;
    b = in->p[in->at++];
    if ((b & 0xe0) == 0xa0) k = b & 0x1f;
    else if (b == 0xd9 && need(in, 1)) k = (size_t)be(in, 1);
    else return 0;
    if (!need(in, k) || k >= cap) return 0;
    for (i = 0; i < k; i++) {
        uint8_t c = in->p[in->at + i];
        /* Ids go into URLs: letters, digits, _ and - only. Other text: printable. */
        int ok = id ? ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-')
                    : (c >= 0x20 && c != 0x7f);
        if (!ok) return 0;
        dst[i] = (char)c;
    }
    dst[k] = '\0';
    in->at += k;
    return 1;
}

/* The value at in as JSON appended to o. */
static int mp_json(In *in, Out *o)
{
    return mp_value(in, o, 1);
}

int wire_matchmake_request(const char *request, size_t len, const char *room_name, int version, char *path, size_t path_cap, char *body, size_t body_cap, const char **why)
{
    uint8_t scratch[2048];
    size_t n = wire_json_to_msgpack(request, len, scratch, sizeof scratch, why);
    In in = { scratch, n, 0, NULL };
    Out o = { body, body_cap, 0, body_cap == 0 };
    char op[16] = "", code[WIRE_ID_MAX + 1] = "";
    size_t name_at = 0, setup_at = 0;
    long count, i;
    char head[32];
    if (n == 0) return 0;
    if ((count = mp_map(&in)) < 0) {
        *why = "a request is an object";
        return 0;
    }
    for (i = 0; i < count; i++) {
        if (mp_key_is(&in, "op") == 1) {
            if (!mp_text(&in, op, sizeof op, 1)) break;
        } else if (mp_key_is(&in, "code") == 1) {
            if (!mp_text(&in, code, sizeof code, 1)) {
                *why = "a room code is letters and digits";
                return 0;
            }
        } else if (mp_key_is(&in, "name") == 1) {
            name_at = in.at;
            if (!mp_skip(&in, 1)) break;
        } else if (mp_key_is(&in, "setup") == 1) {
            setup_at = in.at;
            if (!mp_skip(&in, 1)) break;
        } else if (!mp_skip(&in, 1) || !mp_skip(&in, 1)) break;
    }
    if (i < count || name_at == 0) {
        *why = "a request needs op and name";
        return 0;
    }
    if (strcmp(op, "create") == 0 && setup_at > 0) {
        if ((size_t)snprintf(path, path_cap, "create/%s", room_name) >= path_cap) goto long_;
    } else if (strcmp(op, "join") == 0 && code[0] != '\0') {
        if ((size_t)snprintf(path, path_cap, "joinById/%s", code) >= path_cap) goto long_;
    } else {
        *why = "op is create (with setup) or join (with code)";
        return 0;
    }
    snprintf(head, sizeof head, "{\"v\":%d,\"name\":", version);
    puts_(&o, head);
    in.at = name_at;
    if (!mp_json(&in, &o)) goto long_;
    if (setup_at > 0 && strcmp(op, "create") == 0) {
        puts_(&o, ",\"setup\":");
        in.at = setup_at;
        if (!mp_json(&in, &o)) goto long_;
    }
    put(&o, "}", 1);
    if (finish(&o, why)) return 1;
long_:
    *why = "a request too long";
    return 0;
}

int wire_request_via(const char *request, size_t len, char *via, size_t via_cap, char *code, size_t code_cap)
{
    uint8_t scratch[2048];
    const char *why = NULL;
    size_t n = wire_json_to_msgpack(request, len, scratch, sizeof scratch, &why);
    In in = { scratch, n, 0, NULL };
    long count, i;
    if (via_cap) via[0] = '\0';
    if (code_cap) code[0] = '\0';
    if (n == 0 || (count = mp_map(&in)) < 0) return 0;
    for (i = 0; i < count; i++) {
        int is_via = mp_key_is(&in, "via") == 1, is_code = !is_via && mp_key_is(&in, "code") == 1;
        size_t at = in.at;
        if (is_via || is_code) {
            char *dst = is_via ? via : code;
            size_t cap = is_via ? via_cap : code_cap;
            if (cap && mp_text(&in, dst, cap, 1)) continue;
            /* Not letters and digits that fit: "?" for a via (it is there, so
             * not the server's), "" for a code; the value skipped. */
            in.at = at;
            if (cap) snprintf(dst, cap, "%s", is_via ? "?" : "");
            if (!mp_skip(&in, 1)) return 1;
        } else if (!mp_skip(&in, 1) || !mp_skip(&in, 1)) return 1;
    }
    return 1;
}

int wire_read_seat(const char *json, size_t len, WireSeat *seat)
{
    uint8_t scratch[4096];
    const char *why = NULL;
    size_t n;
    In in;
    long count, i;
    memset(seat, 0, sizeof *seat);
    n = wire_json_to_msgpack(json, len, scratch, sizeof scratch, &why);
    in.p = scratch, in.len = n, in.at = 0, in.why = NULL;
    if (n == 0 || (count = mp_map(&in)) < 0) {
        snprintf(seat->error, sizeof seat->error, "the server's answer is not a seat: %s", why ? why : "not an object");
        return 0;
    }
    for (i = 0; i < count; i++) {
        if (mp_key_is(&in, "sessionId") == 1) {
            if (!mp_text(&in, seat->session_id, sizeof seat->session_id, 1)) break;
        } else if (mp_key_is(&in, "error") == 1) {
            if (!mp_text(&in, seat->error, sizeof seat->error, 0)) snprintf(seat->error, sizeof seat->error, "the server refused");
        } else if (mp_key_is(&in, "room") == 1) {
            long fields = mp_map(&in), f;
            if (fields < 0) break;
            for (f = 0; f < fields; f++) {
                if (mp_key_is(&in, "roomId") == 1) {
                    if (!mp_text(&in, seat->room_id, sizeof seat->room_id, 1)) break;
                } else if (mp_key_is(&in, "processId") == 1) {
                    if (!mp_text(&in, seat->process_id, sizeof seat->process_id, 1)) break;
                } else if (mp_key_is(&in, "publicAddress") == 1) {
                    if (!mp_text(&in, seat->public_address, sizeof seat->public_address, 0)) break;
                } else if (!mp_skip(&in, 1) || !mp_skip(&in, 1)) break;
            }
            if (f < fields) break;
        } else if (!mp_skip(&in, 1) || !mp_skip(&in, 1)) break;
    }
    if (seat->error[0] != '\0') return 0;
    if (i < count || seat->room_id[0] == '\0' || seat->process_id[0] == '\0' || seat->session_id[0] == '\0') {
        snprintf(seat->error, sizeof seat->error, "the server's answer is not a seat");
        return 0;
    }
    return 1;
}
