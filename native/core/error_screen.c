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

/* Draws text from row `row`, breaking at newlines and at COLS columns; tabs
 * become a space. Returns the next free row. */
static int draw_wrapped(Raster *r, int row, int last_row, const char *text, uint32_t color)
{
    int col = 0;
    for (; *text && row <= last_row; text++) {
        if (*text == '\n' || col == COLS) {
            row++;
            col = 0;
            if (*text == '\n') continue;
        }
        if (row > last_row) break;
        glyph(r, col * 8, row * 8, (unsigned char)(*text == '\t' ? ' ' : *text), color);
        col++;
    }
    return row + 1;
}

void error_screen_draw(Raster *r, const char *text, const char *footer)
{
    raster_clear(r, BACKGROUND);
    raster_text(r, 0, 0, "The game stopped with an error:", TITLE_COLOR);
    draw_wrapped(r, 2, ROWS - 3, text, TEXT_COLOR);
    raster_text(r, 0, (ROWS - 1) * 8, footer, TITLE_COLOR);
}
