#include "desktop_caps.h"

/* The keys the script names (host.caps.keys): one per role of HostKeyNames,
 * as printed on it. Each is a key of sdl_keys.c's table that presses the
 * role's button (native/tests/sdl_keys_test.c). */
static const HostKeyNames KEY_NAMES = {
    .cross = "S", .circle = "D", .square = "Z", .triangle = "A", .start = "Esc",
    .left_play = "F", .left_slap = "Q", .right_play = "J", .right_slap = "P", .confirm = "Enter",
};

const HostCaps *desktop_caps(void)
{
    /* Key names, not the PSP's glyphs; two controllers (sdl_keys.c PAD, PAD2); no touch. */
    static const HostCaps caps = { .glyphs = 0, .keys = &KEY_NAMES, .pads = 2 };
    return &caps;
}
