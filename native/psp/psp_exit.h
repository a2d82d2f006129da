/* HOME: the exit callback, serviced by a thread of its own. The main loop
 * polls psp_exit_requested() and leaves through sceKernelExitGame; if it has
 * not done so within a second, the callback ends the game (psp_exit.c). */
#ifndef RATSCREW_PSP_EXIT_H
#define RATSCREW_PSP_EXIT_H

/* Starts the callback thread; < 0 if it could not be created. */
int psp_exit_setup(void);
int psp_exit_requested(void);
/* What HOME does: asks the game to stop, waits up to 1 s, then calls
 * sceKernelExitGame. Never returns. The replay build calls it from a thread
 * of its own to check the bound in PPSSPP (test/psp). */
void psp_exit_now(void);

#ifdef PSP_PROBE
/* The probe build only (psp_game.c): PPSSPPHeadless never raises the exit
 * callback (only its GUI's stop does), so the probe notifies the registered
 * callback itself, as HOME would. */
void psp_exit_probe_home(void);
#endif

#endif
