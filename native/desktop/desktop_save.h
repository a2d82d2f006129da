/* Where the desktop keeps its save file, and the host.load / host.save /
 * host.problem callbacks over core/save. */
#ifndef RATSCREW_DESKTOP_SAVE_H
#define RATSCREW_DESKTOP_SAVE_H

#include <stddef.h>
#include "../core/save.h"

typedef struct DesktopSave {
    char dir[1100];
    char path[1100];
    int has_folder;      /* 0: saving is impossible (problem says why) */
    SaveProblem problem; /* of the last load or save */
    int keep_pending;    /* host.keepDamaged() could not keep the file: no save replaces it */
    SaveOps ops;
} DesktopSave;

/* $XDG_DATA_HOME/ratscrew/save.json, else ~/.local/share/ratscrew/save.json;
 * creates the folder, and removes the temporary files of writers that died
 * mid-save. 0 on success; else -1 after printing why, and every save then
 * fails with SAVE_NO_FOLDER. */
int desktop_save_open(DesktopSave *s);
/* The same in the folder dir (the headless host's --save-dir). */
int desktop_save_open_in(DesktopSave *s, const char *dir);

/* VmHost callbacks; user is the DesktopSave. */
char *desktop_load(void *user, size_t *len);
int desktop_save(void *user, const char *text, size_t len);
int desktop_keep(void *user);
SaveProblem desktop_problem(void *user);

#endif
