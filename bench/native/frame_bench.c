/* frame_bench: the headless host's core (native/core: vm, commands) driven
 * the way native/desktop/main_headless.c drives it, with measurement hooks
 * the benchmarks need and the shipping host does not carry:
 *
 *  - under callgrind, a labelled dump of the instruction counts after each
 *    phase: "startup" (process start to main, plus the VM and host object),
 *    "load" (evaluating the bundle), then per frame "s<N>" (the script's
 *    ratscrew.frame call), "d<N>" (the host decoding the command list into
 *    a GE display list: native/psp/psp_video.c's psp_video_frame over a
 *    model of libgu, native/tests/psp_gu_model.c, when built with
 *    -DBENCH_PSP_VIDEO; else the stand-in psp_decode below) and, with --raster,
 *    "r<N>" (the headless/desktop software rasterizer, informational); with
 *    --dump-totals one "t<N>" per frame instead, script and decode together;
 *  - allocation counting: malloc/realloc/calloc/free are wrapped at link
 *    time (-Wl,--wrap=...), so every allocation QuickJS makes through the
 *    VM's allocator during ratscrew.frame is counted, however soon the GC
 *    frees it;
 *  - JS_ComputeMemoryUsage after every frame, and getrusage's peak RSS.
 *
 * It writes one JSON line per frame to --out (and a header and trailer
 * line). Built and run by bench/run.mjs; not part of the game.
 *
 *   frame_bench --inputs SCRIPT.json --bundle FILE.js --out FILE.jsonl
 *               [--raster ATLAS.rgba] [--frames N] [--bytecode FILE.qjsbc]
 *               [--marks F,F] [--dump-frames F,F] [--instrument-from N]
 *               [--dump-totals]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>
#include <sys/resource.h>
#include <time.h>
#include <valgrind/callgrind.h>
#include "commands.h"
#include "contract.h"
#include "raster.h"
#include "save.h"
#include "vm.h"
#include "vm_internal.h"
#include "input_script.h"
#ifdef BENCH_PSP_VIDEO
/* The PSP host's own drawing (native/psp/psp_video.c) over a libgu model
 * (native/tests/psp_gu_model.c): the decode that is counted. */
#include "psp_video.h"
#endif

/* ---- allocation counting (link with --wrap) ---- */
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);

static long long alloc_calls, alloc_bytes, live_bytes, live_peak;

void *__wrap_malloc(size_t n)
{
    void *p = __real_malloc(n);
    if (p) {
        alloc_calls++;
        alloc_bytes += (long long)n;
        live_bytes += (long long)malloc_usable_size(p);
        if (live_bytes > live_peak) live_peak = live_bytes;
    }
    return p;
}

void *__wrap_calloc(size_t n, size_t m)
{
    void *p = __real_calloc(n, m);
    if (p) {
        alloc_calls++;
        alloc_bytes += (long long)(n * m);
        live_bytes += (long long)malloc_usable_size(p);
        if (live_bytes > live_peak) live_peak = live_bytes;
    }
    return p;
}

void *__wrap_realloc(void *old, size_t n)
{
    size_t before = old ? malloc_usable_size(old) : 0;
    void *p = __real_realloc(old, n);
    if (p || n == 0) {
        alloc_calls++;
        alloc_bytes += (long long)n;
        live_bytes += (long long)(p ? malloc_usable_size(p) : 0) - (long long)before;
        if (live_bytes > live_peak) live_peak = live_bytes;
    }
    return p;
}

void __wrap_free(void *p)
{
    if (p) live_bytes -= (long long)malloc_usable_size(p);
    __real_free(p);
}

/* ---- a model of the PSP host's decode: what native/psp would do per
 * command with sceGu, minus the GE itself. Sprites become two 16-byte
 * vertices {u16 u, v; u32 colour; s16 x, y, z} in a display-list buffer;
 * rects two 12-byte vertices {u32 colour; s16 x, y, z}; a run of one kind
 * is one draw call; switching kind toggles texturing (a few list words). */
