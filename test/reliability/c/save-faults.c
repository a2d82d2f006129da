/* LD_PRELOAD shim for test/reliability/hostile-hosts.test.ts: makes the
 * host's save files (paths containing "save.json") slow or failing, as a
 * slow Memory Stick or a full disk would.
 *   SAVE_SLOW_MS=N     fsync of a save file sleeps N ms first;
 *   SAVE_FAIL=ENOSPC   fwrite to a save file fails with that errno
 *   (ENOSPC, EROFS, EACCES, EIO). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static FILE *tracked[16];

static int fail_errno(void)
{
    const char *s = getenv("SAVE_FAIL");
    if (!s) return 0;
    if (!strcmp(s, "ENOSPC")) return ENOSPC;
    if (!strcmp(s, "EROFS")) return EROFS;
    if (!strcmp(s, "EACCES")) return EACCES;
    return EIO;
}

static int is_tracked(FILE *f)
{
    int i;
    for (i = 0; i < 16; i++)
        if (f && tracked[i] == f) return 1;
    return 0;
}

FILE *fopen(const char *path, const char *mode)
{
    static FILE *(*real)(const char *, const char *);
    FILE *f;
    int i;
    if (!real) real = (FILE * (*)(const char *, const char *)) dlsym(RTLD_NEXT, "fopen");
    f = real(path, mode);
    if (f && path && strstr(path, "save.json") && strchr(mode, 'w'))
        for (i = 0; i < 16; i++)
            if (!tracked[i]) {
                tracked[i] = f;
                break;
            }
    return f;
}

FILE *fopen64(const char *path, const char *mode) { return fopen(path, mode); }

size_t fwrite(const void *buf, size_t size, size_t n, FILE *f)
{
    static size_t (*real)(const void *, size_t, size_t, FILE *);
    if (!real) real = (size_t(*)(const void *, size_t, size_t, FILE *))dlsym(RTLD_NEXT, "fwrite");
    if (is_tracked(f) && fail_errno()) {
        errno = fail_errno();
        return 0;
    }
    return real(buf, size, n, f);
}

int fsync(int fd)
{
    static int (*real)(int);
    const char *slow = getenv("SAVE_SLOW_MS");
    int i;
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    for (i = 0; i < 16; i++)
        if (tracked[i] && fileno(tracked[i]) == fd && slow) {
            struct timespec ts;
            long ms = atol(slow);
            ts.tv_sec = ms / 1000;
            ts.tv_nsec = (ms % 1000) * 1000000L;
            nanosleep(&ts, NULL);
        }
    return real(fd);
}

int fclose(FILE *f)
{
    static int (*real)(FILE *);
    int i;
    if (!real) real = (int (*)(FILE *))dlsym(RTLD_NEXT, "fclose");
    for (i = 0; i < 16; i++)
        if (tracked[i] == f) tracked[i] = NULL;
    return real(f);
}
