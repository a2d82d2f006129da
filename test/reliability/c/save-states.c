/* Drives one platform's save code through a session, for
 * test/reliability/save-states.test.ts (the state table of
 * docs/reliability.md, section 8):
 *   save-states DIR load | keep | save TEXT | wipe | plant TARGET NAME ...
 * runs the steps in order in one process, as a game does (host.load at the
 * start, host.keepDamaged when its reader failed, host.save later), and
 * what others may do to the folder while the game runs: wipe removes it
 * with everything in it; plant makes NAME in it (%p: this process's id) a
 * symbolic link to TARGET. It
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
    const char *folder_path = "ms0:/PSP/SAVEDATA/RATS00001SETTINGS";
    if (argc < 2 || chdir(argv[1]) != 0) return 2;
    psp_save_init("ms0:/PSP/GAME/RATSCREW/EBOOT.PBP");
#define LOAD psp_save_load
#define KEEP psp_save_keep
#define SAVE psp_save_store
#define PROBLEM(u) save_problem_name(psp_save_problem(u))
#else
    static DesktopSave folder;
    void *user = &folder;
    const char *folder_path = argv[1];
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
        } else if (!strcmp(argv[i], "wipe")) {
            char cmd[1400];
            snprintf(cmd, sizeof cmd, "rm -rf '%s'", folder_path);
            line("wipe", system(cmd) == 0, NULL, 0, NULL);
        } else if (!strcmp(argv[i], "plant") && i + 2 < argc) {
            char name[1400], link[1600];
            const char *p = strstr(argv[i + 2], "%p");
            if (p) snprintf(name, sizeof name, "%.*s%ld%s", (int)(p - argv[i + 2]), argv[i + 2], (long)getpid(), p + 2);
            else snprintf(name, sizeof name, "%s", argv[i + 2]);
            snprintf(link, sizeof link, "%s/%s", folder_path, name);
            line("plant", symlink(argv[i + 1], link) == 0, NULL, 0, NULL);
            i += 2;
        } else {
            fprintf(stderr, "save-states: unknown step %s\n", argv[i]);
            return 2;
        }
    }
    return 0;
}
