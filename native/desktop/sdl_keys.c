#include <string.h>
#include "../core/contract.h"
#include "sdl_keys.h"
#include "desktop_caps.h"

/* The key table of docs/host-api.md §2, by key name (SDL keycodes follow
 * the keyboard layout, so "Z" is the key labelled Z). */
static const struct { SDL_Keycode key; uint32_t button; } KEYS[] = {
    { SDLK_BACKSPACE, BTN_SELECT },
    /* Enter confirms, as it does in every desktop menu; Esc is the pause and
     * quit key (issue 20: on the title Enter as Start asked to quit). */
    { SDLK_ESCAPE, BTN_START },
    { SDLK_UP, BTN_UP }, { SDLK_RIGHT, BTN_RIGHT }, { SDLK_DOWN, BTN_DOWN }, { SDLK_LEFT, BTN_LEFT },
    { SDLK_q, BTN_LTRIGGER }, { SDLK_w, BTN_RTRIGGER },
    { SDLK_a, BTN_TRIANGLE }, { SDLK_i, BTN_TRIANGLE },
    { SDLK_d, BTN_CIRCLE }, { SDLK_l, BTN_CIRCLE },
    { SDLK_s, BTN_CROSS }, { SDLK_k, BTN_CROSS }, { SDLK_SPACE, BTN_CROSS }, { SDLK_RETURN, BTN_CROSS },
    { SDLK_z, BTN_SQUARE }, { SDLK_j, BTN_SQUARE },
    /* Two people at one keyboard (issue 16, src/app/pads.ts): the left
     * player plays with F (D-pad Left) and slaps with Q (L); the right player
     * plays with J (Square) and slaps with P (R). */
    { SDLK_f, BTN_LEFT }, { SDLK_p, BTN_RTRIGGER },
};
#define KEY_COUNT ((int)(sizeof KEYS / sizeof KEYS[0]))

/* The keys the script names (host.caps.keys, desktop_caps.c), in
 * HostKeyNames's member order. Each is an entry of KEYS that presses the
 * role's button (native/tests/sdl_keys_test.c). */
static const SDL_Keycode NAMED_KEYS[] = { SDLK_s, SDLK_d, SDLK_z, SDLK_a, SDLK_ESCAPE, SDLK_f, SDLK_q, SDLK_j, SDLK_p, SDLK_RETURN };

/* A controller in the PSP's layout: the face buttons by position. */
static const struct { SDL_GameControllerButton pad; uint32_t button; } PAD[] = {
    { SDL_CONTROLLER_BUTTON_BACK, BTN_SELECT }, { SDL_CONTROLLER_BUTTON_START, BTN_START },
    { SDL_CONTROLLER_BUTTON_DPAD_UP, BTN_UP }, { SDL_CONTROLLER_BUTTON_DPAD_RIGHT, BTN_RIGHT },
    { SDL_CONTROLLER_BUTTON_DPAD_DOWN, BTN_DOWN }, { SDL_CONTROLLER_BUTTON_DPAD_LEFT, BTN_LEFT },
    { SDL_CONTROLLER_BUTTON_LEFTSHOULDER, BTN_LTRIGGER }, { SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, BTN_RTRIGGER },
    { SDL_CONTROLLER_BUTTON_Y, BTN_TRIANGLE }, { SDL_CONTROLLER_BUTTON_B, BTN_CIRCLE },
    { SDL_CONTROLLER_BUTTON_A, BTN_CROSS }, { SDL_CONTROLLER_BUTTON_X, BTN_SQUARE },
};
#define PAD_COUNT ((int)(sizeof PAD / sizeof PAD[0]))

/* The second controller belongs to the right player: its face buttons are the
 * PSP's, either shoulder is R, and its D-pad Up/Down are Triangle/Square (the
 * right player's menu keys, src/app/pads.ts), so it never presses the left
 * player's D-pad Left or L. */
static const struct { SDL_GameControllerButton pad; uint32_t button; } PAD2[] = {
    { SDL_CONTROLLER_BUTTON_BACK, BTN_SELECT }, { SDL_CONTROLLER_BUTTON_START, BTN_START },
    { SDL_CONTROLLER_BUTTON_DPAD_UP, BTN_TRIANGLE }, { SDL_CONTROLLER_BUTTON_DPAD_DOWN, BTN_SQUARE },
    { SDL_CONTROLLER_BUTTON_LEFTSHOULDER, BTN_RTRIGGER }, { SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, BTN_RTRIGGER },
    { SDL_CONTROLLER_BUTTON_Y, BTN_TRIANGLE }, { SDL_CONTROLLER_BUTTON_B, BTN_CIRCLE },
    { SDL_CONTROLLER_BUTTON_A, BTN_CROSS }, { SDL_CONTROLLER_BUTTON_X, BTN_SQUARE },
};
#define PAD2_COUNT ((int)(sizeof PAD2 / sizeof PAD2[0]))

