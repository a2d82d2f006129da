/* The global `host` object (docs/host-api.md §1). Each binding only converts
 * its arguments and forwards to the platform's VmHost callback. */
#include <stdlib.h>
#include "vm_internal.h"

static Vm *vm_of(JSContext *ctx)
{
    return (Vm *)JS_GetContextOpaque(ctx);
}

enum { IO_LOAD, IO_SAVE, IO_KEEP };
static const char *const IO_NAMES[3] = { "host.load", "host.save", "host.keepDamaged" };

/* Whether one more host.load / host.save fits this call's bound
 * (VM_HOST_IO_CALLS calls, VM_HOST_IO_MS blocked); if not, throws. */
static int io_allowed(JSContext *ctx, Vm *vm, int kind)
{
    if (vm->io_calls[kind] >= VM_HOST_IO_CALLS) {
        JS_ThrowRangeError(ctx, "%s was called more than %u times during %s", IO_NAMES[kind],
                           VM_HOST_IO_CALLS, vm->during ? vm->during : "one call");
        return 0;
    }
    if (vm->io_ms[kind] >= VM_HOST_IO_MS) {
        JS_ThrowRangeError(ctx, "%s took %u ms during %s: no more calls (at most %u ms)", IO_NAMES[kind],
                           (unsigned)vm->io_ms[kind], vm->during ? vm->during : "one call", VM_HOST_IO_MS);
        return 0;
    }
    vm->io_calls[kind]++;
    return 1;
}

/* Time the platform spends blocked in a load or save (a slow Memory Stick,
 * fsync on a busy disk) is not the script's: the call's deadline moves on
 * by that much, up to VM_HOST_IO_MS per kind, so only the script's own
 * running counts against it. */
static void forgive(Vm *vm, int kind, uint64_t since)
{
    uint64_t spent = vm_now_ms(vm) - since;
    uint64_t left = vm->io_ms[kind] < VM_HOST_IO_MS ? VM_HOST_IO_MS - vm->io_ms[kind] : 0;
    vm->io_ms[kind] += spent;
    if (vm->deadline_ms) vm->deadline_ms += spent < left ? spent : left;
}

static JSValue host_load(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    Vm *vm = vm_of(ctx);
    size_t len = 0;
    char *text;
    JSValue result;
    uint64_t t0;
    (void)this_val; (void)argc; (void)argv;
    if (!vm->host.load) return JS_NULL;
    if (!io_allowed(ctx, vm, IO_LOAD)) return JS_EXCEPTION;
    t0 = vm_now_ms(vm);
    text = vm->host.load(vm->host.user, &len);
    forgive(vm, IO_LOAD, t0);
    if (!text) return JS_NULL;
    result = JS_NewStringLen(ctx, text, len);
    free(text);
    return result;
}

static JSValue host_save(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    Vm *vm = vm_of(ctx);
    size_t len;
    const char *text;
    int ok;
    uint64_t t0;
    (void)this_val;
    if (argc < 1 || !JS_IsString(argv[0]))
        return JS_ThrowTypeError(ctx, "host.save expects a string");
    if (!io_allowed(ctx, vm, IO_SAVE)) return JS_EXCEPTION;
    text = JS_ToCStringLen(ctx, &len, argv[0]);
    if (!text) return JS_EXCEPTION;
    t0 = vm_now_ms(vm);
    ok = vm->host.save ? vm->host.save(vm->host.user, text, len) : 0;
    forgive(vm, IO_SAVE, t0);
    JS_FreeCString(ctx, text);
    return JS_NewBool(ctx, ok);
}

/* The script could not read what host.load() gave it: the host keeps the
 * file it came from (docs/host-api.md §1). */
static JSValue host_keep_damaged(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    Vm *vm = vm_of(ctx);
    int ok;
    uint64_t t0;
    (void)this_val; (void)argc; (void)argv;
    if (!vm->host.keep) return JS_FALSE;
    if (!io_allowed(ctx, vm, IO_KEEP)) return JS_EXCEPTION;
    t0 = vm_now_ms(vm);
    ok = vm->host.keep(vm->host.user);
    forgive(vm, IO_KEEP, t0);
    return JS_NewBool(ctx, ok);
}

/* What went wrong with the last load or save, or null. */
static JSValue host_problem(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    Vm *vm = vm_of(ctx);
    const char *name = vm->host.problem ? vm->host.problem(vm->host.user) : NULL;
    (void)this_val; (void)argc; (void)argv;
    return name ? JS_NewString(ctx, name) : JS_NULL;
}

static JSValue host_log(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    Vm *vm = vm_of(ctx);
    const char *text;
    (void)this_val;
    if (argc < 1) return JS_UNDEFINED;
    text = JS_ToCString(ctx, argv[0]);
    if (!text) return JS_EXCEPTION;
    if (vm->host.log) vm->host.log(vm->host.user, text);
    JS_FreeCString(ctx, text);
    return JS_UNDEFINED;
}

static int set_fn(JSContext *ctx, JSValueConst obj, const char *name, JSCFunction *fn, int length)
{
    return JS_SetPropertyStr(ctx, obj, name, JS_NewCFunction(ctx, fn, name, length));
}

int vm_install_host(Vm *vm)
{
    JSContext *ctx = vm->ctx;
    JSValue global = JS_GetGlobalObject(ctx);
    JSValue host = JS_NewObject(ctx);
    int rc = 0;
    if (JS_IsException(host)) {
        JS_FreeValue(ctx, global);
        return -1;
    }
    JS_SetContextOpaque(ctx, vm);
    if (JS_SetPropertyStr(ctx, host, "platform", JS_NewString(ctx, vm->config.platform)) < 0
        || JS_SetPropertyStr(ctx, host, "seed", JS_NewInt64(ctx, vm->config.seed)) < 0
        || set_fn(ctx, host, "load", host_load, 0) < 0
        || set_fn(ctx, host, "save", host_save, 1) < 0
        || set_fn(ctx, host, "keepDamaged", host_keep_damaged, 0) < 0
        || set_fn(ctx, host, "problem", host_problem, 0) < 0
        || set_fn(ctx, host, "log", host_log, 1) < 0)
        rc = -1;
    /* JS_SetPropertyStr takes ownership of host, even on failure. */
    if (JS_SetPropertyStr(ctx, global, "host", rc == 0 ? host : (JS_FreeValue(ctx, host), JS_UNDEFINED)) < 0)
        rc = -1;
    JS_FreeValue(ctx, global);
    return rc;
}
