/* The desktop's key handling (native/desktop/sdl_keys.c) without a window:
 * a key pressed and released within one frame's events counts as one press
 * in that frame (issue 14: poll_events drained both events before the held
 * keys were sampled, and 0 of 12 taps registered). Exit status 1 on failure. */
#include <stdio.h>
#include <string.h>
#include "../core/contract.h"
#include "../desktop/sdl_keys.h"

static int failures;
#define CHECK(cond) do { if (!(cond)) { failures++; fprintf(stderr, "sdl_keys_test.c:%d: FAILED %s\n", __LINE__, #cond); } } while (0)

static void key(SdlInput *in, SDL_Keycode sym, int down, int repeat)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.keysym.sym = sym;
    e.key.repeat = (Uint8)repeat;
    sdl_input_event(in, &e);
}

int main(void)
{
    SdlInput in;
    int frame, presses = 0;
    uint32_t was = 0;
    memset(&in, 0, sizeof in);
    /* Twelve taps, each inside one frame (as xdotool key sends them). */
    for (frame = 0; frame < 24; frame++) {
        uint32_t now;
        sdl_input_frame(&in);
        if (frame % 2 == 0) {
            key(&in, SDLK_SPACE, 1, 0);
            key(&in, SDLK_SPACE, 0, 0);
        }
        now = sdl_input_mask(&in);
        if ((now & ~was) & BTN_CROSS) presses++;
        was = now;
    }
    CHECK(presses == 12);
    /* A held key stays held across frames, and its auto-repeat adds no press. */
    sdl_input_frame(&in);
    key(&in, SDLK_ESCAPE, 1, 0);
    CHECK(sdl_input_mask(&in) == BTN_START);
    sdl_input_frame(&in);
    key(&in, SDLK_ESCAPE, 1, 1);
    CHECK(sdl_input_mask(&in) == BTN_START);
    sdl_input_frame(&in);
    key(&in, SDLK_ESCAPE, 0, 0);
    CHECK(sdl_input_mask(&in) == 0);
    /* A release with no press in the frame: nothing left latched. */
    sdl_input_frame(&in);
    CHECK(sdl_input_mask(&in) == 0);
    /* A left click is the frame's tap, at its place (x | y << 16, each signed),
     * for that frame only; it presses no button. Other buttons are no tap. */
    CHECK(in.tap == TAP_NONE);
    {
        SDL_Event e;
        memset(&e, 0, sizeof e);
        e.type = SDL_MOUSEBUTTONDOWN;
        e.button.button = SDL_BUTTON_RIGHT;
        e.button.x = 10;
        e.button.y = 20;
        sdl_input_event(&in, &e);
        CHECK(in.tap == TAP_NONE);
        e.button.button = SDL_BUTTON_LEFT;
        e.button.x = 240;
        e.button.y = -3;
        sdl_input_event(&in, &e);
        CHECK(in.tap == TAP_AT(240, -3));
        CHECK((in.tap & 0xffff) == 240 && (in.tap >> 16) == -3);
        CHECK(sdl_input_mask(&in) == 0);
        sdl_input_frame(&in);
        CHECK(in.tap == TAP_NONE);
    }
    /* Enter confirms (CROSS), as in any desktop menu; it is not START, which
     * asks to quit on the title. */
    sdl_input_frame(&in);
    key(&in, SDLK_RETURN, 1, 0);
    CHECK(sdl_input_mask(&in) == BTN_CROSS);
    key(&in, SDLK_RETURN, 0, 0);
    /* Each key the script names (host.caps.keys) presses its role's button,
     * and is printed as SDL names it (Esc is SDL's "Escape", Enter its "Return"). */
    {
        static const uint32_t buttons[] = HOST_KEY_NAMES_BUTTONS;
        const HostCaps *caps = sdl_input_caps();
        const HostKeyNames *n = caps->keys;
        const char *labels[] = { n->cross, n->circle, n->square, n->triangle, n->start,
                                 n->left_play, n->left_slap, n->right_play, n->right_slap, n->confirm };
        int role;
        CHECK(caps->glyphs == 0 && caps->pads == 2);
        CHECK(sizeof labels / sizeof labels[0] == sizeof buttons / sizeof buttons[0]);
        for (role = 0; role < (int)(sizeof buttons / sizeof buttons[0]); role++) {
            SDL_Keycode k = sdl_named_key(role);
            sdl_input_frame(&in);
            key(&in, k, 1, 0);
            CHECK(sdl_input_mask(&in) == buttons[role]);
            key(&in, k, 0, 0);
            if (k == SDLK_ESCAPE) CHECK(strcmp(labels[role], "Esc") == 0);
            else if (k == SDLK_RETURN) CHECK(strcmp(labels[role], "Enter") == 0);
            else CHECK(strcmp(labels[role], SDL_GetKeyName(k)) == 0);
        }
        CHECK(sdl_named_key(role) == SDLK_UNKNOWN);
    }
    /* Typing (host.typed): SDL's text as it comes, Backspace and Enter as "\b" and "\n",
     * this frame's only; the keys still press their buttons (S is Cross). */
    {
        SDL_Event e;
        memset(&e, 0, sizeof e);
        sdl_input_frame(&in);
        e.type = SDL_TEXTINPUT;
        snprintf(e.text.text, sizeof e.text.text, "%s", "D\xd0\xb8s");
        sdl_input_event(&in, &e);
        key(&in, SDLK_BACKSPACE, 1, 0);
        key(&in, SDLK_s, 1, 0);
        key(&in, SDLK_RETURN, 1, 0);
        CHECK(in.typed_len == 6 && memcmp(in.typed, "D\xd0\xb8s\b\n", 6) == 0);
        CHECK(sdl_input_mask(&in) & BTN_CROSS);
        sdl_input_frame(&in);
        CHECK(in.typed_len == 0);
    }
    if (failures) fprintf(stderr, "sdl_keys_test: %d failure(s)\n", failures);
    else printf("sdl_keys_test: all passed\n");
    return failures ? 1 : 0;
}
