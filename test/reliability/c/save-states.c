/* Drives one platform's save code through a session, for
 * test/reliability/save-states.test.ts (the state table of
 * docs/reliability.md, section 8):
 *   save-states DIR load | keep | save TEXT ...
 * runs the steps in order in one process, as a game does (host.load at the
 * start, host.keepDamaged when its reader failed, host.save later), and
 * prints one JSON line per step: {"step":"load","ok":1,"text":"...","problem":"damaged"}.
 * Built twice: with native/desktop/desktop_save.c over DIR (the desktop
 * hosts' code), and with -DPSP_MODEL: native/psp/psp_save.c over a FAT model
 * (c/fat-model.c), DIR holding the device folder "ms0:". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef PSP_MODEL
#include "psp_save.h"
#else
#include "desktop_save.h"
#endif

static void json_string(const char *s, size_t n)
{
    size_t i;
    putchar('"');
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c < 0x20 || c == 0x7f) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

static void line(const char *step, int ok, const char *text, size_t len, const char *problem)
{
    printf("{\"step\":\"%s\",\"ok\":%d,\"text\":", step, ok);
    if (text) json_string(text, len);
    else printf("null");
    printf(",\"problem\":");
    if (problem) json_string(problem, strlen(problem));
    else printf("null");
    printf("}\n");
    fflush(stdout);
}

int main(int argc, char **argv)
{
    int i;
#ifdef PSP_MODEL
    void *user = NULL;
    if (argc < 2 || chdir(argv[1]) != 0) return 2;
    psp_save_init("ms0:/PSP/GAME/RATSCREW/EBOOT.PBP");
#define LOAD psp_save_load
#define KEEP psp_save_keep
#define SAVE psp_save_store
#define PROBLEM(u) save_problem_name(psp_save_problem(u))
#else
    static DesktopSave folder;
    void *user = &folder;
    if (argc < 2) return 2;
    desktop_save_open_in(&folder, argv[1]);
#define LOAD desktop_load
#define KEEP desktop_keep
#define SAVE desktop_save
#define PROBLEM(u) save_problem_name(desktop_problem(u))
#endif
    for (i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "load")) {
            size_t len = 0;
            char *text = LOAD(user, &len);
            line("load", text != NULL, text, len, PROBLEM(user));
            free(text);
        } else if (!strcmp(argv[i], "keep")) {
            int ok = KEEP(user);
            line("keep", ok, NULL, 0, PROBLEM(user));
        } else if (!strcmp(argv[i], "save") && i + 1 < argc) {
            int ok = SAVE(user, argv[i + 1], strlen(argv[i + 1]));
            i++;
            line("save", ok, NULL, 0, PROBLEM(user));
        } else {
            fprintf(stderr, "save-states: unknown step %s\n", argv[i]);
            return 2;
        }
    }
    return 0;
}