typedef struct { uint16_t u, v; uint32_t color; int16_t x, y, z; } TexVertex;
typedef struct { uint32_t color; int16_t x, y, z; } ColVertex;

typedef struct PspModel {
    unsigned char list[256 * 1024];
    size_t used;
    uint32_t *words;     /* GE command words (state changes, draw calls) */
    int nwords;
    int kind;            /* 0 none, 1 sprite run, 2 rect run */
    int run_start;
    int draws;
    int sounds;
} PspModel;

static uint32_t model_words[16384];

static void *model_alloc(PspModel *m, size_t bytes)
{
    void *p;
    bytes = (bytes + 15u) & ~(size_t)15u;
    if (m->used + bytes > sizeof m->list) m->used = 0;
    p = m->list + m->used;
    m->used += bytes;
    return p;
}

static void model_word(PspModel *m, uint32_t w)
{
    if (m->nwords < (int)(sizeof model_words / sizeof model_words[0])) model_words[m->nwords++] = w;
}

static void model_kind(PspModel *m, int kind)
{
    if (m->kind == kind) return;
    if (m->kind) {
        model_word(m, 0x12000000u | (uint32_t)m->run_start); /* draw the run */
        m->draws++;
    }
    model_word(m, kind == 1 ? 0x1e000001u : 0x1e000000u); /* texture on/off */
    m->kind = kind;
}

static void psp_clear(void *user, uint32_t color)
{
    PspModel *m = (PspModel *)user;
    model_word(m, 0xd5000000u | (color & 0xffffffu));
    model_word(m, 0xd3000000u);
}

static void psp_sprite(void *user, const SpriteCmd *s)
{
    PspModel *m = (PspModel *)user;
    TexVertex *v;
    int u0 = s->u, u1 = s->u + s->sw, v0 = s->v, v1 = s->v + s->sh;
    int x0 = s->x, y0 = s->y, w = s->w, h = s->h;
    model_kind(m, 1);
    if (w < 0) { int t = u0; u0 = u1; u1 = t; w = -w; }
    if (h < 0) { int t = v0; v0 = v1; v1 = t; h = -h; }
    v = (TexVertex *)model_alloc(m, 2 * sizeof *v);
    v[0].u = (uint16_t)u0; v[0].v = (uint16_t)v0; v[0].color = s->tint;
    v[0].x = (int16_t)x0; v[0].y = (int16_t)y0; v[0].z = 0;
    v[1].u = (uint16_t)u1; v[1].v = (uint16_t)v1; v[1].color = s->tint;
    v[1].x = (int16_t)(x0 + w); v[1].y = (int16_t)(y0 + h); v[1].z = 0;
}

static void psp_rect(void *user, const RectCmd *r)
{
    PspModel *m = (PspModel *)user;
    ColVertex *v;
    model_kind(m, 2);
    v = (ColVertex *)model_alloc(m, 2 * sizeof *v);
    v[0].color = r->color; v[0].x = (int16_t)r->x; v[0].y = (int16_t)r->y; v[0].z = 0;
    v[1].color = r->color; v[1].x = (int16_t)(r->x + r->w); v[1].y = (int16_t)(r->y + r->h); v[1].z = 0;
}

static void psp_sound(void *user, int id, int volume, int pan)
{
    PspModel *m = (PspModel *)user;
    (void)id; (void)volume; (void)pan;
    m->sounds++;
}

static void __attribute__((unused)) psp_decode(PspModel *m, const int32_t *cmds, int count)
{
    CommandSink sink;
    memset(&sink, 0, sizeof sink);
    sink.user = m;
    sink.clear = psp_clear;
    sink.sprite = psp_sprite;
    sink.rect = psp_rect;
    sink.sound = psp_sound;
    m->words = model_words;
    m->nwords = 0;
    m->kind = 0;
    m->draws = 0;
    m->sounds = 0;
    commands_run(cmds, count, &sink);
    model_kind(m, 0);
}

