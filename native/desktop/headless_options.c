#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../core/save.h"
#include "headless_options.h"
#include "posix.h"

static const char USAGE[] =
    "usage: ratscrew-headless --out DIR [--inputs SCRIPT.json] [--seed S] [--frames N]\n"
    "         [--shots 10,200,...] [--saved FILE] [--bundle FILE.js | --bytecode FILE]\n"
    "         [--no-raster]\n"
    "         [--stats FILE.jsonl] [--memory-limit BYTES] [--frame-budget-ms MS]\n"
    "         [--load-budget-ms MS] [--rename-cannot-replace] [--save-dir DIR]\n"
    "         [--splash] [--net-log FILE] [--desktop-caps] [--nearby-caps]\n"
    "Replays the input script, writes DIR/hashes.txt (frame, FNV-1a of its command\n"
    "list) and DIR/frame-NNNNN.png for the --shots frames; with --splash also\n"
    "DIR/splash.png, the splash the hosts show before the script loads. Exit 2 on\n"
    "a script error. --net-log answers the net and nearby functions from an online\n"
    "or nearby game's message log (native/core/net/log.h) at the frames recorded,\n"
    "host.caps.network true; --desktop-caps gives host.caps the SDL desktop's (to\n"
    "replay its record); --nearby-caps sets host.caps.nearby, as a PSP whose ad-hoc\n"
    "modules loaded has it (without --net-log its nearby functions answer nothing).\n";

static int usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "ratscrew-headless: %s%s%s\n%s", what, arg ? ": " : "", arg ? arg : "", USAGE);
    return -1;
}

/* A whole number in [0, max], in decimal: digits only, no sign, no blanks
 * (strtoul alone takes " -1" as ULONG_MAX), no overflow, and never octal
 * or hex ("010" is ten). */
static int parse_ulong(const char *s, unsigned long max, unsigned long *out)
{
    const char *p;
    char *end;
    if (!s || !*s) return -1;
    for (p = s; *p; p++)
        if (!isdigit((unsigned char)*p)) return -1;
    errno = 0;
    *out = strtoul(s, &end, 10);
    return *end || errno == ERANGE || *out > max ? -1 : 0;
}

/* A file option's value must name a regular file: a FIFO would block the
 * read for ever, a device would read without end. */
static int regular_file(const char *flag, const char *path)
{
    char why[160];
    if (posix_regular_file(path, why, sizeof why) == 0) return 0;
    fprintf(stderr, "ratscrew-headless: %s %s: %s\n", flag, path, why);
    return -1;
}

/* An output file may be absent (it is made) or a regular file: a FIFO
 * would block the run for ever, a device would take the output unseen. */
static int output_file(const char *flag, const char *path)
{
    char why[160];
    if (posix_output_ok(path, why, sizeof why) == 0) return 0;
    fprintf(stderr, "ratscrew-headless: %s %s: %s\n", flag, path, why);
    return -1;
}

/* The saved text from a file: a save file's text if it has a valid trailer
 * (so DIR/save.json of an earlier run can be fed back), else the raw text. */
static int read_saved_file(const char *path, InputScript *s)
{
    size_t n;
    long text_len;
    char *buf = save_read_file(path, SAVE_MAX_BYTES + SAVE_TRAILER_MAX, &n);
    if (!buf) return -1;
    text_len = save_verify(buf, n);
    if (text_len >= 0) buf[text_len] = '\0';
    free(s->saved);
    s->saved = buf;
    s->saved_len = text_len >= 0 ? (size_t)text_len : n;
    s->has_saved = 1;
    return 0;
}

