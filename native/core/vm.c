/* The QuickJS runtime that runs the game script: limits, loading, frames. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "contract.h"
#include "host_api.h"
#include "vm_internal.h"

uint64_t vm_now_ms(Vm *vm)
{
    return vm->host.clock_ms ? vm->host.clock_ms(vm->host.user) : 0;
}

/* QuickJS polls this every few thousand bytecodes; non-zero stops the
 * script with an uncatchable "interrupted" error. */
static int interrupt_handler(JSRuntime *rt, void *opaque)
{
    Vm *vm = (Vm *)opaque;
    (void)rt;
    if (vm->host.stop_requested && vm->host.stop_requested(vm->host.user)) {
        vm->interrupted = vm->stopped = 1;
        return 1;
    }
    if (vm->deadline_ms == 0 || vm_now_ms(vm) < vm->deadline_ms) return 0;
    vm->interrupted = 1;
    return 1;
}

void vm_start_budget(Vm *vm, unsigned budget_ms)
{
    vm->interrupted = 0;
    vm->out_of_memory = 0;
    vm->budget_ms = budget_ms;
    vm->deadline_ms = vm->host.clock_ms ? vm_now_ms(vm) + budget_ms : 0;
    memset(vm->io_calls, 0, sizeof vm->io_calls);
    memset(vm->io_ms, 0, sizeof vm->io_ms);
}

/* Defines the global `host`: the generated bindings (host_api.c), each
 * handed this Vm as the context's opaque pointer for its core function
 * (vm_host.c). Returns 0 or -1 (exception pending). */
static int install_host(Vm *vm)
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

static void apply_defaults(VmConfig *c)
{
    if (!c->memory_limit) c->memory_limit = VM_DEFAULT_MEMORY_LIMIT;
    if (!c->stack_limit) c->stack_limit = VM_DEFAULT_STACK_LIMIT;
    if (!c->frame_budget_ms) c->frame_budget_ms = VM_DEFAULT_FRAME_BUDGET_MS;
    if (!c->load_budget_ms) c->load_budget_ms = VM_DEFAULT_LOAD_BUDGET_MS;
}

Vm *vm_create(const VmConfig *config, const VmHost *host)
{
    Vm *vm = (Vm *)calloc(1, sizeof *vm);
    if (!vm) return NULL;
    vm->config = *config;
    apply_defaults(&vm->config);
    if (host) vm->host = *host;
    vm->entry = vm->frame_fn = vm->commands = JS_UNDEFINED;
    vm->rt = JS_NewRuntime2(&vm_malloc_functions, vm);
    if (!vm->rt) {
        free(vm);
        return NULL;
    }
    js_free_rt(vm->rt, NULL); /* vm->heap: vm_alloc.c's vm_free */
    JS_SetMaxStackSize(vm->rt, vm->config.stack_limit);
    JS_SetInterruptHandler(vm->rt, interrupt_handler, vm);
    vm->ctx = JS_NewContext(vm->rt);
    if (!vm->ctx) {
        JS_FreeRuntime(vm->rt);
        free(vm);
        return NULL;
    }
    if (install_host(vm) < 0) vm_capture_exception(vm, "creating the host object");
    /* The limit is the script's: the host's own setup above is not held to it. */
    JS_SetMemoryLimit(vm->rt, vm->config.memory_limit);
    return vm;
}

/* Runtimes that could not be freed; kept reachable on purpose. */
static JSRuntime *parked[4];

/* QuickJS 2021-03-27 can lose references on some out-of-memory paths, and
 * JS_FreeRuntime then aborts on its own leak assertion. After the runtime
 * has run out of memory, objects still alive once the context is gone mean
 * exactly that: the runtime is left allocated (the process ends soon after a
 * script error) rather than crashing the host on the way out. */
static int runtime_is_clean(Vm *vm)
{
    JSMemoryUsage u;
    if (!vm->ever_out_of_memory) return 1;
    JS_RunGC(vm->rt);
    JS_ComputeMemoryUsage(vm->rt, &u);
    return u.obj_count == 0 && u.js_func_count == 0 && u.shape_count == 0;
}

static void park(JSRuntime *rt)
{
    size_t i;
    for (i = 0; i < sizeof parked / sizeof parked[0]; i++)
        if (!parked[i]) {
            parked[i] = rt;
            return;
        }
}

void vm_destroy(Vm *vm)
{
    if (!vm) return;
    JS_FreeValue(vm->ctx, vm->frame_fn);
    JS_FreeValue(vm->ctx, vm->commands);
    JS_FreeValue(vm->ctx, vm->entry);
    JS_FreeContext(vm->ctx);
    if (runtime_is_clean(vm)) JS_FreeRuntime(vm->rt);
    else park(vm->rt);
    free(vm);
}

