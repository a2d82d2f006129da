#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "../core/save.h"
#include "posix.h"

uint64_t posix_clock_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

uint64_t posix_clock_ms(void *unused)
{
    (void)unused;
    return posix_clock_us() / 1000u;
}

int posix_fsync(FILE *f)
{
    return fsync(fileno(f));
}

int posix_make_dirs(const char *path)
{
    char buf[1024];
    size_t i, n = strlen(path);
    if (n == 0 || n >= sizeof buf) return -1;
    memcpy(buf, path, n + 1);
    for (i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0') continue;
        buf[i] = '\0';
        if (mkdir(buf, 0755) != 0 && errno != EEXIST) return -1;
        if (i < n) buf[i] = '/';
    }
    return 0;
}

int posix_regular_file(const char *path, char *why, size_t size)
{
    struct stat st;
    const char *what;
    if (stat(path, &st) != 0) {
        snprintf(why, size, "%s", strerror(errno));
        return -1;
    }
    if (S_ISREG(st.st_mode)) return 0;
    what = S_ISDIR(st.st_mode) ? "a folder"
         : S_ISFIFO(st.st_mode) ? "a FIFO"
         : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device"
         : S_ISSOCK(st.st_mode) ? "a socket" : "something else";
    snprintf(why, size, "is %s, not a regular file", what);
    return -1;
}

int posix_save_kind(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) return errno == ENOENT || errno == ENOTDIR ? SAVE_KIND_ABSENT : SAVE_KIND_FILE;
    return S_ISREG(st.st_mode) ? SAVE_KIND_FILE : SAVE_KIND_OTHER;
}

static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
    if (stop_signal) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    stop_signal = sig;
    alarm(3);
}

void posix_catch_stop_signals(void)
{
    static const int SIGNALS[] = { SIGTERM, SIGINT, SIGHUP };
    struct sigaction sa;
    size_t i;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a blocked open or read returns EINTR */
    for (i = 0; i < sizeof SIGNALS / sizeof SIGNALS[0]; i++) sigaction(SIGNALS[i], &sa, NULL);
}

int posix_stop_signal(void)
{
    return (int)stop_signal;
}

int posix_stop_requested(void *unused)
{
    (void)unused;
    return stop_signal != 0;
}
