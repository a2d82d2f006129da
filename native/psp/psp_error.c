/* The error screen: core/error_screen.c draws it into a raster, which is
 * copied into both frame buffers, so the PSP shows the same pixels as the
 * desktop and headless hosts (test/psp compares them), whatever the
 * backtrace's length. */
#include <pspctrl.h>
#include <pspdisplay.h>
#include <string.h>
#include "error_screen.h"
#include "psp_error.h"
#include "psp_exit.h"
#include "psp_video.h"

/* 510 KB: static, because the error may be that memory ran out; aligned
 * for the GE, which copies its pixels (psp_video_show_rgba). */
static Raster raster __attribute__((aligned(64)));

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
    raster_init(&raster, NULL, 0, 0); /* text and rectangles only: no atlas */
    error_screen_draw(&raster, text, "Press START to quit");
    psp_video_show_rgba(raster.pixels);
    wait_for_start();
}
