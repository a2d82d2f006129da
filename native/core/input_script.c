/* Parsing uses QuickJS's own JSON parser in a small runtime of its own, so
 * the game's VM never sees the script. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "save.h"
#include "input_script.h"
#include "quickjs.h"

#define SCRIPT_MAX_BYTES (16u * 1024u * 1024u)

static int fail(char *err, int size, const char *what)
{
    snprintf(err, (size_t)size, "%s", what);
    return -1;
}

static int array_length(JSContext *ctx, JSValueConst arr, uint32_t *len)
{
    JSValue v;
    int rc;
    if (!JS_IsArray(ctx, arr)) return -1;
    v = JS_GetPropertyStr(ctx, arr, "length");
    rc = JS_ToUint32(ctx, len, v);
    JS_FreeValue(ctx, v);
    return rc;
}

/* A JSON number that is a whole number in [min, max]; JS_ToInt32 alone
 * would wrap 4294967356 to 60 and take 1e10 or 1.5 (issue 12, D9). */
static int whole_number(JSContext *ctx, JSValueConst v, double min, double max, double *out)
{
    double d;
    if (!JS_IsNumber(v) || JS_ToFloat64(ctx, &d, v) < 0) return -1;
    if (!(d >= min && d <= max) || d != (double)(long long)d) return -1;
    *out = d;
    return 0;
}

static int int_at(JSContext *ctx, JSValueConst arr, uint32_t i, double min, double max, int *out)
{
    JSValue v = JS_GetPropertyUint32(ctx, arr, i);
    double d;
    int rc = whole_number(ctx, v, min, max, &d);
    JS_FreeValue(ctx, v);
    /* Through uint32: a mask above 2^31 keeps its bits. */
    if (rc == 0) *out = (int)(int32_t)(uint32_t)(long long)d;
    return rc;
}

static int read_inputs(JSContext *ctx, JSValueConst arr, InputScript *s)
{
    uint32_t n, i;
    if (array_length(ctx, arr, &n) < 0) return -1;
    s->inputs = (int (*)[2])calloc(n ? n : 1, sizeof *s->inputs);
    if (!s->inputs) return -1;
    for (i = 0; i < n; i++) {
        JSValue pair = JS_GetPropertyUint32(ctx, arr, i);
        uint32_t two = 0;
        /* Exactly [frame, mask]: a third number would be dropped unseen. A
         * mask is the 32 button bits (contract.h), as an int32 or a uint32. */
        int ok = array_length(ctx, pair, &two) == 0 && two == 2
            && int_at(ctx, pair, 0, 0, INPUT_SCRIPT_MAX_FRAMES, &s->inputs[i][0]) == 0
            && int_at(ctx, pair, 1, -2147483648.0, 4294967295.0, &s->inputs[i][1]) == 0;
        JS_FreeValue(ctx, pair);
        if (!ok || (i > 0 && s->inputs[i][0] < s->inputs[i - 1][0])) return -1;
        s->input_count = (int)i + 1;
    }
    return 0;
}

static int read_shots(JSContext *ctx, JSValueConst arr, InputScript *s)
{
    uint32_t n, i;
    if (array_length(ctx, arr, &n) < 0) return -1;
    free(s->shots);
    s->shots = (int *)calloc(n ? n : 1, sizeof *s->shots);
    if (!s->shots) return -1;
    for (i = 0; i < n; i++)
        if (int_at(ctx, arr, i, 0, INPUT_SCRIPT_MAX_FRAMES, &s->shots[i]) < 0) return -1;
    s->shot_count = (int)n;
    s->has_shots = 1;
    return 0;
}

/* The text whole: "\u0000" inside it is a NUL byte, not its end. */
static int read_saved(JSContext *ctx, JSValueConst v, InputScript *s)
{
    const char *text;
    size_t n;
    if (JS_IsNull(v) || JS_IsUndefined(v)) return 0;
    if (!JS_IsString(v)) return -1;
    text = JS_ToCStringLen(ctx, &n, v);
    if (!text) return -1;
    s->saved = (char *)malloc(n + 1);
    if (s->saved) {
        memcpy(s->saved, text, n + 1);
        s->saved_len = n;
    }
    JS_FreeCString(ctx, text);
    s->has_saved = 1;
    return s->saved ? 0 : -1;
}

static const char *const MEMBERS[] = { "seed", "frames", "inputs", "shots", "saved" };
#define MEMBER_LIST "seed, frames, inputs, shots, saved"

