#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "save.h"

#define TRAILER_FMT "\n#ratscrew-save len=%lu fnv1a=%08lx\n"
#define TRAILER_MAX 64
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
    unsigned long h = 0x811c9dc5ul;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= (unsigned char)p[i];
        h = (h * 0x01000193ul) & 0xfffffffful;
    }
    return h;
}

static int format_trailer(char *out, const char *text, size_t len)
{
    return snprintf(out, TRAILER_MAX, TRAILER_FMT, (unsigned long)len, fnv1a(text, len));
}

static int op_remove(const SaveOps *ops, const char *path)
{
    return ops && ops->remove ? ops->remove(path) : remove(path);
}

static int op_rename(const SaveOps *ops, const char *from, const char *to)
{
    return ops && ops->rename ? ops->rename(from, to) : rename(from, to);
}

/* Writes bytes[0..n) as the whole file; 1 on success, else 0 with errno of the failed step. */
static int put_file(const char *path, const char *bytes, size_t n, const char *trailer, size_t tlen,
                    const SaveOps *ops)
{
    FILE *f = fopen(path, "wb");
    int ok, err = 0;
    if (!f) return 0;
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

static int temp_path(char *out, const char *path, const SaveOps *ops)
{
    int n = ops && !ops->remove_before_rename && ops->writer
        ? snprintf(out, PATH_MAX_BYTES, "%s.new-%lu", path, ops->writer)
        : snprintf(out, PATH_MAX_BYTES, "%s.new", path);
    return n > 0 && n < PATH_MAX_BYTES;
}

static char *read_verified(const char *path, size_t *len);

/* Where rename cannot replace a file: the old save goes only when the new
 * one is there and complete, so a writer whose new file vanished (another
 * process, outside damage) never leaves the folder without a save. */
static int replace_by_removing(const char *tmp, const char *path, const SaveOps *ops)
{
    size_t n;
    char *check;
    if (op_rename(ops, tmp, path) == 0) return 1; /* there was no old save */
    check = read_verified(tmp, &n);
    if (!check) return 0;
    free(check);
    op_remove(ops, path);
    return op_rename(ops, tmp, path) == 0;
}

int save_store(const char *path, const char *text, size_t len, const SaveOps *ops, SaveProblem *why)
{
    char tmp[PATH_MAX_BYTES];
    char trailer[TRAILER_MAX];
    int tlen;
    set_why(why, SAVE_FAILED);
    if (len > SAVE_MAX_BYTES || !temp_path(tmp, path, ops)) return 0;
    tlen = format_trailer(trailer, text, len);
    if (!put_file(tmp, text, len, trailer, (size_t)tlen, ops)) {
        set_why(why, write_problem(errno));
        return 0;
    }
    if (ops && ops->remove_before_rename) {
        if (!replace_by_removing(tmp, path, ops)) return 0;
    } else if (op_rename(ops, tmp, path) != 0) {
        /* Never remove <path> here: a rename that replaces cannot fail
         * because <path> exists, and <path> may be another writer's save. */
        int err = errno;
        op_remove(ops, tmp);
        set_why(why, write_problem(err));
        return 0;
    }
    set_why(why, SAVE_OK);
    return 1;
}

int save_write(const char *path, const char *text, size_t len, const SaveOps *ops)
{
    return save_store(path, text, len, ops, NULL);
}

long save_verify(const char *buf, size_t n)
{
    char expect[TRAILER_MAX];
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

/* The verified text of one file, or NULL. */
static char *read_verified(const char *path, size_t *len)
{
    size_t n;
    long text_len;
    char *buf = save_read_file(path, SAVE_MAX_BYTES + TRAILER_MAX, &n);
    if (!buf) return NULL;
    text_len = save_verify(buf, n);
    if (text_len < 0) {
        free(buf);
        return NULL;
    }
    buf[text_len] = '\0';
    *len = (size_t)text_len;
    return buf;
}

static int sibling(char *out, const char *path, const char *suffix)
{
    int n = snprintf(out, PATH_MAX_BYTES, "%s%s", path, suffix);
    return n > 0 && n < PATH_MAX_BYTES;
}

/* Keeps a copy of the damaged bytes beside the save, for the player or a bug
 * report: the next save replaces <path>. Best effort. */
static void keep_damaged_copy(const char *path, const char *bytes, size_t n, const SaveOps *ops)
{
    char kept[PATH_MAX_BYTES];
    if (sibling(kept, path, ".damaged")) put_file(kept, bytes, n, "", 0, ops);
}

/* A file larger than any save cannot be read whole: it is moved aside so the
 * next save does not destroy it. Best effort. */
static void move_aside(const char *path, const SaveOps *ops)
{
    char kept[PATH_MAX_BYTES];
    if (!sibling(kept, path, ".damaged")) return;
    op_remove(ops, kept);
    op_rename(ops, path, kept);
}

char *save_load(const char *path, size_t *len, const SaveOps *ops, SaveProblem *why)
{
    char tmp[PATH_MAX_BYTES];
    char *text, *mark;
    ReadResult result;
    size_t n;
    set_why(why, SAVE_OK);
    text = read_verified(path, len);
    if (text) return text;
    if (sibling(tmp, path, ".new") && (text = read_verified(tmp, len)) != NULL) return text;
    /* Neither file is intact. The writer never leaves <path> half-written
     * (it only ever renames a complete file onto it), so this is outside
     * damage or a hand edit: the text goes to the script anyway, whose
     * reader keeps every field it can read, and the problem tells it to say
     * so to the player, rather than silently starting from defaults. */
    text = read_file(path, SAVE_MAX_BYTES + TRAILER_MAX, &n, &result);
    if (!text) {
        if (result == READ_TOO_LARGE) move_aside(path, ops);
        set_why(why, result == READ_ABSENT ? SAVE_NO_FILE
                   : result == READ_TOO_LARGE ? SAVE_TOO_LARGE : SAVE_UNREADABLE);
        return NULL;
    }
    keep_damaged_copy(path, text, n, ops);
    mark = strstr(text, "\n#ratscrew-save ");
    if (mark) {
        *mark = '\0';
        n = (size_t)(mark - text);
    }
    *len = n;
    set_why(why, SAVE_DAMAGED);
    return text;
}

char *save_read(const char *path, size_t *len)
{
    return save_load(path, len, NULL, NULL);
}
