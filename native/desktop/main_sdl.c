/* ratscrew: the desktop host. SDL2 window (480x272 at 2x), keyboard and game
 * controller, sound through core/mixer, the save file under the user's data
 * folder, and the error screen when the script fails.
 *
 *   ratscrew [--seed S] [--frames N] [--bundle FILE] [--server HOST:PORT]
 *            [--inputs SCRIPT.json] [--record DIR] [--join CODE]
 * --frames stops after N frames, and closes the error screen after a second
 * (for automated runs with SDL's dummy drivers). SIGTERM and SIGINT quit
 * within a bounded time whatever the script is doing (posix.h).
 * --server is the online rooms server (default 127.0.0.1:8080, make serve's),
 * reached over libwebsockets when the build has it (net_lws.c); --join CODE
 * opens with a room's link, as the page's ?room=CODE does: the title joins
 * that room.
 * --inputs plays a headless input script (core/input_script.h) as a test
 * player: its buttons (with the keyboard's), its seed, frames and saved
 * text, saves kept in memory (the player's own file untouched), and each
 * frame's time the headless host's (HEADLESS_FRAME_MS), so that the game
 * can be replayed. --record DIR writes DIR/hashes.txt (as the headless
 * host does) and DIR/net.log, the online game's message log
 * (core/net/log.h), which ratscrew-headless --net-log replays. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL.h>
#include "../core/commands.h"
#include "../core/contract.h"
#include "../core/embedded.h"
#include "../core/error_screen.h"
#include "../core/raster.h"
#include "../core/save.h"
#include "../core/vm.h"
#include "../core/input_script.h"
#include "../core/net/log.h"
#include "desktop_caps.h"
#include "desktop_save.h"
#include "posix.h"
#include "sdl_audio.h"
#include "sdl_keys.h"
#include "sdl_video.h"
#ifdef RATSCREW_NET
#include "net_lws.h"
#endif

#define FRAME_MS (1000.0 / 60.0)
#define DEFAULT_SERVER "127.0.0.1:8080"

typedef struct Desktop {
    SdlVideo video;
    SdlAudio audio;
    SdlInput input;
    Raster raster;
    Vm *vm;
    DesktopSave save;
    int quit;            /* QUIT came, or a stop signal */
    int closing;         /* the window's close button: one last frame, with SIG_CLOSE */
    long frames;         /* stop after this many (0 = never) */
    const char *server;  /* --server */
    const char *join;    /* --join */
    InputScript script;  /* --inputs */
    int scripted;
    char *saved;         /* --inputs: the saved text, in memory */
    size_t saved_len;
    const char *record;  /* --record DIR */
    FILE *hashes, *net_log;
    NetRecorder recorder;
    HostCaps caps;
#ifdef RATSCREW_NET
    NetLws *net;
#endif
} Desktop;

static void host_log(void *user, const char *text)
{
    (void)user;
    fprintf(stderr, "[script] %s\n", text);
}

/* --inputs: the saved text lives in memory, as the headless host keeps it. */
static char *memory_load(void *user, size_t *len)
{
    Desktop *d = (Desktop *)user;
    char *copy;
    if (!d->saved) return NULL;
    if (!(copy = (char *)malloc(d->saved_len + 1))) return NULL;
    memcpy(copy, d->saved, d->saved_len + 1);
    *len = d->saved_len;
    return copy;
}

static int memory_save(void *user, const char *text, size_t len)
{
    Desktop *d = (Desktop *)user;
    char *copy = (char *)malloc(len + 1);
    if (!copy) return 0;
    memcpy(copy, text, len);
    copy[len] = '\0';
    free(d->saved);
    d->saved = copy;
    d->saved_len = len;
    return 1;
}

/* host.typed: this frame's text from the keyboard (none for a test player). */
static const char *typed_text(void *user, size_t *len)
{
    Desktop *d = (Desktop *)user;
    if (d->scripted || d->input.typed_len == 0) return NULL;
    *len = d->input.typed_len;
    return d->input.typed;
}

static void write_net_log(void *user, const char *line, size_t len)
{
    FILE *f = (FILE *)user;
    fwrite(line, 1, len, f);
}

static void sink_sound(void *user, int id, int volume, int pan)
{
    sdl_audio_play(&((Desktop *)user)->audio, id, volume, pan);
}

static void sink_music(void *user, int track, int volume)
{
    sdl_audio_music(&((Desktop *)user)->audio, track, volume);
}

static void sink_quit(void *user)
{
    ((Desktop *)user)->quit = 1;
}

static void sink_clear(void *user, uint32_t c) { raster_clear(&((Desktop *)user)->raster, c); }
static void sink_rect(void *user, const RectCmd *r) { raster_rect(&((Desktop *)user)->raster, r); }
static void sink_sprite(void *user, const SpriteCmd *s) { raster_sprite(&((Desktop *)user)->raster, s); }

