/* The game's JavaScript VM: a QuickJS runtime with a memory limit, a stack
 * limit and a per-call time budget; the global `host` object of
 * docs/host-api.md §1 (the generated host_api.c over vm_host.c); evaluating
 * the bundle; calling ratscrew.frame; and turning any exception into one
 * error text (message, then stack). */
#ifndef RATSCREW_VM_H
#define RATSCREW_VM_H

#include <stddef.h>
#include <stdint.h>
#include "contract.h"

/* Sized for a PSP-1000 (24 MB of user memory for the whole program). */
#define VM_DEFAULT_MEMORY_LIMIT (8u * 1024u * 1024u)
#define VM_DEFAULT_STACK_LIMIT (256u * 1024u)
#define VM_DEFAULT_FRAME_BUDGET_MS 2000u
#define VM_DEFAULT_LOAD_BUDGET_MS 10000u
/* Describing a script's exception runs script code too (a thrown object's
 * toString, an Error's stack getter): it gets its own budget. */
#define VM_ERROR_BUDGET_MS 1000u
/* host.load and host.save each, per call into the script (a frame, or the
 * load): at most this many calls, and at most this much time blocked in
 * them is forgiven (not counted against the deadline). A script that asks
 * for more gets an error from the call: `for (;;) host.save(t)` would
 * otherwise never meet its deadline, its time being all in the platform. */
#define VM_HOST_IO_CALLS 4u
#define VM_HOST_IO_MS 4000u
/* Extra memory allowed while the script is compiled (not while it runs):
 * QuickJS 2021-03-27's parser does not survive running out of memory in
 * every place (see native/quickjs/patches/0002-*.patch), so compilation is
 * kept well away from the limit. */
#define VM_COMPILE_HEADROOM (2u * 1024u * 1024u)

/* What the platform provides. Every member may be NULL. */
typedef struct VmHost {
    void *user;
    /* The whole saved text, malloc'd (the VM frees it), or NULL. */
    char *(*load)(void *user, size_t *len);
    /* Writes the whole text safely; returns 1 on success. */
    int (*save)(void *user, const char *text, size_t len);
    /* The script could not read the text load gave it: keep the file it
     * came from before a save replaces it (core/save.h save_keep); 1 when
     * kept. */
    int (*keep)(void *user);
    void (*log)(void *user, const char *text);
    /* A monotonic clock in milliseconds; without it there is no time budget. */
    uint64_t (*clock_ms)(void *user);
    /* What went wrong with the last load or save; host.problem() gives the
     * script its name (save_problem_name, contract.h). */
    SaveProblem (*problem)(void *user);
    /* Non-zero once the host must stop (a signal): the running script is
     * interrupted at once instead of at the end of its time budget. */
    int (*stop_requested)(void *user);
    /* The online room behind host.netOpen, netSend, netReceive and netClose
     * (docs/network.md; native/core/net/room.h is the C hosts' room), called
     * with net_user. Without them the net functions answer "no network".
     * net_receive's text stays valid until the next call; the VM copies it. */
    void *net_user;
    int (*net_open)(void *net_user, const char *request, size_t len);
    int (*net_send)(void *net_user, const char *message, size_t len);
    const char *(*net_receive)(void *net_user, size_t *len);
    void (*net_close)(void *net_user);
    /* The nearby room this host holds (host.nearbyOpen, nearbyReceive,
     * nearbySend, nearbyPing, nearbyClose; docs/network.md, "Two PSPs
     * without a server"), called with nearby_user: the PSP's ad hoc
     * (native/psp/psp_nearby.c). Without them the nearby functions answer
     * "not here" (false, null), as on the desktop, the headless host and
     * the page. nearby_receive's text stays valid until the next call. */
    void *nearby_user;
    int (*nearby_open)(void *nearby_user, const char *code, size_t len);
    const char *(*nearby_receive)(void *nearby_user, size_t *len);
    int (*nearby_send)(void *nearby_user, int peer, const char *line, size_t len);
    int (*nearby_ping)(void *nearby_user, int peer);
    void (*nearby_close)(void *nearby_user);
    /* host.typed(): what the keyboard typed since the last call (text, "\b",
     * "\n"), valid until the next call; NULL for nothing. */
    void *typed_user;
    const char *(*typed)(void *typed_user, size_t *len);
} VmHost;

typedef struct VmConfig {
    const HostCaps *caps;        /* host.caps (read in vm_create); NULL: the PSP's */
    uint32_t seed;
    size_t memory_limit;         /* bytes; 0 = VM_DEFAULT_MEMORY_LIMIT */
    size_t stack_limit;          /* bytes; 0 = VM_DEFAULT_STACK_LIMIT */
    unsigned frame_budget_ms;    /* 0 = VM_DEFAULT_FRAME_BUDGET_MS */
    unsigned load_budget_ms;     /* 0 = VM_DEFAULT_LOAD_BUDGET_MS */
} VmConfig;

typedef struct VmMemory {
    int64_t malloc_size;       /* bytes allocated, with allocator overhead */
    int64_t memory_used_size;  /* bytes QuickJS accounts as in use */
    int64_t malloc_count;      /* live allocations */
    int64_t malloc_limit;
} VmMemory;

typedef struct Vm Vm;

/* NULL if even the runtime could not be created. */
Vm *vm_create(const VmConfig *config, const VmHost *host);
void vm_destroy(Vm *vm);

/* Compiles the script (source[len] must be '\0') with VM_COMPILE_HEADROOM
 * above the memory limit, runs it within the limit, and finds
 * ratscrew.frame and ratscrew.commands. Returns 0, or -1 with vm_error() set. */
int vm_load(Vm *vm, const char *source, size_t len, const char *filename);

/* The same from bytecode written at build time by native/tools/
 * compile_bytecode.c with this QuickJS (the embedded game: no parsing at
 * start, about a fifth of the instructions). Reading it gets the compile
 * headroom; backtraces name the file and lines the bytecode carries.
 * Bytecode from another QuickJS build fails here with vm_error() set. */
int vm_load_bytecode(Vm *vm, const unsigned char *bytecode, size_t len);

/* A script as a host holds it: source text or build-time bytecode. */
typedef struct VmScript {
    const char *name;            /* the source's file name (bytecode carries its own) */
    const unsigned char *bytes;  /* source text with bytes[len] == '\0', or bytecode */
    size_t len;
    int bytecode;
} VmScript;

/* vm_load or vm_load_bytecode, as the script is. */
int vm_load_script(Vm *vm, const VmScript *script);

/* Calls ratscrew.frame(now_ms, buttons). Returns the number of commands
 * written (0..MAX_COMMANDS), or -1 with vm_error() set; after an error the
 * VM refuses further frames. *cmds points into the script's Int32Array. */
int vm_frame(Vm *vm, int now_ms, uint32_t buttons, const int32_t **cmds);

/* The same with where a touch or click began this frame (contract.h TAP_AT,
 * or TAP_NONE): ratscrew.frame(now_ms, buttons, tap), for a host with a
 * pointer. vm_frame leaves the argument out, which the script reads as none. */
int vm_frame_tap(Vm *vm, int now_ms, uint32_t buttons, int32_t tap, const int32_t **cmds);

/* The error text, or NULL while there is none. */
const char *vm_error(const Vm *vm);

void vm_memory(Vm *vm, VmMemory *out);

#endif
