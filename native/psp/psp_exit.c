#include <pspkernel.h>
#include <stddef.h>
#include "psp_exit.h"

static volatile int exit_requested;

static int exit_callback(int arg1, int arg2, void *common)
{
    (void)arg1; (void)arg2; (void)common;
    exit_requested = 1;
    return 0;
}

/* Callbacks run only in a thread that sleeps with the CB variant. */
static int callback_thread(SceSize args, void *argp)
{
    int cbid;
    (void)args; (void)argp;
    cbid = sceKernelCreateCallback("Exit Callback", exit_callback, NULL);
    sceKernelRegisterExitCallback(cbid);
    sceKernelSleepThreadCB();
    return 0;
}

int psp_exit_setup(void)
{
    SceUID thid = sceKernelCreateThread("exit_callback", callback_thread, 0x11, 0x1000, 0, NULL);
    if (thid >= 0) sceKernelStartThread(thid, 0, NULL);
    return thid;
}

int psp_exit_requested(void)
{
    return exit_requested;
}
