/* The core of the global `host` object (docs/host-api.md §1). Its bindings
 * are generated from tools/contract/contract.json into host_api.c: each
 * checks and converts its arguments and calls one function here (declared
 * in the generated vm_host.h), which knows nothing of JavaScript values and
 * forwards to the platform's VmHost callback (as TIC-80's src/api/js.c calls
 * its tic_api_* functions). vm.c installs the bindings: this file never
 * calls them. */
#include <stdlib.h>
#include <string.h>
#include "vm_host.h"
#include "vm_internal.h"

enum { IO_LOAD, IO_SAVE, IO_KEEP, IO_KINDS };
static const char *const IO_NAMES[IO_KINDS] = { "host.load", "host.save", "host.keepDamaged" };

static int io_kind(const char *name)
{
    int k;
    for (k = 0; k < IO_KINDS - 1; k++)
        if (strcmp(name, IO_NAMES[k]) == 0) return k;
    return IO_KEEP;
}

/* A script that calls host.load / host.save in a loop spends its time in the
 * platform, which the deadline forgives (below): each kind allows
 * VM_HOST_IO_CALLS calls and VM_HOST_IO_MS blocked per frame (or load), and
 * one more is a RangeError that names it (docs/host-api.md §1). */
int vm_host_bound(JSContext *ctx, Vm *vm, const char *name)
{
    int kind = io_kind(name);
    if (vm->io_calls[kind] >= VM_HOST_IO_CALLS) {
        JS_ThrowRangeError(ctx, "%s was called more than %u times during %s", IO_NAMES[kind], VM_HOST_IO_CALLS,
                           vm->during ? vm->during : "one call");
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

char *vm_host_load(Vm *vm, size_t *result_len)
{
    char *text;
    uint64_t t0;
    if (!vm->host.load) return NULL;
    t0 = vm_now_ms(vm);
    text = vm->host.load(vm->host.user, result_len);
    forgive(vm, IO_LOAD, t0);
    return text;
}

int vm_host_save(Vm *vm, const char *text, size_t text_len)
{
    int ok;
    uint64_t t0 = vm_now_ms(vm);
    ok = vm->host.save ? vm->host.save(vm->host.user, text, text_len) : 0;
    forgive(vm, IO_SAVE, t0);
    return ok;
}

/* The script could not read what host.load() gave it: the host keeps the
 * file it came from. */
int vm_host_keep_damaged(Vm *vm)
{
    int ok;
    uint64_t t0;
    if (!vm->host.keep) return 0;
    t0 = vm_now_ms(vm);
    ok = vm->host.keep(vm->host.user);
    forgive(vm, IO_KEEP, t0);
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

/* A platform's text (a room's line, typed text) as the binding takes it: a
 * NUL-terminated copy that the binding frees once it is the script's string. */
static char *copy_for_script(const char *text, size_t len, size_t *result_len)
{
    char *copy = (char *)malloc(len + 1);
    if (!copy) return NULL;
    memcpy(copy, text, len);
    copy[len] = '\0';
    *result_len = len;
    return copy;
}

/* The online rooms (docs/network.md): a host with a network (HostCaps.
 * network) gives the room's callbacks; one without answers as no network
 * does, and its script offers no Online row and never calls these. */
int vm_host_net_open(Vm *vm, const char *request, size_t request_len)
{
    return vm->host.net_open ? vm->host.net_open(vm->host.net_user, request, request_len) : 0;
}

int vm_host_net_send(Vm *vm, const char *message, size_t message_len)
{
    return vm->host.net_send ? vm->host.net_send(vm->host.net_user, message, message_len) : 0;
}

char *vm_host_net_receive(Vm *vm, size_t *result_len)
{
    const char *line;
    size_t len = 0;
    *result_len = 0;
    if (!vm->host.net_receive || !(line = vm->host.net_receive(vm->host.net_user, &len))) return NULL;
    return copy_for_script(line, len, result_len);
}

void vm_host_net_close(Vm *vm)
{
    if (vm->host.net_close) vm->host.net_close(vm->host.net_user);
}

/* The nearby room a host holds (the PSP's ad hoc): a host without it
 * answers as one that cannot host or join (caps.nearby is 0 there). */
int vm_host_nearby_open(Vm *vm, const char *code, size_t code_len)
{
    return vm->host.nearby_open ? vm->host.nearby_open(vm->host.nearby_user, code, code_len) : 0;
}

char *vm_host_nearby_receive(Vm *vm, size_t *result_len)
{
    const char *line;
    size_t len = 0;
    *result_len = 0;
    if (!vm->host.nearby_receive || !(line = vm->host.nearby_receive(vm->host.nearby_user, &len))) return NULL;
    return copy_for_script(line, len, result_len);
}

int vm_host_nearby_send(Vm *vm, int peer, const char *line, size_t line_len)
{
    return vm->host.nearby_send ? vm->host.nearby_send(vm->host.nearby_user, peer, line, line_len) : 0;
}

int vm_host_nearby_ping(Vm *vm, int peer)
{
    return vm->host.nearby_ping ? vm->host.nearby_ping(vm->host.nearby_user, peer) : 0;
}

void vm_host_nearby_close(Vm *vm)
{
    if (vm->host.nearby_close) vm->host.nearby_close(vm->host.nearby_user);
}

/* Typing (a name, a room's code): the desktop's keyboard text (SDL's text
 * input); a host without a keyboard has no callback, and its players use
 * the script's letter picker with the buttons alone. */
char *vm_host_typed(Vm *vm, size_t *result_len)
{
    const char *text;
    size_t len = 0;
    *result_len = 0;
    if (!vm->host.typed || !(text = vm->host.typed(vm->host.typed_user, &len)) || len == 0) return NULL;
    return copy_for_script(text, len, result_len);
}

/* The language and people the game shows now: the C hosts draw no words
 * or touch zones of their own beside the picture (the web page does), so
 * there is nothing here to follow them. */
void vm_host_chosen(Vm *vm, const char *language, size_t language_len, int people)
{
    (void)vm;
    (void)language;
    (void)language_len;
    (void)people;
}
