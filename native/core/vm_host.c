/* The core of the global `host` object (docs/host-api.md §1). Its bindings
 * are generated from tools/contract/contract.json into host_api.c: each
 * checks and converts its arguments and calls one function here, which knows
 * nothing of JavaScript values and forwards to the platform's VmHost
 * callback (as TIC-80's src/api/js.c calls its tic_api_* functions). */
#include <stdlib.h>
#include "host_api.h"
#include "vm_internal.h"

/* Time the platform spends blocked in a load or save (a slow Memory Stick,
 * fsync on a busy disk) is not the script's: the call's deadline moves on
 * by that much, so only the script's own running counts against it. */
static void forgive(Vm *vm, uint64_t since)
{
    if (vm->deadline_ms) vm->deadline_ms += vm_now_ms(vm) - since;
}

char *vm_host_load(Vm *vm, size_t *result_len)
{
    char *text;
    uint64_t t0;
    if (!vm->host.load) return NULL;
    t0 = vm_now_ms(vm);
    text = vm->host.load(vm->host.user, result_len);
    forgive(vm, t0);
    return text;
}

int vm_host_save(Vm *vm, const char *text, size_t text_len)
{
    int ok;
    uint64_t t0 = vm_now_ms(vm);
    ok = vm->host.save ? vm->host.save(vm->host.user, text, text_len) : 0;
    forgive(vm, t0);
    return ok;
}

SaveProblem vm_host_problem(Vm *vm)
{
    return vm->host.problem ? vm->host.problem(vm->host.user) : SAVE_OK;
}

void vm_host_log(Vm *vm, const char *text, size_t text_len)
{
    (void)text_len; /* the platforms take NUL-terminated lines */
    if (vm->host.log) vm->host.log(vm->host.user, text);
}

int vm_install_host(Vm *vm)
{
    JSContext *ctx = vm->ctx;
    JSValue global = JS_GetGlobalObject(ctx);
    JSValue host = JS_NewObject(ctx);
    HostApiValues values;
    int rc;
    if (JS_IsException(host)) {
        JS_FreeValue(ctx, global);
        return -1;
    }
    JS_SetContextOpaque(ctx, vm); /* what the bindings hand their core function */
    values.seed = vm->config.seed;
    values.caps = vm->config.caps;
    rc = host_api_install(ctx, host, &values);
    /* JS_SetPropertyStr takes ownership of host, even on failure. */
    if (JS_SetPropertyStr(ctx, global, HOST_GLOBAL, rc == 0 ? host : (JS_FreeValue(ctx, host), JS_UNDEFINED)) < 0)
        rc = -1;
    JS_FreeValue(ctx, global);
    return rc;
}
