/* Stub for the desktop syntax check only (see README.md). */
#ifndef STUB_PSPDEBUG_H
#define STUB_PSPDEBUG_H
#include "psptypes.h"
void pspDebugScreenInit(void);
void pspDebugScreenSetBackColor(u32 color);
void pspDebugScreenSetTextColor(u32 color);
void pspDebugScreenClear(void);
void pspDebugScreenSetXY(int x, int y);
int pspDebugScreenPrintData(const char *buff, int size);
int pspDebugScreenPuts(const char *str);
#endif
