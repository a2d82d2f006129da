#define _POSIX_C_SOURCE 200809L
/* ratscrew-headless: runs the game without a window, replaying an input
 * script, and records what it drew: DIR/hashes.txt (one line per frame: the
 * frame index and the FNV-1a of its command list, docs/host-api.md §5),
 * DIR/frame-NNNNN.png for chosen frames, and optionally per-frame memory
 * statistics. The CI check of the C host and the benchmarks' runner. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../core/commands.h"
#include "../core/contract.h"
#include "../core/embedded.h"
#include "../core/error_screen.h"
#include "../core/raster.h"
#include "../core/save.h"
#include "../core/vm.h"
#include "../core/net/log.h"
#include "desktop_caps.h"
#include "desktop_save.h"
#include "headless_options.h"
#include "png_write.h"
#include "posix.h"

#define EXIT_SCRIPT_ERROR 2

typedef struct Headless {
    HeadlessOptions opt;
    char save_path[1024];
    Raster raster;
    FILE *hashes;
    FILE *stats;
    Vm *vm;
    SaveOps save_ops;
    SaveProblem save_problem; /* of the last save */
    DesktopSave folder;       /* --save-dir: the desktop's own save code */
    NetLog net;               /* --net-log */
    HostCaps caps;
} Headless;

/* host.load returns the latest saved text, as the test host does. */
static char *host_load(void *user, size_t *len)
{
    Headless *h = (Headless *)user;
    char *copy;
    if (!h->opt.script.saved) return NULL;
    *len = h->opt.script.saved_len;
    copy = (char *)malloc(*len + 1);
    if (copy) memcpy(copy, h->opt.script.saved, *len + 1);
    return copy;
}

