/* The PSP's file calls over the desktop's file system, with FAT's rules, so
 * that native/psp/psp_save.c runs on the desktop (test/reliability/
 * save-states.test.ts; declarations from test/native/psp-stubs): paths stay
 * as the PSP writes them ("ms0:/PSP/SAVEDATA/..."), relative to the current
 * folder, which the driver sets; rename never replaces an existing name;
 * sceIoRemove removes files only; failures are the kernel's negative
 * 0x8001xxxx errno codes. Not the PSP: its timing, its sync, its newlib. */
/* First: glibc's <sys/stat.h> makes st_atime a macro, which would rename
 * SceIoStat's field of that name. */
#include <pspiofilemgr.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "psp_power.h"

/* Sleep mode (native/psp/psp_power.c): every call that changes the stick
 * happens while the save holds off a suspend; one outside a hold ends the
 * test's driver. */
static int holds;
void psp_power_hold(void) { holds++; }
void psp_power_release(void)
{
    if (holds-- <= 0) abort();
}
static void held(void)
{
    if (holds <= 0) {
        fprintf(stderr, "fat-model: the stick changed outside psp_power_hold\n");
        abort();
    }
}

static int kernel_error(void)
{
    return (int)(0x80010000u | (unsigned)(errno & 0xffff));
}

int sceIoMkdir(const char *dir, SceMode mode)
{
    held();
    return mkdir(dir, (mode_t)mode) == 0 ? 0 : kernel_error();
}

int sceIoRemove(const char *file)
{
    held();
    return unlink(file) == 0 ? 0 : kernel_error();
}

int sceIoRename(const char *oldname, const char *newname)
{
    struct stat st;
    held();
    if (lstat(newname, &st) == 0) {
        errno = EEXIST; /* FAT: rename never replaces */
        return kernel_error();
    }
    return rename(oldname, newname) == 0 ? 0 : kernel_error();
}

int sceIoSync(const char *device, unsigned int unk)
{
    (void)device;
    (void)unk;
    held();
    return 0;
}

SceUID sceIoDopen(const char *dirname)
{
    DIR *d = opendir(dirname);
    if (!d) return kernel_error();
    closedir(d);
    return 1;
}

int sceIoDclose(SceUID fd)
{
    (void)fd;
    return 0;
}

int sceIoGetstat(const char *file, SceIoStat *st)
{
    struct stat s;
    if (stat(file, &s) != 0) return kernel_error();
    st->st_mode = S_ISREG(s.st_mode) ? FIO_S_IFREG : S_ISDIR(s.st_mode) ? FIO_S_IFDIR : 0;
    st->st_size = (SceOff)s.st_size;
    return 0;
}

/* The EBOOT's icon, which the save folder gets a copy of. */
const unsigned char embedded_icon[] = { 0x89, 'P', 'N', 'G' };
const unsigned long embedded_icon_len = sizeof embedded_icon;