/* Draws with core/raster and forwards sound and quit to this host. */
static CommandSink desktop_sink(Desktop *d)
{
    CommandSink sink;
    sink.user = d;
    sink.clear = sink_clear;
    sink.rect = sink_rect;
    sink.sprite = sink_sprite;
    sink.sound = sink_sound;
    sink.music = sink_music;
    sink.quit = sink_quit;
    return sink;
}

/* The splash (native/core/embedded.h) in the window at once, before the
 * script is read and compiled: the window is never empty or black. */
static void show_splash(Desktop *d)
{
    CommandSink sink = desktop_sink(d);
    int i;
    commands_run(embedded_splash, embedded_splash_count, &sink);
    /* The window is mapped by the events that follow its creation, and a
     * double-buffered renderer shows the picture after the second swap:
     * the splash is presented twice with the events pumped before each. */
    for (i = 0; i < 2; i++) {
        SDL_PumpEvents();
        sdl_video_present(&d->video, &d->raster);
    }
}

static void poll_events(Desktop *d)
{
    SDL_Event e;
    sdl_input_frame(&d->input);
    while (SDL_PollEvent(&e)) {
        if (e.type == SDL_QUIT) d->closing = 1;
        sdl_input_event(&d->input, &e);
    }
    if (posix_stop_signal()) d->quit = 1;
}

/* Keeps the game at 60 frames a second (the PSP's rate) whatever the
 * display does: with a 60 Hz vsync this rarely sleeps, with a faster display
 * or no vsync it waits for the next tick. After a long stall (a dragged
 * window) the schedule restarts instead of running frames back to back. */
static void pace(Uint64 *epoch, long *ticks)
{
    Uint64 now = SDL_GetTicks64();
    double due = (double)*epoch + (double)(*ticks + 1) * FRAME_MS;
    (*ticks)++;
    if ((double)now < due) SDL_Delay((Uint32)(due - (double)now));
    else if ((double)now > due + 250.0) {
        *epoch = now;
        *ticks = 0;
    }
}

/* Shows the error until START (Esc) or CROSS (Enter) or the window closes. */
static void error_loop(Desktop *d)
{
    uint32_t was = sdl_input_mask(&d->input);
    long shown = 0;
    /* A signal (the player's Ctrl+C, a session ending) stopped the frame:
     * the host quit, the script did not fail. */
    if (posix_stop_signal()) {
        fprintf(stderr, "ratscrew: %s", vm_error(d->vm));
        return;
    }
    fprintf(stderr, "ratscrew: the script failed:\n%s\n", vm_error(d->vm));
    sdl_audio_music(&d->audio, -1, 0);
    error_screen_draw(&d->raster, vm_error(d->vm), "Press Esc or Enter to quit");
    while (!d->quit && !d->closing) {
        uint32_t now;
        poll_events(d);
        now = sdl_input_mask(&d->input);
        if ((now & ~was) & (BTN_START | BTN_CROSS)) break;
        was = now;
        sdl_video_present(&d->video, &d->raster);
        SDL_Delay(16);
        if (d->frames && ++shown >= 60) break;
    }
}

static void game_loop(Desktop *d)
{
    CommandSink sink = desktop_sink(d);
    Uint64 start = SDL_GetTicks64(), epoch = start;
    long frame, ticks = 0;
    int cursor = 0;
    for (frame = 0; !d->quit && (!d->frames || frame < d->frames); frame++) {
        const int32_t *cmds;
        uint32_t mask;
        int count, now;
        poll_events(d);
#ifdef RATSCREW_NET
        /* What the network brought since the last frame, without waiting. */
        if (d->net) net_lws_service(d->net);
#endif
        /* The close button quits at once, but first the script is told, in
         * one last frame, so that it saves the settings (docs/host-api.md). */
        mask = sdl_input_mask(&d->input) | (d->closing ? SIG_CLOSE : 0u);
        /* A test player presses its script's buttons only: the run can be replayed. */
        if (d->scripted) mask = input_script_mask(&d->script, (int)frame, &cursor) | (d->closing ? SIG_CLOSE : 0u);
        now = d->scripted ? HEADLESS_FRAME_MS(frame) : (int)(SDL_GetTicks64() - start);
        d->recorder.frame = (int)frame;
        count = vm_frame_tap(d->vm, now, mask, d->scripted ? TAP_NONE : d->input.tap, &cmds);
        if (count < 0) {
            error_loop(d);
            return;
        }
        if (d->hashes) fprintf(d->hashes, "%ld %08lx\n", frame, (unsigned long)commands_hash(cmds, count));
        commands_run(cmds, count, &sink);
        if (d->closing) return;
        sdl_video_present(&d->video, &d->raster);
        pace(&epoch, &ticks);
    }
}

