/* The PSP's network checked in PPSSPP's native emulator (test/psp/net.test.ts):
 * loads the net modules, connects through the system's connection dialog,
 * then runs native/tests/net_link_checks.c over sceNetInet against
 * test/native/net-server.mjs, whose address it reads from host0:/net-check.txt
 * ("HOST PORT CLOSED_PORT"). Prints "NET ..." lines (printf, in PPSSPP's log)
 * and asks the emulator for a picture while the dialog is up. */
#include <pspdisplay.h>
#include <pspgu.h>
#include <pspiofilemgr.h>
#include <pspkernel.h>
#include <stdio.h>
#include <string.h>
#include "net_link_checks.h"
#include "psp_net.h"

PSP_MODULE_INFO("RatscrewNetCheck", PSP_MODULE_USER, 1, 0);
PSP_MAIN_THREAD_ATTR(THREAD_ATTR_USER);

static unsigned int __attribute__((aligned(16))) gu_list[4096];

static uint32_t now_ms(void) { return (uint32_t)(sceKernelGetSystemTimeWide() / 1000); }

/* One display frame: the game's part (a cleared screen), then the dialog's, then the swap. */
static void frame_with(int dialog)
{
    sceGuStart(GU_DIRECT, gu_list);
    sceGuClearColor(0xff2a4a1e);
    sceGuClear(GU_COLOR_BUFFER_BIT);
    sceGuFinish();
    sceGuSync(0, 0);
    if (dialog) psp_net_dialog_draw();
    sceDisplayWaitVblankStart();
    sceGuSwapBuffers();
}
static void frame(void) { frame_with(0); }
static void say(const char *line) { printf("%s\n", line); }

static void video_init(void)
{
    sceGuInit();
    sceGuStart(GU_DIRECT, gu_list);
    sceGuDrawBuffer(GU_PSM_8888, (void *)0, 512);
    sceGuDispBuffer(480, 272, (void *)0x88000, 512);
    sceGuOffset(2048 - 240, 2048 - 136);
    sceGuViewport(2048, 2048, 480, 272);
    sceGuScissor(0, 0, 480, 272);
    sceGuEnable(GU_SCISSOR_TEST);
    sceGuFinish();
    sceGuSync(0, 0);
    sceDisplayWaitVblankStart();
    sceGuDisplay(GU_TRUE);
}

int main(void)
{
    char config[64] = { 0 }, host[32] = { 0 }, line[160];
    int port = 0, closed_port = 0, frames = 0;
    SceUID f = sceIoOpen("host0:/net-check.txt", PSP_O_RDONLY, 0);
    PspNetState state;
    video_init();
    if (f >= 0) {
        sceIoRead(f, config, sizeof config - 1);
        sceIoClose(f);
    }
    if (sscanf(config, "%31s %d %d", host, &port, &closed_port) != 3) {
        say("NET FAIL setup: no HOST PORT CLOSED_PORT in host0:/net-check.txt");
        sceKernelExitGame();
        return 0;
    }
    if (!psp_net_load()) {
        snprintf(line, sizeof line, "NET FAIL modules: %s", psp_net_why());
        say(line);
        sceKernelExitGame();
        return 0;
    }
    say("NET ok modules loaded");
    psp_net_connect_start(1, 0, now_ms(), 60000);
    do {
        state = psp_net_connect_frame(now_ms());
        /* A picture of the dialog once it has faded in (5 s). */
        if (frames == 300) sceIoDevctl("kemulator:", 0x20, NULL, 0, NULL, 0);
        frame_with(state == PSP_NET_DIALOG);
        frames++;
    } while (state == PSP_NET_DIALOG || state == PSP_NET_CONNECTING);
    if (state != PSP_NET_READY) {
        snprintf(line, sizeof line, "NET FAIL connection: %s", psp_net_why());
        say(line);
        sceKernelExitGame();
        return 0;
    }
    snprintf(line, sizeof line, "NET ok connection through the dialog in %d frames, address %s", frames, psp_net_address());
    say(line);
    {
        /* Generous: the emulator runs faster than the server's clock (docs/network.md). */
        NetChecks c = { psp_net_io(), host, port, closed_port, now_ms, frame, say, 20000 };
        net_checks_run(&c);
    }
    psp_net_disconnect();
    sceKernelExitGame();
    return 0;
}