/* ---- host callbacks, as the headless host has them ---- */
static char *saved_text;

static char *host_load(void *user, size_t *len)
{
    char *copy;
    (void)user;
    if (!saved_text) return NULL;
    *len = strlen(saved_text);
    copy = (char *)malloc(*len + 1);
    if (copy) memcpy(copy, saved_text, *len + 1);
    return copy;
}

static int host_save(void *user, const char *text, size_t len)
{
    char *copy = (char *)malloc(len + 1);
    (void)user;
    if (!copy) return 0;
    memcpy(copy, text, len);
    copy[len] = '\0';
    free(saved_text);
    saved_text = copy;
    return 1;
}

static void host_log(void *user, const char *text)
{
    (void)user;
    fprintf(stderr, "[script] %s\n", text);
}

/* --marks: the frames being profiled, and the frame running now. A bundle
 * instrumented by bench/js-profile.mjs calls __bench_mark(enter, id) around
 * its functions; in a profiled frame each call dumps the counts so far, so
 * bench/js-profile.mjs can give every JS function its share. */
static int *mark_frames, mark_count, current_frame = -1, marking;

static char *put_int(char *p, int v)
{
    char tmp[12];
    int n = 0;
    if (v < 0) {
        *p++ = '-';
        v = -v;
    }
    do tmp[n++] = (char)('0' + v % 10); while ((v /= 10) > 0);
    while (n > 0) *p++ = tmp[--n];
    return p;
}

/* Kept cheap (no printf): its own cost lands in the profile. */
static JSValue js_bench_mark(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    char label[40], *p = label;
    (void)ctx;
    (void)this_val;
    if (!marking || argc < 2) return JS_UNDEFINED;
    *p++ = 'p';
    p = put_int(p, current_frame);
    *p++ = '_';
    *p++ = JS_VALUE_GET_INT(argv[0]) ? '1' : '0';
    *p++ = '_';
    p = put_int(p, JS_VALUE_GET_INT(argv[1]));
    *p = '\0';
    CALLGRIND_DUMP_STATS_AT(label);
    return JS_UNDEFINED;
}

/* A comma-separated list of frame numbers. */
static int *parse_frames(const char *list, int *count)
{
    const char *p;
    int n = 1, *frames;
    for (p = list; *p; p++) n += *p == ',';
    frames = (int *)calloc((size_t)n, sizeof *frames);
    *count = 0;
    for (p = list; frames && *p;) {
        char *end;
        frames[(*count)++] = (int)strtol(p, &end, 10);
        p = *end == ',' ? end + 1 : end;
        if (end == p && *p) break;
    }
    return frames;
}

static void parse_marks(const char *list)
{
    mark_frames = parse_frames(list, &mark_count);
}

/* --dump-frames: only these frames' counts are dumped (the whole game's
 * dearest frames, bench/figures/memory.mjs); -1 frames: all of them. */
static int *dump_frames, dump_count = -1;

/* --instrument-from N: run under valgrind --instr-atstart=no, callgrind
 * instruments from frame N on (a late frame of a whole game is profiled in
 * a few minutes instead of a quarter of an hour); -1: from the start. */
static int instrument_from = -1;

static int dumps_frame(int frame)
{
    int i;
    if (dump_count < 0) return 1;
    for (i = 0; i < dump_count; i++)
        if (dump_frames[i] == frame) return 1;
    return 0;
}

static int is_marked(int frame)
{
    int i;
    for (i = 0; i < mark_count; i++)
        if (mark_frames[i] == frame) return 1;
    return 0;
}

/* --dump-totals: one dump per frame, "t<N>", of the script and the decode
 * together (the whole game's every frame, bench/lib/frame-totals.mjs): half
 * the dumps of s<N> and d<N>. */
static int totals_only;

