/* The PSP replay build (`make psp-replay`): the PSP host with no controller,
 * replaying the headless input scripts embedded at build time exactly as
 * ratscrew-headless does (native/desktop/main_headless.c): the same parser,
 * seed, saved text and masks, and frame i at HEADLESS_FRAME_MS(i). Each
 * frame's command-list hash and cost on the PSP clock go to stdout, which
 * PPSSPP writes to its log, so test/psp can compare them with the headless
 * host's hashes.txt frame by frame. The scripts run once per CPU clock in
 * REPLAY_CLOCKS (MHz), each in a fresh VM.
 *
 * Afterwards the splash (what the game shows before its script loads:
 * native/psp/main.c) and the frames named in each script's "shots" are
 * shown one after another, each for REPLAY_SHOT_MS, starting REPLAY_GALLERY_AT_MS after boot
 * on the PSP clock, so that a screenshot taken by emulated frame count lands
 * inside the right one. The emulator's clock is deterministic; a replay that
 * runs past the gallery's start says so instead of showing shots late.
 *
 * Then each failure bundle runs through psp_game_run, the player's own path
 * (real controller, error screen until START), the k-th starting at
 * REPLAY_GALLERY_AT_MS + shots * REPLAY_SHOT_MS + k * REPLAY_FAILURE_MS, and
 * then HOME is pressed (psp_exit_now, what the exit callback does) while
 * the last failure bundle, which never returns from a frame, runs again:
 * the game must end within the exit callback's bound although its thread
 * never gets back to the loop.
 *
 * Two checks of the PSP layer itself come first: both frame buffers are
 * filled with a pattern (a real PSP's VRAM is not cleared at boot, PPSSPP's
 * is) and must be black after psp_video_init; and a save goes through the
 * real Memory Stick path (psp_save.c), is read back, and its folder's
 * PARAM.SFO is printed for test/psp to parse.
 *
 * Sleep: a script frame whose mask holds SIG_SUSPEND (first frame of it)
 * is the power switch. Before that frame the replay calls the power
 * callback's function itself with PSP_POWER_CB_SUSPENDING, runs
 * REPLAY_WAKE_AFTER frames more (a PSP may run a few before it sleeps),
 * then moves its own clock on by REPLAY_SLEEP_MS, as a PSP whose clock
 * counts the sleep would, and calls it with PSP_POWER_CB_RESUMING and
 * PSP_POWER_CB_RESUME_COMPLETE. The signal bit is taken out of the mask:
 * psp_power_frame must put it back, and leave the sleep out of the game's
 * time, for the frames to equal the headless host's, which sees the bit
 * and no sleep.
 *
 * The heap: after the first script's first REPLAY_HEAP_AFTER frames, the
 * largest block malloc still gives (the C library's heap is all free user
 * memory less PSP_HEAP_THRESHOLD_SIZE_KB: 32 MB PSP-1000 or 64 MB later
 * models), for docs/performance.md.
 *
 * Output lines (all start with "RS "):
 *   RS vram unlike=<pixels not black after psp_video_init>
 *   RS splash us=<time to draw and show the splash>
 *   RS savedata path=<p> saved=<0|1> roundtrip=<0|1> sfo=<bytes> icon=<bytes>
 *   RS sfo <offset> <hex of up to 256 bytes>
 *   RS script <index> <name> frames=<n> seed=<s>
 *   RS load <mhz> <index> us=<t>
 *   RS heap largest=<bytes> after=<frames> kernel_free=<bytes> top=<address where that block ends>
 *   RS sleep <mhz> <index> <frame> suspend     (the callback, before frame)
 *   RS sleep <mhz> <index> <frame> resume slept_ms=<t>
 *   RS f <mhz> <index> <frame> <hash> <us>[ s=<sound ids started>]
 *   RS end <mhz> <index> frames=<n> [error=<text>]
 *   RS shot <k> <index> <frame> from_ms=<t>   (shot 0: the splash, index and frame -1)
 *   RS shot dropped <index> <frame> (more shots than MAX_SHOTS: none is shown)
 *   RS screenshot <name>         (then the emulator is asked for a picture: shot-<k>, failure-<k>)
 *   RS late gallery_at_ms=<t> now_ms=<t>
 *   RS failure <k> <name> from_ms=<t>
 *   RS home from_ms=<t>          (HOME: REPLAY_HOME_PRESS_MS after its first frame)
 *   RS exit                      (only if the game thread got back first) */
