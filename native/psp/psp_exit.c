/* HOME: the exit callback asks the game to stop, gives it EXIT_GRACE_MS to
 * leave on its own (the main loop polls psp_exit_requested() and returns,
 * and main() calls sceKernelExitGame), and then ends the game itself.
 * psploadexec.h says an exit callback must end in sceKernelExitGame: a
 * thread stuck in a bundle load, a long frame or a slow Memory Stick write
 * must not keep the PSP from going back to the menu. A save cut off here is
 * safe: core/save.c replaces the file only once the new one is complete. */
#include <pspkernel.h>
#include <stdio.h>
#include "psp_exit.h"

#define EXIT_GRACE_MS 1000
#define EXIT_POLL_MS 10

static volatile int exit_requested;
static SceUID exit_cb = -1;

void psp_exit_now(void)
{
    int waited;
    exit_requested = 1;
    for (waited = 0; waited < EXIT_GRACE_MS; waited += EXIT_POLL_MS) sceKernelDelayThread(EXIT_POLL_MS * 1000);
    /* Still here: the game thread did not finish within the grace time. */
    printf("psp: HOME: the game did not stop within %d ms; ending it\n", EXIT_GRACE_MS);
    fflush(stdout);
    sceKernelExitGame();
}

static int exit_callback(int arg1, int arg2, void *common)
{
    (void)arg1; (void)arg2; (void)common;
    psp_exit_now();
    return 0;
}

/* Callbacks run only in a thread that sleeps with the CB variant. */
static int callback_thread(SceSize args, void *argp)
{
    (void)args; (void)argp;
    exit_cb = sceKernelCreateCallback("Exit Callback", exit_callback, NULL);
    sceKernelRegisterExitCallback(exit_cb);
    sceKernelSleepThreadCB();
    return 0;
}

int psp_exit_setup(void)
{
    /* Above the game thread (0x20), so the grace time runs while it is busy. */
    SceUID thid = sceKernelCreateThread("exit_callback", callback_thread, 0x11, 0x1000, 0, NULL);
    if (thid >= 0) sceKernelStartThread(thid, 0, NULL);
    return thid;
}

int psp_exit_requested(void)
{
    return exit_requested;
}

#ifdef PSP_PROBE
void psp_exit_probe_home(void)
{
    /* What the firmware does on HOME: the registered callback, run on its own thread. */
    if (exit_cb >= 0) sceKernelNotifyCallback(exit_cb, 0);
}
#endif