static void dump(const char *fmt, int frame)
{
    char label[64];
    if (fmt[1] == '%' && !dumps_frame(frame)) return; /* a frame's: s%d, d%d, r%d */
    if (totals_only && fmt[0] == 's' && fmt[1] == '%') return;
    if (totals_only && fmt[0] == 'd' && fmt[1] == '%') fmt = "t%d";
    snprintf(label, sizeof label, fmt, frame);
    CALLGRIND_DUMP_STATS_AT(label);
}

static long long clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time: steadier on a shared machine */
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long peak_rss_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

int main(int argc, char **argv)
{
    static PspModel model;
    static Raster raster;
    const char *inputs = NULL, *bundle = NULL, *out_path = NULL, *bytecode = NULL;
    const char *atlas_path = NULL;
    unsigned char *atlas = NULL;
    int do_raster = 0, frames = -1, i, frame, cursor = 0;
    InputScript script;
    char err[256];
    VmConfig config;
    VmHost host;
    Vm *vm;
    FILE *out;
    size_t len;
    char *source = NULL;
    long long heap_peak = 0;

    for (i = 1; i < argc; i++) {
        if (i + 1 < argc && !strcmp(argv[i], "--raster")) atlas_path = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--inputs")) inputs = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--bundle")) bundle = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--out")) out_path = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--frames")) frames = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(argv[i], "--bytecode")) bytecode = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--marks")) parse_marks(argv[++i]);
        else if (i + 1 < argc && !strcmp(argv[i], "--dump-frames")) dump_frames = parse_frames(argv[++i], &dump_count);
        else if (i + 1 < argc && !strcmp(argv[i], "--instrument-from")) instrument_from = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--dump-totals")) totals_only = 1;
        else {
            fprintf(stderr, "frame_bench: bad argument %s\n", argv[i]);
            return 64;
        }
    }
    if (!inputs || !bundle || !out_path) {
        fprintf(stderr, "usage: frame_bench --inputs F --bundle F --out F [--raster ATLAS.rgba] [--frames N] [--bytecode F]\n");
        return 64;
    }
    /* Reading the input script and the bundle file are the bench's own
     * work (the real hosts embed the bundle): kept out of the counts. */
    CALLGRIND_TOGGLE_COLLECT;
    memset(&script, 0, sizeof script);
    if (input_script_load(inputs, &script, err, sizeof err) < 0) {
        fprintf(stderr, "frame_bench: %s: %s\n", inputs, err);
        return 1;
    }
    if (frames < 0) frames = script.frames;
    saved_text = script.saved;
    script.saved = NULL;
    source = save_read_file(bytecode ? bytecode : bundle, 64u * 1024u * 1024u, &len);
    if (!source) {
        fprintf(stderr, "frame_bench: cannot read %s\n", bytecode ? bytecode : bundle);
        return 1;
    }
    if (!(out = fopen(out_path, "w"))) return 1;
    if (atlas_path) {
        size_t atlas_len;
        atlas = (unsigned char *)save_read_file(atlas_path, 4u * 1024u * 1024u, &atlas_len);
        if (!atlas || atlas_len != 512u * 512u * 4u) {
            fprintf(stderr, "frame_bench: %s is not a 512x512 RGBA atlas\n", atlas_path);
            return 1;
        }
        raster_init(&raster, atlas, 512, 512);
        do_raster = 1;
    }
    CALLGRIND_TOGGLE_COLLECT;

    memset(&config, 0, sizeof config);
    config.seed = script.has_seed ? script.seed : 1;
    memset(&host, 0, sizeof host);
    host.load = host_load;
    host.save = host_save;
    host.log = host_log;
    /* no clock: no time budget, so no clock reads in the counts */
    vm = vm_create(&config, &host);
    if (!vm) return 1;
    if (mark_count) {
        JSValue global = JS_GetGlobalObject(vm->ctx);
        JS_SetPropertyStr(vm->ctx, global, "__bench_mark", JS_NewCFunction(vm->ctx, js_bench_mark, "__bench_mark", 2));
        JS_FreeValue(vm->ctx, global);
    }
    dump("startup", 0);
    if (bytecode) {
        /* the hosts' own path (native/tools/compile_bytecode.c wrote it) */
        if (vm_load_bytecode(vm, (const unsigned char *)source, len) < 0) {
            fprintf(stderr, "frame_bench: cannot load bytecode %s: %s\n", bytecode, vm_error(vm));
            return 2;
        }
    } else if (vm_load(vm, source, len, bundle) < 0) {
        fprintf(stderr, "frame_bench: %s\n", vm_error(vm));
        return 2;
    }
    dump("load", 0);
    CALLGRIND_TOGGLE_COLLECT;
    {
        VmMemory m;
        vm_memory(vm, &m);
        fprintf(out, "{\"header\":true,\"loaded_malloc_size\":%lld,\"loaded_memory_used_size\":%lld,"
                     "\"loaded_malloc_count\":%lld,\"rss_kb\":%ld}\n",
                (long long)m.malloc_size, (long long)m.memory_used_size, (long long)m.malloc_count, peak_rss_kb());
        heap_peak = m.malloc_size;
    }
    free(source);