#include <pspctrl.h>
#include <pspiofilemgr.h>
#include <pspkernel.h>
#include <psppower.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"
#include "contract.h"
#include "embedded.h"
#include "input_script.h"
#include "psp_exit.h"
#include "psp_game.h"
#include "psp_power.h"
#include "psp_save.h"
#include "psp_video.h"
#include "vm.h"

PSP_MODULE_INFO("RatscrewReplay", PSP_MODULE_USER, 1, 0);
PSP_MAIN_THREAD_ATTR(THREAD_ATTR_USER);
PSP_MAIN_THREAD_STACK_SIZE_KB(512);
PSP_HEAP_SIZE_KB(-1);
PSP_HEAP_THRESHOLD_SIZE_KB(1024);

/* After the replay on the emulated clock: at 222 and 333 MHz the six
 * scripts test/psp uses take about 22 s (test/psp builds 222 MHz alone, about
 * 13 s, with its own gallery time). */
#ifndef REPLAY_GALLERY_AT_MS
#define REPLAY_GALLERY_AT_MS 30000
#endif
#ifndef REPLAY_SHOT_MS
#define REPLAY_SHOT_MS 2000
#endif
#ifndef REPLAY_FAILURE_MS
#define REPLAY_FAILURE_MS 5000
#endif
#ifndef REPLAY_CLOCKS
#define REPLAY_CLOCKS 222, 333
#endif
#ifndef REPLAY_FAILURE_SHOT_MS
#define REPLAY_FAILURE_SHOT_MS 2600
#endif
#ifndef REPLAY_HOME_PRESS_MS
#define REPLAY_HOME_PRESS_MS 300
#endif
#ifndef REPLAY_SLEEP_MS
#define REPLAY_SLEEP_MS 5000
#endif
#ifndef REPLAY_WAKE_AFTER
#define REPLAY_WAKE_AFTER 2
#endif
#ifndef REPLAY_HEAP_AFTER
#define REPLAY_HEAP_AFTER 60
#endif
/* The splash and every script's shots (test/psp/replay.test.ts lists 25). */
#define MAX_SHOTS 32

static const int clocks_mhz[] = { REPLAY_CLOCKS };

/* A shot frame's command list, copied when the first pass drew it. */
typedef struct Shot {
    int script, frame, count;
    int32_t *cmds;
} Shot;

static Shot shots[MAX_SHOTS];
static int shot_count;

static uint64_t now_us(void)
{
    return (uint64_t)sceKernelGetSystemTimeWide();
}

static uint64_t clock_ms(void *user)
{
    (void)user;
    return now_us() / 1000u;
}

/* The replay's host clock, which the power callback reads: the headless
 * frame times plus the sleeps so far (psp_power_use_clock). */
static uint64_t replay_ms;

static uint64_t replay_clock(void)
{
    return replay_ms;
}

/* One whole line per write, so that each lands in the emulator's log as one
 * "[PRINTF] stdout:" entry. */
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
}

/* host.load and host.save as the headless host has them: the script's saved
 * text, replaced by each save (kept in memory: a replay writes no files). */
static char *host_load(void *user, size_t *len)
{
    const InputScript *s = (const InputScript *)user;
    char *copy;
    if (!s->saved) return NULL;
    *len = s->saved_len;
    copy = (char *)malloc(*len + 1);
    if (copy) memcpy(copy, s->saved, *len + 1);
    return copy;
}

