/* compile_bytecode: the build's step from the game script to the bytecode
 * the hosts embed (docs/native.md, "Bytecode").
 *
 *   compile_bytecode [--strip] [--name NAME] IN.js OUT.qjsbc
 *
 * Compiles IN.js as a global script (JS_EVAL_FLAG_COMPILE_ONLY) and writes
 * it with JS_WriteObject. The hosts read it back with JS_ReadObject
 * (vm_load_bytecode in core/vm.c), which understands only bytecode written
 * by a QuickJS of the same sources and configuration: native/Makefile links
 * this tool with the very QuickJS objects of each desktop host, and for the
 * PSP with QuickJS compiled for this machine with -D__PSP__, checked against
 * the PSP's own objects by tools/native/bytecode-abi.mjs.
 *
 * The debug information stays (file names, each function's line and its
 * pc-to-line table): backtraces on the error screen need it. --strip drops
 * it, only to measure what it costs (bench/figures/sizes.mjs). NAME is the
 * file name backtraces show (default: IN's base name). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "quickjs.h"

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0, got;
    if (!f) return NULL;
    do {
        if (n + 65536 + 1 > cap) {
            char *more = (char *)realloc(buf, cap = (n + 65536 + 1) * 2);
            if (!more) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = more;
        }
        got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
    } while (got > 0);
    if (ferror(f)) {
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The compile error as QuickJS words it, with its position. */
static void report(JSContext *ctx, const char *in)
{
    JSValue e = JS_GetException(ctx);
    const char *text = JS_ToCString(ctx, e);
    JSValue stack = JS_IsError(ctx, e) ? JS_GetPropertyStr(ctx, e, "stack") : JS_UNDEFINED;
    const char *where = JS_IsString(stack) ? JS_ToCString(ctx, stack) : NULL;
    fprintf(stderr, "compile_bytecode: %s does not compile: %s\n%s", in, text ? text : "(no message)", where ? where : "");
    if (where) JS_FreeCString(ctx, where);
    if (text) JS_FreeCString(ctx, text);
    JS_FreeValue(ctx, stack);
    JS_FreeValue(ctx, e);
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *name = NULL;
    int strip = 0, i, status = 0;
    JSRuntime *rt;
    JSContext *ctx;
    JSValue fn;
    uint8_t *bytes;
    size_t len, out_len;
    char *src;
    FILE *f;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--strip")) strip = 1;
        else if (!strcmp(argv[i], "--name") && i + 1 < argc) name = argv[++i];
        else if (!in) in = argv[i];
        else if (!out) out = argv[i];
        else in = NULL, i = argc;
    }
    if (!in || !out) {
        fprintf(stderr, "usage: compile_bytecode [--strip] [--name NAME] IN.js OUT.qjsbc\n");
        return 64;
    }
    if (!(src = read_all(in, &len))) {
        fprintf(stderr, "compile_bytecode: cannot read %s\n", in);
        return 1;
    }
    rt = JS_NewRuntime();
    ctx = rt ? JS_NewContext(rt) : NULL;
    if (!ctx) {
        fprintf(stderr, "compile_bytecode: out of memory\n");
        return 1;
    }
    fn = JS_Eval(ctx, src, len, name ? name : base_name(in),
                 JS_EVAL_TYPE_GLOBAL | JS_EVAL_FLAG_COMPILE_ONLY | (strip ? JS_EVAL_FLAG_STRIP : 0));
    if (JS_IsException(fn)) {
        report(ctx, in);
        status = 2;
    } else if (!(bytes = JS_WriteObject(ctx, &out_len, fn, JS_WRITE_OBJ_BYTECODE))) {
        fprintf(stderr, "compile_bytecode: cannot write the bytecode of %s\n", in);
        status = 1;
    } else {
        f = fopen(out, "wb");
        if (!f || fwrite(bytes, 1, out_len, f) != out_len || fclose(f) != 0) {
            fprintf(stderr, "compile_bytecode: cannot write %s\n", out);
            remove(out);
            status = 1;
        }
        js_free(ctx, bytes);
    }
    JS_FreeValue(ctx, fn);
    JS_FreeContext(ctx);
    JS_FreeRuntime(rt);
    free(src);
    return status;
}
