/* Sleep mode (psp_power.h). The callback runs on the callback thread,
 * above the game thread, and only counts: the game thread does the rest
 * between two frames, so nothing of the game's state is touched from two
 * threads. Written after pspsdk's samples (the power callback is registered
 * from a thread that sleeps with sceKernelSleepThreadCB, as the exit
 * callback is in psp_exit.c). */
#include <pspkernel.h>
#include <psppower.h>
#include <stddef.h>
#include "contract.h"
#include "psp_power.h"

/* Written by the callback, then counted: the game thread reads a time only
 * after it sees the count that goes with it change (one CPU, no caches
 * between threads). */
static volatile uint64_t suspend_ms, resume_ms;
static volatile unsigned suspends, resumes;

static uint64_t system_ms(void)
{
    return (uint64_t)sceKernelGetSystemTimeWide() / 1000u;
}

static uint64_t (*host_clock)(void) = system_ms;

void psp_power_use_clock(uint64_t (*host_ms)(void))
{
    host_clock = host_ms ? host_ms : system_ms;
}

int psp_power_callback(int count, int flags, void *common)
{
    (void)count; (void)common;
    /* The power switch, a sleep for inactivity or standby: all suspend. */
    if ((flags & (PSP_POWER_CB_SUSPENDING | PSP_POWER_CB_POWER_SWITCH | PSP_POWER_CB_STANDBY)) && resumes == suspends) {
        suspend_ms = host_clock();
        suspends++;
    }
    /* The firmware reports RESUMING, and RESUME_COMPLETE only with another
     * event (psppower.h): either ends the sleep, once. */
    if ((flags & (PSP_POWER_CB_RESUMING | PSP_POWER_CB_RESUME_COMPLETE)) && resumes != suspends) {
        resume_ms = host_clock();
        resumes = suspends;
    }
    return 0;
}

static int callback_thread(SceSize args, void *argp)
{
    SceUID cbid;
    (void)args; (void)argp;
    cbid = sceKernelCreateCallback("Power Callback", psp_power_callback, NULL);
    if (cbid >= 0) scePowerRegisterCallback(0, cbid);
    sceKernelSleepThreadCB();
    return 0;
}

int psp_power_setup(void)
{
    SceUID thid = sceKernelCreateThread("power_callback", callback_thread, 0x11, 0x1000, 0, NULL);
    if (thid >= 0) sceKernelStartThread(thid, 0, NULL);
    return thid;
}

uint64_t psp_power_frame(PowerClock *clock, uint64_t host_ms, uint32_t *signals)
{
    unsigned s = suspends, r = resumes;
    if (!clock->started) {
        clock->started = 1;
        clock->suspends = s;
        clock->resumes = r;
        clock->last_ms = host_ms;
    }
    if (s != clock->suspends) {
        clock->suspends = s;
        *signals |= SIG_SUSPEND;
    }
    if (r != clock->resumes) {
        uint64_t from = suspend_ms > clock->last_ms ? suspend_ms : clock->last_ms;
        clock->resumes = r;
        if (resume_ms > from) clock->asleep_ms += resume_ms - from;
    }
    clock->last_ms = host_ms;
    return host_ms - clock->asleep_ms;
}

void psp_power_hold(void)
{
    scePowerLock(0);
}

void psp_power_release(void)
{
    scePowerUnlock(0);
}
