/* Data compiled into the binary: generated at build time by
 * tools/native/embed.mjs from dist/ratscrew.js and assets/build/. */
#ifndef RATSCREW_EMBEDDED_H
#define RATSCREW_EMBEDDED_H

#include <stdint.h>

/* The game script as QuickJS bytecode, written at build time by
 * native/tools/compile_bytecode.c with this host's QuickJS (vm_load_bytecode). */
extern const unsigned char embedded_bytecode[];
extern const unsigned long embedded_bytecode_len;

/* The 512x512 atlas, 16-byte aligned: on the desktop R,G,B,A bytes, linear;
 * in the PSP build one byte a texel, indices into embedded_atlas_clut,
 * swizzled for sceGuTexMode(GU_PSM_T8, 0, 0, 1). Both are the same 256
 * colours (tools/assets/palette.mjs). */
extern const unsigned char embedded_atlas[];
/* Only in the PSP builds: the atlas's 256 colours, R,G,B,A (GU_PSM_8888). */
extern const unsigned char embedded_atlas_clut[];
extern const int embedded_atlas_w, embedded_atlas_h;
/* 1 when assets/build/ had no atlas and a checkerboard stands in. */
extern const int embedded_atlas_placeholder;

/* Sound id i (the order of assets/build/sounds.json) is embedded_sounds[i]:
 * count samples at 22,050 Hz mono, stored either as signed 16-bit samples or
 * as IMA ADPCM (ima: an 8-byte header, then two codes a byte, see
 * tools/assets/adpcm.mjs), which the mixer decodes as it plays. */
typedef struct EmbeddedSound {
    const char *name;
    const int16_t *samples;   /* NULL when the sound is IMA ADPCM */
    const uint8_t *ima;       /* NULL when the sound is 16-bit samples */
    uint32_t count;
    int loop;
} EmbeddedSound;
extern const EmbeddedSound embedded_sounds[];
extern const int embedded_sound_count;

/* Only in the PSP builds: assets/build/ICON0.PNG, for the save folder. */
extern const unsigned char embedded_icon[];
extern const unsigned long embedded_icon_len;

/* Only in the PSP replay build: the headless input scripts it replays (the
 * JSON of test/scripts/), NUL-terminated, and the bundles it then runs to
 * show their failures, as bytecode like the game's, under their file names. */
typedef struct EmbeddedText {
    const char *name;
    const char *text;
    unsigned long len;
} EmbeddedText;
extern const EmbeddedText embedded_scripts[];
extern const int embedded_scripts_count;
extern const EmbeddedText embedded_failures[];
extern const int embedded_failures_count;

#endif
