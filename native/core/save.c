#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "save.h"

/* The file's format (SAVE_MAX_BYTES, SAVE_TRAILER_*, SAVE_HASH_*) is in
 * contract.h, generated from tools/contract/contract.json's saveFile, which
 * web/src/save.ts writes and reads too. */
#define PATH_MAX_BYTES 1024

/* Why a write step failed, from the C library's errno. */
static SaveProblem write_problem(int err)
{
#ifdef ENOSPC
    if (err == ENOSPC) return SAVE_FULL;
#endif
#ifdef EDQUOT
    if (err == EDQUOT) return SAVE_FULL;
#endif
#ifdef EROFS
    if (err == EROFS) return SAVE_DENIED;
#endif
#ifdef EACCES
    if (err == EACCES) return SAVE_DENIED;
#endif
#ifdef EPERM
    if (err == EPERM) return SAVE_DENIED;
#endif
#ifdef ENOENT
    if (err == ENOENT) return SAVE_NO_FOLDER;
#endif
#ifdef ENOTDIR
    if (err == ENOTDIR) return SAVE_NO_FOLDER;
#endif
    return SAVE_FAILED;
}

/* Whether a failed open means the file is there but cannot be read, rather
 * than absent. Only errors that say so count: a platform whose C library
 * maps its errors loosely must not report a missing file as unreadable. */
static int open_refused(int err)
{
#ifdef EACCES
    if (err == EACCES) return 1;
#endif
#ifdef EPERM
    if (err == EPERM) return 1;
#endif
#ifdef EISDIR
    if (err == EISDIR) return 1;
#endif
    (void)err;
    return 0;
}

static void set_why(SaveProblem *why, SaveProblem p)
{
    if (why) *why = p;
}

static unsigned long fnv1a(const char *p, size_t n)
{
    unsigned long h = SAVE_HASH_OFFSET;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= (unsigned char)p[i];
        h = (h * SAVE_HASH_PRIME) & 0xfffffffful;
    }
    return h;
}

static int format_trailer(char *out, const char *text, size_t len)
{
    return snprintf(out, SAVE_TRAILER_MAX, SAVE_TRAILER_FMT, (unsigned long)len, fnv1a(text, len));
}

static int op_remove(const SaveOps *ops, const char *path)
{
    return ops && ops->remove ? ops->remove(path) : remove(path);
}

static int op_rename(const SaveOps *ops, const char *from, const char *to)
{
    return ops && ops->rename ? ops->rename(from, to) : rename(from, to);
}

static SaveKind kind_of(const char *path, const SaveOps *ops);

/* A rename onto a name that must be free: never over another copy. */
static int op_rename_new(const SaveOps *ops, const char *from, const char *to)
{
    if (ops && ops->rename_new) return ops->rename_new(from, to);
    if (!(ops && ops->remove_before_rename) && kind_of(to, ops) != SAVE_KIND_ABSENT) {
#ifdef EEXIST
        errno = EEXIST;
#endif
        return -1;
    }
    return op_rename(ops, from, to);
}

/* A new file, never one that is there (a link, another writer's file):
 * C11's "x" is O_CREAT | O_EXCL, which does not follow a link at the name
 * either (POSIX; the PSP's newlib maps it to PSP_O_EXCL). */
static FILE *create_new(const char *path)
{
    return fopen(path, "wbx");
}

/* Writes bytes[0..n) and the trailer into f, a file just created at path,
 * and closes it; 1 on success, else 0 (the file removed) with errno of the
 * failed step. */
static int fill_file(FILE *f, const char *path, const char *bytes, size_t n, const char *trailer, size_t tlen,
                     const SaveOps *ops)
{
    int ok, err = 0;
    errno = 0;
    ok = fwrite(bytes, 1, n, f) == n
        && fwrite(trailer, 1, tlen, f) == tlen
        && fflush(f) == 0
        && (!ops || !ops->sync || ops->sync(f) == 0);
    if (!ok) err = errno;
    if (fclose(f) != 0 && ok) {
        ok = 0;
        err = errno;
    }
    if (!ok) {
        op_remove(ops, path);
        errno = err;
    }
    return ok;
}

/* A new file at path holding bytes[0..n) and the trailer; 1 on success,
 * else 0 with errno (EEXIST when the name was taken). */
static int put_file(const char *path, const char *bytes, size_t n, const char *trailer, size_t tlen,
                    const SaveOps *ops)
{
    FILE *f = create_new(path);
    return f ? fill_file(f, path, bytes, n, trailer, tlen, ops) : 0;
}