/* Every member is a known one: a misspelt "framez" would be ignored and the
 * run would quietly use the default. */
static int known_members(JSContext *ctx, JSValueConst obj, char *err, int size)
{
    JSPropertyEnum *props;
    uint32_t n, i, k;
    int rc = 0;
    if (JS_GetOwnPropertyNames(ctx, &props, &n, obj, JS_GPN_STRING_MASK | JS_GPN_ENUM_ONLY) < 0)
        return fail(err, size, "out of memory");
    for (i = 0; i < n && rc == 0; i++) {
        const char *name = JS_AtomToCString(ctx, props[i].atom);
        for (k = 0; name && k < sizeof MEMBERS / sizeof MEMBERS[0] && strcmp(name, MEMBERS[k]); k++) {}
        if (!name || k == sizeof MEMBERS / sizeof MEMBERS[0]) {
            snprintf(err, (size_t)size, "unknown member \"%.60s\" (the members are " MEMBER_LIST ")",
                     name ? name : "?");
            rc = -1;
        }
        if (name) JS_FreeCString(ctx, name);
    }
    for (i = 0; i < n; i++) JS_FreeAtom(ctx, props[i].atom);
    js_free(ctx, props);
    return rc;
}

/* JSON.parse keeps the last of two equal member names: a member given twice
 * is refused, as an option given twice is. Scans the top level of the text
 * (already valid JSON) for its member names, decoded by the JSON parser. */
