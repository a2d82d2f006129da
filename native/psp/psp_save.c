/* The save on the PSP: <dev>/PSP/SAVEDATA/<PSP_DISC_ID>SETTINGS/, where the
 * Saved Data Utility looks, with the PARAM.SFO (psp_sfo.c) and ICON0.PNG
 * that make it list the save as "Egyptian Ratscrew" with the game's icon.
 * <dev> is the device the EBOOT runs from: ms0: (Memory Stick) or ef0: (a
 * PSP Go's internal storage); otherwise ms0:, or ef0: when there is no
 * stick. The folder is written by hand rather than by sceUtilitySavedata,
 * because the utility replaces a file in place with no documented
 * crash-safety, runs as a multi-frame dialog state machine inside a call
 * the script expects to return, and draws its own screens; core/save.c's
 * write-then-rename keeps an intact save through a pulled stick or power
 * cut (docs/native.md, "Real hardware"). */
#include <pspiofilemgr.h>
#include <stdio.h>
#include <string.h>
#include "embedded.h"
#include "psp_power.h"
#include "psp_save.h"
#include "psp_sfo.h"
#include "save.h"

#ifndef PSP_DISC_ID
#error "PSP_DISC_ID is set by native/psp/Makefile (the PARAM.SFO's DISC_ID)"
#endif
#define SAVE_FOLDER PSP_DISC_ID "SETTINGS"

static char device[8];       /* "ms0:" or "ef0:" */
static char folder[64];      /* <dev>/PSP/SAVEDATA/<SAVE_FOLDER> */
static char save_path[96];   /* <folder>/save.json */
/* Where earlier versions saved: beside EBOOT.PBP, or the old fallback. */
static char old_paths[2][256];

static int on_device(const char *path, const char *dev) { return path && strncmp(path, dev, 4) == 0; }

static int device_present(const char *dev)
{
    char root[8];
    SceUID d;
    snprintf(root, sizeof root, "%s/", dev);
    d = sceIoDopen(root);
    if (d < 0) return 0;
    sceIoDclose(d);
    return 1;
}

void psp_save_init(const char *eboot_path)
{
    const char *slash = eboot_path ? strrchr(eboot_path, '/') : NULL;
    if (on_device(eboot_path, "ef0:") || (!on_device(eboot_path, "ms0:") && !device_present("ms0:")
                                          && device_present("ef0:")))
        strcpy(device, "ef0:");
    else
        strcpy(device, "ms0:");
    snprintf(folder, sizeof folder, "%s/PSP/SAVEDATA/%s", device, SAVE_FOLDER);
    snprintf(save_path, sizeof save_path, "%s/save.json", folder);
    old_paths[0][0] = old_paths[1][0] = '\0';
    if (slash && (on_device(eboot_path, "ms0:") || on_device(eboot_path, "ef0:"))
        && (size_t)(slash - eboot_path) + sizeof "/save.json" <= sizeof old_paths[0])
        snprintf(old_paths[0], sizeof old_paths[0], "%.*s/save.json", (int)(slash - eboot_path), eboot_path);
    snprintf(old_paths[1], sizeof old_paths[1], "%s/PSP/SAVEDATA/RATSCREW00/save.json", device);
}


/* The kernel's calls for the file operations. pspsdk's libcglue has mapped
 * remove() and rename() onto them since late 2023, but older toolchains'
 * did not; calling the kernel directly works with either. */
static int io_remove(const char *path) { return sceIoRemove(path) < 0 ? -1 : 0; }
static int io_rename(const char *from, const char *to) { return sceIoRename(from, to) < 0 ? -1 : 0; }

/* Closing a file does not write the FAT and directory entries out to the
 * stick; sceIoSync on the device does. */
static int sync_device(void) { return sceIoSync(device, 0) < 0 ? -1 : 0; }
static int io_sync(FILE *f) { (void)f; return sync_device(); }

/* What is at a path: a folder named save.json is never opened as the save.
 * Only "no such file or folder" (the kernel's errno errors, 0x8001xxxx)
 * counts as absent: a stat that fails otherwise must not let a save
 * replace what is there unseen. */
static int io_kind(const char *path)
{
    SceIoStat st;
    int rc = sceIoGetstat(path, &st);
    if (rc < 0) return rc == (int)0x80010002 || rc == (int)0x80010014 ? SAVE_KIND_ABSENT : SAVE_KIND_FILE;
    return FIO_S_ISREG(st.st_mode) ? SAVE_KIND_FILE : SAVE_KIND_OTHER;
}