/* Finds ratscrew.frame and the bytes of ratscrew.commands. */
static int bind_entry(Vm *vm)
{
    JSContext *ctx = vm->ctx;
    JSValue global = JS_GetGlobalObject(ctx);
    size_t offset, length, per, size;
    JSValue buffer;
    uint8_t *bytes;

    /* Reading the properties runs the script's getters, if it has any:
     * they are held to the load's budget (vm_load), and may throw. */
    vm->entry = JS_GetPropertyStr(ctx, global, ENTRY_GLOBAL);
    JS_FreeValue(ctx, global);
    if (JS_IsException(vm->entry)) {
        vm_capture_exception(vm, "reading ratscrew");
        return -1;
    }
    if (!JS_IsObject(vm->entry)) {
        vm_set_error(vm, "the script did not define the global object `ratscrew`");
        return -1;
    }
    vm->frame_fn = JS_GetPropertyStr(ctx, vm->entry, ENTRY_FRAME);
    if (JS_IsException(vm->frame_fn)) {
        vm_capture_exception(vm, "reading ratscrew.frame");
        return -1;
    }
    if (!JS_IsFunction(ctx, vm->frame_fn)) {
        vm_set_error(vm, "ratscrew.frame is not a function");
        return -1;
    }
    vm->commands = JS_GetPropertyStr(ctx, vm->entry, ENTRY_COMMANDS);
    if (JS_IsException(vm->commands)) {
        vm_capture_exception(vm, "reading ratscrew.commands");
        return -1;
    }
    buffer = JS_GetTypedArrayBuffer(ctx, vm->commands, &offset, &length, &per);
    if (JS_IsException(buffer)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        vm_set_error(vm, "ratscrew.commands is not an Int32Array");
        return -1;
    }
    bytes = JS_GetArrayBuffer(ctx, &size, buffer);
    JS_FreeValue(ctx, buffer); /* vm->commands keeps the buffer alive */
    if (!bytes || per != 4 || offset % 4 != 0) {
        vm_set_error(vm, "ratscrew.commands is not an Int32Array");
        return -1;
    }
    vm->cmd_ptr = (const int32_t *)(const void *)(bytes + offset);
    vm->cmd_capacity = (int)(length / (4 * COMMAND_INTS));
    if (vm->cmd_capacity > MAX_COMMANDS) vm->cmd_capacity = MAX_COMMANDS;
    return 0;
}

/* The script compiled to bytecode, or JS_EXCEPTION. */
static JSValue compile(Vm *vm, const char *source, size_t len, const char *filename)
{
    JSValue fn;
    JS_SetMemoryLimit(vm->rt, vm->config.memory_limit + VM_COMPILE_HEADROOM);
    fn = JS_Eval(vm->ctx, source, len, filename, JS_EVAL_TYPE_GLOBAL | JS_EVAL_FLAG_COMPILE_ONLY);
    JS_SetMemoryLimit(vm->rt, vm->config.memory_limit);
    return fn;
}

/* What a load builds stays alive (the script's functions, its top-level
 * tables, the app it starts; reference counting frees the rest at once), yet
 * QuickJS's cycle collector would walk the growing heap each time it passed
 * its threshold (256 KB, then half as much again as was left): twice in the
 * game's load, about 1 M of its 20.7 M instructions (bench/results.md, cold
 * start), to find nothing. So the collector is off while the script is
 * compiled or read and run, and after it takes the threshold QuickJS sets
 * after a collection (JS_RunGC in js_trigger_gc): half again the heap now. */
static void start_load_without_collector(Vm *vm)
{
    JS_SetGCThreshold(vm->rt, (size_t)-1);
}

static void end_load_without_collector(Vm *vm)
{
    size_t heap = vm->heap->malloc_size;
    JS_SetGCThreshold(vm->rt, heap + (heap >> 1));
}

/* Runs the compiled or read script (JS_EvalFunction takes fn, even when it
 * fails) and binds its entry points, within the load's budget. */
static int run_loaded(Vm *vm, JSValue fn)
{
    JSValue result;
    int rc;
    vm->during = "loading";
    result = JS_IsException(fn) ? fn : JS_EvalFunction(vm->ctx, fn);
    end_load_without_collector(vm);
    if (JS_IsException(result)) {
        vm_capture_exception(vm, "loading the script");
        return -1;
    }
    JS_FreeValue(vm->ctx, result);
    rc = bind_entry(vm); /* still within the load's budget */
    vm->deadline_ms = 0;
    return rc;
}

