/* The PSP host: the QuickJS core driven once per vertical blank with the
 * controller's buttons, its command list drawn with sceGu, sounds mixed in an
 * audio thread, the save file on the Memory Stick, HOME and QUIT leading to
 * sceKernelExitGame, and an error screen when the script fails. */
#include <pspctrl.h>
#include <pspkernel.h>
#include <psppower.h>
#include <string.h>
#include "commands.h"
#include "contract.h"
#include "embedded.h"
#include "psp_audio.h"
#include "psp_error.h"
#include "psp_exit.h"
#include "psp_save.h"
#include "psp_video.h"
#include "vm.h"

PSP_MODULE_INFO("Ratscrew", PSP_MODULE_USER, 1, 0);
PSP_MAIN_THREAD_ATTR(THREAD_ATTR_USER);
/* QuickJS recurses; its own limit (VM_DEFAULT_STACK_LIMIT) stays below this. */
PSP_MAIN_THREAD_STACK_SIZE_KB(512);
/* A negative size asks the C library for all free user memory less the
 * threshold (1 MB, for thread stacks created later); the VM's 8 MiB limit
 * keeps the script well inside it even on a PSP-1000. */
PSP_HEAP_SIZE_KB(-1);
PSP_HEAP_THRESHOLD_SIZE_KB(1024);

/* The buttons of docs/host-api.md; HOME, HOLD and the rest are not the game's. */
#define GAME_BUTTONS (BTN_SELECT | BTN_START | BTN_UP | BTN_RIGHT | BTN_DOWN | BTN_LEFT | \
                      BTN_LTRIGGER | BTN_RTRIGGER | BTN_TRIANGLE | BTN_CIRCLE | BTN_CROSS | BTN_SQUARE)

static uint64_t clock_ms(void *user)
{
    (void)user;
    return (uint64_t)sceKernelGetSystemTimeWide() / 1000u;
}

static uint32_t read_buttons(void)
{
    SceCtrlData pad;
    /* Peek, not Read: Read would wait for the next sampling and halve the rate. */
    if (sceCtrlPeekBufferPositive(&pad, 1) <= 0) return 0;
    return pad.Buttons & GAME_BUTTONS;
}

static void sink_sound(void *user, int id, int volume, int pan) { (void)user; psp_audio_play(id, volume, pan); }
static void sink_music(void *user, int track, int volume) { (void)user; psp_audio_music(track, volume); }
static void sink_quit(void *user) { *(int *)user = 1; }

static Vm *create_vm(void)
{
    VmConfig config;
    VmHost host;
    memset(&config, 0, sizeof config);
    config.platform = "psp";
    config.seed = (uint32_t)sceKernelGetSystemTimeWide();
    memset(&host, 0, sizeof host);
    host.load = psp_save_load;
    host.save = psp_save_store;
    host.clock_ms = clock_ms;
    return vm_create(&config, &host);
}

/* Runs frames until HOME, QUIT or a script error. */
static void game_loop(Vm *vm)
{
    uint64_t start = clock_ms(NULL);
    int quit = 0;
    CommandSink sound;
    memset(&sound, 0, sizeof sound);
    sound.user = &quit;
    sound.sound = sink_sound;
    sound.music = sink_music;
    sound.quit = sink_quit;
    while (!quit && !psp_exit_requested()) {
        const int32_t *cmds;
        int count = vm_frame(vm, (int)(clock_ms(NULL) - start), read_buttons(), &cmds);
        if (count < 0) return;
        commands_run(cmds, count, &sound); /* sounds, music, quit */
        psp_video_frame(cmds, count);      /* presented before any quit */
    }
}

int main(int argc, char **argv)
{
    Vm *vm;
    psp_exit_setup();
    scePowerSetClockFrequency(333, 333, 166);
    sceCtrlSetSamplingCycle(0);
    sceCtrlSetSamplingMode(PSP_CTRL_MODE_DIGITAL);
    psp_save_init(argc > 0 ? argv[0] : NULL);
    psp_video_init();
    psp_audio_start(); /* silent if it fails */
    vm = create_vm();
    if (!vm) {
        psp_audio_stop();
        psp_video_idle();
        psp_error_screen("out of memory: the JavaScript runtime could not be created");
    } else {
        if (vm_load(vm, embedded_bundle, embedded_bundle_len, "ratscrew.js") == 0) game_loop(vm);
        psp_audio_stop();
        if (vm_error(vm)) {
            psp_video_idle();
            psp_error_screen(vm_error(vm));
        }
        vm_destroy(vm);
    }
    sceKernelExitGame();
    return 0;
}
