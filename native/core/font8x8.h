/* A tiny 8x8 bitmap font (printable ASCII) for the error screen. */
#ifndef RATSCREW_FONT8X8_H
#define RATSCREW_FONT8X8_H

#define FONT8X8_FIRST 32
#define FONT8X8_COUNT 95

/* font8x8[c - FONT8X8_FIRST][row], bit 7 = leftmost pixel. */
extern const unsigned char font8x8[FONT8X8_COUNT][8];

#endif