static int host_save(void *user, const char *text, size_t len)
{
    Headless *h = (Headless *)user;
    char *copy = (char *)malloc(len + 1);
    if (!copy) {
        h->save_problem = SAVE_FAILED; /* host.problem() names it, not the last save's outcome */
        return 0;
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    free(h->opt.script.saved);
    h->opt.script.saved = copy;
    h->opt.script.saved_len = len;
    return save_store(h->save_path, text, len, &h->save_ops, &h->save_problem);
}

static SaveProblem host_problem(void *user)
{
    return ((Headless *)user)->save_problem;
}

static void host_log(void *user, const char *text)
{
    (void)user;
    fprintf(stderr, "[script] %s\n", text);
}

static int is_shot(const InputScript *s, int frame)
{
    int i;
    for (i = 0; i < s->shot_count; i++)
        if (s->shots[i] == frame) return 1;
    return 0;
}

static int write_shot(Headless *h, int frame)
{
    char path[1100];
    snprintf(path, sizeof path, "%s/frame-%05d.png", h->opt.out_dir, frame);
    if (png_write_rgba(path, h->raster.pixels, SCREEN_W, SCREEN_H) == 0) return 0;
    fprintf(stderr, "ratscrew-headless: cannot write %s\n", path);
    return -1;
}

static void write_stats(Headless *h, int frame, int count, uint64_t frame_us)
{
    VmMemory m;
    vm_memory(h->vm, &m);
    fprintf(h->stats,
            "{\"frame\":%d,\"commands\":%d,\"frame_us\":%llu,\"malloc_size\":%lld,"
            "\"memory_used_size\":%lld,\"malloc_count\":%lld}\n",
            frame, count, (unsigned long long)frame_us, (long long)m.malloc_size,
            (long long)m.memory_used_size, (long long)m.malloc_count);
}

/* DIR/splash.png: the splash every host shows before the script loads
 * (native/core/embedded.h), drawn by the same rasterizer as the frames. */
static int write_splash(Headless *h)
{
    char path[1100];
    raster_frame(&h->raster, embedded_splash, embedded_splash_count);
    snprintf(path, sizeof path, "%s/splash.png", h->opt.out_dir);
    if (png_write_rgba(path, h->raster.pixels, SCREEN_W, SCREEN_H) == 0) return 0;
    fprintf(stderr, "ratscrew-headless: cannot write %s\n", path);
    return -1;
}

/* Prints the error and leaves DIR/error.png showing the error screen. */
static int script_error(Headless *h, int frame)
{
    char path[1100];
    if (frame < 0) fprintf(stderr, "ratscrew-headless: the script failed to load:\n");
    else fprintf(stderr, "ratscrew-headless: the script failed at frame %d:\n", frame);
    fprintf(stderr, "%s\n", vm_error(h->vm));
    error_screen_draw(&h->raster, vm_error(h->vm), "Press START to quit");
    snprintf(path, sizeof path, "%s/error.png", h->opt.out_dir);
    png_write_rgba(path, h->raster.pixels, SCREEN_W, SCREEN_H);
    return EXIT_SCRIPT_ERROR;
}

/* After SIGTERM or SIGINT: the lines written so far are whole (the output
 * files are line-buffered), and the exit status says which signal. */
static int stopped(int frame)
{
    fprintf(stderr, "ratscrew-headless: stopped by signal %d at frame %d\n", posix_stop_signal(), frame);
    return 128 + posix_stop_signal();
}

/* A failed write of an output line (a full disk) ends the run with a message. */
static int output_failed(Headless *h, FILE *f, const char *name)
{
    if (!ferror(f)) return 0;
    fprintf(stderr, "ratscrew-headless: cannot write %s/%s: %s\n", h->opt.out_dir, name, strerror(errno));
    return 1;
}

/* --net-log: the script's calls the log did not have (a replay that
 * diverged) say where, and end the run with status 3. */
static int net_replay_end(Headless *h)
{
    if (!h->opt.net_log || h->net.differences == 0) return 0;
    fprintf(stderr, "ratscrew-headless: %s: %d net or nearby call(s) not in the log; the first at %s\n", h->opt.net_log,
            h->net.differences, h->net.first);
    return 3;
}

/* --net-log FILE read into h->net; -1 after a message. */
static int read_net_log(Headless *h)
{
    char err[160];
    size_t n;
    char *text = save_read_file(h->opt.net_log, 64u * 1024u * 1024u, &n);
    if (!text) {
        fprintf(stderr, "ratscrew-headless: cannot read %s\n", h->opt.net_log);
        return -1;
    }
    if (net_log_parse(&h->net, text, n, err, sizeof err) < 0) {
        fprintf(stderr, "ratscrew-headless: %s: %s\n", h->opt.net_log, err);
        return -1;
    }
    return 0;
}

/* Runs every frame; returns the process exit status. */
static int run_frames(Headless *h)
{
    const InputScript *s = &h->opt.script;
    int frame, cursor = 0;
    for (frame = 0; frame < s->frames; frame++) {
        const int32_t *cmds;
        uint32_t mask = input_script_mask(s, frame, &cursor);
        uint64_t t0, t1;
        int count;
        if (posix_stop_signal()) return stopped(frame);
        t0 = posix_clock_us();
        h->net.frame = frame;
        count = vm_frame(h->vm, HEADLESS_FRAME_MS(frame), mask, &cmds);
        t1 = posix_clock_us();
        if (count < 0) return posix_stop_signal() ? stopped(frame) : script_error(h, frame);
        fprintf(h->hashes, "%d %08lx\n", frame, (unsigned long)commands_hash(cmds, count));
        if (output_failed(h, h->hashes, "hashes.txt")) return 1;
        if (h->stats) {
            write_stats(h, frame, count, t1 - t0);
            if (output_failed(h, h->stats, "stats")) return 1;
        }
        if (!h->opt.no_raster || is_shot(s, frame)) raster_frame(&h->raster, cmds, count);
        if (is_shot(s, frame) && write_shot(h, frame) < 0) return 1;
        if (commands_has_quit(cmds, count)) break;
    }
    return net_replay_end(h);
}

/* The script: the embedded bytecode, --bundle FILE's source or --bytecode
 * FILE; -1 when the file cannot be read. A file's bytes are malloc'd. */
static int bundle_script(const HeadlessOptions *o, VmScript *script)
{
    memset(script, 0, sizeof *script);
    if (!o->bundle) {
        script->name = "ratscrew.js";
        script->bytes = embedded_bytecode;
        script->len = embedded_bytecode_len;
        script->bytecode = 1;
        return 0;
    }
    script->name = o->bundle;
    script->bytes = (const unsigned char *)save_read_file(o->bundle, 64u * 1024u * 1024u, &script->len);
    script->bytecode = o->bundle_is_bytecode;
    if (script->bytes) return 0;
    fprintf(stderr, "ratscrew-headless: cannot read %s\n", o->bundle);
    return -1;
}

/* Every file the run may write into DIR is a regular file or not there
 * yet: a FIFO in its place would block the run for ever (when the frame it
 * is due on comes), so the run is refused at the start, as such inputs are. */
static int outputs_refused(const Headless *h)
{
    char path[1100], why[160];
    int i;
    for (i = -3; i < h->opt.script.shot_count; i++) {
        if (i == -3) snprintf(path, sizeof path, "%s/hashes.txt", h->opt.out_dir);
        else if (i == -2) snprintf(path, sizeof path, "%s/error.png", h->opt.out_dir);
        else if (i == -1) snprintf(path, sizeof path, "%s/splash.png", h->opt.out_dir);
        else snprintf(path, sizeof path, "%s/frame-%05d.png", h->opt.out_dir, h->opt.script.shots[i]);
        if (posix_output_ok(path, why, sizeof why) < 0) {
            fprintf(stderr, "ratscrew-headless: %s: %s\n", path, why);
            return 1;
        }
    }
    return 0;
}

/* 0, or the exit status: 64 for an output that is not a regular file. */
static int open_outputs(Headless *h)
{
    char path[1100], why[160];
    if (posix_make_dirs(h->opt.out_dir) < 0) {
        fprintf(stderr, "ratscrew-headless: cannot create %s: %s\n", h->opt.out_dir, strerror(errno));
        return 1;
    }
    if (outputs_refused(h)) return 64;
    snprintf(h->save_path, sizeof h->save_path, "%s/save.json", h->opt.out_dir);
    snprintf(path, sizeof path, "%s/hashes.txt", h->opt.out_dir);
    h->hashes = posix_open_output(path, why, sizeof why);
    if (!h->hashes) {
        fprintf(stderr, "ratscrew-headless: cannot write %s: %s\n", path, why);
        return 1;
    }
    if (h->opt.stats && !(h->stats = posix_open_output(h->opt.stats, why, sizeof why))) {
        fprintf(stderr, "ratscrew-headless: cannot write %s: %s\n", h->opt.stats, why);
        return 1;
    }
    /* One write per line: a signal or a full disk never leaves half a line. */
    setvbuf(h->hashes, NULL, _IOLBF, 0);
    if (h->stats) setvbuf(h->stats, NULL, _IOLBF, 0);
    return 0;
}

static int run(Headless *h)
{
    VmConfig config;
    VmHost host;
    VmScript script;
    int status;
    memset(&config, 0, sizeof config);
    /* The PSP's caps, so that this host draws the PSP's frames; or the
     * desktop's, to replay what it recorded; with a network when it
     * answers from a message log; nearby rooms offered when the PSP that
     * recorded had them (the Online menu's rows follow the caps; a hosting
     * PSP's nearby calls are in its log too). */
    {
        static const HostCaps psp = HOST_CAPS_DEFAULT;
        h->caps = h->opt.desktop_caps ? *desktop_caps() : psp;
        h->caps.network = h->opt.net_log != NULL;
        h->caps.nearby = h->opt.nearby_caps;
        config.caps = &h->caps;
    }
    config.seed = h->opt.script.seed;
    config.memory_limit = h->opt.memory_limit;
    config.frame_budget_ms = h->opt.frame_budget_ms;
    config.load_budget_ms = h->opt.load_budget_ms;
    memset(&host, 0, sizeof host);
    host.user = h;
    host.load = host_load;
    host.save = host_save;
    host.log = host_log;
    host.problem = host_problem;
    host.clock_ms = posix_clock_ms;
    host.stop_requested = posix_stop_requested;
    posix_save_ops(&h->save_ops, (unsigned long)getpid());
    /* The PSP's FAT: one writer, its temporary file the fixed save.json.new. */
    if (h->opt.rename_cannot_replace) {
        h->save_ops.remove_before_rename = 1;
        h->save_ops.writer = 0;
        h->save_ops.rename_new = NULL;
    }
    if ((status = open_outputs(h)) != 0) return status;
    if (h->opt.splash && write_splash(h) < 0) return 1;
    if (h->opt.save_dir) {
        /* Load and save exactly as the desktop game does, in that folder. */
        desktop_save_open_in(&h->folder, h->opt.save_dir);
        host.user = &h->folder;
        host.load = desktop_load;
        host.save = desktop_save;
        host.keep = desktop_keep;
        host.problem = desktop_problem;
    }
    if (h->opt.net_log) {
        if (read_net_log(h) < 0) return 1;
        net_log_plug(&h->net, &host);
    }
    if (bundle_script(&h->opt, &script) < 0) return 1;
    h->vm = vm_create(&config, &host);
    if (!h->vm) {
        if (script.bytes != embedded_bytecode) free((void *)script.bytes);
        fprintf(stderr, "ratscrew-headless: cannot create the JavaScript runtime\n");
        return 1;
    }
    if (vm_load_script(h->vm, &script) < 0) status = posix_stop_signal() ? stopped(-1) : script_error(h, -1);
    else status = run_frames(h);
    if (script.bytes != embedded_bytecode) free((void *)script.bytes);
    return status;
}

int main(int argc, char **argv)
{
    static Headless h; /* the framebuffer is large: not on the stack */
    int status;
    if (headless_parse_args(argc, argv, &h.opt) < 0) {
        input_script_free(&h.opt.script);
        return 64;
    }
    posix_catch_stop_signals();
    raster_init(&h.raster, embedded_atlas, embedded_atlas_w, embedded_atlas_h);
    if (embedded_atlas_placeholder)
        fprintf(stderr, "ratscrew-headless: note: built with a placeholder atlas (assets/build/atlas.rgba was missing)\n");
    status = run(&h);
    if (h.vm) vm_destroy(h.vm);
    if (h.hashes && fclose(h.hashes) != 0 && status == 0) {
        fprintf(stderr, "ratscrew-headless: cannot write %s/hashes.txt: %s\n", h.opt.out_dir, strerror(errno));
        status = 1;
    }
    if (h.stats && fclose(h.stats) != 0 && status == 0) {
        fprintf(stderr, "ratscrew-headless: cannot write %s: %s\n", h.opt.stats, strerror(errno));
        status = 1;
    }
    input_script_free(&h.opt.script);
    net_log_free(&h.net);
    return status;
}
