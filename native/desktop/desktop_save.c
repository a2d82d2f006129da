#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include "../core/save.h"
#include "desktop_save.h"
#include "posix.h"

int desktop_save_path(char *out, size_t size)
{
    char dir[1024];
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    int n;
    if (xdg && *xdg) n = snprintf(dir, sizeof dir, "%s/ratscrew", xdg);
    else if (home && *home) n = snprintf(dir, sizeof dir, "%s/.local/share/ratscrew", home);
    else return -1;
    if (n < 0 || (size_t)n >= sizeof dir || posix_make_dirs(dir) < 0) return -1;
    n = snprintf(out, size, "%s/save.json", dir);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

char *desktop_load(void *user, size_t *len)
{
    return save_read((const char *)user, len);
}

int desktop_save(void *user, const char *text, size_t len)
{
    static const SaveOps ops = { posix_fsync, NULL, NULL };
    return save_write((const char *)user, text, len, &ops);
}
