#include <pspiofilemgr.h>
#include <stdio.h>
#include <string.h>
#include "psp_save.h"
#include "save.h"

#define FALLBACK_DIR "ms0:/PSP/SAVEDATA/RATSCREW00"

static char save_path[256];

/* The folder of the EBOOT, if it is on a writable device. */
static int game_folder(const char *eboot_path, char *out, size_t size)
{
    const char *slash;
    size_t n;
    if (!eboot_path || (strncmp(eboot_path, "ms0:", 4) != 0 && strncmp(eboot_path, "ef0:", 4) != 0))
        return 0;
    slash = strrchr(eboot_path, '/');
    if (!slash) return 0;
    n = (size_t)(slash - eboot_path);
    if (n + sizeof "/save.json" > size) return 0;
    memcpy(out, eboot_path, n);
    out[n] = '\0';
    return 1;
}

void psp_save_init(const char *eboot_path)
{
    char dir[200];
    if (!game_folder(eboot_path, dir, sizeof dir)) {
        sceIoMkdir("ms0:/PSP/SAVEDATA", 0777); /* fails harmlessly if it exists */
        sceIoMkdir(FALLBACK_DIR, 0777);
        strcpy(dir, FALLBACK_DIR);
    }
    snprintf(save_path, sizeof save_path, "%s/save.json", dir);
}

char *psp_save_load(void *user, size_t *len)
{
    (void)user;
    return save_read(save_path, len);
}

/* The PSP's C library (pspsdk libcglue) has no working unlink, so remove()
 * fails there: the kernel's own calls do the file operations. */
static int io_remove(const char *path)
{
    return sceIoRemove(path) < 0 ? -1 : 0;
}

static int io_rename(const char *from, const char *to)
{
    return sceIoRename(from, to) < 0 ? -1 : 0;
}

int psp_save_store(void *user, const char *text, size_t len)
{
    /* No sync step: closing the file is what commits it on the PSP's file
     * system, and save_write closes the new file before it renames it. */
    /* FAT's rename cannot replace a file: remove_before_rename = 1. */
    static const SaveOps ops = { NULL, io_remove, io_rename, 1, 0 };
    (void)user;
    return save_write(save_path, text, len, &ops);
}
