/* LD_PRELOAD shim for test/reliability/save-crash.test.ts: counts the file
 * operations the host makes on its save files (paths containing "save.json")
 * and kills the process at operation number CRASH_AT, the way a power cut
 * would: fwrite writes only half of its bytes first. Every counted operation
 * is logged to stderr as "shim <n> <op> <path>". With RENAME_NO_REPLACE=1,
 * rename() over an existing file fails (EEXIST), as on the PSP's FAT. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static long counter;
static FILE *tracked[16];
static char tracked_path[16][512];

static long crash_at(void)
{
    const char *s = getenv("CRASH_AT");
    return s ? atol(s) : 0;
}

static void note(const char *op, const char *path)
{
    char line[700];
    int n;
    counter++;
    n = snprintf(line, sizeof line, "shim %ld %s %s\n", counter, op, path ? path : "");
    if (n > 0) (void)!write(2, line, (size_t)n);
}

static int is_save(const char *path)
{
    return path && strstr(path, "save.json") != NULL;
}

static const char *path_of(FILE *f)
{
    int i;
    for (i = 0; i < 16; i++)
        if (tracked[i] == f) return tracked_path[i];
    return NULL;
}

static void die_now(void)
{
    (void)!write(2, "shim crash\n", 11);
    _exit(77);
}

FILE *fopen(const char *path, const char *mode)
{
    static FILE *(*real)(const char *, const char *);
    FILE *f;
    int i;
    if (!real) real = (FILE * (*)(const char *, const char *)) dlsym(RTLD_NEXT, "fopen");
    if (is_save(path) && strchr(mode, 'w')) {
        note("fopen", path);
        if (counter == crash_at()) die_now();
    }
    f = real(path, mode);
    if (f && is_save(path) && strchr(mode, 'w'))
        for (i = 0; i < 16; i++)
            if (!tracked[i]) {
                tracked[i] = f;
                snprintf(tracked_path[i], sizeof tracked_path[i], "%s", path);
                break;
            }
    return f;
}

FILE *fopen64(const char *path, const char *mode) { return fopen(path, mode); }

size_t fwrite(const void *buf, size_t size, size_t n, FILE *f)
{
    static size_t (*real)(const void *, size_t, size_t, FILE *);
    static int (*real_fflush)(FILE *);
    const char *p = path_of(f);
    if (!real) real = (size_t(*)(const void *, size_t, size_t, FILE *))dlsym(RTLD_NEXT, "fwrite");
    if (!real_fflush) real_fflush = (int (*)(FILE *))dlsym(RTLD_NEXT, "fflush");
    if (p) {
        note("fwrite", p);
        if (counter == crash_at()) {
            real(buf, 1, size * n / 2, f); /* half of it reaches the disk */
            real_fflush(f);
            die_now();
        }
    }
    return real(buf, size, n, f);
}

int fflush(FILE *f)
{
    static int (*real)(FILE *);
    const char *p = f ? path_of(f) : NULL;
    if (!real) real = (int (*)(FILE *))dlsym(RTLD_NEXT, "fflush");
    if (p) {
        note("fflush", p);
        if (counter == crash_at()) die_now();
    }
    return real(f);
}

int fsync(int fd)
{
    static int (*real)(int);
    int i;
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    for (i = 0; i < 16; i++)
        if (tracked[i] && fileno(tracked[i]) == fd) {
            note("fsync", tracked_path[i]);
            if (counter == crash_at()) die_now();
            break;
        }
    return real(fd);
}

int fclose(FILE *f)
{
    static int (*real)(FILE *);
    static int (*real_fflush)(FILE *);
    const char *p = path_of(f);
    int i;
    if (!real) real = (int (*)(FILE *))dlsym(RTLD_NEXT, "fclose");
    if (!real_fflush) real_fflush = (int (*)(FILE *))dlsym(RTLD_NEXT, "fflush");
    if (p) {
        note("fclose", p);
        if (counter == crash_at()) {
            real_fflush(f); /* what was written is on the disk, the close never happened */
            die_now();
        }
        for (i = 0; i < 16; i++)
            if (tracked[i] == f) tracked[i] = NULL;
    }
    return real(f);
}

int rename(const char *from, const char *to)
{
    static int (*real)(const char *, const char *);
    struct stat st;
    if (!real) real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
    if (is_save(to)) {
        note("rename", to);
        if (counter == crash_at()) die_now();
        if (getenv("RENAME_NO_REPLACE") && stat(to, &st) == 0) {
            errno = EEXIST;
            return -1;
        }
    }
    return real(from, to);
}

int remove(const char *path)
{
    static int (*real)(const char *);
    if (!real) real = (int (*)(const char *))dlsym(RTLD_NEXT, "remove");
    if (is_save(path)) {
        note("remove", path);
        if (counter == crash_at()) die_now();
    }
    return real(path);
}

int unlink(const char *path)
{
    static int (*real)(const char *);
    if (!real) real = (int (*)(const char *))dlsym(RTLD_NEXT, "unlink");
    if (is_save(path)) {
        note("unlink", path);
        if (counter == crash_at()) die_now();
    }
    return real(path);
}
