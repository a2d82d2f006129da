#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include "desktop_save.h"
#include "posix.h"

/* Removes the temporary files "save.json.new-<writer>" of writers that died
 * before their rename (a SIGKILL, a power cut): they were never the save,
 * and without this they pile up, one per kill. A writer is told alive by
 * the claim it holds on its file (posix_claim), which every process sharing
 * the folder sees; its process id would not do, since another PID
 * namespace (a container) has its own, and the same ones. */
static void remove_dead_temps(const char *dir)
{
    static const char PREFIX[] = "save.json.new-";
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[1400];
    if (!d) return;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, PREFIX, sizeof PREFIX - 1)) continue;
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path) posix_temp_abandoned(path);
    }
    closedir(d);
}

int desktop_save_open_in(DesktopSave *s, const char *dir)
{
    memset(s, 0, sizeof *s);
    /* Two games may run at once: each writes its own temporary file. */
    posix_save_ops(&s->ops, (unsigned long)getpid());
    s->problem = SAVE_NO_FOLDER;
    if (strlen(dir) + sizeof "/save.json" > sizeof s->path) {
        fprintf(stderr, "ratscrew: the save folder's name is too long: not saving\n");
        return -1;
    }
    if (posix_make_dirs(dir) < 0) {
        fprintf(stderr, "ratscrew: cannot create the save folder %s (%s): not saving\n", dir, strerror(errno));
        return -1;
    }
    snprintf(s->dir, sizeof s->dir, "%s", dir);
    snprintf(s->path, sizeof s->path, "%s/save.json", dir);
    remove_dead_temps(dir);
    s->has_folder = 1;
    s->problem = SAVE_OK;
    return 0;
}

int desktop_save_open(DesktopSave *s)
{
    char dir[1024];
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    int n;
    if (xdg && *xdg) n = snprintf(dir, sizeof dir, "%s/ratscrew", xdg);
    else if (home && *home) n = snprintf(dir, sizeof dir, "%s/.local/share/ratscrew", home);
    else {
        memset(s, 0, sizeof *s);
        s->problem = SAVE_NO_FOLDER;
        fprintf(stderr, "ratscrew: neither XDG_DATA_HOME nor HOME is set: not saving\n");
        return -1;
    }
    if (n < 0 || (size_t)n >= sizeof dir) {
        memset(s, 0, sizeof *s);
        s->problem = SAVE_NO_FOLDER;
        fprintf(stderr, "ratscrew: the save folder's name is too long: not saving\n");
        return -1;
    }
    return desktop_save_open_in(s, dir);
}

char *desktop_load(void *user, size_t *len)
{
    DesktopSave *s = (DesktopSave *)user;
    if (!s->has_folder) return NULL;
    return save_load(s->path, len, &s->ops, &s->problem);
}

int desktop_keep(void *user)
{
    DesktopSave *s = (DesktopSave *)user;
    if (!s->has_folder) return 0;
    s->keep_pending = !save_keep(s->path, &s->ops, &s->problem);
    return !s->keep_pending;
}

int desktop_save(void *user, const char *text, size_t len)
{
    DesktopSave *s = (DesktopSave *)user;
    int ok;
    if (!s->has_folder) {
        s->problem = SAVE_NO_FOLDER;
        return 0;
    }
    /* The folder may have been removed since the start (by the player, a
     * cleaner): made again rather than losing the session's settings. */
    if (posix_make_dirs(s->dir) < 0) {
        s->problem = SAVE_NO_FOLDER;
        return 0;
    }
    /* The file the script could not read is kept before anything replaces
     * it: copied if there is room now, else moved aside by the save itself
     * once its new file is written. */
    if (s->keep_pending && desktop_keep(s)) s->keep_pending = 0;
    if (!s->keep_pending) return save_store(s->path, text, len, &s->ops, &s->problem);
    ok = save_store_keeping(s->path, text, len, &s->ops, &s->problem);
    if (ok) s->keep_pending = 0;
    return ok;
}

SaveProblem desktop_problem(void *user)
{
    return ((DesktopSave *)user)->problem;
}
