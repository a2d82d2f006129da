/* The few POSIX services the desktop and headless hosts need. */
#ifndef RATSCREW_POSIX_H
#define RATSCREW_POSIX_H

#include <stdint.h>
#include <stdio.h>

/* Monotonic milliseconds (the VM's time budget; the desktop's nowMs). */
uint64_t posix_clock_ms(void *unused);
/* Monotonic microseconds, for timing frames. */
uint64_t posix_clock_us(void);
/* fsync of a stdio stream (SaveOps.sync). */
int posix_fsync(FILE *f);
/* mkdir -p; 0 on success. */
int posix_make_dirs(const char *path);
/* 0 when path names a regular file (after symbolic links); else -1 with
 * why (up to size bytes) saying what it is instead: a FIFO would block a
 * read for ever, a device would read without end. */
int posix_regular_file(const char *path, char *why, size_t size);
/* SaveOps.kind (core/save.h): a SaveKind from stat. Only a path that is
 * not there counts as absent. */
int posix_save_kind(const char *path);

/* SIGTERM and SIGINT (and SIGHUP) set a flag instead of killing the process,
 * so the host can finish its output and quit: blocking calls are interrupted
 * (no SA_RESTART), and if the host has not quit 3 s after the first signal,
 * SIGALRM ends it anyway; a second signal ends it at once. */
void posix_catch_stop_signals(void);
/* The stop signal caught, or 0. */
int posix_stop_signal(void);
/* VmHost.stop_requested. */
int posix_stop_requested(void *unused);

#endif
