/* Stub for the desktop syntax check only (see README.md): the parts of
 * pspmoduleinfo.h, pspthreadman.h, psploadexec.h and psputils.h in use. */
#ifndef STUB_PSPKERNEL_H
#define STUB_PSPKERNEL_H
#include "psptypes.h"

enum PspModuleInfoAttr { PSP_MODULE_USER = 0 };
#define PSP_MODULE_INFO(name, attributes, major_version, minor_version) \
    const char stub_module_name[] = name; const int stub_module_attr = (attributes) + (major_version) + (minor_version)
#define PSP_MAIN_THREAD_ATTR(attr) unsigned int sce_newlib_attribute = (attr)
#define PSP_MAIN_THREAD_STACK_SIZE_KB(size_kb) unsigned int sce_newlib_stack_kb_size = (size_kb)
#define PSP_HEAP_SIZE_KB(size_kb) int sce_newlib_heap_kb_size = (size_kb)
#define PSP_HEAP_THRESHOLD_SIZE_KB(size_kb) int sce_newlib_heap_threshold_kb_size = (size_kb)

enum PspThreadAttributes { PSP_THREAD_ATTR_USER = 0x80000000 };
#define THREAD_ATTR_USER PSP_THREAD_ATTR_USER
typedef int (*SceKernelThreadEntry)(SceSize args, void *argp);
typedef struct SceKernelThreadOptParam SceKernelThreadOptParam;
typedef struct SceKernelSemaOptParam SceKernelSemaOptParam;
typedef int (*SceKernelCallbackFunction)(int arg1, int arg2, void *arg);

SceUID sceKernelCreateThread(const char *name, SceKernelThreadEntry entry, int initPriority,
                             int stackSize, SceUInt attr, SceKernelThreadOptParam *option);
int sceKernelStartThread(SceUID thid, SceSize arglen, void *argp);
int sceKernelDeleteThread(SceUID thid);
int sceKernelWaitThreadEnd(SceUID thid, SceUInt *timeout);
int sceKernelSleepThreadCB(void);
int sceKernelCreateCallback(const char *name, SceKernelCallbackFunction func, void *arg);
SceUID sceKernelCreateSema(const char *name, SceUInt attr, int initVal, int maxVal, SceKernelSemaOptParam *option);
int sceKernelDeleteSema(SceUID semaid);
int sceKernelSignalSema(SceUID semaid, int signal);
int sceKernelWaitSema(SceUID semaid, int signal, SceUInt *timeout);
SceInt64 sceKernelGetSystemTimeWide(void);
SceSize sceKernelMaxFreeMemSize(void);
int sceKernelRegisterExitCallback(int cbid);
void sceKernelExitGame(void);
int sceKernelDelayThread(SceUInt delay);
void sceKernelDcacheWritebackAll(void);
void sceKernelDcacheWritebackRange(const void *p, unsigned int size);
void sceKernelDcacheWritebackInvalidateRange(const void *p, unsigned int size);
void sceKernelDcacheInvalidateRange(const void *p, unsigned int size);
#endif
