/* bytecode: compiles the bundle with the project's QuickJS and writes it as
 * QuickJS bytecode (JS_WriteObject), to measure whether loading precompiled
 * bytecode at start beats evaluating the source (bench/run.mjs, "cold
 * start"). The bytecode is only valid for the same QuickJS version and build
 * configuration (bignum off).
 *
 *   bytecode IN.js OUT.qjsbc */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "quickjs.h"
#include "save.h"

int main(int argc, char **argv)
{
    JSRuntime *rt;
    JSContext *ctx;
    JSValue obj;
    size_t len, out_len;
    uint8_t *out;
    char *src;
    FILE *f;
    if (argc != 3) {
        fprintf(stderr, "usage: bytecode IN.js OUT.qjsbc\n");
        return 64;
    }
    src = save_read_file(argv[1], 64u * 1024u * 1024u, &len);
    if (!src) return 1;
    rt = JS_NewRuntime();
    ctx = JS_NewContext(rt);
    obj = JS_Eval(ctx, src, len, "ratscrew.js", JS_EVAL_TYPE_GLOBAL | JS_EVAL_FLAG_COMPILE_ONLY);
    if (JS_IsException(obj)) {
        fprintf(stderr, "bytecode: compile error\n");
        return 2;
    }
    out = JS_WriteObject(ctx, &out_len, obj, JS_WRITE_OBJ_BYTECODE);
    if (!out) return 2;
    f = fopen(argv[2], "wb");
    if (!f || fwrite(out, 1, out_len, f) != out_len || fclose(f) != 0) return 1;
    js_free(ctx, out);
    JS_FreeValue(ctx, obj);
    JS_FreeContext(ctx);
    JS_FreeRuntime(rt);
    free(src);
    return 0;
}
