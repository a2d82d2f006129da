/* Whole-file saving that survives a crash or power loss at any moment.
 *
 * A save file holds the text, then one trailer line
 *     "\n#ratscrew-save len=<bytes> fnv1a=<8 hex>\n"
 * A file whose trailer is missing or does not match its text is not intact.
 * Writing goes to "<path>.new" first, which is flushed, synced and closed
 * before it replaces <path>; loading falls back to an intact "<path>.new"
 * when <path> is absent or not intact, which covers a crash between the two
 * steps and hosts whose rename cannot replace a file (the old file is
 * removed first there). When neither is intact, the damaged <path> text is
 * returned (without its trailer line) so that the script can keep what it
 * can read and say that the rest was reset. */
#ifndef RATSCREW_SAVE_H
#define RATSCREW_SAVE_H

#include <stddef.h>
#include <stdio.h>

#define SAVE_MAX_BYTES (256u * 1024u)

/* The file operations a platform may replace. Any member may be NULL: no
 * sync, or the C library's remove() / rename(). (The PSP's C library cannot
 * remove files, so its host passes sceIoRemove.) */
typedef struct SaveOps {
    int (*sync)(FILE *f);                          /* fsync on POSIX; 0 = ok */
    int (*remove)(const char *path);               /* 0 = ok */
    int (*rename)(const char *from, const char *to); /* 0 = ok */
} SaveOps;

/* 1 on success. ops may be NULL. */
int save_write(const char *path, const char *text, size_t len, const SaveOps *ops);

/* The saved text (malloc'd, NUL-terminated, *len set): the intact file, else
 * the intact .new file, else the damaged file's text; NULL when there is no
 * file at all. */
char *save_read(const char *path, size_t *len);

/* Checks the trailer of buf[0..n) in place; returns the text length, or -1
 * when the trailer is missing or wrong. */
long save_verify(const char *buf, size_t n);

/* Reads a whole file of at most max bytes (malloc'd, NUL-terminated), or NULL. */
char *save_read_file(const char *path, size_t max, size_t *len);

#endif
