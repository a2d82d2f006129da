/* The VM's allocator: malloc with a size header, so that the memory limit
 * and the statistics count the same bytes on every platform (no reliance on
 * malloc_usable_size), and so that hitting the limit is remembered: QuickJS
 * sometimes cannot even allocate the "out of memory" error it would throw. */
#include <stdlib.h>
#include "vm_internal.h"

/* Keeps the caller's pointer as aligned as malloc's (16 bytes covers the
 * PSP's and x86-64's needs). */
#define HEADER 16u

static size_t *header_of(void *ptr)
{
    return (size_t *)(void *)((unsigned char *)ptr - HEADER);
}

static void note_refusal(JSMallocState *s)
{
    Vm *vm = (Vm *)s->opaque;
    if (vm) vm->out_of_memory = vm->ever_out_of_memory = 1;
}

static int over_limit(JSMallocState *s, size_t more)
{
    if (s->malloc_size + more <= s->malloc_limit) return 0;
    note_refusal(s);
    return 1;
}

static void *vm_malloc(JSMallocState *s, size_t size)
{
    size_t *base;
    if (size == 0) return NULL;
    if (over_limit(s, size + HEADER)) return NULL;
    base = (size_t *)malloc(size + HEADER);
    if (!base) {
        note_refusal(s);
        return NULL;
    }
    *base = size;
    s->malloc_count++;
    s->malloc_size += size + HEADER;
    return (unsigned char *)base + HEADER;
}

/* QuickJS keeps its counts in its runtime, out of the host's reach, and
 * hands them to every call here: a free of nothing (vm_create asks for one)
 * shows the Vm where they are, so that the one reader of the heap's size
 * (the load's collector threshold, vm.c) reads it there rather than every
 * allocation copying it out. */
static void vm_free(JSMallocState *s, void *ptr)
{
    size_t *base;
    if (!ptr) {
        Vm *vm = (Vm *)s->opaque;
        if (vm) vm->heap = s;
        return;
    }
    base = header_of(ptr);
    s->malloc_count--;
    s->malloc_size -= *base + HEADER;
    free(base);
}

static void *vm_realloc(JSMallocState *s, void *ptr, size_t size)
{
    size_t *base, old;
    if (!ptr) return vm_malloc(s, size);
    if (size == 0) {
        vm_free(s, ptr);
        return NULL;
    }
    base = header_of(ptr);
    old = *base;
    if (size > old && over_limit(s, size - old)) return NULL;
    base = (size_t *)realloc(base, size + HEADER);
    if (!base) {
        note_refusal(s);
        return NULL;
    }
    *base = size;
    s->malloc_size = s->malloc_size - old + size;
    return (unsigned char *)base + HEADER;
}

static size_t vm_usable_size(const void *ptr)
{
    return ptr ? *header_of((void *)ptr) : 0;
}

const JSMallocFunctions vm_malloc_functions = {
    vm_malloc, vm_free, vm_realloc, vm_usable_size,
};
