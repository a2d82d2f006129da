/* Sleep mode: the power switch can suspend the PSP at any moment. The power
 * callback (a thread of its own, like HOME's) only counts suspends and
 * resumes; the game thread reads them once a frame through psp_power_frame,
 * which turns a suspend into the SIG_SUSPEND bit of the frame's button mask
 * (the script pauses the table as Start does, so the pause menu is up on
 * resume) and leaves the time asleep out of the game's clock. A save holds
 * off sleep while its files are open (psp_power_hold). */
#ifndef RATSCREW_PSP_POWER_H
#define RATSCREW_PSP_POWER_H

#include <stdint.h>

/* Starts the callback thread; < 0 if it could not be created. */
int psp_power_setup(void);

/* The power callback: flags are scePowerRegisterCallback's PSP_POWER_CB_*.
 * The replay build calls it itself, with the suspend and resume flags at
 * chosen frames (native/psp/replay.c). */
int psp_power_callback(int count, int flags, void *common);

/* The host's clock in ms, which the callback reads when the PSP suspends and
 * resumes: the system time by default; the replay gives its own. */
void psp_power_use_clock(uint64_t (*host_ms)(void));

/* The game clock of one game loop. */
typedef struct PowerClock {
    unsigned suspends, resumes; /* the callback's counts already seen */
    uint64_t last_ms;           /* the host time of the frame before */
    uint64_t asleep_ms;         /* left out of the game's time so far */
    int started;
} PowerClock;

/* Once per frame on the game thread, with the host's time of this frame:
 * ORs SIG_SUSPEND into *signals on the first frame after a suspend began,
 * and returns the game's time: the host's less all time asleep, measured
 * from the later of the suspend and the last frame before it, to the
 * resume. Whether the PSP's clock runs on in sleep or not, the game's time
 * never counts it, and never goes back. */
uint64_t psp_power_frame(PowerClock *clock, uint64_t host_ms, uint32_t *signals);

/* Around the file work of a save: the PSP does not sleep in between
 * (scePowerLock), so no write is cut and no file is open across a suspend. */
void psp_power_hold(void);
void psp_power_release(void);

#endif