static int usage(const char *problem, const char *arg)
{
    fprintf(stderr,
            "ratscrew: %s%s%s\nusage: ratscrew [--seed S] [--frames N] [--bundle FILE] [--server HOST:PORT] [--inputs SCRIPT.json] [--record DIR] [--join CODE]\n",
            problem,
            arg ? ": " : "", arg ? arg : "");
    return -1;
}

/* A whole number in [min, max], in decimal only ("010" is ten, never
 * octal), or -1 after a message. */
static int parse_number(const char *flag, const char *s, unsigned long min, unsigned long max, unsigned long *out)
{
    const char *p;
    char *end;
    int digits = *s != '\0';
    for (p = s; *p; p++) digits = digits && isdigit((unsigned char)*p);
    errno = 0;
    *out = digits ? strtoul(s, &end, 10) : 0;
    if (!digits || *end || errno == ERANGE || *out < min || *out > max) {
        fprintf(stderr, "ratscrew: bad %s: %s (a whole number from %lu to %lu)\n", flag, s, min, max);
        return -1;
    }
    return 0;
}

/* Every option at most once, each with its value; --bundle a regular file. */
static int parse_args(int argc, char **argv, VmConfig *config, Desktop *d, const char **bundle)
{
    static const char *const FLAGS[7] = { "--seed", "--frames", "--bundle", "--server", "--inputs", "--record", "--join" };
    int seen[7] = { 0, 0, 0, 0, 0, 0, 0 };
    int i, k;
    unsigned long n;
    char why[160], err[256];
    for (i = 1; i < argc; i += 2) {
        for (k = 0; k < 7 && strcmp(argv[i], FLAGS[k]); k++) {}
        if (k == 7) return usage("unknown option", argv[i]);
        if (seen[k]++) return usage("option given twice", argv[i]);
        if (i + 1 >= argc) return usage("missing value after", argv[i]);
        if (k == 0) {
            if (parse_number("--seed", argv[i + 1], 0, 0xffffffffUL, &n) < 0) return -1;
            config->seed = (uint32_t)n;
        } else if (k == 1) {
            if (parse_number("--frames", argv[i + 1], 1, 100000000UL, &n) < 0) return -1;
            d->frames = (long)n;
        } else if (k == 2) {
            if (posix_regular_file(argv[i + 1], why, sizeof why) < 0) {
                fprintf(stderr, "ratscrew: --bundle %s: %s\n", argv[i + 1], why);
                return -1;
            }
            *bundle = argv[i + 1];
        } else if (k == 3) {
            d->server = argv[i + 1];
        } else if (k == 4) {
            if (posix_regular_file(argv[i + 1], why, sizeof why) < 0) {
                fprintf(stderr, "ratscrew: --inputs %s: %s\n", argv[i + 1], why);
                return -1;
            }
            if (input_script_load(argv[i + 1], &d->script, err, sizeof err) < 0) {
                fprintf(stderr, "ratscrew: %s: %s\n", argv[i + 1], err);
                return -1;
            }
            d->scripted = 1;
        } else if (k == 5) {
            d->record = argv[i + 1];
        } else {
            d->join = argv[i + 1];
        }
    }
    /* The script's seed, frames and saved text, unless the flags say otherwise. */
    if (d->scripted) {
        if (!seen[0]) config->seed = d->script.has_seed ? d->script.seed : INPUT_SCRIPT_DEFAULT_SEED;
        if (!seen[1]) d->frames = d->script.has_frames ? d->script.frames : INPUT_SCRIPT_DEFAULT_FRAMES;
        if (d->script.has_saved && d->script.saved) memory_save(d, d->script.saved, d->script.saved_len);
    }
    return 0;
}

/* --record DIR: its two files, line-buffered (a run stopped by a signal
 * leaves whole lines). -1 after a message. */
static int open_record(Desktop *d)
{
    char path[1100], why[160];
    if (!d->record) return 0;
    if (posix_make_dirs(d->record) < 0) {
        fprintf(stderr, "ratscrew: cannot create %s\n", d->record);
        return -1;
    }
    snprintf(path, sizeof path, "%s/hashes.txt", d->record);
    if (!(d->hashes = posix_open_output(path, why, sizeof why))) {
        fprintf(stderr, "ratscrew: cannot write %s: %s\n", path, why);
        return -1;
    }
    snprintf(path, sizeof path, "%s/net.log", d->record);
    if (!(d->net_log = posix_open_output(path, why, sizeof why))) {
        fprintf(stderr, "ratscrew: cannot write %s: %s\n", path, why);
        return -1;
    }
    setvbuf(d->hashes, NULL, _IOLBF, 0);
    setvbuf(d->net_log, NULL, _IOLBF, 0);
    return 0;
}