/* How many names a writer tries for its temporary file: its own, then with
 * "-1", "-2", ... when one is taken (a link planted there, a writer of the
 * same process id in another PID namespace, a leftover). */
#define TEMP_TRIES 16

/* The writer's temporary file, try `k`: on FAT the fixed <path>.new (one
 * writer, and loading falls back to it); elsewhere the writer's own. */
static int temp_path(char *out, const char *path, const SaveOps *ops, int k)
{
    int n;
    if (ops && ops->remove_before_rename) n = snprintf(out, PATH_MAX_BYTES, "%s.new", path);
    else if (ops && ops->writer) n = k ? snprintf(out, PATH_MAX_BYTES, "%s.new-%lu-%d", path, ops->writer, k)
                                       : snprintf(out, PATH_MAX_BYTES, "%s.new-%lu", path, ops->writer);
    else n = k ? snprintf(out, PATH_MAX_BYTES, "%s.new-0-%d", path, k) : snprintf(out, PATH_MAX_BYTES, "%s.new", path);
    return n > 0 && n < PATH_MAX_BYTES;
}

/* Creates the writer's temporary file (its name into tmp) and writes the
 * save into it; 1 on success, else 0 with errno. Claimed (ops->claim)
 * until the caller's release. */
static int write_temp(char *tmp, const char *path, const char *text, size_t len, const char *trailer, size_t tlen,
                      const SaveOps *ops)
{
    int k;
    for (k = 0; k < TEMP_TRIES; k++) {
        FILE *f;
        if (!temp_path(tmp, path, ops, k)) return 0;
        f = create_new(tmp);
        if (!f) {
#ifdef EEXIST
            if (errno == EEXIST && !(ops && ops->remove_before_rename)) continue;
#endif
            return 0;
        }
        if (ops && ops->claim && ops->claim(f) != 0) {
            /* Taken away between its creation and the claim: never ours to remove. */
            fclose(f);
            continue;
        }
        return fill_file(f, tmp, text, len, trailer, tlen, ops);
    }
#ifdef EEXIST
    errno = EEXIST;
#endif
    return 0;
}

static void release(const SaveOps *ops)
{
    if (ops && ops->release) ops->release();
}

static int sibling(char *out, const char *path, const char *suffix)
{
    int n = snprintf(out, PATH_MAX_BYTES, "%s%s", path, suffix);
    return n > 0 && n < PATH_MAX_BYTES;
}

long save_verify(const char *buf, size_t n)
{
    char expect[SAVE_TRAILER_MAX];
    size_t mark;
    if (n < 2 || buf[n - 1] != '\n') return -1;
    /* The trailer holds no newline but its first and last byte, so it
     * starts at the last newline before the final one. */
    mark = n - 2;
    while (mark > 0 && buf[mark] != '\n') mark--;
    if (buf[mark] != '\n') return -1;
    if (format_trailer(expect, buf, mark) != (int)(n - mark)) return -1;
    if (memcmp(expect, buf + mark, n - mark) != 0) return -1;
    return (long)mark;
}

typedef enum ReadResult { READ_OK, READ_ABSENT, READ_REFUSED, READ_TOO_LARGE, READ_NO_MEMORY } ReadResult;

