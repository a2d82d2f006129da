/* Stub for the desktop syntax check only (see README.md). */
#ifndef STUB_PSPPOWER_H
#define STUB_PSPPOWER_H
int scePowerSetClockFrequency(int pllfreq, int cpufreq, int busfreq);
#endif
