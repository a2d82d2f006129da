/* The PSP error screen: the script's error text, drawn by the core's error
 * screen, until START (or HOME) is pressed. */
#ifndef RATSCREW_PSP_ERROR_H
#define RATSCREW_PSP_ERROR_H

void psp_error_screen(const char *text);

#endif
