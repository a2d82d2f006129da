/* Prints what the native hosts' loader (native/core/save.c save_read: the
 * trailer check, then the .new fallback) returns for a save path: the text,
 * or nothing with exit 3 when there is no intact save. */
#include <stdio.h>
#include <stdlib.h>
#include "save.h"

int main(int argc, char **argv)
{
    size_t len;
    char *text;
    if (argc < 2) return 2;
    text = save_read(argv[1], &len);
    if (!text) return 3;
    fwrite(text, 1, len, stdout);
    free(text);
    return 0;
}
