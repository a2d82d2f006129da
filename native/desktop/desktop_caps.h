/* What the desktop's players hold (host.caps), without SDL: the SDL host
 * gives it its script, and the headless host too when it replays what the
 * desktop recorded (--desktop-caps), so that both draw the same frames. */
#ifndef RATSCREW_DESKTOP_CAPS_H
#define RATSCREW_DESKTOP_CAPS_H

#include "../core/contract.h"

/* The keys the script names, two controllers, no touch, no network (the
 * SDL host adds its network when it has one). */
const HostCaps *desktop_caps(void);

#endif
