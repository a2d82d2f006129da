#define _GNU_SOURCE /* renameat2 and RENAME_NOREPLACE where the C library has them */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <signal.h>
#include <string.h>
#include <sys/file.h>
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
    if (n == 0 || n >= sizeof buf) {
        errno = n ? ENAMETOOLONG : ENOENT;
        return -1;
    }
    memcpy(buf, path, n + 1);
    for (i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0') continue;
        buf[i] = '\0';
        if (mkdir(buf, 0755) != 0 && errno != EEXIST) return -1;
        if (i < n) buf[i] = '/';
    }
    return 0;
}

/* "is a FIFO, not a regular file" and the like. */
static void not_regular(mode_t mode, char *why, size_t size)
{
    const char *what = S_ISDIR(mode) ? "a folder"
                     : S_ISFIFO(mode) ? "a FIFO"
                     : S_ISCHR(mode) || S_ISBLK(mode) ? "a device"
                     : S_ISSOCK(mode) ? "a socket" : "something else";
    snprintf(why, size, "is %s, not a regular file", what);
}

int posix_regular_file(const char *path, char *why, size_t size)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(why, size, "%s", strerror(errno));
        return -1;
    }
    if (S_ISREG(st.st_mode)) return 0;
    not_regular(st.st_mode, why, size);
    return -1;
}

int posix_output_ok(const char *path, char *why, size_t size)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode)) return 0; /* absent: made; unreachable: its opening says why */
    not_regular(st.st_mode, why, size);
    return -1;
}

FILE *posix_open_output(const char *path, char *why, size_t size)
{
    struct stat st;
    FILE *f;
    /* O_NONBLOCK: opening a FIFO nobody reads fails (ENXIO) instead of blocking. */
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd < 0) {
        if (errno == ENXIO) snprintf(why, size, "is a FIFO, not a regular file");
        else snprintf(why, size, "%s", strerror(errno));
        return NULL;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        not_regular(st.st_mode, why, size);
        close(fd);
        return NULL;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    f = fdopen(fd, "w");
    if (!f) {
        snprintf(why, size, "%s", strerror(errno));
        close(fd);
    }
    return f;
}

int posix_save_kind(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0) return errno == ENOENT || errno == ENOTDIR ? SAVE_KIND_ABSENT : SAVE_KIND_FILE;
    /* A link is there, whatever it points to: a copy's name it holds is
     * taken. It reads as a file only when it leads to one (a save kept on a
     * synced folder); the save replaces the link, never writes through it. */
    if (S_ISLNK(st.st_mode)) return stat(path, &st) == 0 && S_ISREG(st.st_mode) ? SAVE_KIND_FILE : SAVE_KIND_OTHER;
    return S_ISREG(st.st_mode) ? SAVE_KIND_FILE : SAVE_KIND_OTHER;
}

int posix_rename_new(const char *from, const char *to)
{
#ifdef RENAME_NOREPLACE
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL && errno != ENOSYS) return -1;
#endif
    /* Without renameat2 (or on a file system without it): a new link, which
     * never replaces, then the old name goes. */
    if (link(from, to) != 0) return -1;
    return unlink(from);
}

/* The claim on the temporary file being written: a descriptor of its own,
 * so that the lock outlives the stdio stream's fclose until the rename. */
static int claimed = -1;

int posix_claim(FILE *f)
{
    struct stat st;
    int fd = fcntl(fileno(f), F_DUPFD_CLOEXEC, 0);
    if (fd < 0) return 0; /* no claim, no harm: the sweep then goes by age */
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int err = errno;
        close(fd);
        /* Held: a sweep is removing it. Locks not supported: go on. */
        return err == EWOULDBLOCK ? -1 : 0;
    }
    /* A sweep that removed it between its creation and the lock. */
    if (fstat(fd, &st) != 0 || st.st_nlink == 0) {
        close(fd);
        return -1;
    }
    posix_release();
    claimed = fd;
    return 0;
}

void posix_release(void)
{
    if (claimed >= 0) close(claimed);
    claimed = -1;
}

void posix_save_ops(SaveOps *ops, unsigned long writer)
{
    memset(ops, 0, sizeof *ops);
    ops->sync = posix_fsync;
    ops->kind = posix_save_kind;
    ops->rename_new = posix_rename_new;
    ops->claim = posix_claim;
    ops->release = posix_release;
    ops->writer = writer;
}

int posix_temp_abandoned(const char *path)
{
    struct stat st, now;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), dead;
    if (fd < 0) return 0; /* a link (never followed), gone, or not ours to read */
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return 0;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) == 0) dead = 1;
    else dead = errno != EWOULDBLOCK && time(NULL) - st.st_mtime > POSIX_TEMP_UNLOCKED_AGE_S;
    /* Still the same file (not one a new writer made there since). */
    dead = dead && lstat(path, &now) == 0 && now.st_dev == st.st_dev && now.st_ino == st.st_ino;
    if (dead) dead = unlink(path) == 0;
    close(fd);
    return dead;
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