/* The PSP's FAT cannot rename over a file: the old save is removed first,
 * once the new one is checked intact (core/save.c); and so a rename onto a
 * copy's name never replaces one either (rename_new). One writer at a time.
 * FAT has no symbolic or hard links (libcglue's link() is ENOSYS), so
 * nothing can be planted where the save writes; the files the save creates
 * are created exclusively all the same (core/save.c's "wbx", which newlib
 * turns into O_EXCL and libcglue into sceIoOpen's PSP_O_EXCL: the kernel
 * refuses a name that is there, 0x80010011). docs/reliability.md, section 9. */
static const SaveOps ops = {
    .sync = io_sync, .remove = io_remove, .rename = io_rename, .remove_before_rename = 1,
    .kind = io_kind, .rename_new = io_rename,
};
/* What went wrong with the last load or save, for host.problem(). */
static SaveProblem problem;
/* The file the last load read, and whether host.keepDamaged() could not
 * keep it yet (no save replaces it until it is kept). */
static const char *loaded_path = save_path;
static int keep_pending;

char *psp_save_load(void *user, size_t *len)
{
    char *text;
    int i;
    (void)user;
    psp_power_hold(); /* no file open across a suspend */
    loaded_path = save_path;
    text = save_load(save_path, len, &ops, &problem);
    /* A save of an earlier version moves here with the next save; a problem
     * with the current file (damaged, unreadable) is still the one told. */
    for (i = 0; !text && problem == SAVE_NO_FILE && i < 2; i++)
        if (old_paths[i][0] && (text = save_load(old_paths[i], len, &ops, &problem)) != NULL) loaded_path = old_paths[i];
    psp_power_release();
    return text;
}

/* Keeps the file the last load could not read; called inside a power hold. */
static int save_keep_held(void)
{
    keep_pending = !save_keep(loaded_path, &ops, &problem);
    return !keep_pending;
}

int psp_save_keep(void *user)
{
    int ok;
    (void)user;
    psp_power_hold();
    ok = save_keep_held();
    psp_power_release();
    return ok;
}

SaveProblem psp_save_problem(void *user)
{
    (void)user;
    return problem;
}

static int write_whole(const char *path, const void *bytes, size_t len)
{
    FILE *f = fopen(path, "wb");
    int ok;
    if (!f) return 0;
    ok = fwrite(bytes, 1, len, f) == len;
    if (fclose(f) != 0) ok = 0;
    return ok;
}

static int exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    fclose(f);
    return 1;
}

/* The folder, PARAM.SFO and ICON0.PNG, each made when missing. A failure
 * here only costs the Saved Data Utility's listing, not the save. */
static void make_folder(void)
{
    static uint8_t sfo[PSP_SFO_SAVEDATA_BYTES];
    char path[128];
    char parent[32];
    SavedataInfo info = { "Egyptian Ratscrew", "Settings and statistics", "Options, language and lifetime games",
                          SAVE_FOLDER };
    size_t n;
    snprintf(parent, sizeof parent, "%s/PSP", device);
    sceIoMkdir(parent, 0777); /* each fails harmlessly when it exists */
    snprintf(parent, sizeof parent, "%s/PSP/SAVEDATA", device);
    sceIoMkdir(parent, 0777);
    sceIoMkdir(folder, 0777);
    snprintf(path, sizeof path, "%s/PARAM.SFO", folder);
    if (!exists(path) && (n = psp_sfo_savedata(sfo, sizeof sfo, &info)) > 0) write_whole(path, sfo, n);
    snprintf(path, sizeof path, "%s/ICON0.PNG", folder);
    if (!exists(path) && embedded_icon_len > 0) write_whole(path, embedded_icon, embedded_icon_len);
}

int psp_save_store(void *user, const char *text, size_t len)
{
    int ok;
    (void)user;
    /* The PSP does not sleep until the save is on the stick: no write is
     * cut, and files opened before a suspend are not valid after it, so
     * every file here is opened and closed inside this one hold. */
    psp_power_hold();
    make_folder();
    /* The file the script could not read is kept before anything replaces
     * it: copied if there is room now, else moved aside by the save itself
     * once its new file is written (a save of an earlier version elsewhere
     * is not replaced at all). */
    if (keep_pending && save_keep_held()) keep_pending = 0;
    /* A missing, full or write-protected stick fails here; the script tells
     * the player (host.problem()) and plays on with the settings in memory. */
    if (keep_pending && loaded_path == save_path) ok = save_store_keeping(save_path, text, len, &ops, &problem);
    else ok = save_store(save_path, text, len, &ops, &problem);
    if (ok) keep_pending = 0;
    /* The rename, too, is only on the stick once the device is synced. */
    if (ok && sync_device() < 0) {
        ok = 0;
        problem = SAVE_FAILED;
    }
    psp_power_release();
    return ok;
}

const char *psp_save_path(void)
{
    return save_path;
}
