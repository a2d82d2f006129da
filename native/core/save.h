/* Whole-file saving that survives a crash or power loss at any moment, and
 * several writers at once.
 *
 * A save file holds the text, then one trailer line
 *     "\n#ratscrew-save len=<bytes> fnv1a=<8 hex>\n"
 * A file whose trailer is missing or does not match its text is not intact.
 * Writing goes to a temporary file first, which is flushed, synced and closed
 * before it replaces <path>:
 *  - where rename replaces a file atomically (POSIX), the temporary file is
 *    the writer's own ("<path>.new-<writer>"), so concurrent writers never
 *    share one, and the last rename wins with <path> intact at every moment;
 *  - where it cannot (the PSP's FAT: SaveOps.remove_before_rename), the old
 *    <path> is removed only once the new file is checked complete, then the
 *    new file is renamed; a crash between the two leaves "<path>.new", which
 *    loading falls back to.
 * When neither <path> nor "<path>.new" is intact, the damaged <path> text is
 * returned (without its trailer line) with SAVE_DAMAGED, so that the script
 * can keep what it can read and tell the player; the damaged bytes are kept
 * as "<path>.damaged" so the next save destroys nothing. */
#ifndef RATSCREW_SAVE_H
#define RATSCREW_SAVE_H

#include <stddef.h>
#include <stdio.h>
#include "contract.h"

#define SAVE_MAX_BYTES (256u * 1024u)

/* What went wrong with a load or a save (SaveProblem) and the names the
 * script sees from host.problem() (save_problem_name) are in contract.h,
 * generated from tools/contract/contract.json: the one list of them. */

/* The file operations a platform may replace or choose. Any member may be
 * NULL or 0: no sync, the C library's remove() / rename(), rename replaces. */
typedef struct SaveOps {
    int (*sync)(FILE *f);                          /* fsync on POSIX; 0 = ok */
    int (*remove)(const char *path);               /* 0 = ok */
    int (*rename)(const char *from, const char *to); /* 0 = ok */
    /* 1 where rename cannot replace an existing file (the PSP's FAT): the
     * temporary file is the fixed "<path>.new", and the old save is removed
     * before the rename, only after the new file is checked intact. Such a
     * platform has one writer at a time. */
    int remove_before_rename;
    /* Where rename replaces: makes the temporary file this writer's own,
     * "<path>.new-<writer>" (the desktop passes its process id). */
    unsigned long writer;
} SaveOps;

/* 1 on success. ops may be NULL. *why (if why is not NULL) says what failed. */
int save_store(const char *path, const char *text, size_t len, const SaveOps *ops, SaveProblem *why);
/* save_store without the reason. */
int save_write(const char *path, const char *text, size_t len, const SaveOps *ops);

/* The saved text (malloc'd, NUL-terminated, *len set): the intact file, else
 * the intact .new file, else the damaged file's text (SAVE_DAMAGED); NULL
 * with *why saying why when there is nothing to hand over. ops may be NULL
 * (used to move an oversized file aside). */
char *save_load(const char *path, size_t *len, const SaveOps *ops, SaveProblem *why);
/* save_load without the reason. */
char *save_read(const char *path, size_t *len);

/* Checks the trailer of buf[0..n) in place; returns the text length, or -1
 * when the trailer is missing or wrong. */
long save_verify(const char *buf, size_t n);

/* Reads a whole file of at most max bytes (malloc'd, NUL-terminated), or NULL. */
char *save_read_file(const char *path, size_t max, size_t *len);

#endif