static int host_save(void *user, const char *text, size_t len)
{
    InputScript *s = (InputScript *)user;
    char *copy = (char *)malloc(len + 1);
    if (!copy) return 0;
    memcpy(copy, text, len);
    copy[len] = '\0';
    free(s->saved);
    s->saved = copy;
    s->saved_len = len;
    return 1;
}

static void host_log(void *user, const char *text)
{
    (void)user;
    say("[script] %s\n", text);
}

static int is_shot(const InputScript *s, int frame)
{
    int i;
    for (i = 0; i < s->shot_count; i++)
        if (s->shots[i] == frame) return 1;
    return 0;
}

static void keep_shot(int script, int frame, const int32_t *cmds, int count)
{
    Shot *shot;
    if (shot_count >= MAX_SHOTS) {
        say("RS shot dropped %d %d (more than MAX_SHOTS)\n", script, frame);
        return;
    }
    shot = &shots[shot_count];
    shot->cmds = (int32_t *)malloc((size_t)(count ? count : 1) * COMMAND_INTS * sizeof(int32_t));
    if (!shot->cmds) return;
    memcpy(shot->cmds, cmds, (size_t)count * COMMAND_INTS * sizeof(int32_t));
    shot->script = script;
    shot->frame = frame;
    shot->count = count;
    shot_count++;
}

static int load_script(int index, InputScript *s)
{
    char err[200];
    const EmbeddedText *e = &embedded_scripts[index];
    memset(s, 0, sizeof *s);
    if (input_script_parse(e->text, e->len, e->name, s, err, (int)sizeof err) < 0) {
        say("RS end 0 %d frames=0 error=%s: %s\n", index, e->name, err);
        return -1;
    }
    if (!s->has_seed) s->seed = INPUT_SCRIPT_DEFAULT_SEED;
    if (!s->has_frames) s->frames = INPUT_SCRIPT_DEFAULT_FRAMES;
    return 0;
}

/* " s=1,3": the ids of the frame's SOUND commands (bench/psp/frames.ts
 * groups the frames of a slap or a sweep by them), or "". */
static const char *frame_sounds(const int32_t *cmds, int count)
{
    static char text[64];
    size_t used = 0;
    int i;
    text[0] = '\0';
    for (i = 0; i < count && used + 16 < sizeof text; i++)
        if (cmds[i * COMMAND_INTS] == OP_SOUND)
            used += (size_t)snprintf(text + used, sizeof text - used, "%s%d", used ? "," : " s=",
                                     (int)cmds[i * COMMAND_INTS + 1]);
    return text;
}

/* The largest block malloc gives now, to 1 KB (a binary search from
 * beyond any PSP's memory). The block goes through a volatile: GCC drops a
 * malloc whose block is only freed, and takes it as a success. */
static void *volatile probe;

static size_t largest_block(uintptr_t *top)
{
    size_t lo = 0, hi = 256u * 1024u * 1024u;
    while (hi - lo > 1024) {
        size_t mid = lo + (hi - lo) / 2;
        probe = malloc(mid);
        if (probe) {
            free(probe);
            lo = mid;
        } else {
            hi = mid;
        }
    }
    /* Where it ends tells which user partition the heap is in: the
     * PSP-1000's ends at 0x0A000000 (24 MB from 0x08800000). */
    probe = malloc(lo);
    *top = probe ? (uintptr_t)probe + lo : 0;
    free(probe);
    return lo;
}

