/* Where the PSP keeps the save: <dev>/PSP/SAVEDATA/<DISC_ID>SETTINGS/save.json
 * with a PARAM.SFO and ICON0.PNG for the Saved Data Utility, on the EBOOT's
 * own device (ms0: or a PSP Go's ef0:). Written through core/save (a new
 * file, synced, then a rename; docs/native.md). Saves of earlier versions,
 * beside EBOOT.PBP or in .../SAVEDATA/RATSCREW00/, are still read. */
#ifndef RATSCREW_PSP_SAVE_H
#define RATSCREW_PSP_SAVE_H

#include <stddef.h>
#include "contract.h"

/* eboot_path is argv[0] (NULL if unknown). */
void psp_save_init(const char *eboot_path);
char *psp_save_load(void *user, size_t *len);
/* 1 when saved; 0 when the stick is missing, full or write-protected. */
int psp_save_store(void *user, const char *text, size_t len);
/* host.keepDamaged(): keeps the file the last load read (core/save.h save_keep). */
int psp_save_keep(void *user);
/* host.problem(): what went wrong with the last load or save. */
SaveProblem psp_save_problem(void *user);
/* The save file's path (for the replay's check in test/psp). */
const char *psp_save_path(void);

#endif
