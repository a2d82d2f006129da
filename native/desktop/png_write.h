/* Writing an RGBA image as a PNG file (libpng). */
#ifndef RATSCREW_PNG_WRITE_H
#define RATSCREW_PNG_WRITE_H

#include <stdint.h>

/* 0 on success. */
int png_write_rgba(const char *path, const uint8_t *rgba, int w, int h);

#endif