static int parse_flag(HeadlessOptions *o, const char *flag, const char *val)
{
    unsigned long n;
    InputScript *s = &o->script;
    if (!strcmp(flag, "--out")) o->out_dir = val;
    else if (!strcmp(flag, "--bundle") || !strcmp(flag, "--bytecode")) {
        if (regular_file(flag, val) < 0) return -1;
        o->bundle = val;
        o->bundle_is_bytecode = !strcmp(flag, "--bytecode");
    } else if (!strcmp(flag, "--stats")) {
        if (output_file(flag, val) < 0) return -1;
        o->stats = val;
    } else if (!strcmp(flag, "--net-log")) {
        if (regular_file(flag, val) < 0) return -1;
        o->net_log = val;
    } else if (!strcmp(flag, "--save-dir")) {
        if (!*val) return usage_error("bad --save-dir: an empty name", NULL);
        o->save_dir = val;
    }
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
        if (regular_file(flag, val) < 0) return -1;
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

/* Every option, each allowed once: a second value would silently replace
 * the first (or, for --inputs, merge two scripts). */
static const char *const OPTIONS[] = {
    "--out", "--inputs", "--seed", "--frames", "--shots", "--saved", "--bundle", "--bytecode", "--no-raster",
    "--stats", "--memory-limit", "--frame-budget-ms", "--load-budget-ms", "--rename-cannot-replace",
    "--save-dir", "--splash", "--net-log", "--desktop-caps", "--nearby-caps",
};
#define OPTION_COUNT (sizeof OPTIONS / sizeof OPTIONS[0])

static int option_index(const char *arg)
{
    size_t i;
    for (i = 0; i < OPTION_COUNT; i++)
        if (!strcmp(arg, OPTIONS[i])) return (int)i;
    return -1;
}

static int option_given(int argc, char **argv, const char *flag)
{
    int i;
    for (i = 1; i < argc; i++)
        if (!strcmp(argv[i], flag)) return 1;
    return 0;
}

static int is_switch(const char *flag)
{
    return !strcmp(flag, "--no-raster") || !strcmp(flag, "--rename-cannot-replace") || !strcmp(flag, "--splash") ||
           !strcmp(flag, "--desktop-caps") || !strcmp(flag, "--nearby-caps");
}

/* Checks the shape of the command line: known options, each once, each
 * with its value. */
static int check_args(int argc, char **argv)
{
    int seen[OPTION_COUNT] = { 0 };
    int i, k;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return usage_error("help", NULL);
        k = option_index(argv[i]);
        if (k < 0) return usage_error("unknown option", argv[i]);
        if (seen[k]++) return usage_error("option given twice", argv[i]);
        if (is_switch(argv[i])) continue;
        if (i + 1 >= argc) return usage_error("missing value after", argv[i]);
        i++;
    }
    return 0;
}

/* --inputs is read first so that every other flag overrides the file. */
static int load_inputs(int argc, char **argv, InputScript *s)
{
    int i;
    char err[256];
    for (i = 1; i + 1 < argc; i++) {
        if (is_switch(argv[i])) continue;
        if (strcmp(argv[i], "--inputs")) {
            i++;
            continue;
        }
        if (regular_file("--inputs", argv[i + 1]) < 0) return -1;
        if (input_script_load(argv[i + 1], s, err, sizeof err) < 0) {
            fprintf(stderr, "ratscrew-headless: %s: %s\n", argv[i + 1], err);
            return -1;
        }
        return 0;
    }
    return 0;
}

int headless_parse_args(int argc, char **argv, HeadlessOptions *o)
{
    int i;
    memset(o, 0, sizeof *o);
    if (check_args(argc, argv) < 0 || load_inputs(argc, argv, &o->script) < 0) return -1;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--no-raster")) {
            o->no_raster = 1;
            continue;
        }
        if (!strcmp(argv[i], "--splash")) {
            o->splash = 1;
            continue;
        }
        if (!strcmp(argv[i], "--desktop-caps")) {
            o->desktop_caps = 1;
            continue;
        }
        if (!strcmp(argv[i], "--nearby-caps")) {
            o->nearby_caps = 1;
            continue;
        }
        if (!strcmp(argv[i], "--rename-cannot-replace")) {
            o->rename_cannot_replace = 1;
            continue;
        }
        if (strcmp(argv[i], "--inputs") && parse_flag(o, argv[i], argv[i + 1]) < 0) return -1;
        i++;
    }
    if (!o->out_dir) return usage_error("--out DIR is required", NULL);
    if (o->bundle && option_given(argc, argv, "--bundle") && option_given(argc, argv, "--bytecode"))
        return usage_error("give --bundle or --bytecode, not both", NULL);
    if (o->save_dir && (o->script.has_saved || o->rename_cannot_replace))
        return usage_error("--save-dir loads and saves in its folder: no --saved, \"saved\" or --rename-cannot-replace with it", NULL);
    if (!o->script.has_seed) o->script.seed = INPUT_SCRIPT_DEFAULT_SEED;
    if (!o->script.has_frames) o->script.frames = INPUT_SCRIPT_DEFAULT_FRAMES;
    return 0;
}
