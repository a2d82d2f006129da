/* The PSP host: the game script embedded in the EBOOT as bytecode, run by psp_game.c
 * until HOME, QUIT or the error screen, then back to the PSP's menu through
 * sceKernelExitGame. */
#include <pspctrl.h>
#include <pspkernel.h>
#include <psppower.h>
#include <pspiofilemgr.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "embedded.h"
#include "psp_exit.h"
#include "psp_game.h"
#include "psp_nearby.h"
#include "psp_power.h"
#include "psp_room.h"
#include "psp_save.h"
#include "psp_video.h"

PSP_MODULE_INFO("Ratscrew", PSP_MODULE_USER, 1, 0);
PSP_MAIN_THREAD_ATTR(THREAD_ATTR_USER);
/* QuickJS recurses; its own limit (VM_DEFAULT_STACK_LIMIT) stays below this. */
PSP_MAIN_THREAD_STACK_SIZE_KB(512);
/* A negative size asks the C library for all free user memory less the
 * threshold (1 MB, for thread stacks created later); the VM's 8 MiB limit
 * keeps the script well inside it even on a PSP-1000. */
PSP_HEAP_SIZE_KB(-1);
PSP_HEAP_THRESHOLD_SIZE_KB(1024);

/* The rooms server (docs/network.md, "The PSP's path"): server.txt beside
 * the EBOOT, "a.b.c.d:port" (plain ws://: the PSP's TLS is too old), else
 * make serve's own address, as on the desktop. */
static void rooms_server(const char *eboot, char *out, size_t cap)
{
    char path[256];
    const char *slash = eboot ? strrchr(eboot, '/') : NULL;
    SceUID f;
    int n;
    snprintf(out, cap, "127.0.0.1:8080");
    if (!slash || (size_t)(slash - eboot) + sizeof "/server.txt" > sizeof path) return;
    snprintf(path, sizeof path, "%.*s/server.txt", (int)(slash - eboot), eboot);
    if ((f = sceIoOpen(path, PSP_O_RDONLY, 0)) < 0) return;
    n = sceIoRead(f, out, (SceSize)cap - 1);
    sceIoClose(f);
    if (n <= 0) {
        snprintf(out, cap, "127.0.0.1:8080");
        return;
    }
    out[n] = 0;
    out[strcspn(out, " \r\n\t")] = 0;
}

#ifdef PSP_PROBE
#include <stdlib.h>
/* The probe build (make psp-probe): a probe script beside the EBOOT
 * (probe.js, source) runs in the game's place (test/psp/online.test.ts);
 * without one, the game (test/psp/online-title.test.ts). One build for both. */
static int probe_script(const char *eboot, VmScript *script)
{
    char path[256];
    const char *slash = eboot ? strrchr(eboot, '/') : NULL;
    SceUID f;
    SceOff size;
    unsigned char *bytes;
    if (!slash || (size_t)(slash - eboot) + sizeof "/probe.js" > sizeof path) return 0;
    snprintf(path, sizeof path, "%.*s/probe.js", (int)(slash - eboot), eboot);
    if ((f = sceIoOpen(path, PSP_O_RDONLY, 0)) < 0) return 0;
    size = sceIoLseek(f, 0, PSP_SEEK_END);
    sceIoLseek(f, 0, PSP_SEEK_SET);
    bytes = size > 0 && size < 1024 * 1024 ? malloc((size_t)size + 1) : NULL;
    if (!bytes || sceIoRead(f, bytes, (SceSize)size) != (int)size) {
        free(bytes);
        sceIoClose(f);
        return 0;
    }
    sceIoClose(f);
    bytes[size] = 0;
    script->name = "probe.js";
    script->bytes = bytes;
    script->len = (size_t)size;
    script->bytecode = 0;
    printf("psp: probe: %s runs in the game's place\n", path);
    return 1;
}
#endif

int main(int argc, char **argv)
{
    uint64_t start_us = sceKernelGetSystemTimeWide();
    psp_exit_setup();
    psp_power_setup();
    /* The PSP's own default clock, set in case the launcher left another:
     * the worst frame needs a fraction of the 16.7 ms budget at 222 MHz
     * (docs/performance.md), and 333 MHz would only cost battery. */
    scePowerSetClockFrequency(222, 222, 111);
    sceCtrlSetSamplingCycle(0);
    sceCtrlSetSamplingMode(PSP_CTRL_MODE_DIGITAL);
    psp_save_init(argc > 0 ? argv[0] : NULL);
    psp_video_init();
    psp_game_set_start(start_us);
    /* The splash, before the script loads: the game's cover on screen within
     * a few frames of the module starting (docs/performance.md). */
    psp_video_frame(embedded_splash, embedded_splash_count);
    psp_game_say_since_start("splash shown");
    {
        char server[64];
        rooms_server(argc > 0 ? argv[0] : NULL, server, sizeof server);
        if (psp_room_setup(server)) psp_game_go_online();
        if (psp_nearby_setup()) psp_game_go_nearby();
        psp_game_say_since_start("network set up");
    }
    {
        VmScript game = { "ratscrew.js", embedded_bytecode, embedded_bytecode_len, 1 };
#ifdef PSP_PROBE
        probe_script(argc > 0 ? argv[0] : NULL, &game);
#endif
        psp_game_run(&game);
    }
    sceKernelExitGame();
    return 0;
}
