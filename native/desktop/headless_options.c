#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../core/save.h"
#include "headless_options.h"

static const char USAGE[] =
    "usage: ratscrew-headless --out DIR [--inputs SCRIPT.json] [--seed S] [--frames N]\n"
    "         [--shots 10,200,...] [--saved FILE] [--bundle FILE.js | --bytecode FILE]\n"
    "         [--no-raster]"
    "         [--stats FILE.jsonl] [--memory-limit BYTES] [--frame-budget-ms MS]\n"
    "         [--load-budget-ms MS] [--rename-cannot-replace]\n"
    "Replays the input script, writes DIR/hashes.txt (frame, FNV-1a of its command\n"
    "list) and DIR/frame-NNNNN.png for the --shots frames. Exit 2 on a script error.\n";

static int usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "ratscrew-headless: %s%s%s\n%s", what, arg ? ": " : "", arg ? arg : "", USAGE);
    return -1;
}

/* A whole number in [0, max]: digits only (decimal, or 0x hex), no sign,
 * no blanks (strtoul alone takes " -1" as ULONG_MAX), no overflow. */
static int parse_ulong(const char *s, unsigned long max, unsigned long *out)
{
    char *end;
    if (!s || !isdigit((unsigned char)*s)) return -1;
    errno = 0;
    *out = strtoul(s, &end, 0);
    return *end || errno == ERANGE || *out > max ? -1 : 0;
}

/* The saved text from a file: a save file's text if it has a valid trailer
 * (so DIR/save.json of an earlier run can be fed back), else the raw text. */
static int read_saved_file(const char *path, InputScript *s)
{
    size_t n;
    long text_len;
    char *buf = save_read_file(path, SAVE_MAX_BYTES + 64, &n);
    if (!buf) return -1;
    text_len = save_verify(buf, n);
    if (text_len >= 0) buf[text_len] = '\0';
    free(s->saved);
    s->saved = buf;
    s->has_saved = 1;
    return 0;
}

static int parse_flag(HeadlessOptions *o, const char *flag, const char *val)
{
    unsigned long n;
    InputScript *s = &o->script;
    if (!strcmp(flag, "--out")) o->out_dir = val;
    else if (!strcmp(flag, "--bundle") || !strcmp(flag, "--bytecode")) {
        o->bundle = val;
        o->bundle_is_bytecode = !strcmp(flag, "--bytecode");
    }
    else if (!strcmp(flag, "--stats")) o->stats = val;
    else if (!strcmp(flag, "--seed")) {
        if (parse_ulong(val, 0xffffffffUL, &n) < 0) return usage_error("bad --seed (0 to 4294967295)", val);
        s->seed = (uint32_t)n;
        s->has_seed = 1;
    } else if (!strcmp(flag, "--frames")) {
        if (parse_ulong(val, INPUT_SCRIPT_MAX_FRAMES, &n) < 0) return usage_error("bad --frames (0 to 100000000)", val);
        s->frames = (int)n;
        s->has_frames = 1;
    } else if (!strcmp(flag, "--shots")) {
        if (input_script_parse_shots(s, val) < 0) return usage_error("bad --shots", val);
    } else if (!strcmp(flag, "--saved")) {
        if (read_saved_file(val, s) < 0) return usage_error("cannot read --saved", val);
    } else if (!strcmp(flag, "--memory-limit")) {
        if (parse_ulong(val, 0x7fffffffUL, &n) < 0 || n < 65536)
            return usage_error("bad --memory-limit (65536 to 2147483647 bytes)", val);
        o->memory_limit = (size_t)n;
    } else if (!strcmp(flag, "--frame-budget-ms")) {
        if (parse_ulong(val, 3600000UL, &n) < 0 || n == 0)
            return usage_error("bad --frame-budget-ms (1 to 3600000)", val);
        o->frame_budget_ms = (unsigned)n;
    } else if (!strcmp(flag, "--load-budget-ms")) {
        if (parse_ulong(val, 3600000UL, &n) < 0 || n == 0)
            return usage_error("bad --load-budget-ms (1 to 3600000)", val);
        o->load_budget_ms = (unsigned)n;
    } else return usage_error("unknown option", flag);
    return 0;
}

/* --inputs is read first so that every other flag overrides the file. */
static int load_inputs(int argc, char **argv, InputScript *s)
{
    int i;
    char err[256];
    for (i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--inputs")) continue;
        if (input_script_load(argv[i + 1], s, err, sizeof err) < 0) {
            fprintf(stderr, "ratscrew-headless: %s: %s\n", argv[i + 1], err);
            return -1;
        }
    }
    return 0;
}

int headless_parse_args(int argc, char **argv, HeadlessOptions *o)
{
    int i;
    memset(o, 0, sizeof *o);
    if (load_inputs(argc, argv, &o->script) < 0) return -1;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--no-raster")) {
            o->no_raster = 1;
            continue;
        }
        if (!strcmp(argv[i], "--rename-cannot-replace")) {
            o->rename_cannot_replace = 1;
            continue;
        }
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return usage_error("help", NULL);
        if (i + 1 >= argc) return usage_error("missing value after", argv[i]);
        if (!strcmp(argv[i], "--inputs")) {
            i++;
            continue;
        }
        if (parse_flag(o, argv[i], argv[i + 1]) < 0) return -1;
        i++;
    }
    if (!o->out_dir) return usage_error("--out DIR is required", NULL);
    if (!o->script.has_seed) o->script.seed = INPUT_SCRIPT_DEFAULT_SEED;
    if (!o->script.has_frames) o->script.frames = INPUT_SCRIPT_DEFAULT_FRAMES;
    return 0;
}
