/* Stub for the desktop syntax check only (see README.md). */
#ifndef STUB_PSPIOFILEMGR_H
#define STUB_PSPIOFILEMGR_H
#include "psptypes.h"
int sceIoMkdir(const char *dir, SceMode mode);
#endif
