/* Stub for the desktop syntax check only (see README.md). */
#ifndef STUB_PSPPOWER_H
#define STUB_PSPPOWER_H
#define PSP_POWER_CB_POWER_SWITCH 0x80000000
#define PSP_POWER_CB_STANDBY 0x00080000
#define PSP_POWER_CB_RESUME_COMPLETE 0x00040000
#define PSP_POWER_CB_RESUMING 0x00020000
#define PSP_POWER_CB_SUSPENDING 0x00010000
int scePowerSetClockFrequency(int pllfreq, int cpufreq, int busfreq);
int scePowerRegisterCallback(int slot, int cbid);
int scePowerLock(int unknown);
int scePowerUnlock(int unknown);
#endif
