#include <pspctrl.h>
#include <pspkernel.h>
#include <psppower.h>
#include <stdio.h>
#include <string.h>
#include "commands.h"
#ifdef PSP_PROBE
#include "net/log.h"
#endif
#include "contract.h"
#include "psp_audio.h"
#include "psp_error.h"
#include "psp_exit.h"
#include "psp_game.h"
#include "psp_power.h"
#include "psp_room.h"
#include "psp_save.h"
#include "psp_video.h"
#include "vm.h"

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

/* Each sound also goes to the log, by id (src/assets/sounds.ts): with the
 * script's "scene" lines, the PSP checks tell from it that a live press was
 * taken (test/psp/live.test.ts). A line per sound costs nothing that shows. */
static void sink_sound(void *user, int id, int volume, int pan)
{
    (void)user;
    printf("psp: sound %d\n", id);
    fflush(stdout);
    psp_audio_play(id, volume, pan);
}

#ifdef PSP_PROBE
/* The online probe build only (make psp-probe, test/psp/online.test.ts):
 * PPSSPP cannot suspend the PSP, so the probe script asks for a sleep with
 * the log line "probe: sleep" and the loop calls the power callback as the
 * switch would (replay.c does the same for its own sleep check). And the
 * loop prints each frame's command-list hash ("HASH frame hash") and the net
 * functions' log (net/log.h, "NETLOG line"), which the headless host
 * replays to the same hashes. */
static int probe_sleep;
static NetRecorder probe_recorder;

static void probe_log_line(void *user, const char *line, size_t len)
{
    (void)user;
    printf("NETLOG %.*s", (int)len, line);
    fflush(stdout);
}
#endif

static void host_log(void *user, const char *text)
{
    (void)user;
#ifdef PSP_PROBE
    if (strcmp(text, "probe: sleep") == 0) probe_sleep = 1;
#endif
    printf("[script] %s\n", text);
    fflush(stdout);
}
static void sink_music(void *user, int track, int volume) { (void)user; psp_audio_music(track, volume); }
/* One line in the log (PPSSPP shows it): test/psp/live.test.ts waits for it. */
static void sink_quit(void *user)
{
    *(int *)user = 1;
    printf("psp: the game asked to quit\n");
    fflush(stdout);
}

/* The online rooms (psp_room.c), when main set them up. */
static int online;

void psp_game_go_online(void)
{
    online = 1;
}

static Vm *create_vm(void)
{
    VmConfig config;
    VmHost host;
    /* The PSP's defaults (glyphs, no keyboard, no pads), and the network when there is one. */
    static HostCaps caps = HOST_CAPS_DEFAULT;
    memset(&config, 0, sizeof config);
    caps.network = online;
    config.caps = &caps;
    config.seed = (uint32_t)sceKernelGetSystemTimeWide();
    memset(&host, 0, sizeof host);
    host.load = psp_save_load;
    host.save = psp_save_store;
    host.keep = psp_save_keep;
    host.problem = psp_save_problem;
    host.clock_ms = clock_ms;
    host.log = host_log;
    if (online) psp_room_plug(&host);
#ifdef PSP_PROBE
    if (online) net_record_plug(&probe_recorder, &host, probe_log_line, NULL);
#endif
    return vm_create(&config, &host);
}

static volatile unsigned frames_run;
/* When main began (sceKernelGetSystemTimeWide): the first frame's line says how long after. */
static uint64_t started_us;

void psp_game_set_start(uint64_t us)
{
    started_us = us;
}

/* One line of the start's timeline (bench/psp/start.ts and
 * test/psp/live.test.ts read them). */
void psp_game_say_since_start(const char *what)
{
    if (!started_us) return;
    printf("psp: %s %u us after main\n", what, (unsigned)(sceKernelGetSystemTimeWide() - started_us));
    fflush(stdout);
}

unsigned psp_game_frames(void)
{
    return frames_run;
}

/* Runs frames until HOME, QUIT or a script error. */
static void game_loop(Vm *vm)
{
    uint64_t start = clock_ms(NULL);
    PowerClock power;
    int quit = 0;
    CommandSink sound;
    memset(&sound, 0, sizeof sound);
    sound.user = &quit;
    sound.sound = sink_sound;
    sound.music = sink_music;
    sound.quit = sink_quit;
    memset(&power, 0, sizeof power);
    while (!quit && !psp_exit_requested()) {
        const int32_t *cmds;
        uint32_t signals = 0;
        uint64_t now = psp_power_frame(&power, clock_ms(NULL), &signals); /* less any sleep */
        int count;
        frames_run++;
        if (online) {
            /* What the network brought, before the script reads it; a sleep dropped every socket. */
            if (signals & SIG_SUSPEND) psp_room_woke((uint32_t)clock_ms(NULL));
            psp_room_frame((uint32_t)clock_ms(NULL));
        }
        /* While the connection dialog is up its buttons are not the game's (a Cross there is no slap). */
#ifdef PSP_PROBE
        probe_recorder.frame = (int)frames_run - 1;
#endif
        count = vm_frame(vm, (int)(now - start), (online && psp_room_dialog_up() ? 0 : read_buttons()) | signals, &cmds);
        if (count < 0) return;
#ifdef PSP_PROBE
        printf("HASH %u %08lx\n", frames_run - 1, (unsigned long)commands_hash(cmds, count));
#endif
        commands_run(cmds, count, &sound); /* sounds, music, quit */
        psp_video_frame(cmds, count);      /* presented before any quit */
#ifdef PSP_PROBE
        if (probe_sleep) {
            probe_sleep = 0;
            psp_power_callback(1, PSP_POWER_CB_SUSPENDING, NULL);
            psp_power_callback(1, PSP_POWER_CB_RESUMING, NULL);
            psp_power_callback(1, PSP_POWER_CB_RESUME_COMPLETE, NULL);
        }
#endif
        if (frames_run == 1) psp_game_say_since_start("first frame shown");
    }
    /* HOME or quit while in a room: leave it on purpose rather than drop. */
    if (online) psp_room_leave((uint32_t)clock_ms(NULL));
}

void psp_game_run(const VmScript *script)
{
    Vm *vm;
    psp_audio_start(); /* silent if it fails */
    psp_game_say_since_start("audio started");
    vm = create_vm();
    psp_game_say_since_start("runtime created");
    if (!vm) {
        psp_audio_stop();
        psp_error_screen("out of memory: the JavaScript runtime could not be created");
        return;
    }
    if (vm_load_script(vm, script) == 0) {
        psp_game_say_since_start("script loaded");
        game_loop(vm);
    }
    psp_audio_stop();
    if (vm_error(vm)) psp_error_screen(vm_error(vm));
    vm_destroy(vm);
}
