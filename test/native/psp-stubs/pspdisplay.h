/* Stub for the desktop syntax check only (see README.md). */
#ifndef STUB_PSPDISPLAY_H
#define STUB_PSPDISPLAY_H
int sceDisplayWaitVblankStart(void);
#endif
