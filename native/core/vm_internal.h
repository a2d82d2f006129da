/* The Vm structure, shared by vm.c, vm_host.c and vm_error.c only. */
#ifndef RATSCREW_VM_INTERNAL_H
#define RATSCREW_VM_INTERNAL_H

#include "quickjs.h"
#include "vm.h"

#define VM_ERROR_MAX 4096

struct Vm {
    JSRuntime *rt;
    JSContext *ctx;
    VmHost host;
    VmConfig config;
    JSValue entry;          /* ratscrew */
    JSValue frame_fn;       /* ratscrew.frame */
    JSValue commands;       /* ratscrew.commands, kept alive for cmd_ptr */
    const int32_t *cmd_ptr;
    int cmd_capacity;       /* commands the buffer holds */
    uint64_t deadline_ms;   /* 0 = no call running */
    unsigned budget_ms;     /* of the call running */
    const char *during;     /* "one frame", "loading": for the host calls' errors */
    unsigned io_calls[3];   /* host.load, host.save, host.keepDamaged calls in the call running */
    uint64_t io_ms[3];      /* ... and the time blocked in them */
    int interrupted;
    int stopped;            /* interrupted because the host must stop */
    int out_of_memory;      /* the allocator refused a request (this call) */
    int ever_out_of_memory; /* ... at any time */
    int failed;
    JSMallocState *heap;    /* the runtime's counts (malloc_size), as vm_alloc.c keeps them */
    char error[VM_ERROR_MAX];
};

/* vm_alloc.c: malloc with accounting; opaque is the Vm. */
extern const JSMallocFunctions vm_malloc_functions;

/* vm.c: the monotonic clock, and the budget of a call into script code. */
uint64_t vm_now_ms(Vm *vm);
void vm_start_budget(Vm *vm, unsigned budget_ms);

/* vm_error.c: records the pending exception as the VM's error text. */
void vm_capture_exception(Vm *vm, const char *during);
/* vm_error.c: records a plain error text (printf-style). */
void vm_set_error(Vm *vm, const char *fmt, ...);

#endif