#ifdef BENCH_PSP_VIDEO
    psp_video_init();
#endif
    live_peak = live_bytes; /* from here on: the peak while frames run */
    CALLGRIND_TOGGLE_COLLECT;

    for (frame = 0; frame < frames; frame++) {
        const int32_t *cmds;
        uint32_t mask = input_script_mask(&script, frame, &cursor);
        long long calls0 = alloc_calls, bytes0 = alloc_bytes;
        long long calls1, bytes1;
        int count;
        long long t0, t1;
        VmMemory m;
        current_frame = frame;
        if (frame == instrument_from) CALLGRIND_START_INSTRUMENTATION;
        marking = is_marked(frame);
        t0 = clock_ns();
        CALLGRIND_ZERO_STATS;
        count = vm_frame(vm, HEADLESS_FRAME_MS(frame), mask, &cmds);
        dump("s%d", frame);
        marking = 0;
        t1 = clock_ns();
        calls1 = alloc_calls;
        bytes1 = alloc_bytes;
        if (count < 0) {
            fprintf(stderr, "frame_bench: frame %d: %s\n", frame, vm_error(vm));
            return 2;
        }
#ifdef BENCH_PSP_VIDEO
        psp_video_frame(cmds, count);
#else
        psp_decode(&model, cmds, count);
#endif
        dump("d%d", frame);
        if (do_raster) {
            raster_frame(&raster, cmds, count);
            dump("r%d", frame);
        }
        CALLGRIND_TOGGLE_COLLECT;
        vm_memory(vm, &m);
        if (m.malloc_size > heap_peak) heap_peak = m.malloc_size;
        fprintf(out,
                "{\"frame\":%d,\"commands\":%d,\"hash\":\"%08lx\",\"allocs\":%lld,\"alloc_bytes\":%lld,"
                "\"malloc_size\":%lld,\"memory_used_size\":%lld,\"malloc_count\":%lld,\"draws\":%d,\"ns\":%lld}\n",
                frame, count, (unsigned long)commands_hash(cmds, count), calls1 - calls0, bytes1 - bytes0,
                (long long)m.malloc_size, (long long)m.memory_used_size, (long long)m.malloc_count, model.draws, t1 - t0);
        CALLGRIND_TOGGLE_COLLECT;
        if (commands_has_quit(cmds, count)) break;
    }
    CALLGRIND_TOGGLE_COLLECT;
    fprintf(out, "{\"trailer\":true,\"frames\":%d,\"heap_peak_sampled\":%lld,\"live_peak_bytes\":%lld,"
                 "\"live_end_bytes\":%lld,\"rss_kb\":%ld}\n",
            frame, heap_peak, live_peak, live_bytes, peak_rss_kb());
    fclose(out);
    vm_destroy(vm);
    input_script_free(&script);
    free(saved_text);
    free(atlas);
    return 0;
}
