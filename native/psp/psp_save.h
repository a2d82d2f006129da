/* Where the PSP keeps the save file: save.json beside EBOOT.PBP when the game
 * runs from the Memory Stick (ms0:/PSP/GAME/RATSCREW/), otherwise
 * ms0:/PSP/SAVEDATA/RATSCREW00/save.json. Written through core/save (a new
 * file, then a rename; see docs/native.md for how a half-written file is
 * detected). */
#ifndef RATSCREW_PSP_SAVE_H
#define RATSCREW_PSP_SAVE_H

#include <stddef.h>

/* eboot_path is argv[0] (NULL if unknown). */
void psp_save_init(const char *eboot_path);
char *psp_save_load(void *user, size_t *len);
int psp_save_store(void *user, const char *text, size_t len);

#endif
