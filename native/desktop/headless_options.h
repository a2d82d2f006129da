/* Command line of ratscrew-headless. */
#ifndef RATSCREW_HEADLESS_OPTIONS_H
#define RATSCREW_HEADLESS_OPTIONS_H

#include <stddef.h>
#include "../core/input_script.h"

typedef struct HeadlessOptions {
    InputScript script;     /* from --inputs, then overridden by flags */
    const char *out_dir;
    const char *bundle;     /* NULL: the embedded bytecode */
    int bundle_is_bytecode; /* --bytecode FILE (native/tools/compile_bytecode.c) */
    const char *stats;      /* NULL: no stats file */
    const char *save_dir;   /* NULL: load --saved, save to DIR/save.json; else the desktop's save folder code there */
    int no_raster;
    int splash;             /* --splash: write DIR/splash.png first */
    const char *net_log;    /* --net-log FILE: an online or nearby game's message log to answer the net and nearby functions from */
    int desktop_caps;       /* --desktop-caps: host.caps as the SDL desktop's (keys, two pads) */
    int nearby_caps;        /* --nearby-caps: host.caps.nearby, as the PSP's when its ad-hoc modules loaded */
    int rename_cannot_replace; /* save as on the PSP's FAT (test/reliability/save-crash) */
    size_t memory_limit;    /* 0: the VM's default */
    unsigned frame_budget_ms;
    unsigned load_budget_ms;
} HeadlessOptions;

/* 0 on success; otherwise prints the problem and the usage to stderr. */
int headless_parse_args(int argc, char **argv, HeadlessOptions *o);

#endif
