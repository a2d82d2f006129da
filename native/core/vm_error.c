/* Turning a JavaScript exception into the error text the hosts show:
 * "Name: message", then the stack (docs/host-api.md §4). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "vm_internal.h"

/* Headroom given to the runtime while the message of an out-of-memory
 * exception is built, so that describing the failure does not fail too. */
#define ERROR_HEADROOM (256u * 1024u)

void vm_set_error(Vm *vm, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(vm->error, sizeof vm->error, fmt, ap);
    va_end(ap);
    vm->failed = 1;
}

static void append(Vm *vm, const char *text)
{
    size_t used = strlen(vm->error);
    if (used + 1 < sizeof vm->error)
        snprintf(vm->error + used, sizeof vm->error - used, "%s", text);
}

/* Appends n bytes of script text: a control character other than a newline
 * or a tab as the escape JavaScript would write ("\u0000"), so that a NUL
 * does not end the text early (C strings, the error screen) and a terminal
 * escape sequence is not sent to the terminal. */
static void append_bytes(Vm *vm, const char *s, size_t n)
{
    size_t used = strlen(vm->error), i;
    for (i = 0; i < n && used + 1 < sizeof vm->error; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 && c != '\n' && c != '\t') {
            if (used + 7 >= sizeof vm->error) break;
            snprintf(vm->error + used, sizeof vm->error - used, "\\u%04x", c);
            used += 6;
        } else {
            vm->error[used++] = (char)c;
            vm->error[used] = '\0';
        }
    }
}

/* Appends String(value) (for an Error: "Name: message"); 0 if it failed. */
static int append_string(Vm *vm, JSValueConst value)
{
    size_t n;
    const char *s = JS_ToCStringLen(vm->ctx, &n, value);
    if (!s) return 0;
    append_bytes(vm, s, n);
    JS_FreeCString(vm->ctx, s);
    return 1;
}

static void append_stack(Vm *vm, JSValueConst exc)
{
    JSValue stack;
    if (!JS_IsError(vm->ctx, exc)) return;
    stack = JS_GetPropertyStr(vm->ctx, exc, "stack");
    if (JS_IsString(stack)) {
        append(vm, "\n");
        append_string(vm, stack);
    } else if (JS_IsException(stack) && vm->interrupted) {
        append(vm, "\n(its stack could not be read: the stack getter ran too long)");
    }
    JS_FreeValue(vm->ctx, stack);
}

/* Appends what a value is when String(value) failed: its type, never a
 * guess. Runs no script code but a Proxy's getPrototypeOf trap (budgeted). */
static void append_kind(Vm *vm, JSValueConst value)
{
    JSContext *ctx = vm->ctx;
    if (JS_IsSymbol(value)) {
        JSAtom atom = JS_ValueToAtom(ctx, value);
        const char *desc = atom != JS_ATOM_NULL ? JS_AtomToCString(ctx, atom) : NULL;
        append(vm, "a Symbol");
        if (desc && *desc) {
            append(vm, " (");
            append_bytes(vm, desc, strlen(desc));
            append(vm, ")");
        }
        if (desc) JS_FreeCString(ctx, desc);
        if (atom != JS_ATOM_NULL) JS_FreeAtom(ctx, atom);
    } else if (JS_IsObject(value)) {
        JSValue proto = JS_GetPrototype(ctx, value);
        if (JS_IsNull(proto)) append(vm, "an object without a prototype");
        else if (JS_IsException(proto)) append(vm, "an object whose prototype cannot be read (a Proxy)");
        else if (JS_IsFunction(ctx, value)) append(vm, "a function that cannot be turned into a string");
        else append(vm, "an object that cannot be turned into a string");
        if (JS_IsException(proto)) JS_FreeValue(ctx, JS_GetException(ctx));
        JS_FreeValue(ctx, proto);
    } else {
        append(vm, "a value that cannot be turned into a string");
    }
}

/* String(exc) failed, and `why` is what the conversion threw (a toString
 * that throws, a Proxy trap, a recursive toString's stack overflow). Says
 * so by type: "out of memory" only when the allocator refused a request. */
static void describe_unprintable(Vm *vm, JSValueConst exc, JSValue why)
{
    if (vm->interrupted) {
        append(vm, "(the exception could not be described: its description ran too long)");
    } else if (vm->out_of_memory) {
        append(vm, "InternalError: out of memory (the script reached the memory limit; the exception could not be described)");
    } else {
        append(vm, "the script threw ");
        append_kind(vm, exc);
        if (!JS_IsNull(why) && !JS_IsUndefined(why) && !JS_IsUninitialized(why)) {
            append(vm, "\n(turning it into a string threw ");
            if (!append_string(vm, why)) {
                JS_FreeValue(vm->ctx, JS_GetException(vm->ctx));
                append_kind(vm, why);
            }
            append(vm, ")");
        }
    }
    JS_FreeValue(vm->ctx, why);
}

/* Describes exc into vm->error. Runs script code (toString, a stack
 * getter), so the caller holds it to a budget. */
static void describe(Vm *vm, JSValueConst exc)
{
    if (JS_IsNull(exc) || JS_IsUninitialized(exc)) {
        /* QuickJS leaves no exception object when it cannot even allocate
         * the error; a script's `throw null` looks the same. */
        append(vm, vm->out_of_memory ? "InternalError: out of memory (the script reached the memory limit)"
                                  : "the script threw null");
    } else if (!append_string(vm, exc)) {
        describe_unprintable(vm, exc, JS_GetException(vm->ctx));
    } else {
        append_stack(vm, exc);
        if (vm->out_of_memory && !strstr(vm->error, "out of memory")) {
            /* QuickJS sometimes reports a failed allocation as another error. */
            char reported[VM_ERROR_MAX - 128];
            size_t n = strlen(vm->error);
            if (n >= sizeof reported) n = sizeof reported - 1;
            memcpy(reported, vm->error, n);
            reported[n] = '\0';
            snprintf(vm->error, sizeof vm->error,
                     "InternalError: out of memory (the script reached the memory limit)\n"
                     "QuickJS reported it as: %s", reported);
        }
    }
}

void vm_capture_exception(Vm *vm, const char *during)
{
    JSValue exc = JS_GetException(vm->ctx);
    /* A deadline or a stop is what ended the call, whatever the script
     * caught before it (an out-of-memory it survived): never reported as
     * running out of memory. */
    int out_of_memory = vm->out_of_memory && !vm->interrupted && !vm->stopped;
    vm->failed = 1;
    vm->error[0] = '\0';
    if (vm->stopped) {
        vm_set_error(vm, "%s was stopped: the host is quitting\n", during);
    } else if (vm->interrupted) {
        vm_set_error(vm, "%s ran longer than %u ms and was stopped (interrupted)\n",
                     during, vm->budget_ms);
    }
    /* A thrown object's toString or an Error's stack getter can loop too:
     * describing the exception gets a budget of its own. */
    vm_start_budget(vm, vm->config.frame_budget_ms < VM_ERROR_BUDGET_MS ? vm->config.frame_budget_ms
                                                                        : VM_ERROR_BUDGET_MS);
    vm->out_of_memory = out_of_memory;
    JS_SetMemoryLimit(vm->rt, vm->config.memory_limit + ERROR_HEADROOM);
    describe(vm, exc);
    vm->deadline_ms = 0;
    JS_FreeValue(vm->ctx, JS_GetException(vm->ctx)); /* anything the description threw */
    JS_SetMemoryLimit(vm->rt, vm->config.memory_limit);
    JS_FreeValue(vm->ctx, exc);
}
