/* Stub for the desktop syntax check only (see README.md). */
#ifndef STUB_PSPIOFILEMGR_H
#define STUB_PSPIOFILEMGR_H
#include "psptypes.h"
int sceIoMkdir(const char *dir, SceMode mode);
int sceIoRemove(const char *file);
int sceIoRename(const char *oldname, const char *newname);
int sceIoSync(const char *device, unsigned int unk);
SceUID sceIoDopen(const char *dirname);
int sceIoDclose(SceUID fd);
#define PSP_O_RDONLY 0x0001
SceUID sceIoOpen(const char *file, int flags, SceMode mode);
int sceIoRead(SceUID fd, void *data, SceSize size);
int sceIoClose(SceUID fd);
int sceIoDevctl(const char *dev, unsigned int cmd, void *indata, int inlen, void *outdata, int outlen);
/* pspiofilemgr_stat.h */
#define FIO_S_IFMT 0xF000
#define FIO_S_IFLNK 0x4000
#define FIO_S_IFDIR 0x1000
#define FIO_S_IFREG 0x2000
#define FIO_S_ISREG(m) (((m) & FIO_S_IFMT) == FIO_S_IFREG)
#define FIO_S_ISDIR(m) (((m) & FIO_S_IFMT) == FIO_S_IFDIR)
typedef struct SceIoStat {
    SceMode st_mode;
    unsigned int st_attr;
    SceOff st_size;
    ScePspDateTime st_ctime;
    ScePspDateTime st_atime;
    ScePspDateTime st_mtime;
    unsigned int st_private[6];
} SceIoStat;
int sceIoGetstat(const char *file, SceIoStat *stat);
#endif
