/* The few POSIX services the desktop and headless hosts need. */
#ifndef RATSCREW_POSIX_H
#define RATSCREW_POSIX_H

#include <stdint.h>
#include <stdio.h>
#include "../core/save.h"

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
/* 0 when an output may be written at path: nothing is there, or a regular
 * file; else -1 with why ("is a FIFO, not a regular file"). */
int posix_output_ok(const char *path, char *why, size_t size);
/* Opens an output file for writing (made, or emptied), refusing anything
 * but a regular file without ever blocking on it; NULL with why. */
FILE *posix_open_output(const char *path, char *why, size_t size);
/* SaveOps.kind (core/save.h): a SaveKind from lstat. Only a path that is
 * not there counts as absent; a link is a file only when it leads to one. */
int posix_save_kind(const char *path);
/* SaveOps.rename_new: renameat2(RENAME_NOREPLACE), else link then unlink. */
int posix_rename_new(const char *from, const char *to);
/* SaveOps.claim / release: an flock(2) on the writer's temporary file from
 * its creation until after its rename. Every process on the machine sees
 * it, whatever its PID namespace (two containers sharing one folder),
 * unlike a process id. */
int posix_claim(FILE *f);
void posix_release(void);
/* The desktop's SaveOps: fsync, lstat kinds, claims, rename_new. */
void posix_save_ops(SaveOps *ops, unsigned long writer);
/* Where locks do not work (some network file systems), an unlocked
 * temporary file is abandoned only when it is this old. */
#define POSIX_TEMP_UNLOCKED_AGE_S 600
/* Removes a writer's temporary file if its writer is gone: nobody holds its
 * claim (a writer killed mid-save). A link or anything but a regular file is
 * left alone. 1 when removed. */
int posix_temp_abandoned(const char *path);

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
