#include <stdio.h>
#include <string.h>
#include "error_screen.h"
#include "font8x8.h"

#define COLS (SCREEN_W / 8)
#define ROWS (SCREEN_H / 8)
#define BACKGROUND 0xff201040u  /* dark red */
#define TITLE_COLOR 0xff60d0ffu /* amber */
#define TEXT_COLOR 0xffffffffu

static void glyph(Raster *r, int x, int y, unsigned char c, uint32_t color)
{
    const unsigned char *rows;
    int gx, gy;
    RectCmd px;
    if (c < FONT8X8_FIRST || c >= FONT8X8_FIRST + FONT8X8_COUNT) c = '?';
    rows = font8x8[c - FONT8X8_FIRST];
    px.w = px.h = 1;
    px.color = color;
    for (gy = 0; gy < 8; gy++)
        for (gx = 0; gx < 8; gx++)
            if (rows[gy] & (0x80 >> gx)) {
                px.x = x + gx;
                px.y = y + gy;
                raster_rect(r, &px);
            }
}

int raster_text(Raster *r, int x, int y, const char *text, uint32_t color)
{
    for (; *text; text++, x += 8) glyph(r, x, y, (unsigned char)*text, color);
    return x;
}

/* Calls row_fn for each row of text wrapped at newlines and at COLS columns
 * (tabs become a space), with the row's characters; returns the row count.
 * A NULL row_fn only counts. */
typedef void RowFn(Raster *r, int row, const char *chars, int n);

static int wrap_rows(Raster *r, const char *text, int first_row, int max_rows, RowFn *row_fn)
{
    int rows = 0;
    while (*text) {
        int n = 0;
        while (text[n] && text[n] != '\n' && n < COLS) n++;
        if (row_fn && rows < max_rows) row_fn(r, first_row + rows, text, n);
        rows++;
        text += n;
        if (*text == '\n') text++;
    }
    return rows;
}

static void text_row(Raster *r, int row, const char *chars, int n)
{
    int i;
    for (i = 0; i < n; i++)
        glyph(r, i * 8, row * 8, (unsigned char)(chars[i] == '\t' ? ' ' : chars[i]), TEXT_COLOR);
}

/* The text from row 2 down to the row above the footer's blank line. A
 * backtrace longer than that keeps its first lines, which say what went
 * wrong, and ends with a count of what was left out instead of running into
 * the footer. */
void error_screen_draw(Raster *r, const char *text, const char *footer)
{
    const int first = 2, avail = ROWS - 4; /* rows 2 .. ROWS-3; ROWS-1 is the footer */
    int total = wrap_rows(r, text, first, 0, NULL);
    raster_clear(r, BACKGROUND);
    raster_text(r, 0, 0, "The game stopped with an error:", TITLE_COLOR);
    if (total <= avail) {
        wrap_rows(r, text, first, avail, text_row);
    } else {
        char more[40];
        wrap_rows(r, text, first, avail - 1, text_row);
        snprintf(more, sizeof more, "... %d more lines", total - (avail - 1));
        raster_text(r, 0, (first + avail - 1) * 8, more, TITLE_COLOR);
    }
    raster_text(r, 0, (ROWS - 1) * 8, footer, TITLE_COLOR);
}
