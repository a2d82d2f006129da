/* Desktop input: keyboard keys and game controller buttons as the PSP button
 * mask of docs/host-api.md §2. */
#ifndef RATSCREW_SDL_KEYS_H
#define RATSCREW_SDL_KEYS_H

#include <SDL.h>
#include <stdint.h>
#include "../core/contract.h"

typedef struct SdlInput {
    uint32_t held_keys;          /* bit i: entry i of the key table is down */
    uint32_t pressed;            /* buttons pressed since the frame began */
    SDL_GameController *pad;     /* the first controller found (the left player's), or NULL */
    SDL_GameController *pad2;    /* the second (the right player's), or NULL */
    int32_t tap;                 /* where the mouse was clicked this frame (TAP_AT), or TAP_NONE */
    /* What was typed this frame (host.typed): SDL's text input as UTF-8,
     * "\b" for Backspace, "\n" for Enter; typed_len bytes. */
    char typed[256];
    size_t typed_len;
} SdlInput;

/* Starts a frame's events: forgets the presses of the last frame. */
void sdl_input_frame(SdlInput *in);
/* Updates the state from a keyboard, controller or mouse event. A left
 * click is a tap (docs/host-api.md): SDL gives its place in the renderer's
 * logical 480x272 pixels (sdl_video.c SDL_RenderSetLogicalSize), so a click
 * on a menu row picks that row. */
void sdl_input_event(SdlInput *in, const SDL_Event *e);
/* The button mask of this frame: the buttons held now, and those pressed
 * during the frame's events even if already released, so that a tap
 * shorter than a frame still counts as one press. */
uint32_t sdl_input_mask(const SdlInput *in);
void sdl_input_close(SdlInput *in);
/* What the desktop's players hold (host.caps): the keys the script names,
 * two controllers. */
const HostCaps *sdl_input_caps(void);
/* The key named for role i of HostKeyNames (member order), or SDLK_UNKNOWN. */
SDL_Keycode sdl_named_key(int role);
/* The key bindings as text, printed when the window opens. */
const char *sdl_input_help(void);

#endif