static void key_event(SdlInput *in, SDL_Keycode key, int down, int repeat)
{
    int i;
    for (i = 0; i < KEY_COUNT; i++) {
        if (KEYS[i].key != key) continue;
        if (down) {
            in->held_keys |= 1u << i;
            /* The keyboard's own auto-repeat is not a new press. */
            if (!repeat) in->pressed |= KEYS[i].button;
        } else {
            in->held_keys &= ~(1u << i);
        }
    }
}

static int is_pad(SDL_GameController *pad, SDL_JoystickID which)
{
    return pad && SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(pad)) == which;
}

/* A controller button pressed during the frame's events, by its player's layout. */
static void pad_press(SdlInput *in, SDL_JoystickID which, Uint8 pad_button)
{
    int i;
    if (is_pad(in->pad2, which)) {
        for (i = 0; i < PAD2_COUNT; i++)
            if (PAD2[i].pad == (SDL_GameControllerButton)pad_button) in->pressed |= PAD2[i].button;
        return;
    }
    for (i = 0; i < PAD_COUNT; i++)
        if (PAD[i].pad == (SDL_GameControllerButton)pad_button) in->pressed |= PAD[i].button;
}

void sdl_input_frame(SdlInput *in)
{
    in->pressed = 0;
    in->tap = TAP_NONE;
    in->typed_len = 0;
}

/* Text for host.typed; what does not fit this frame's buffer is dropped
 * whole (never half a character). */
static void type_text(SdlInput *in, const char *text)
{
    size_t n = strlen(text);
    if (n > sizeof in->typed - in->typed_len) return;
    memcpy(in->typed + in->typed_len, text, n);
    in->typed_len += n;
}

void sdl_input_event(SdlInput *in, const SDL_Event *e)
{
    switch (e->type) {
    case SDL_KEYDOWN:
    case SDL_KEYUP:
        key_event(in, e->key.keysym.sym, e->type == SDL_KEYDOWN, e->key.repeat != 0);
        if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_BACKSPACE) type_text(in, "\b");
        if (e->type == SDL_KEYDOWN && (e->key.keysym.sym == SDLK_RETURN || e->key.keysym.sym == SDLK_KP_ENTER)) type_text(in, "\n");
        break;
    case SDL_TEXTINPUT:
        type_text(in, e->text.text);
        break;
    case SDL_CONTROLLERBUTTONDOWN:
        pad_press(in, e->cbutton.which, e->cbutton.button);
        break;
    case SDL_CONTROLLERDEVICEADDED:
        if (!in->pad) in->pad = SDL_GameControllerOpen(e->cdevice.which);
        else if (!in->pad2) in->pad2 = SDL_GameControllerOpen(e->cdevice.which);
        break;
    case SDL_CONTROLLERDEVICEREMOVED:
        if (in->pad && SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(in->pad)) == e->cdevice.which) {
            SDL_GameControllerClose(in->pad);
            in->pad = NULL;
        }
        if (in->pad2 && SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(in->pad2)) == e->cdevice.which) {
            SDL_GameControllerClose(in->pad2);
            in->pad2 = NULL;
        }
        break;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button == SDL_BUTTON_LEFT) in->tap = TAP_AT(e->button.x, e->button.y);
        break;
    case SDL_WINDOWEVENT:
        /* Keys released while the window was not focused never report up. */
        if (e->window.event == SDL_WINDOWEVENT_FOCUS_LOST) in->held_keys = 0;
        break;
    default:
        break;
    }
}

uint32_t sdl_input_mask(const SdlInput *in)
{
    uint32_t mask = in->pressed;
    int i;
    for (i = 0; i < KEY_COUNT; i++)
        if (in->held_keys & (1u << i)) mask |= KEYS[i].button;
    if (in->pad)
        for (i = 0; i < PAD_COUNT; i++)
            if (SDL_GameControllerGetButton(in->pad, PAD[i].pad)) mask |= PAD[i].button;
    if (in->pad2)
        for (i = 0; i < PAD2_COUNT; i++)
            if (SDL_GameControllerGetButton(in->pad2, PAD2[i].pad)) mask |= PAD2[i].button;
    return mask;
}

SDL_Keycode sdl_named_key(int role)
{
    return role >= 0 && role < (int)(sizeof NAMED_KEYS / sizeof NAMED_KEYS[0]) ? NAMED_KEYS[role] : SDLK_UNKNOWN;
}

const HostCaps *sdl_input_caps(void)
{
    return desktop_caps();
}

const char *sdl_input_help(void)
{
    return "keys: arrows = D-pad, Esc = Start, S/K/Space/Enter = Cross, Z/J = Square, A/I = Triangle, D/L = Circle, Q = L, W/P = R\n"
           "two people: left player F plays, Q slaps; right player J plays, P slaps; "
           "a first game controller is the left player's, a second the right player's\n";
}

void sdl_input_close(SdlInput *in)
{
    if (in->pad) SDL_GameControllerClose(in->pad);
    if (in->pad2) SDL_GameControllerClose(in->pad2);
    in->pad = NULL;
    in->pad2 = NULL;
}
