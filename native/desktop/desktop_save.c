#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "desktop_save.h"
#include "posix.h"

int desktop_save_open(DesktopSave *s)
{
    char dir[1024];
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    int n;
    memset(s, 0, sizeof *s);
    s->ops.sync = posix_fsync;
    /* Two games may run at once: each writes its own temporary file. */
    s->ops.writer = (unsigned long)getpid();
    s->problem = SAVE_NO_FOLDER;
    if (xdg && *xdg) n = snprintf(dir, sizeof dir, "%s/ratscrew", xdg);
    else if (home && *home) n = snprintf(dir, sizeof dir, "%s/.local/share/ratscrew", home);
    else {
        fprintf(stderr, "ratscrew: neither XDG_DATA_HOME nor HOME is set: not saving\n");
        return -1;
    }
    if (n < 0 || (size_t)n >= sizeof dir) {
        fprintf(stderr, "ratscrew: the save folder's name is too long: not saving\n");
        return -1;
    }
    if (posix_make_dirs(dir) < 0) {
        fprintf(stderr, "ratscrew: cannot create the save folder %s (%s): not saving\n", dir, strerror(errno));
        return -1;
    }
    snprintf(s->path, sizeof s->path, "%s/save.json", dir);
    s->has_folder = 1;
    s->problem = SAVE_OK;
    return 0;
}

/* A save path that exists but is no regular file (a FIFO would block the
 * open for ever, a device would read without end) is not opened. */
static int is_unreadable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && !S_ISREG(st.st_mode);
}

char *desktop_load(void *user, size_t *len)
{
    DesktopSave *s = (DesktopSave *)user;
    char fallback[1200];
    if (!s->has_folder) return NULL;
    snprintf(fallback, sizeof fallback, "%s.new", s->path);
    if (is_unreadable(s->path) || is_unreadable(fallback)) {
        s->problem = SAVE_UNREADABLE;
        return NULL;
    }
    return save_load(s->path, len, &s->ops, &s->problem);
}

int desktop_save(void *user, const char *text, size_t len)
{
    DesktopSave *s = (DesktopSave *)user;
    if (!s->has_folder) {
        s->problem = SAVE_NO_FOLDER;
        return 0;
    }
    return save_store(s->path, text, len, &s->ops, &s->problem);
}

SaveProblem desktop_problem(void *user)
{
    return ((DesktopSave *)user)->problem;
}
