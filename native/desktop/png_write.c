#include <stdio.h>
#include "png_write.h"

#ifdef RATSCREW_NO_PNG
/* The 32-bit check build (make headless32) has no 32-bit libpng. */
int png_write_rgba(const char *path, const uint8_t *rgba, int w, int h)
{
    (void)rgba; (void)w; (void)h;
    fprintf(stderr, "ratscrew-headless: built without PNG support: cannot write %s\n", path);
    return -1;
}
#else
#include <png.h>
#include "posix.h"

int png_write_rgba(const char *path, const uint8_t *rgba, int w, int h)
{
    char why[160];
    /* Never a FIFO (it would block) or a device put in its place. */
    FILE *f = posix_open_output(path, why, sizeof why);
    png_structp png;
    png_infop info;
    int y;
    if (!f) {
        fprintf(stderr, "ratscrew-headless: %s: %s\n", path, why);
        return -1;
    }
    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    info = png ? png_create_info_struct(png) : NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        fclose(f);
        remove(path);
        return -1;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (y = 0; y < h; y++) png_write_row(png, (png_const_bytep)(rgba + (long)y * w * 4));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return fclose(f) == 0 ? 0 : -1;
}
#endif