/* Runs one script from a fresh VM; the first pass keeps its shot frames. */
static void replay(int index, int mhz, int keep_shots)
{
    InputScript s;
    VmConfig config;
    VmHost host;
    Vm *vm;
    int frame, cursor = 0, wake_at = -1;
    uint32_t held = 0;
    uint64_t t0, slept = 0;
    PowerClock power;
    static int heap_told;
    if (load_script(index, &s) < 0) return;
    if (keep_shots) say("RS script %d %s frames=%d seed=%lu\n", index, embedded_scripts[index].name,
                        s.frames, (unsigned long)s.seed);
    memset(&config, 0, sizeof config);
    /* No caps, as the game and the headless host: the same frames. */
    config.seed = s.seed;
    memset(&host, 0, sizeof host);
    host.user = &s;
    host.load = host_load;
    host.save = host_save;
    host.log = host_log;
    host.clock_ms = clock_ms;
    t0 = now_us();
    vm = vm_create(&config, &host);
    if (!vm || vm_load_bytecode(vm, embedded_bytecode, embedded_bytecode_len) < 0) {
        say("RS end %d %d frames=0 error=%s\n", mhz, index, vm ? vm_error(vm) : "out of memory");
        vm_destroy(vm);
        input_script_free(&s);
        return;
    }
    say("RS load %d %d us=%lu\n", mhz, index, (unsigned long)(now_us() - t0));
    memset(&power, 0, sizeof power);
    for (frame = 0; frame < s.frames && !psp_exit_requested(); frame++) {
        const int32_t *cmds;
        uint32_t mask = input_script_mask(&s, frame, &cursor), signals = 0;
        uint64_t t1, t2, game_ms;
        int count;
        /* Callbacks come between frames: the clock reads the last frame's time. */
        replay_ms = (uint64_t)HEADLESS_FRAME_MS(frame > 0 ? frame - 1 : 0) + slept;
        if ((mask & SIG_SUSPEND) && !(held & SIG_SUSPEND)) {
            say("RS sleep %d %d %d suspend\n", mhz, index, frame);
            psp_power_callback(1, PSP_POWER_CB_SUSPENDING, NULL);
            wake_at = frame + REPLAY_WAKE_AFTER;
        }
        if (frame == wake_at) {
            slept += REPLAY_SLEEP_MS;
            replay_ms += REPLAY_SLEEP_MS;
            psp_power_callback(1, PSP_POWER_CB_RESUMING, NULL);
            psp_power_callback(1, PSP_POWER_CB_RESUME_COMPLETE, NULL);
            say("RS sleep %d %d %d resume slept_ms=%d\n", mhz, index, frame, REPLAY_SLEEP_MS);
        }
        held = mask;
        game_ms = psp_power_frame(&power, (uint64_t)HEADLESS_FRAME_MS(frame) + slept, &signals);
        t1 = now_us();
        count = vm_frame(vm, (int)game_ms, (mask & ~(uint32_t)SIG_SUSPEND) | signals, &cmds);
        t2 = now_us();
        if (count < 0) {
            say("RS end %d %d frames=%d error=%s\n", mhz, index, frame, vm_error(vm));
            break;
        }
        say("RS f %d %d %d %08lx %lu%s\n", mhz, index, frame, (unsigned long)commands_hash(cmds, count),
            (unsigned long)(t2 - t1), frame_sounds(cmds, count));
        if (keep_shots && is_shot(&s, frame)) keep_shot(index, frame, cmds, count);
        if (!heap_told && frame + 1 == REPLAY_HEAP_AFTER) {
            uintptr_t top;
            size_t largest = largest_block(&top);
            heap_told = 1;
            say("RS heap largest=%lu after=%d kernel_free=%lu top=0x%08lx\n", (unsigned long)largest, frame + 1,
                (unsigned long)sceKernelMaxFreeMemSize(), (unsigned long)top);
        }
        if (commands_has_quit(cmds, count)) {
            frame++;
            break;
        }
    }
    if (!vm_error(vm)) say("RS end %d %d frames=%d\n", mhz, index, frame);
    vm_destroy(vm);
    input_script_free(&s);
}

/* The whole of a file (at most size bytes), or -1. */
static long read_file(const char *path, unsigned char *out, size_t size)
{
    FILE *f = fopen(path, "rb");
    size_t n;
    if (!f) return -1;
    n = fread(out, 1, size, f);
    fclose(f);
    return (long)n;
}