int vm_load(Vm *vm, const char *source, size_t len, const char *filename)
{
    if (vm->failed) return -1;
    vm_start_budget(vm, vm->config.load_budget_ms);
    start_load_without_collector(vm);
    return run_loaded(vm, compile(vm, source, len, filename));
}

int vm_load_bytecode(Vm *vm, const unsigned char *bytecode, size_t len)
{
    JSValue fn;
    if (vm->failed) return -1;
    vm_start_budget(vm, vm->config.load_budget_ms);
    start_load_without_collector(vm);
    /* Reading builds every function of the script at once, as compiling
     * does: the same headroom. */
    JS_SetMemoryLimit(vm->rt, vm->config.memory_limit + VM_COMPILE_HEADROOM);
    fn = JS_ReadObject(vm->ctx, bytecode, len, JS_READ_OBJ_BYTECODE);
    JS_SetMemoryLimit(vm->rt, vm->config.memory_limit);
    return run_loaded(vm, fn);
}

int vm_load_script(Vm *vm, const VmScript *script)
{
    if (script->bytecode) return vm_load_bytecode(vm, script->bytes, script->len);
    return vm_load(vm, (const char *)script->bytes, script->len, script->name);
}

/* The count a frame returned: an integer from 0 to the buffer's capacity,
 * or -1 with the error set. JS_ToInt32 would wrap 4294967297 to 1 and turn
 * NaN or 1.5 into a count, so the number is checked as a double. */
static int frame_count(Vm *vm, JSValueConst result)
{
    double n;
    char shown[48];
    if (!JS_IsNumber(result)) {
        vm_set_error(vm, "ratscrew.frame returned no number (the count of commands it wrote)");
        return -1;
    }
    JS_ToFloat64(vm->ctx, &n, result); /* cannot throw for a number */
    if (n >= 0 && n <= vm->cmd_capacity && n == floor(n)) return (int)n;
    if (isnan(n)) snprintf(shown, sizeof shown, "NaN");
    else if (isinf(n)) snprintf(shown, sizeof shown, "%sInfinity", n < 0 ? "-" : "");
    else snprintf(shown, sizeof shown, "%.17g", n);
    if (n == floor(n) && !isinf(n))
        vm_set_error(vm, "ratscrew.frame returned %s commands; the buffer holds %d", shown, vm->cmd_capacity);
    else
        vm_set_error(vm, "ratscrew.frame returned %s, which is not a count of commands (an integer from 0 to %d)",
                     shown, vm->cmd_capacity);
    return -1;
}

/* ratscrew.frame with argc arguments: the time, the buttons and, when 3, the tap. */
static int call_frame(Vm *vm, int now, uint32_t buttons, int32_t tap, int argc, const int32_t **cmds)
{
    JSValue args[3], result;
    int count;
    *cmds = vm->cmd_ptr;
    if (vm->failed || !vm->cmd_ptr) return -1;
    args[0] = JS_NewInt32(vm->ctx, now);
    args[1] = JS_NewInt32(vm->ctx, (int32_t)buttons);
    args[2] = JS_NewInt32(vm->ctx, tap);
    vm_start_budget(vm, vm->config.frame_budget_ms);
    vm->during = "one frame";
    result = JS_Call(vm->ctx, vm->frame_fn, vm->entry, argc, args);
    if (JS_IsException(result)) {
        vm_capture_exception(vm, "ratscrew.frame");
        return -1;
    }
    vm->deadline_ms = 0;
    count = frame_count(vm, result);
    JS_FreeValue(vm->ctx, result);
    return count;
}

int vm_frame(Vm *vm, int now, uint32_t buttons, const int32_t **cmds)
{
    return call_frame(vm, now, buttons, TAP_NONE, 2, cmds);
}

int vm_frame_tap(Vm *vm, int now, uint32_t buttons, int32_t tap, const int32_t **cmds)
{
    return call_frame(vm, now, buttons, tap, 3, cmds);
}

const char *vm_error(const Vm *vm)
{
    return vm->failed ? vm->error : NULL;
}

void vm_memory(Vm *vm, VmMemory *out)
{
    JSMemoryUsage usage;
    JS_ComputeMemoryUsage(vm->rt, &usage);
    out->malloc_size = usage.malloc_size;
    out->memory_used_size = usage.memory_used_size;
    out->malloc_count = usage.malloc_count;
    out->malloc_limit = usage.malloc_limit;
}
