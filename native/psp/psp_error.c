#include <pspctrl.h>
#include <pspdebug.h>
#include <pspdisplay.h>
#include <string.h>
#include "psp_error.h"
#include "psp_exit.h"

#define TEXT_MAX 1800 /* about what 60 x 30 characters can show */

static void wait_for_start(void)
{
    SceCtrlData pad;
    unsigned int was = PSP_CTRL_START; /* a START still held does not count */
    while (!psp_exit_requested()) {
        sceDisplayWaitVblankStart();
        if (sceCtrlPeekBufferPositive(&pad, 1) <= 0) continue;
        if ((pad.Buttons & ~was) & PSP_CTRL_START) return;
        was = pad.Buttons;
    }
}

void psp_error_screen(const char *text)
{
    int len = (int)strlen(text);
    pspDebugScreenInit();
    pspDebugScreenSetBackColor(0xff201040);
    pspDebugScreenClear();
    pspDebugScreenSetTextColor(0xff60d0ff);
    pspDebugScreenPuts("The game stopped with an error:\n\n");
    pspDebugScreenSetTextColor(0xffffffff);
    pspDebugScreenPrintData(text, len > TEXT_MAX ? TEXT_MAX : len);
    pspDebugScreenSetTextColor(0xff60d0ff);
    pspDebugScreenSetXY(0, 33);
    pspDebugScreenPuts("Press START to quit");
    wait_for_start();
}