/* A save through the player's own path, read back, and its folder shown. */
static void savedata_check(void)
{
    static const char text[] = "{\"replay\":\"savedata check\"}";
    static unsigned char bytes[64 * 1024];
    char path[160];
    const char *save = psp_save_path();
    size_t len = 0, dir = (size_t)(strrchr(save, '/') - save);
    char *back;
    long sfo, icon, k;
    int saved = psp_save_store(NULL, text, sizeof text - 1);
    back = psp_save_load(NULL, &len);
    snprintf(path, sizeof path, "%.*s/ICON0.PNG", (int)dir, save);
    icon = read_file(path, bytes, sizeof bytes);
    snprintf(path, sizeof path, "%.*s/PARAM.SFO", (int)dir, save);
    sfo = read_file(path, bytes, sizeof bytes);
    say("RS savedata path=%s saved=%d roundtrip=%d sfo=%ld icon=%ld\n", save, saved,
        back && len == sizeof text - 1 && memcmp(back, text, len) == 0, sfo, icon);
    free(back);
    for (k = 0; k < sfo; k += 256) {
        char hex[2 * 256 + 1];
        long i, n = sfo - k < 256 ? sfo - k : 256;
        for (i = 0; i < n; i++) snprintf(hex + 2 * i, 3, "%02x", bytes[k + i]);
        say("RS sfo %ld %s\n", k, hex);
    }
}

/* Asks the emulator for a picture of the display: PPSSPP's headless
 * emulator saves it (--screenshot-save), as it shows it with its renderer;
 * the WebAssembly one in Chromium ignores it (its driver takes screenshots by
 * frame number instead). The line before names the picture. */
static void screenshot(const char *name)
{
    say("RS screenshot %s\n", name);
    sceIoDevctl("kemulator:", 0x20, NULL, 0, NULL, 0);
}

/* Waits on the vertical blank, showing the picture, until at_ms; once it is
 * in both frame buffers (two frames), takes its screenshot when named. */
static void show_until(uint64_t at_ms, const int32_t *cmds, int count, const char *name)
{
    int frames = 0;
    while ((clock_ms(NULL) < at_ms || (name && frames < 2)) && !psp_exit_requested()) {
        psp_video_frame(cmds, count);
        if (++frames == 2 && name) screenshot(name);
    }
}

/* Shows each kept shot for REPLAY_SHOT_MS from gallery_ms on. */
static void gallery(uint64_t boot_ms, uint64_t gallery_ms)
{
    int k;
    if (clock_ms(NULL) > gallery_ms)
        say("RS late gallery_at_ms=%lu now_ms=%lu\n", (unsigned long)(gallery_ms - boot_ms),
            (unsigned long)(clock_ms(NULL) - boot_ms));
    for (k = 0; k < shot_count && !psp_exit_requested(); k++) {
        char name[16];
        if (k == 0) show_until(gallery_ms, shots[0].cmds, shots[0].count, NULL);
        say("RS shot %d %d %d from_ms=%lu\n", k, shots[k].script, shots[k].frame,
            (unsigned long)(clock_ms(NULL) - boot_ms));
        snprintf(name, sizeof name, "shot-%d", k);
        show_until(gallery_ms + (uint64_t)(k + 1) * REPLAY_SHOT_MS, shots[k].cmds, shots[k].count, name);
    }
}

/* Failure bundle k, as bytecode written at build time like the game's. */
static VmScript failure(int k)
{
    const EmbeddedText *f = &embedded_failures[k];
    VmScript script = { f->name, (const unsigned char *)f->text, f->len, 1 };
    return script;
}

/* The error screen's screenshot, taken from a thread of its own while the
 * game thread waits for START on it (or is still stuck in a frame). */
static uint64_t failure_shot_at_ms;
static int failure_shot_k;

static int failure_shot_thread(SceSize args, void *argp)
{
    char name[16];
    (void)args; (void)argp;
    while (clock_ms(NULL) < failure_shot_at_ms && !psp_exit_requested()) sceKernelDelayThread(10 * 1000);
    snprintf(name, sizeof name, "failure-%d", failure_shot_k);
    if (!psp_exit_requested()) screenshot(name);
    return 0;
}

/* Each failure bundle as the game runs its own, in its time slot; its error
 * screen's picture REPLAY_FAILURE_SHOT_MS into the slot. */