static char *read_file(const char *path, size_t max, size_t *len, ReadResult *result)
{
    FILE *f;
    char *buf;
    size_t n;
    errno = 0;
    f = fopen(path, "rb");
    if (!f) {
        *result = open_refused(errno) ? READ_REFUSED : READ_ABSENT;
        return NULL;
    }
    buf = (char *)malloc(max + 2);
    if (!buf) {
        fclose(f);
        *result = READ_NO_MEMORY;
        return NULL;
    }
    n = fread(buf, 1, max + 1, f);
    *result = ferror(f) ? READ_REFUSED : n > max ? READ_TOO_LARGE : READ_OK;
    fclose(f);
    if (*result != READ_OK) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

char *save_read_file(const char *path, size_t max, size_t *len)
{
    ReadResult result;
    return read_file(path, max, len, &result);
}

static SaveKind kind_of(const char *path, const SaveOps *ops)
{
    FILE *f;
    if (ops && ops->kind) return (SaveKind)ops->kind(path);
    /* Without the platform's stat: whatever fopen opens, or refuses to. */
    errno = 0;
    f = fopen(path, "rb");
    if (f) {
        fclose(f);
        return SAVE_KIND_FILE;
    }
    return open_refused(errno) ? SAVE_KIND_FILE : SAVE_KIND_ABSENT;
}

/* One file of the save folder, as loading and saving see it. */
typedef enum State { ST_ABSENT, ST_INTACT, ST_DAMAGED, ST_TOO_LARGE, ST_UNREADABLE, ST_OTHER } State;

typedef struct Found {
    State state;
    char *bytes;   /* ST_INTACT, ST_DAMAGED: the whole file, malloc'd */
    size_t n;      /* its length */
    long text_len; /* ST_INTACT: the text before the trailer */
} Found;

static void inspect(const char *path, const SaveOps *ops, Found *f)
{
    ReadResult result;
    SaveKind kind = kind_of(path, ops);
    memset(f, 0, sizeof *f);
    f->state = kind == SAVE_KIND_ABSENT ? ST_ABSENT : ST_OTHER;
    if (kind != SAVE_KIND_FILE) return;
    f->bytes = read_file(path, SAVE_MAX_BYTES + SAVE_TRAILER_MAX, &f->n, &result);
    if (f->bytes) {
        f->text_len = save_verify(f->bytes, f->n);
        f->state = f->text_len >= 0 ? ST_INTACT : ST_DAMAGED;
    } else {
        /* Out of memory to read it counts as unreadable: never destroyed.
         * Nor is a file the platform's stat found but fopen did not. */
        f->state = result == READ_TOO_LARGE ? ST_TOO_LARGE
                 : result == READ_ABSENT && !(ops && ops->kind) ? ST_ABSENT : ST_UNREADABLE;
    }
}

static void forget(Found *f)
{
    free(f->bytes);
    f->bytes = NULL;
}

/* An intact file's text, handed over (the Found gives up its buffer). */
static char *take_text(Found *f, size_t *len)
{
    char *text = f->bytes;
    text[f->text_len] = '\0';
    *len = (size_t)f->text_len;
    f->bytes = NULL;
    return text;
}

/* ---- Numbered damaged copies: <path>.damaged-1 .. -SAVE_DAMAGED_KEPT,
 * oldest first. "<path>.damaged" (earlier versions kept one copy there) is
 * left alone but counts as kept. */

static int slot(char *out, const char *path, int i)
{
    int n = i > 0 ? snprintf(out, PATH_MAX_BYTES, "%s.damaged-%d", path, i)
                  : snprintf(out, PATH_MAX_BYTES, "%s.damaged", path);
    return n > 0 && n < PATH_MAX_BYTES;
}

/* Whether bytes[0..n) are already kept in one of the copies. */
static int already_kept(const char *path, const char *bytes, size_t n, const SaveOps *ops)
{
    char name[PATH_MAX_BYTES];
    int i, same = 0;
    for (i = 0; i <= SAVE_DAMAGED_KEPT && !same; i++) {
        size_t m;
        char *kept;
        if (!slot(name, path, i) || kind_of(name, ops) != SAVE_KIND_FILE) continue;
        kept = save_read_file(name, SAVE_MAX_BYTES + SAVE_TRAILER_MAX, &m);
        same = kept && m == n && memcmp(kept, bytes, n) == 0;
        free(kept);
    }
    return same;
}

/* The name for one more copy: after the others, which close up from -1
 * in their order whatever numbers they had (a player who deleted the
 * oldest leaves -2 .. -5); when all are taken the oldest goes first. 0
 * (errno set) if no name can be freed. */
static int next_slot(char *out, const char *path, const SaveOps *ops)
{
    char from[PATH_MAX_BYTES];
    int i, count = 0, taken[SAVE_DAMAGED_KEPT + 1];
    for (i = 1; i <= SAVE_DAMAGED_KEPT; i++) {
        if (!slot(out, path, i)) return 0;
        taken[i] = kind_of(out, ops) != SAVE_KIND_ABSENT;
        count += taken[i];
    }
    if (count == SAVE_DAMAGED_KEPT) {
        slot(out, path, 1);
        if (op_remove(ops, out) != 0) return 0;
        taken[1] = 0;
        count--;
    }
    for (i = 1, count = 0; i <= SAVE_DAMAGED_KEPT; i++) {
        if (!taken[i]) continue;
        count++;
        if (i == count) continue;
        slot(from, path, i);
        slot(out, path, count);
        if (op_rename_new(ops, from, out) != 0) return 0;
    }
    return slot(out, path, count + 1);
}

/* Keeps file's bytes (found at `file`, one of <path> or <path>.new): a
 * copy when they can be read and written — first to <path>.damaged-new,
 * so that no older copy makes room for one that then fails — else, when
 * `may_move` (a new save is ready to take the file's place), the file
 * itself renamed to a numbered name (a rename needs no room). 1 when kept;
 * 0 with errno of the failed step. */
static int keep(const char *path, const char *file, const Found *f, const SaveOps *ops, int may_move, int *moved)
{
    char name[PATH_MAX_BYTES], fresh[PATH_MAX_BYTES];
    *moved = 0;
    if (f->state == ST_ABSENT) return 1;
    if (f->bytes && already_kept(path, f->bytes, f->n, ops)) return 1;
    if (f->bytes && sibling(fresh, path, ".damaged-new")) {
        if (kind_of(fresh, ops) == SAVE_KIND_FILE) op_remove(ops, fresh); /* a copy cut short */
        if (put_file(fresh, f->bytes, f->n, "", 0, ops)) {
            if (next_slot(name, path, ops) && op_rename_new(ops, fresh, name) == 0) return 1;
            op_remove(ops, fresh);
            return 0;
        }
    }
    if (!may_move || !next_slot(name, path, ops) || op_rename_new(ops, file, name) != 0) return 0;
    *moved = 1;
    return 1;
}

/* Makes what is at `file` safe to replace, once the new save is written:
 * nothing to do for an intact save (unless `even_intact`) or nothing;
 * otherwise its bytes are kept. */
static int protect(const char *path, const char *file, const Found *f, const SaveOps *ops, int even_intact, int *moved)
{
    *moved = 0;
    return (f->state == ST_INTACT && !even_intact) || f->state == ST_ABSENT || keep(path, file, f, ops, 1, moved);
}

/* Where rename cannot replace a file: the old save goes only when the new
 * one is there and complete, so a writer whose new file vanished (another
 * process, outside damage) never leaves the folder without a save. */
static int replace_by_removing(const char *tmp, const char *path, const SaveOps *ops)
{
    Found check;
    if (op_rename(ops, tmp, path) == 0) return 1; /* there was no old save */
    inspect(tmp, ops, &check);
    forget(&check);
    if (check.state != ST_INTACT) return 0;
    op_remove(ops, path);
    return op_rename(ops, tmp, path) == 0;
}

/* On FAT the writer's temporary file is the fixed <path>.new, which may hold
 * the last good save (a crash after the old save was removed, with <path>
 * since damaged or written by hand): before a new one is created, an intact
 * one takes <path>'s place unless <path> is an intact save (then it is a
 * save that never completed, and goes). One that is not intact is a write
 * cut short: never read, removed. Something else by that name (a folder),
 * or a file that cannot be read, may hold the last save: moved aside. */
static int clear_temp(const char *path, const char *tmp, const SaveOps *ops)
{
    Found m, n;
    int ok = 1, moved = 0;
    inspect(tmp, ops, &n);
    if (n.state == ST_ABSENT) return 1;
    if (n.state == ST_OTHER || n.state == ST_UNREADABLE || n.state == ST_TOO_LARGE) return keep(path, tmp, &n, ops, 1, &moved);
    if (n.state != ST_INTACT) {
        forget(&n);
        return op_remove(ops, tmp) == 0;
    }
    inspect(path, ops, &m);
    if (m.state == ST_INTACT) ok = op_remove(ops, tmp) == 0;
    else
        ok = protect(path, path, &m, ops, 0, &moved)
            && (moved || m.state == ST_ABSENT || op_remove(ops, path) == 0)
            && op_rename(ops, tmp, path) == 0;
    forget(&m);
    forget(&n);
    return ok;
}

static int store(const char *path, const char *text, size_t len, const SaveOps *ops, int keep_old, SaveProblem *why)
{
    char tmp[PATH_MAX_BYTES];
    char trailer[SAVE_TRAILER_MAX];
    Found old;
    int tlen, ok, moved;
    set_why(why, SAVE_FAILED);
    if (len > SAVE_MAX_BYTES) return 0;
    if (ops && ops->remove_before_rename && (!temp_path(tmp, path, ops, 0) || !clear_temp(path, tmp, ops))) {
        set_why(why, write_problem(errno));
        return 0;
    }
    tlen = format_trailer(trailer, text, len);
    if (!write_temp(tmp, path, text, len, trailer, (size_t)tlen, ops)) {
        set_why(why, write_problem(errno));
        release(ops);
        return 0;
    }
    /* What the new file replaces must be an intact save, or be kept. */
    inspect(path, ops, &old);
    ok = protect(path, path, &old, ops, keep_old, &moved);
    forget(&old);
    if (!ok) {
        int err = errno;
        op_remove(ops, tmp);
        release(ops);
        set_why(why, write_problem(err));
        return 0;
    }
    if (ops && ops->remove_before_rename) {
        ok = replace_by_removing(tmp, path, ops);
    } else if (op_rename(ops, tmp, path) != 0) {
        /* Never remove <path> here: a rename that replaces cannot fail
         * because <path> exists, and <path> may be another writer's save. */
        int err = errno;
        op_remove(ops, tmp);
        set_why(why, write_problem(err));
        ok = 0;
    }
    release(ops);
    if (ok) set_why(why, SAVE_OK);
    return ok;
}

int save_store(const char *path, const char *text, size_t len, const SaveOps *ops, SaveProblem *why)
{
    return store(path, text, len, ops, 0, why);
}

int save_store_keeping(const char *path, const char *text, size_t len, const SaveOps *ops, SaveProblem *why)
{
    return store(path, text, len, ops, 1, why);
}

int save_write(const char *path, const char *text, size_t len, const SaveOps *ops)
{
    return save_store(path, text, len, ops, NULL);
}

/* A damaged file's text for the script: without its trailer line, if it
 * has one. Takes f's buffer. */
static char *damaged_text(Found *f, size_t *len)
{
    char *text = f->bytes, *mark;
    size_t n = f->n;
    f->bytes = NULL;
    mark = strstr(text, SAVE_TRAILER_MARK);
    if (mark) {
        *mark = '\0';
        n = (size_t)(mark - text);
    }
    *len = n;
    return text;
}

char *save_load(const char *path, size_t *len, const SaveOps *ops, SaveProblem *why)
{
    char tmp[PATH_MAX_BYTES];
    char *text = NULL;
    Found m, n;
    int moved;
    set_why(why, SAVE_OK);
    inspect(path, ops, &m);
    if (m.state == ST_INTACT) return take_text(&m, len);
    if (!sibling(tmp, path, ".new")) {
        forget(&m);
        set_why(why, SAVE_FAILED);
        return NULL;
    }
    inspect(tmp, ops, &n);
    if (n.state == ST_INTACT) {
        /* Power lost on FAT between the removal of the old save and the
         * rename: the complete .new file is the save. If <path> is there
         * but not intact, the player hears so, and its bytes are kept. */
        if (m.state == ST_DAMAGED) keep(path, path, &m, ops, 0, &moved);
        set_why(why, m.state == ST_ABSENT ? SAVE_OK : SAVE_DAMAGED);
        forget(&m);
        return take_text(&n, len);
    }
    /* No intact save. A <path>.new that is not intact is a write cut short
     * (the writer's own temporary file), never the save. What is at <path>
     * is outside damage or a hand edit (the writer only ever renames a
     * complete file onto it): a damaged text goes to the script anyway,
     * whose reader keeps every field it can read, and the problem tells it
     * to say so to the player, rather than silently starting from defaults;
     * its bytes are kept at once. */
    forget(&n);
    switch (m.state) {
    /* No save.json, but a .new that cannot be read: it may be the save. */
    case ST_ABSENT: set_why(why, n.state == ST_UNREADABLE ? SAVE_UNREADABLE : SAVE_NO_FILE); break;
    case ST_DAMAGED:
        /* A copy when there is room; with none, the bytes stay where the
         * next start finds them again (and says so again). */
        keep(path, path, &m, ops, 0, &moved);
        text = damaged_text(&m, len);
        set_why(why, SAVE_DAMAGED);
        break;
    /* Not read: the next save moves it aside, once its new file is written. */
    case ST_TOO_LARGE: set_why(why, SAVE_TOO_LARGE); break;
    default: set_why(why, SAVE_UNREADABLE); break;
    }
    forget(&m);
    return text;
}

char *save_read(const char *path, size_t *len)
{
    return save_load(path, len, NULL, NULL);
}

int save_keep(const char *path, const SaveOps *ops, SaveProblem *why)
{
    char tmp[PATH_MAX_BYTES];
    Found m, n;
    int ok, moved;
    set_why(why, SAVE_OK);
    if (!sibling(tmp, path, ".new")) return 0;
    inspect(path, ops, &m);
    memset(&n, 0, sizeof n);
    /* The file the last load handed over: the first intact of the two. A
     * copy only: the save that follows moves it aside if there is no room. */
    if (m.state == ST_INTACT) ok = keep(path, path, &m, ops, 0, &moved);
    else {
        inspect(tmp, ops, &n);
        /* Nothing read to copy (too large, unreadable): the save moves it. */
        ok = n.state == ST_INTACT ? keep(path, tmp, &n, ops, 0, &moved)
           : m.state != ST_DAMAGED || keep(path, path, &m, ops, 0, &moved);
    }
    if (!ok) set_why(why, write_problem(errno));
    forget(&m);
    forget(&n);
    return ok;
}
