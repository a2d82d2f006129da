/* The error screen of every host (docs/host-api.md §4): the error text in
 * the built-in 8x8 font on a dark red screen, wrapped to 60 columns, cut to
 * the rows above the footer with "... N more lines", and a footer telling
 * how to quit. The desktop hosts show the raster; the PSP copies it into its
 * frame buffers (psp_error.c), so all of them draw the same pixels. */
#ifndef RATSCREW_ERROR_SCREEN_H
#define RATSCREW_ERROR_SCREEN_H

#include "raster.h"

void error_screen_draw(Raster *r, const char *text, const char *footer);

/* Draws one line of text at (x, y) in colour 0xAABBGGRR; characters outside
 * printable ASCII show as '?'. Returns the x after the last character. */
int raster_text(Raster *r, int x, int y, const char *text, uint32_t color);

#endif