static void failures(uint64_t boot_ms, uint64_t from_ms)
{
    int k;
    for (k = 0; k < embedded_failures_count && !psp_exit_requested(); k++) {
        VmScript script = failure(k);
        SceUID thid;
        show_until(from_ms + (uint64_t)k * REPLAY_FAILURE_MS, NULL, 0, NULL);
        say("RS failure %d %s from_ms=%lu\n", k, script.name, (unsigned long)(clock_ms(NULL) - boot_ms));
        failure_shot_k = k;
        failure_shot_at_ms = from_ms + (uint64_t)k * REPLAY_FAILURE_MS + REPLAY_FAILURE_SHOT_MS;
        /* Above the game thread, which may never leave its frame. */
        thid = sceKernelCreateThread("failure_shot", failure_shot_thread, 0x11, 0x1000, 0, NULL);
        if (thid >= 0) sceKernelStartThread(thid, 0, NULL);
        psp_game_run(&script);
    }
}

static int home_thread(SceSize args, void *argp)
{
    unsigned before = psp_game_frames();
    (void)args; (void)argp;
    /* From the game's first frame, whatever its start-up cost: the bundle
     * is stuck in a frame from 50 ms on (test/native/bundles.ts). */
    while (psp_game_frames() == before) sceKernelDelayThread(10 * 1000);
    sceKernelDelayThread(REPLAY_HOME_PRESS_MS * 1000);
    psp_exit_now();
    return 0;
}

/* HOME while the game thread is stuck in a frame (the last failure bundle
 * never returns from one): psp_exit_now must end the game by itself. */
static void home(uint64_t boot_ms, uint64_t from_ms)
{
    VmScript script;
    SceUID thid;
    if (embedded_failures_count == 0 || psp_exit_requested()) return;
    script = failure(embedded_failures_count - 1);
    show_until(from_ms, NULL, 0, NULL);
    say("RS home from_ms=%lu\n", (unsigned long)(clock_ms(NULL) - boot_ms));
    /* Above the game thread, as the exit callback's thread is. */
    thid = sceKernelCreateThread("home", home_thread, 0x11, 0x1000, 0, NULL);
    if (thid >= 0) sceKernelStartThread(thid, 0, NULL);
    psp_game_run(&script);
}

int main(int argc, char **argv)
{
    uint64_t boot_ms = clock_ms(NULL), gallery_ms = boot_ms + REPLAY_GALLERY_AT_MS;
    size_t c;
    int i;
    psp_exit_setup();
    sceCtrlSetSamplingCycle(0);
    sceCtrlSetSamplingMode(PSP_CTRL_MODE_DIGITAL);
    psp_save_init(argc > 0 ? argv[0] : NULL);
    psp_video_dirty();
    psp_video_init();
    say("RS vram unlike=%d\n", psp_video_count_unlike(0x000000u));
    {
        uint64_t t0 = now_us();
        psp_video_frame(embedded_splash, embedded_splash_count);
        say("RS splash us=%lu\n", (unsigned long)(now_us() - t0));
        keep_shot(-1, -1, embedded_splash, embedded_splash_count);
    }
    savedata_check();
    psp_power_use_clock(replay_clock);
    for (c = 0; c < sizeof clocks_mhz / sizeof clocks_mhz[0]; c++) {
        int mhz = clocks_mhz[c];
        scePowerSetClockFrequency(mhz, mhz, mhz / 2);
        for (i = 0; i < embedded_scripts_count; i++) replay(i, mhz, c == 0);
    }
    psp_power_use_clock(NULL);
    gallery(boot_ms, gallery_ms);
    failures(boot_ms, gallery_ms + (uint64_t)shot_count * REPLAY_SHOT_MS);
    home(boot_ms, gallery_ms + (uint64_t)shot_count * REPLAY_SHOT_MS
                      + (uint64_t)embedded_failures_count * REPLAY_FAILURE_MS);
    say("RS exit\n");
    sceKernelExitGame();
    return 0;
}
