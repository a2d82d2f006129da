/* Where the desktop keeps its save file, and the host.load/host.save
 * callbacks over core/save. */
#ifndef RATSCREW_DESKTOP_SAVE_H
#define RATSCREW_DESKTOP_SAVE_H

#include <stddef.h>

/* $XDG_DATA_HOME/ratscrew/save.json, else ~/.local/share/ratscrew/save.json;
 * creates the folder. 0 on success. */
int desktop_save_path(char *out, size_t size);

/* VmHost callbacks; user is the path (const char *). */
char *desktop_load(void *user, size_t *len);
int desktop_save(void *user, const char *text, size_t len);

#endif