/* The embedded bytecode, or --bundle FILE's source (malloc'd); -1 when the
 * file cannot be read. */
static int read_bundle(const char *path, VmScript *script)
{
    memset(script, 0, sizeof *script);
    if (path) {
        script->name = path;
        script->bytes = (const unsigned char *)save_read_file(path, 64u * 1024u * 1024u, &script->len);
        return script->bytes ? 0 : -1;
    }
    script->name = "ratscrew.js";
    script->bytes = embedded_bytecode;
    script->len = embedded_bytecode_len;
    script->bytecode = 1;
    return 0;
}

static int run(Desktop *d, VmConfig *config, const char *bundle)
{
    VmHost host;
    VmScript script;
    memset(&host, 0, sizeof host);
    /* Without a folder every save fails with "no-folder": the script tells
     * the player, and plays on with the settings in memory. */
    desktop_save_open(&d->save);
    host.user = &d->save;
    host.load = desktop_load;
    host.save = desktop_save;
    host.keep = desktop_keep;
    host.problem = desktop_problem;
    host.log = host_log;
    host.clock_ms = posix_clock_ms;
    host.stop_requested = posix_stop_requested;
    if (d->scripted) {
        /* A test player: its saves stay in memory, the player's file untouched. */
        host.user = d;
        host.load = memory_load;
        host.save = memory_save;
        host.keep = NULL;
        host.problem = NULL;
    }
    host.typed_user = d;
    host.typed = typed_text;
    d->caps = *desktop_caps();
#ifdef RATSCREW_NET
    d->net = net_lws_create(d->server ? d->server : DEFAULT_SERVER);
    if (d->net) {
        net_lws_plug(d->net, &host);
        d->caps.network = 1;
        if (d->join && !net_lws_invite(d->net, d->join)) fprintf(stderr, "ratscrew: --join %s: not a room's code\n", d->join);
    }
#else
    if (d->server) fprintf(stderr, "ratscrew: built without libwebsockets: no network, --server unused\n");
#endif
    config->caps = &d->caps;
    if (open_record(d) < 0) return 1;
    if (d->net_log) net_record_plug(&d->recorder, &host, write_net_log, d->net_log);
    if (read_bundle(bundle, &script) < 0) {
        fprintf(stderr, "ratscrew: cannot read %s\n", bundle);
        return 1;
    }
    d->vm = vm_create(config, &host);
    if (!d->vm) {
        if (!script.bytecode) free((void *)script.bytes);
        fprintf(stderr, "ratscrew: cannot create the JavaScript runtime\n");
        return 1;
    }
    if (vm_load_script(d->vm, &script) < 0) error_loop(d);
    else game_loop(d);
    if (!script.bytecode) free((void *)script.bytes);
    if (posix_stop_signal()) return 128 + posix_stop_signal();
    return vm_error(d->vm) ? 2 : 0;
}

int main(int argc, char **argv)
{
    static Desktop d; /* the framebuffer is large: not on the stack */
    VmConfig config;
    const char *bundle = NULL;
    int status;
    memset(&config, 0, sizeof config);
    config.seed = (uint32_t)posix_clock_us();
    if (parse_args(argc, argv, &config, &d, &bundle) < 0) return 64;
    /* SDL's own handlers only queue a quit event, which nobody reads while
     * a script or a file blocks the loop: the host's flag stops both. */
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    posix_catch_stop_signals();
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_AUDIO | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "ratscrew: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    raster_init(&d.raster, embedded_atlas, embedded_atlas_w, embedded_atlas_h);
    if (embedded_atlas_placeholder)
        fprintf(stderr, "ratscrew: note: built with a placeholder atlas (assets/build/atlas.rgba was missing)\n");
    if (sdl_video_open(&d.video) < 0) {
        SDL_Quit();
        return 1;
    }
    show_splash(&d);
    sdl_audio_open(&d.audio);
    fputs(sdl_input_help(), stderr);
    status = run(&d, &config, bundle);
#ifdef RATSCREW_NET
    /* Quitting leaves the room on purpose (at most half a second). */
    if (d.net) net_lws_quit(d.net, 500);
#endif
    if (d.vm) vm_destroy(d.vm);
#ifdef RATSCREW_NET
    net_lws_destroy(d.net);
#endif
    if (d.hashes) fclose(d.hashes);
    if (d.net_log) fclose(d.net_log);
    input_script_free(&d.script);
    free(d.saved);
    sdl_audio_close(&d.audio);
    sdl_input_close(&d.input);
    sdl_video_close(&d.video);
    SDL_Quit();
    return status;
}