static int no_member_twice(JSContext *ctx, const char *text, size_t len, char *err, int size)
{
    const char *names[32];
    size_t i, start = 0;
    int depth = 0, count = 0, rc = 0, k;
    for (i = 0; i < len && rc == 0; i++) {
        char c = text[i];
        if (c == '{' || c == '[') depth++;
        else if (c == '}' || c == ']') depth--;
        else if (c == '"') {
            start = i;
            for (i++; i < len && text[i] != '"'; i++)
                if (text[i] == '\\') i++;
            if (depth == 1) {
                size_t j = i + 1;
                while (j < len && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r')) j++;
                if (j < len && text[j] == ':') {
                    /* A member name, decoded ("fr\u0061mes" is "frames")
                     * by the parser, which needs a terminated text. */
                    char *token = (char *)malloc(i + 2 - start);
                    JSValue v = JS_UNDEFINED;
                    const char *name = NULL;
                    if (token) {
                        memcpy(token, text + start, i + 1 - start);
                        token[i + 1 - start] = '\0';
                        v = JS_ParseJSON(ctx, token, i + 1 - start, "member");
                        free(token);
                    }
                    if (JS_IsString(v)) name = JS_ToCString(ctx, v);
                    JS_FreeValue(ctx, v);
                    if (!name) {
                        rc = fail(err, size, "out of memory");
                        break;
                    }
                    for (k = 0; k < count && strcmp(names[k], name); k++) {}
                    if (k < count) {
                        snprintf(err, (size_t)size, "member \"%.60s\" given twice", name);
                        rc = -1;
                    }
                    if (rc == 0 && count < (int)(sizeof names / sizeof names[0])) names[count++] = name;
                    else JS_FreeCString(ctx, name);
                }
            }
        }
    }
    for (k = 0; k < count; k++) JS_FreeCString(ctx, names[k]);
    return rc;
}

/* Reads the members of the parsed object; the message names the bad one. */
static int read_members(JSContext *ctx, JSValueConst obj, InputScript *s, char *err, int size)
{
    JSValue v;
    int rc = 0;
    double d;
    v = JS_GetPropertyStr(ctx, obj, "seed");
    if (!JS_IsUndefined(v)) {
        s->has_seed = 1;
        rc = whole_number(ctx, v, 0, 4294967295.0, &d);
        if (rc == 0) s->seed = (uint32_t)d;
    }
    JS_FreeValue(ctx, v);
    if (rc < 0) return fail(err, size, "\"seed\" is not a whole number from 0 to 4294967295");
    v = JS_GetPropertyStr(ctx, obj, "frames");
    if (!JS_IsUndefined(v)) {
        s->has_frames = 1;
        rc = whole_number(ctx, v, 0, INPUT_SCRIPT_MAX_FRAMES, &d);
        if (rc == 0) s->frames = (int)d;
    }
    JS_FreeValue(ctx, v);
    if (rc < 0) return fail(err, size, "\"frames\" is not a whole number from 0 to 100000000");
    v = JS_GetPropertyStr(ctx, obj, "inputs");
    rc = JS_IsUndefined(v) ? 0 : read_inputs(ctx, v, s);
    JS_FreeValue(ctx, v);
    if (rc < 0) return fail(err, size, "\"inputs\" is not an array of [frame, mask] sorted by frame");
    v = JS_GetPropertyStr(ctx, obj, "shots");
    rc = JS_IsUndefined(v) || JS_IsNull(v) ? 0 : read_shots(ctx, v, s);
    JS_FreeValue(ctx, v);
    if (rc < 0) return fail(err, size, "\"shots\" is not an array of frame numbers");
    v = JS_GetPropertyStr(ctx, obj, "saved");
    rc = read_saved(ctx, v, s);
    JS_FreeValue(ctx, v);
    if (rc < 0) return fail(err, size, "\"saved\" is neither a string nor null");
    return 0;
}

/* Why the JSON parser refused the text: too deep for its stack, or the
 * parser's own message ("unexpected end of input"). */
static int parse_failure(JSContext *ctx, char *err, int size)
{
    JSValue exc = JS_GetException(ctx);
    const char *what = JS_ToCString(ctx, exc);
    if (what && strstr(what, "stack overflow"))
        snprintf(err, (size_t)size, "nested too deeply to read (the JSON parser ran out of stack: %s)", what);
    else snprintf(err, (size_t)size, "not valid JSON (%s)", what ? what : "the parser gave no reason");
    if (what) JS_FreeCString(ctx, what);
    JS_FreeValue(ctx, exc);
    return -1;
}

int input_script_parse(const char *text, size_t len, const char *name, InputScript *out,
                       char *err, int err_size)
{
    JSRuntime *rt = JS_NewRuntime();
    JSContext *ctx = rt ? JS_NewContext(rt) : NULL;
    JSValue obj;
    int rc;
    if (!ctx) {
        if (rt) JS_FreeRuntime(rt);
        return fail(err, err_size, "out of memory");
    }
    obj = JS_ParseJSON(ctx, text, len, name);
    if (JS_IsException(obj)) {
        rc = parse_failure(ctx, err, err_size);
    } else if (!JS_IsObject(obj) || JS_IsArray(ctx, obj)) {
        rc = fail(err, err_size, "not a JSON object");
    } else if (known_members(ctx, obj, err, err_size) < 0 || no_member_twice(ctx, text, len, err, err_size) < 0) {
        rc = -1;
    } else {
        rc = read_members(ctx, obj, out, err, err_size);
    }
    JS_FreeValue(ctx, obj);
    JS_FreeContext(ctx);
    JS_FreeRuntime(rt);
    return rc;
}

int input_script_load(const char *path, InputScript *out, char *err, int err_size)
{
    size_t len;
    char *text = save_read_file(path, SCRIPT_MAX_BYTES, &len);
    int rc;
    if (!text) return fail(err, err_size, "cannot read the file (missing or too large)");
    rc = input_script_parse(text, len, path, out, err, err_size);
    free(text);
    return rc;
}

/* "10,200,300": decimal frame numbers, digits only (no sign, blank, or
 * empty item), each at most INPUT_SCRIPT_MAX_FRAMES; "" is no shots (it
 * clears a script's). */
int input_script_parse_shots(InputScript *s, const char *list)
{
    int n = 1, i = 0;
    const char *p;
    for (p = list; *p; p++) n += *p == ',';
    free(s->shots);
    s->shots = (int *)calloc((size_t)n, sizeof *s->shots);
    if (!s->shots) return -1;
    for (p = list; *p;) {
        long v = 0;
        const char *start = p;
        for (; *p >= '0' && *p <= '9'; p++) {
            v = v * 10 + (*p - '0');
            if (v > INPUT_SCRIPT_MAX_FRAMES) return -1;
        }
        if (p == start || (*p && *p != ',') || (*p == ',' && !p[1])) return -1;
        s->shots[i++] = (int)v;
        if (*p) p++;
    }
    s->shot_count = i;
    s->has_shots = 1;
    return 0;
}

void input_script_free(InputScript *s)
{
    free(s->inputs);
    free(s->shots);
    free(s->saved);
    memset(s, 0, sizeof *s);
}

uint32_t input_script_mask(const InputScript *s, int frame, int *cursor)
{
    while (*cursor < s->input_count && s->inputs[*cursor][0] <= frame) (*cursor)++;
    return *cursor > 0 ? (uint32_t)s->inputs[*cursor - 1][1] : 0u;
}
