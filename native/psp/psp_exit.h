/* HOME: the exit callback, serviced by a thread of its own. The main loop
 * polls psp_exit_requested() and leaves through sceKernelExitGame. */
#ifndef RATSCREW_PSP_EXIT_H
#define RATSCREW_PSP_EXIT_H

/* Starts the callback thread; < 0 if it could not be created. */
int psp_exit_setup(void);
int psp_exit_requested(void);

#endif
