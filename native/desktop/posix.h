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

#endif
