/* The headless host's input script:
 *   { "seed": 1, "frames": 3600, "inputs": [[frame, mask], ...],
 *     "shots": [10, 200], "saved": null }
 * Each [frame, mask] holds that button mask from that frame until the next
 * entry. Every member is optional; command-line flags override them. */
#ifndef RATSCREW_INPUT_SCRIPT_H
#define RATSCREW_INPUT_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

typedef struct InputScript {
    int has_seed, has_frames, has_shots, has_saved;
    uint32_t seed;
    int frames;
    int (*inputs)[2];     /* [frame, mask], sorted by frame */
    int input_count;
    int *shots;
    int shot_count;
    char *saved;          /* NULL: no saved text; else saved_len bytes (a NUL may be among them) and a NUL */
    size_t saved_len;
} InputScript;

/* What a script without "seed" or "frames" runs with. */
#define INPUT_SCRIPT_DEFAULT_SEED 1u
#define INPUT_SCRIPT_DEFAULT_FRAMES 60
/* The most frames a run may ask for (--frames and "frames"). */
#define INPUT_SCRIPT_MAX_FRAMES 100000000

/* Parses the JSON file; 0 on success, else -1 with a message in err. */
int input_script_load(const char *path, InputScript *out, char *err, int err_size);
/* The same for JSON text (text[len] must be '\0'); name labels errors. The
 * PSP replay build (native/psp/replay.c) parses its embedded scripts here. */
int input_script_parse(const char *text, size_t len, const char *name, InputScript *out,
                       char *err, int err_size);
/* Parses "10,200,300" into script->shots (replacing any); 0 on success. */
int input_script_parse_shots(InputScript *s, const char *list);
void input_script_free(InputScript *s);

/* The held mask at frame i; *cursor starts at 0 and only moves forward. */
uint32_t input_script_mask(const InputScript *s, int frame, int *cursor);

#endif
