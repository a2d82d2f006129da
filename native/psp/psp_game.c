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
#include "psp_nearby.h"
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

/* Every button the PSP reports (the game's are GAME_BUTTONS of them). */
static uint32_t read_pad(void)
{
    SceCtrlData pad;
    /* Peek, not Read: Read would wait for the next sampling and halve the rate. */
    if (sceCtrlPeekBufferPositive(&pad, 1) <= 0) return 0;
    return pad.Buttons;
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
/* The online probe build only (make psp-probe: test/psp/online.test.ts with
 * a probe script, test/psp/online-title.test.ts with the game's own):
 * PPSSPP cannot suspend the PSP, so the probe script asks for a sleep with
 * the log line "probe: sleep", or NOTE is pressed (a button no game is
 * shown on a PSP; PPSSPP's debugger can press it), and the loop calls the
 * power callback as the switch would (replay.c does the same for its own
 * sleep check); with NOTE the PSP stays asleep PROBE_SLEEP_MS, its Wi-Fi
 * off; WLAN (the switch's bit, which PPSSPP's debugger can set) takes the
 * access point away without a sleep. PPSSPPHeadless never raises the exit callback (only PPSSPP's GUI
 * does, on its stop), so HOME, which its debugger can press and which a
 * PSP never shows a game, notifies the registered callback as the
 * firmware would. And the loop prints what the headless host needs to
 * replay the run frame for frame: the seed ("SEED n"), each change of the
 * buttons the script got ("MASK frame mask"), each frame's command-list
 * hash ("HASH frame hash") and the net and nearby functions' log
 * (net/log.h, "NETLOG line": a hosting PSP's room replays as a joining
 * one's does); frame i runs at HEADLESS_FRAME_MS(i), the headless host's time. */
#define PROBE_SLEEP_MS 4000
#define PROBE_NOTE 0x800000u /* PSP_CTRL_NOTE */
#define PROBE_HOME 0x010000u /* PSP_CTRL_HOME */
#define PROBE_WLAN 0x040000u /* PSP_CTRL_WLAN_UP */
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
    /* test/psp/nearby.test.ts: a nearby link cut, a bad frame on the wire. */
    if (strcmp(text, "probe: nearby cut") == 0) psp_nearby_probe_cut();
    if (strcmp(text, "probe: nearby bad frame") == 0) psp_nearby_probe_bad_frame();
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

/* The online rooms (psp_room.c), when main set them up; the nearby rooms (psp_nearby.c). */
static int online, nearby;

void psp_game_go_online(void)
{
    online = 1;
}

void psp_game_go_nearby(void)
{
    nearby = 1;
}

static Vm *create_vm(void)
{
    VmConfig config;
    VmHost host;
    /* The PSP's defaults (glyphs, no keyboard, no pads), and the network when there is one. */
    static HostCaps caps = HOST_CAPS_DEFAULT;
    memset(&config, 0, sizeof config);
    caps.network = online;
    caps.nearby = nearby;
    config.caps = &caps;
    config.seed = (uint32_t)sceKernelGetSystemTimeWide();
#ifdef PSP_PROBE
    printf("SEED %lu\n", (unsigned long)config.seed);
    /* The caps that change what the script draws: the headless replay takes them (--nearby-caps). */
    printf("CAPS nearby %d\n", nearby);
#endif
    memset(&host, 0, sizeof host);
    host.load = psp_save_load;
    host.save = psp_save_store;
    host.keep = psp_save_keep;
    host.problem = psp_save_problem;
    host.clock_ms = clock_ms;
    host.log = host_log;
    if (online || nearby) psp_room_plug(&host);
    if (nearby) psp_nearby_plug(&host);
#ifdef PSP_PROBE
    if (online || nearby) net_record_plug(&probe_recorder, &host, probe_log_line, NULL);
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
#ifdef PSP_PROBE
    uint32_t last_mask = 0, last_pad = 0;
#endif
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
        uint32_t pad = read_pad(), mask;
        int count;
        frames_run++;
        if (online) {
            /* What the network brought, before the script reads it; a sleep dropped every socket. */
            if (signals & SIG_SUSPEND) psp_room_woke((uint32_t)clock_ms(NULL));
            psp_room_frame((uint32_t)clock_ms(NULL));
        }
        if (nearby) {
            if (signals & SIG_SUSPEND) psp_nearby_woke((uint32_t)clock_ms(NULL));
            psp_nearby_frame((uint32_t)clock_ms(NULL));
        }
        /* While the connection dialog is up its buttons are not the game's (a Cross there is no slap). */
        mask = (online && psp_room_dialog_up() ? 0 : pad & GAME_BUTTONS) | signals;
#ifdef PSP_PROBE
        probe_recorder.frame = (int)frames_run - 1;
        if (mask != last_mask) printf("MASK %u %lu\n", frames_run - 1, (unsigned long)mask);
        last_mask = mask;
        now = start + (uint64_t)HEADLESS_FRAME_MS(frames_run - 1);
        if ((pad & ~last_pad) & PROBE_NOTE) probe_sleep = 2;
        if ((pad & ~last_pad) & PROBE_HOME) psp_exit_probe_home();
        if (((pad & ~last_pad) & PROBE_WLAN) && online) {
            printf("psp: probe: the access point is gone\n");
            psp_room_probe_access_point_lost();
        }
        last_pad = pad;
#endif
        count = vm_frame(vm, (int)(now - start), mask, &cmds);
        if (count < 0) return;
#ifdef PSP_PROBE
        printf("HASH %u %08lx\n", frames_run - 1, (unsigned long)commands_hash(cmds, count));
#endif
        commands_run(cmds, count, &sound); /* sounds, music, quit */
        psp_video_frame(cmds, count);      /* presented before any quit */
#ifdef PSP_PROBE
        if (probe_sleep) {
            printf("psp: probe: asleep\n");
            fflush(stdout);
            psp_power_callback(1, PSP_POWER_CB_SUSPENDING, NULL);
            if (probe_sleep == 2) {
                if (online) psp_room_probe_wifi_off();
                if (nearby) psp_nearby_probe_wifi_off();
                sceKernelDelayThread(PROBE_SLEEP_MS * 1000);
            }
            probe_sleep = 0;
            psp_power_callback(1, PSP_POWER_CB_RESUMING, NULL);
            psp_power_callback(1, PSP_POWER_CB_RESUME_COMPLETE, NULL);
        }
#endif
        if (frames_run == 1) psp_game_say_since_start("first frame shown");
    }
    /* HOME or quit while in a room: leave it on purpose rather than drop. */
    if (online) psp_room_leave((uint32_t)clock_ms(NULL));
    if (nearby) psp_nearby_leave();
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
