/* LD_PRELOAD shim for test/reliability/hostile-hosts.test.ts and
 * save-states.test.ts: makes the host's save files (paths containing
 * "save.json") slow or failing, as a slow Memory Stick, a full disk, a
 * write-protected device or a file of another user would.
 *   SAVE_SLOW_MS=N     fsync of a save file sleeps N ms first;
 *   SAVE_FAIL=ENOSPC   fwrite to a save file fails with that errno
 *   (ENOSPC, EROFS, EACCES, EIO): a full disk; with SAVE_FAIL_ONLY=PART
 *   only to a file whose path contains PART (".damaged": room for a save
 *   but not for a copy);
 *   SAVE_READONLY=1    opening a save file for writing, and rename, remove
 *                      and unlink of one, fail with EROFS;
 *   SAVE_UNREADABLE=NAME  opening the file whose name ends in "/NAME" for
 *                      reading fails with SAVE_UNREADABLE_ERRNO (EACCES,
 *                      or EIO): mode 200, or a bad sector. (The tests run
 *                      as root, whom permissions do not stop.) */
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

static int is_save(const char *path)
{
    return path && strstr(path, "save.json") != NULL;
}

/* Whether writes to this file fail (SAVE_FAIL, SAVE_FAIL_ONLY). */
static int failing(const char *path)
{
    const char *only = getenv("SAVE_FAIL_ONLY");
    return is_save(path) && (!only || strstr(path, only) != NULL);
}

static int read_only(const char *path)
{
    return is_save(path) && getenv("SAVE_READONLY");
}

static int unreadable(const char *path)
{
    const char *name = getenv("SAVE_UNREADABLE");
    size_t n = name ? strlen(name) : 0, p = path ? strlen(path) : 0;
    return name && p > n && path[p - n - 1] == '/' && !strcmp(path + p - n, name);
}

FILE *fopen(const char *path, const char *mode)
{
    static FILE *(*real)(const char *, const char *);
    FILE *f;
    int i;
    if (!real) real = (FILE * (*)(const char *, const char *)) dlsym(RTLD_NEXT, "fopen");
    if (strchr(mode, 'w') && read_only(path)) {
        errno = EROFS;
        return NULL;
    }
    if (strchr(mode, 'r') && unreadable(path)) {
        const char *e = getenv("SAVE_UNREADABLE_ERRNO");
        errno = e && !strcmp(e, "EIO") ? EIO : EACCES;
        return NULL;
    }
    f = real(path, mode);
    if (f && failing(path) && strchr(mode, 'w'))
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

int rename(const char *from, const char *to)
{
    static int (*real)(const char *, const char *);
    if (!real) real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
    if (read_only(from) || read_only(to)) {
        errno = EROFS;
        return -1;
    }
    return real(from, to);
}

int remove(const char *path)
{
    static int (*real)(const char *);
    if (!real) real = (int (*)(const char *))dlsym(RTLD_NEXT, "remove");
    if (read_only(path)) {
        errno = EROFS;
        return -1;
    }
    return real(path);
}

int unlink(const char *path)
{
    static int (*real)(const char *);
    if (!real) real = (int (*)(const char *))dlsym(RTLD_NEXT, "unlink");
    if (read_only(path)) {
        errno = EROFS;
        return -1;
    }
    return real(path);
}
