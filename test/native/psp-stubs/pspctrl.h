/* Stub for the desktop syntax check only (see README.md). */
#ifndef STUB_PSPCTRL_H
#define STUB_PSPCTRL_H
enum PspCtrlButtons { PSP_CTRL_START = 0x000008 };
enum PspCtrlMode { PSP_CTRL_MODE_DIGITAL = 0, PSP_CTRL_MODE_ANALOG = 1 };
typedef struct SceCtrlData {
    unsigned int TimeStamp;
    unsigned int Buttons;
    unsigned char Lx;
    unsigned char Ly;
    unsigned char Rsrv[6];
} SceCtrlData;
int sceCtrlSetSamplingCycle(int cycle);
int sceCtrlSetSamplingMode(int mode);
int sceCtrlPeekBufferPositive(SceCtrlData *pad_data, int count);
#endif
