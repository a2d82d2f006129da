#include <stdlib.h>
#include <string.h>
#include "save.h"

#define TRAILER_FMT "\n#ratscrew-save len=%lu fnv1a=%08lx\n"
#define TRAILER_MAX 64

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

static int write_file(const char *path, const char *text, size_t len, const SaveOps *ops)
{
    char trailer[TRAILER_MAX];
    int tlen = format_trailer(trailer, text, len);
    FILE *f = fopen(path, "wb");
    int ok;
    if (!f) return 0;
    ok = fwrite(text, 1, len, f) == len
        && fwrite(trailer, 1, (size_t)tlen, f) == (size_t)tlen
        && fflush(f) == 0
        && (!ops || !ops->sync || ops->sync(f) == 0);
    if (fclose(f) != 0) ok = 0;
    if (!ok) op_remove(ops, path);
    return ok;
}

int save_write(const char *path, const char *text, size_t len, const SaveOps *ops)
{
    char tmp[1024];
    if (len > SAVE_MAX_BYTES) return 0;
    if (snprintf(tmp, sizeof tmp, "%s.new", path) >= (int)sizeof tmp) return 0;
    if (!write_file(tmp, text, len, ops)) return 0;
    if (op_rename(ops, tmp, path) == 0) return 1;
    /* Some file systems (the PSP's) cannot rename over an existing file.
     * Until the second rename, save_read finds the complete .new file. */
    op_remove(ops, path);
    return op_rename(ops, tmp, path) == 0;
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

char *save_read_file(const char *path, size_t max, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    size_t n;
    if (!f) return NULL;
    buf = (char *)malloc(max + 2);
    if (!buf) {
        fclose(f);
        return NULL;
    }
    n = fread(buf, 1, max + 1, f);
    fclose(f);
    if (n > max) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
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

/* The text of a damaged or hand-edited file, without its trailer line if it
 * has one, or NULL when there is no file. */
static char *read_damaged(const char *path, size_t *len)
{
    char *buf = save_read_file(path, SAVE_MAX_BYTES + TRAILER_MAX, len);
    char *mark;
    if (!buf) return NULL;
    mark = strstr(buf, "\n#ratscrew-save ");
    if (mark) {
        *mark = '\0';
        *len = (size_t)(mark - buf);
    }
    return buf;
}

char *save_read(const char *path, size_t *len)
{
    char tmp[1024];
    char *text = read_verified(path, len);
    if (text) return text;
    if (snprintf(tmp, sizeof tmp, "%s.new", path) >= (int)sizeof tmp) return NULL;
    text = read_verified(tmp, len);
    if (text) return text;
    /* Neither file is intact. The writer never leaves <path> half-written
     * (it only ever renames a complete file onto it), so this is outside
     * damage or a hand edit: hand the text to the script anyway, whose
     * reader keeps every field it can read and tells the player the rest
     * was reset, rather than silently starting from defaults. */
    return read_damaged(path, len);
}
