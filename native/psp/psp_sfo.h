/* The PARAM.SFO of a save folder, so that the PSP's Saved Data Utility
 * lists the save under the game's name and icon instead of as corrupted
 * data. test/psp/replay.test.ts reads the file the replay EBOOT wrote in
 * PPSSPP back with an independent PSF reader (test/psp/psf.ts). */
#ifndef RATSCREW_PSP_SFO_H
#define RATSCREW_PSP_SFO_H

#include <stddef.h>
#include <stdint.h>

/* Enough for the savedata keys below with their fixed maximum sizes. */
#define PSP_SFO_SAVEDATA_BYTES 5120

typedef struct SavedataInfo {
    const char *title;          /* TITLE: the game's name */
    const char *savedata_title; /* SAVEDATA_TITLE: what the save holds */
    const char *detail;         /* SAVEDATA_DETAIL: one more line */
    const char *directory;      /* SAVEDATA_DIRECTORY: the folder's name */
} SavedataInfo;

/* Writes the PSF into out; returns its size, or 0 when cap is too small. */
size_t psp_sfo_savedata(uint8_t *out, size_t cap, const SavedataInfo *info);

#endif
