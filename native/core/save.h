/* Whole-file saving that survives a crash or power loss at any moment, and
 * several writers at once, and never destroys the player's data.
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
 * Nothing that is not an intact save is ever destroyed: before a save
 * replaces <path> (or, on FAT, overwrites "<path>.new") whose bytes are not
 * an intact save, or that is no regular file, those bytes are kept as a
 * numbered damaged copy "<path>.damaged-<n>" (n = 1 .. SAVE_DAMAGED_KEPT,
 * never overwritten; the oldest goes when all are taken, and the others
 * close up, whatever numbers they had), or — only once the new save is
 * written, so that a failed save leaves the damaged file where the next
 * start finds it and says so again — the file is renamed to that name; if
 * neither is possible, the save fails. Loading only ever copies. An intact
 * "<path>.new" beside a <path> that is not intact is the last good save: on
 * FAT it takes <path>'s place before a new "<path>.new" is written.
 * Every file the save creates is created new ("wbx": O_CREAT | O_EXCL),
 * which never follows a symbolic link nor opens what another writer holds.
 * docs/reliability.md, sections 8 and 9, have the whole table of states. */
#ifndef RATSCREW_SAVE_H
#define RATSCREW_SAVE_H

#include <stddef.h>
#include <stdio.h>
#include "contract.h"

/* SAVE_MAX_BYTES, the longest text a save holds, and the trailer's format
 * are in contract.h (tools/contract/contract.json, saveFile). */
/* Numbered damaged copies kept beside the save, at most. */
#define SAVE_DAMAGED_KEPT 5

/* What went wrong with a load or a save (SaveProblem) and the names the
 * script sees from host.problem() (save_problem_name) are in contract.h,
 * generated from tools/contract/contract.json: the one list of them. */

/* What is at a path (SaveOps.kind). */
typedef enum SaveKind {
    SAVE_KIND_ABSENT = 0,
    SAVE_KIND_FILE,  /* a regular file */
    SAVE_KIND_OTHER  /* a folder, a FIFO, a device: never opened (a FIFO would block) */
} SaveKind;

/* The file operations a platform may replace or choose. Any member may be
 * NULL or 0: no sync, the C library's remove() / rename(), rename replaces,
 * and whatever fopen opens counts as a file. */
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
    /* What is at path (a SaveKind); lstat on POSIX (a link counts as what
     * it points to only when that is a regular file), sceIoGetstat on the PSP. */
    int (*kind)(const char *path);
    /* A rename that never replaces what is at `to` (fails, EEXIST): where a
     * damaged copy goes by renaming. NULL: `rename` where it cannot replace
     * (remove_before_rename), else `rename` once `to` was seen absent. */
    int (*rename_new)(const char *from, const char *to);
    /* Right after the writer's temporary file is created: marks it in use
     * until release() (the desktop: a lock every process on the machine can
     * see, whatever its PID namespace), and checks that it is still there;
     * non-zero when another process took it away: another name is tried. */
    int (*claim)(FILE *f);
    void (*release)(void);
} SaveOps;

/* 1 on success. ops may be NULL. *why (if why is not NULL) says what failed. */
int save_store(const char *path, const char *text, size_t len, const SaveOps *ops, SaveProblem *why);
/* save_store without the reason. */
int save_write(const char *path, const char *text, size_t len, const SaveOps *ops);
/* save_store when save_keep could not keep <path> (the script could not
 * read it, and there was no room for a copy): once the new save is
 * written, <path> is renamed to a numbered copy's name before the new one
 * takes its place, even if it is an intact save. */
int save_store_keeping(const char *path, const char *text, size_t len, const SaveOps *ops, SaveProblem *why);

/* The saved text (malloc'd, NUL-terminated, *len set): the intact file, else
 * the intact .new file (SAVE_DAMAGED when <path> is there but not intact),
 * else the damaged file's text (SAVE_DAMAGED); NULL with *why saying why
 * when there is nothing to hand over. A damaged file's bytes are copied to
 * a numbered copy at once when there is room; nothing is moved (an
 * oversized file is moved aside by the next save). ops may be NULL. */
char *save_load(const char *path, size_t *len, const SaveOps *ops, SaveProblem *why);
/* save_load without the reason. */
char *save_read(const char *path, size_t *len);

/* The script could not read the text the last load handed over (it parsed
 * but made no sense: not JSON, a newer version): keeps a numbered damaged
 * copy of the file it came from. 1 when the bytes are kept (or there was
 * nothing to keep); 0 with *why when no copy could be written (a full
 * device): the file stays where it is, and the caller's next save goes
 * through save_store_keeping. */
int save_keep(const char *path, const SaveOps *ops, SaveProblem *why);

/* Checks the trailer of buf[0..n) in place; returns the text length, or -1
 * when the trailer is missing or wrong. */
long save_verify(const char *buf, size_t n);

/* Reads a whole file of at most max bytes (malloc'd, NUL-terminated), or NULL. */
char *save_read_file(const char *path, size_t max, size_t *len);

#endif
