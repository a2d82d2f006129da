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
#endif
